import Foundation

// libFuzzer target: place search over the bundled database never traps,
// returns at most `limit` matches, and every match is a real entry.
nonisolated(unsafe) let fuzzPlaces: PlaceDatabase? = try? PlaceDatabase.bundled()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlaceSearch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let database = fuzzPlaces else { fatalError("places.bin not found (set TIMEDECK_RESOURCES)") }
    let text = fuzzText(data, size)
    let matches = database.search(text, limit: 5)
    fuzzCheck(matches.count <= 5, "\(matches.count) matches for limit 5")
    _ = database.bestMatch(text)
    _ = database.suggestions(for: text, limit: 3)
    return 0
}
