// libFuzzer target: DurationParser.parse never traps (overflow included).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDuration(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    _ = try? DurationParser.parse(text)
    return 0
}
