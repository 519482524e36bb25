import Foundation
import Testing
import TimeKit
@testable import Dashboard

/// Issue 29, item 4: `s` that cannot take a sight yet (no mark, or a mark
/// not yet in the database) still opens the field, so the body name typed
/// next is text: `d` in "Aldebaran" never deletes, `n` never opens the note
/// editor, `q` never quits. A held mark's sight is stored by its number
/// once it has one.
@Suite struct SightsRefusedKeyTests {
    typealias F = MarksFixtures

    func keyed(_ marks: Int = 2) -> AppState {
        var s = F.state(marks: marks)
        s.marks.keyPrefix = "run"
        if let almanac = SightsPanelTests.almanac { s.sights = SightsPanelState(almanac: LoadedAlmanac(almanac)) }
        return s
    }

    func press(_ s: AppState, _ keys: [Key]) -> (AppState, [Effect]) { SightsPanelTests().press(s, keys) }

    func keys(_ text: String) -> [Key] { text.map { $0 == "\r" ? .enter : .character($0) } }

    /// No effect that changes a mark or leaves (the store is untouched).
    func harmless(_ effects: [Effect]) -> Bool {
        !effects.contains { effect in
            switch effect {
            case .marks, .quit: return true
            default: return false
            }
        }
    }

    @Test("Space, then s before the mark is held: the sight is typed into the field, nothing runs", arguments: [false, true])
    func beforeHeld(held: Bool) throws {
        var s = keyed()
        let (afterSpace, spaceEffects) = press(s, [.space])
        s = afterSpace
        guard case .marks(.record(let mark))? = spaceEffects.first else { Issue.record("no mark recorded"); return }
        if held { s = update(s, .marks(.held(mark))).0 }
        let (typed, effects) = press(s, [.character("s")] + keys("Aldebaran, 30 00.0dq\r"))
        #expect(harmless(effects), "effects: \(effects)")
        #expect(typed.sights.entry?.text == "Aldebaran, 30 00.0dq")
        #expect(typed.sights.entry?.heldKey == mark.uniqueKey)
        #expect(typed.marks.mode == .browsing && !typed.isQuitting)
        #expect(typed.marks.marks.count == 3)
        #expect(typed.sights.message?.content.english.contains("not in the database yet") == true, "\(String(describing: typed.sights.message))")
    }

    @Test("A held mark stored while its sight is typed: Enter stores the sight under its number")
    func storedWhileTyping() throws {
        let almanac = try #require(SightsPanelTests.almanac)
        var s = keyed()
        s.settings.sightsDeadReckoning = "40 00.0 N, 050 00.0 W"
        s.sights = SightsPanelState(almanac: LoadedAlmanac(almanac))
        let (afterSpace, spaceEffects) = press(s, [.space])
        guard case .marks(.record(let mark))? = spaceEffects.first else { Issue.record("no mark recorded"); return }
        s = update(afterSpace, .marks(.held(mark))).0
        // A star above the DR's horizon at the mark's instant.
        let dr = try GeoPosition(parsing: "40 00.0 N, 050 00.0 W")
        let at = Double(mark.correctedUnixMilliseconds) / 1000
        let star = try #require(almanac.stars.first { star in
            guard star.name.allSatisfy({ $0.isLetter }), let e = try? almanac.entry(for: .star(star.name), atUnixSeconds: at) else { return false }
            return SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: dr).altitudeDegrees > 10
        })
        (s, _) = press(s, [.character("s")] + keys("\(star.name), 30 00.0"))
        var stored = mark
        stored.id = 3
        s = update(s, .marks(.recorded(stored))).0
        let (_, effects) = press(s, [.enter])
        guard case .sights(.attach(let sight))? = effects.first else {
            Issue.record("no sight stored: \(effects)")
            return
        }
        #expect(sight.markId == 3 && sight.bodyText == star.name)
    }

    @Test("No mark at all: s opens the field with the refusal; what follows is text; Esc closes it")
    func noMark() {
        var s = F.state(marks: 0)
        s.marks.keyPrefix = "run"
        let (typed, effects) = press(s, [.character("s")] + keys("dqCy\r"))
        #expect(harmless(effects), "effects: \(effects)")
        #expect(typed.sights.entry?.text == "dqCy" && !typed.isQuitting)
        #expect(typed.marks.mode == .browsing)
        #expect(typed.sights.message?.content.english.hasPrefix("No mark selected") == true)
        let (closed, _) = press(typed, [.escape])
        #expect(closed.sights.entry == nil && !closed.isQuitting)
    }

    @Test("n on a mark not yet held opens the editor; Enter waits until the mark is held")
    func noteBeforeHeld() {
        let (afterSpace, spaceEffects) = press(keyed(), [.space])
        guard case .marks(.record(let mark))? = spaceEffects.first else { Issue.record("no mark recorded"); return }
        let (typed, effects) = press(afterSpace, [.character("n")] + keys("dq\r"))
        #expect(harmless(effects), "effects: \(effects)")
        #expect(typed.marks.mode == .editingNote(id: nil, text: "dq", heldKey: mark.uniqueKey))
        let held = update(typed, .marks(.held(mark))).0
        let (_, saved) = press(held, [.enter])
        #expect(saved == [.marks(.updateHeldNote(key: mark.uniqueKey ?? "", note: "dq", expected: ""))])
    }
}

/// Issue 28/29: at 80×24 the sights panel has no room; its open field (and
/// why it is refused) takes the status line, so typed text is never invisible.
@Suite struct SightsFieldOnSmallScreenTests {
    @Test("80×24: s with no mark shows the field and the refusal on the status line")
    func fieldOnTheStatusLine() {
        var s = MarksFixtures.state(marks: 0)
        s.panels = PanelID.allCases
        s.marks.keyPrefix = "run"
        var next = update(s, .key(.character("s"), at: s.now)).0
        for c in "Vega" { next = update(next, .key(.character(c), at: next.now)).0 }
        let frame = render(next, size: Size(columns: 80, rows: 24))
        let last = frame.lines[23]
        #expect(last.contains("Sight (body, Hs): Vega"), "\(frame.lines.joined(separator: "\n"))")
        #expect(last.contains("No mark selected"))
        let big = render(next, size: Size(columns: 100, rows: 40)).lines
        #expect(!big[39].contains("Sight (body, Hs)"), "the panel shows it there; the status line stays")
    }
}
