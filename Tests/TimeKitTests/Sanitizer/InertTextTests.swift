import Foundation
import Testing
@testable import TimeKit

/// Issue 20, item 2: one sanitizer for text from outside. Every control and
/// bidi character is made visible; a clean string comes back unchanged.
@Suite("InertText: the one sanitizer")
struct InertTextTests {
    /// The hostile corpus the printing-path tests share.
    static let hostile = HostileText.corpus

    @Test("Controls, C1 and bidi become visible stand-ins", arguments: [
        ("\u{1B}]52;c;aGk=\u{07}", "␛]52;c;aGk=␇"),
        ("right\u{202E}txt.exe", "rightU+202Etxt.exe"),
        ("isolate\u{2067}x\u{2069}", "isolateU+2067xU+2069"),
        ("c1\u{9B}6n\u{9D}0;t\u{9C}", "c1U+009B6nU+009D0;tU+009C"),
        ("mark\u{200F}\u{061C}", "markU+200FU+061C"),
        ("line\u{2028}sep", "lineU+2028sep"),
        ("bom\u{FEFF}", "bomU+FEFF"),
        ("東京 27° 28'.0 é", "東京 27° 28'.0 é"),
    ])
    func visible(raw: String, shown: String) {
        #expect(InertText.display(raw) == shown)
    }

    /// Issue 29: invisible characters made two names look alike (a station
    /// "north" and "nor\u{200B}th"); they are shown, an emoji's joiner is not.
    @Test("Invisible characters are shown; a joiner inside an emoji sequence stays", arguments: [
        ("nor\u{200B}th", "norU+200Bth"), ("a\u{200D}b", "aU+200Db"), ("word\u{2060}joiner", "wordU+2060joiner"),
        ("tag\u{E0041}\u{E007F}", "tagU+E0041U+E007F"), ("soft\u{00AD}hyphen", "softU+00ADhyphen"),
        ("fill\u{3164}er", "fillU+3164er"), ("cgj\u{034F}", "cgjU+034F"), ("\u{115F}", "U+115F"),
        ("👩\u{200D}👩\u{200D}👧", "👩\u{200D}👩\u{200D}👧"), ("x\u{200D}👧", "xU+200D👧"), ("👩\u{200D}", "👩U+200D"),
    ])
    func invisibles(raw: String, shown: String) {
        #expect(InertText.display(raw) == shown)
        #expect(InertText.isInert(raw) == (raw == shown))
    }

    @Test("Nothing in the hostile corpus survives display: no control, C1 or bidi scalar")
    func corpusIsInert() {
        for raw in Self.hostile {
            let shown = InertText.display(raw)
            #expect(!shown.unicodeScalars.contains { InertText.isHazard($0) }, "\(shown.debugDescription)")
            #expect(InertText.isInert(shown))
            #expect(!InertText.isInert(raw), "corpus entry is harmless: \(raw.debugDescription)")
        }
    }

    @Test("Messages keep their line breaks and tabs, and nothing else")
    func messagesKeepLines() {
        #expect(InertText.message("a\nb\tc\u{1B}[31m") == "a\nb\tc␛[31m")
        #expect(InertText.message("x\r\ny") == "x␍\ny")
    }

    @Test("A clean string is returned as is (the fast path)")
    func cleanUnchanged() {
        let text = String(repeating: "Sun LL 27° 28'.0 東京 ", count: 50)
        #expect(InertText.display(text) == text)
        #expect(InertText.isInert(text))
    }

    @Test("JSON keeps its value and loses its hazards")
    func json() throws {
        let raw = "{\"name\":\"evil\u{9B}6n\u{202E}x\\u001b\"}"
        let escaped = InertText.json(raw)
        #expect(escaped == "{\"name\":\"evil\\u009B6n\\u202Ex\\u001b\"}")
        let a = try JSONSerialization.jsonObject(with: Data(raw.utf8)) as? [String: String]
        let b = try JSONSerialization.jsonObject(with: Data(escaped.utf8)) as? [String: String]
        #expect(a == b)
    }
}
