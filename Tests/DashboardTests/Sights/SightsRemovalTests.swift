import Foundation
import Testing
@testable import Dashboard
@testable import TimeKit

/// Issue 28: a sight can be removed in the panel (`x`, on the mark selected
/// in the marks panel) and put back (`u`), as marks are.
@Suite struct SightsRemovalTests {
    @Test func xRemovesTheSelectedMarksSightAndUPutsItBack() throws {
        let almanac = try #require(SightsPanelTests.almanac)
        let panel = SightsPanelTests()
        let sights = try SightsPanelTests.stars.enumerated().map { try SightsPanelTests.sight(almanac, Int64($0 + 1), $1) }
        var s = panel.state(almanac, sights: sights)
        s.focus = .sights
        #expect(s.marks.selectedMark?.id == 3)
        var effects: [Effect]
        (s, effects) = panel.press(s, .character("x"))
        #expect(effects == [.sights(.remove(sights[2]))])
        (s, effects) = update(s, .sights(.removed(sights[2])))
        #expect(s.sights.sights.map(\.markId).sorted() == [1, 2])
        #expect(s.sights.message == .init(.sightRemoved(id: 3, body: "Regulus")))
        #expect(SightsReadout(s).noFix == .needsTwoSights || SightsReadout(s).fix != nil)
        (s, effects) = panel.press(s, .character("u"))
        #expect(effects == [.sights(.attach(sights[2]))])
        (s, _) = update(s, .sights(.stored(sights[2])))
        #expect(s.sights.sights.count == 3)
        // Nothing left to undo, and no sight on the mark to remove: said, not done.
        (s, effects) = panel.press(s, .character("u"))
        #expect(effects.isEmpty && s.sights.message == .init(.text(.nothingToUndo)))
        var bare = panel.state(almanac, sights: Array(sights.prefix(2)))
        bare.focus = .sights
        (bare, effects) = panel.press(bare, .character("x"))
        #expect(effects.isEmpty && bare.sights.message == .init(.sightNoneToRemove(id: 3), isError: true))
    }
}
