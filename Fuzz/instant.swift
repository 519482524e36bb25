// libFuzzer target: InstantParser.parse never traps (overflow, odd digits,
// zone suffixes, invalid UTF-8).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInstant(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    guard let instant = try? InstantParser.parse(text) else { return 0 }
    _ = instant.unixNanoseconds
    return 0
}
