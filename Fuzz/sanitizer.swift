// libFuzzer target: the one sanitizer (InertText, issue 20) never traps;
// what it shows holds no control, C1 or bidi scalar; showing twice changes
// nothing; the fast check agrees with the slow path; a message keeps only
// its line breaks and tabs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSanitizer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    let shown = InertText.display(text)
    fuzzCheck(!shown.unicodeScalars.contains(where: InertText.isHazard), "hazard left in \(shown.debugDescription)")
    fuzzCheck(InertText.display(shown) == shown, "not idempotent for \(text.debugDescription)")
    fuzzCheck(InertText.isInert(text) == !text.unicodeScalars.contains(where: InertText.isHazard),
              "fast path disagrees for \(text.debugDescription)")
    let message = InertText.message(text)
    fuzzCheck(!message.unicodeScalars.contains { InertText.isHazard($0) && $0 != "\n" && $0 != "\t" },
              "hazard left in message \(message.debugDescription)")
    return 0
}
