import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// The marks panel off the path (issue 21): each test failed before its fix.
@Suite("Marks panel: off the path")
struct MarksOffThePathTests {
    typealias F = MarksFixtures

    @Test("The team status stays on the title line while a message is shown")
    func teamStatusBesideAMessage() {
        var s = F.state(marks: 2)
        s.marks.team = MarksPanelState.TeamView(station: "south")
        (s, _) = update(s, .marks(.teamLink(online: false, toSend: 3)))
        s.marks.message = MarksPanelState.Message(.noteSaved(id: 2))
        let text = render(s, size: Size(columns: 100, rows: 30)).lines.joined(separator: "\n")
        #expect(text.contains("Note saved on #2 (u undoes)."), "\(text)")
        #expect(text.contains("team: offline, 3 to send"), "\(text)")
    }

    @Test("y clears only the marks C asked about; one recorded while it asked stays")
    func clearCoversWhatWasAsked() throws {
        var s = F.state(marks: 5)
        (s, _) = update(s, .key(.character("C"), at: s.now))
        let asked = SightingMark.unixNanoseconds(s.now)
        let later = s.now.addingTimeInterval(1.5)
        var effects: [Effect]
        (s, effects) = update(s, .key(.space, at: later))
        guard case .marks(.record(var sixth))? = effects.first(where: { if case .marks(.record) = $0 { true } else { false } }) else {
            Issue.record("Space records: \(effects)"); return
        }
        #expect(sixth.unixNanoseconds > asked)
        sixth.id = 6
        (s, _) = update(s, .marks(.recorded(sixth)))
        (s, effects) = update(s, .key(.character("y"), at: later.addingTimeInterval(1)))
        #expect(effects == [.marks(.clear(upToUnixNanoseconds: asked))])
        let five = s.marks.marks.filter { $0.id != 6 }
        (s, _) = update(s, .marks(.cleared(five)))
        #expect(s.marks.message?.english == "Cleared 5 marks (u undoes).")
        #expect(s.marks.marks.map(\.id) == [6] && s.marks.totalCount == 1)
    }

    /// The selected mark's detail wraps instead of being cut, taking rows
    /// the history does not need (120×45 beside the Mars panel: four empty
    /// rows above a cut line) or, when the history is full, all but two of
    /// its rows (80×24: a note shown as "viac" in the row and not at all below).
    @Test("The detail wraps onto rows the history can spare", arguments: [(120, 45, 3), (80, 24, 8), (100, 30, 12)])
    func detailWraps(columns: Int, rows: Int, marks: Int) throws {
        var s = F.state(marks: marks, settings: F.settings(watchErrorSeconds: -0.3))
        s.panels = [.marks, .mars, .calls]
        s.marks.marks[0].correctionNanoseconds = -300_000_000
        s.marks.marks[0].note = "viaconfig, upper limb, IE −1.2′ applied"
        s.marks.marks[0].position = MarkPosition(source: .gpsd, coordinate: F.brisbane,
                                                 fixUnixNanoseconds: s.marks.marks[0].unixNanoseconds - 400_000_000,
                                                 fixMode: 3, fixAgeMilliseconds: 400)
        let frame = render(s, size: Size(columns: columns, rows: rows))
        let text = frame.lines.joined(separator: "\n")
        // The rows with the focus bar dropped and runs of spaces made one, so a wrapped line reads on.
        let flat = frame.lines.map { $0.replacingOccurrences(of: "▌", with: " ").trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ").replacing(/\ {2,}/, with: " ")
        #expect(flat.contains("IE −1.2′ applied”"), "the note's end: \(text)")
        #expect(flat.contains("gpsd"), "the position source: \(text)")
        #expect(!text.contains("→…") && !text.contains("s …"), "cut: \(text)")
    }
}
