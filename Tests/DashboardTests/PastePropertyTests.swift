import TestSupport
import Testing
@testable import Dashboard

/// Issue 29's property, through the whole pure program: a paste of text and
/// control strings (any family, any encoding, contents full of command
/// letters) typed into a field leaves exactly its outside text in the
/// field and asks the shell for nothing; pasted while browsing, a paste of
/// strings alone changes nothing at all.
@Suite struct PastePropertyTests {
    typealias P = TerminalInputParserTests

    /// A random paste: (bytes, the text outside its strings).
    static func paste(_ g: inout SplitMix64, outsideText: Bool) -> ([UInt8], String) {
        let letters = Array("abcdqyCDnsux ,.0123456789".unicodeScalars)
        var bytes: [UInt8] = []
        var outside = ""
        for _ in 0..<Int.random(in: 1...6, using: &g) {
            if outsideText, Bool.random(using: &g) {
                let text = String(String.UnicodeScalarView((0..<Int.random(in: 1...5, using: &g)).map { _ in letters.randomElement(using: &g)! }))
                outside += text
                bytes += Array(text.utf8)
            } else {
                let family = P.families.randomElement(using: &g)!
                let encoding = P.Encoding.allCases.randomElement(using: &g)!
                bytes += encoding == .sevenBit ? [0x1B, family.afterEscape] : P.c1(family.c1, encoding)
                bytes += Array((P.contents.randomElement(using: &g) ?? []))
                bytes += P.terminators.randomElement(using: &g)!
            }
        }
        return (bytes, outside)
    }

    static func type(_ bytes: [UInt8], into state: AppState) -> (AppState, [Effect]) {
        var decoder = KeyDecoder()
        var s = state
        var effects: [Effect] = []
        for key in decoder.feed(bytes) {
            let (next, e) = update(s, .key(key, at: s.now))
            s = next
            effects += e
        }
        return (s, effects)
    }

    func fiveMarks() -> AppState {
        var s = MarksFixtures.state(marks: 5)
        s.marks.keyPrefix = "run"
        return s
    }

    @Test("Into the note editor and the sight field: the field holds exactly the outside text, nothing is asked")
    func fields() {
        var g = SplitMix64(seed: 0x2901)
        let note = update(fiveMarks(), .key(.character("n"), at: fixedInstant)).0
        let sight = update(fiveMarks(), .key(.character("s"), at: fixedInstant)).0
        guard case .editingNote(_, let before, _) = note.marks.mode else { Issue.record("no note editor"); return }
        #expect(sight.sights.entry != nil)
        for _ in 0..<1000 {
            let (bytes, outside) = Self.paste(&g, outsideText: true)
            let (n, noteEffects) = Self.type(bytes, into: note)
            #expect(noteEffects.isEmpty, "\(bytes): \(noteEffects)")
            #expect(n.marks.mode == .editingNote(id: 5, text: before + outside, heldKey: nil), "\(bytes)")
            let (s, sightEffects) = Self.type(bytes, into: sight)
            #expect(sightEffects.isEmpty, "\(bytes): \(sightEffects)")
            #expect(s.sights.entry?.text == String((sight.sights.entry?.text ?? "") + outside).prefix(SightsPanelState.entryLimit).description)
        }
    }

    @Test("While browsing, in the help and in the settings: a paste of strings alone changes nothing")
    func browsing() {
        var g = SplitMix64(seed: 0x2902)
        var help = fiveMarks()
        help.overlay = .help(scroll: 0)
        var settings = fiveMarks()
        settings.overlay = .settings(selected: 0)
        for state in [fiveMarks(), help, settings] {
            for _ in 0..<500 {
                let (bytes, _) = Self.paste(&g, outsideText: false)
                let (after, effects) = Self.type(bytes, into: state)
                #expect(effects.isEmpty && after == state, "\(bytes): \(effects)")
            }
        }
    }
}
