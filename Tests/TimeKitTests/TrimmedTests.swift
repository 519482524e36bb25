import Foundation
import Testing
@testable import TimeKit

/// `Trimmed.whitespace` is Foundation's `trimmingCharacters(in: .whitespaces)`
/// without the bridge: the oracle is Foundation itself, over every Zs space,
/// the tab, the other white space Foundation does not trim (newlines, the
/// vertical tab, U+0085), combining marks next to spaces, and random text.
@Suite struct TrimmedTests {
    static let spaces: [Unicode.Scalar] = (0...0x10FFFF).compactMap { Unicode.Scalar($0) }
        .filter { $0.properties.generalCategory == .spaceSeparator } + ["\t", "\u{200B}"]
    static let others: [Unicode.Scalar] = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{200C}", "\u{FEFF}",
                                           "a", "東", "\u{301}", "😀", ":", "0"]

    @Test func theSpacesAreFoundations() {
        // Zs has 17 members in Unicode 15 (the space, NBSP, ogham, the
        // en quad to the hair space, the narrow NBSP, the medium
        // mathematical space and the ideographic space), plus the tab and
        // U+200B, which Foundation's set still holds.
        #expect(Self.spaces.count == 19)
        // Every scalar: the same set as Foundation's.
        let differing = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
            Trimmed.isSpace($0) != CharacterSet.whitespaces.contains($0)
        }
        #expect(differing.isEmpty, "\(differing.map { String($0.value, radix: 16) })")
        for s in Self.spaces {
            let text = "\(s)x\(s)"
            #expect(Trimmed.whitespace(text) == text.trimmingCharacters(in: .whitespaces), "U+\(String(s.value, radix: 16))")
        }
    }

    @Test func generatedText() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Self.spaces + Self.others
        var cases = ["", " ", "\t \t", " a ", "a", " \u{301}a\u{301} ", "\u{3000}東京\u{3000}", "\n a \n"]
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...8, using: &generator)
            var text = String.UnicodeScalarView()
            for _ in 0..<count { text.append(alphabet.randomElement(using: &generator)!) }
            cases.append(String(text))
        }
        for text in cases {
            #expect(Trimmed.whitespace(text) == text.trimmingCharacters(in: .whitespaces),
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
