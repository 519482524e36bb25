// libFuzzer target: the config parser never traps; a document that parses
// re-parses from its own text to the same entries; Settings.parse agrees.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    _ = Settings.parse(text)
    guard let document = try? ConfigDocument(parsing: text) else { return 0 }
    let again = try? ConfigDocument(parsing: document.text)
    fuzzCheck(again?.entries == document.entries, "round trip changed entries of \(text.debugDescription)")
    return 0
}
