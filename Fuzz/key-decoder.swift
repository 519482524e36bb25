// libFuzzer target: the plain-mode KeyDecoder never traps, and decoding is
// incremental: the bytes fed in two pieces (split where the first byte says)
// give the same keys as fed whole.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let split = bytes.isEmpty ? 0 : Int(data[0]) % (bytes.count + 1)
    var whole = KeyDecoder()
    let wholeKeys = whole.feed(bytes) + whole.flushEscape()
    var pieces = KeyDecoder()
    let pieceKeys = pieces.feed(Array(bytes[..<split])) + pieces.feed(Array(bytes[split...])) + pieces.flushEscape()
    fuzzCheck(wholeKeys == pieceKeys, "split at \(split) changed keys for \(bytes)")
    return 0
}
