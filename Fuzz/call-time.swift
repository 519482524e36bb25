import Foundation

// libFuzzer target: CallTimeInput.parse never traps, and a parsed time
// resolves in a zone with a DST gap (New York) without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCallTime(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    guard let input = try? CallTimeInput.parse(text) else { return 0 }
    if let zone = TimeZone(identifier: "America/New_York") {
        _ = input.resolve(in: zone, now: Date(timeIntervalSince1970: 1_773_500_000))
    }
    return 0
}
