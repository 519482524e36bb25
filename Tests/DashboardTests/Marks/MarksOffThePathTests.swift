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
        s.marks.message = MarksPanelState.Message("Note saved on #2 (u undoes).")
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
        #expect(s.marks.message?.text == "Cleared 5 marks (u undoes).")
        #expect(s.marks.marks.map(\.id) == [6] && s.marks.totalCount == 1)
    }
}
