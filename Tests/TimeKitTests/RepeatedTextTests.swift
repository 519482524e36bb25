import Testing
import TimeKit

/// `RepeatedText` against the standard library's `String(repeating:count:)`
/// it replaces on the drawing paths.
@Suite struct RepeatedTextTests {
    @Test func equalsTheStandardRepeat() {
        for count in -3...300 {
            let expected = String(repeating: " ", count: max(0, count))
            #expect(RepeatedText.spaces(count) == expected)
            #expect(RepeatedText.spaces(count).utf8.count == max(0, count))
            #expect(RepeatedText.ascii(UInt8(ascii: "0"), count: count) == String(repeating: "0", count: max(0, count)))
        }
        // Every ASCII byte, control characters included, as a short and a long run.
        for byte in UInt8(0)..<0x80 {
            let character = String(UnicodeScalar(byte))
            for count in [1, 15, 16, 17, 64] {
                #expect(RepeatedText.ascii(byte, count: count) == String(repeating: character, count: count))
            }
        }
    }

    /// The result is an ordinary string: appended to, compared, measured.
    @Test func behavesAsAnyString() {
        var text = "ab" + RepeatedText.spaces(3)
        text += "c"
        #expect(text == "ab   c")
        #expect(text.count == 6)
        #expect(RepeatedText.spaces(20).hasPrefix(" ") && RepeatedText.spaces(20).allSatisfy { $0 == " " })
    }
}
