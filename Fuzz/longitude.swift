// libFuzzer target: LongitudeParser.parse never traps and only returns
// finite longitudes within ±360°.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLongitude(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    guard let degrees = try? LongitudeParser.parse(text) else { return 0 }
    fuzzCheck(degrees.isFinite && abs(degrees) <= 360, "longitude \(degrees) from \(text.debugDescription)")
    return 0
}
