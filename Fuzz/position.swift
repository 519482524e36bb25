// libFuzzer target: the marks' fixed-position parser and the gpsd address
// parser (both typed by users in the config) never trap; a parsed position
// is on the globe.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPosition(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    if let position = try? GeoPosition(parsing: text) {
        fuzzCheck(abs(position.latitudeDegrees) <= 90 && abs(position.longitudeDegrees) <= 180,
                  "position \(position) from \(text.debugDescription)")
    }
    _ = try? GPSDAddress(parsing: text)
    return 0
}
