import Foundation
import Testing
@testable import Dashboard
@testable import TimeKit

/// Issue 28: marks stamped by an unsynchronized clock carry its doubt into
/// the panel's fix, in both languages; the fix always says how far it is
/// from the DR.
@Suite struct SightsClockDoubtTests {
    @Test func anUnsynchronizedMarkClockIsShownUnderTheFix() throws {
        let almanac = try #require(SightsPanelTests.almanac)
        var sights = try SightsPanelTests.stars.enumerated().map { try SightsPanelTests.sight(almanac, Int64($0 + 1), $1) }
        #expect(SightsPanel.summary(SightsPanelTests().state(almanac, sights: sights)).contains { $0.contains("from the DR") })
        sights[0].clock = ClockStatus(kernel: .init(synchronized: false, estimatedErrorMicroseconds: 16_000_000,
                                                    maximumErrorMicroseconds: 16_000_000))
        var s = SightsPanelTests().state(almanac, sights: sights)
        let summary = SightsPanel.summary(s).joined(separator: "\n")
        #expect(summary.contains("Clock NOT synchronized (estimated error 16 s): longitude may be off 4.0′ (3.1 nm east or west)"),
                "\(summary)")
        s.panels = [.marks, .sights]
        s.settings.language = .ja
        let screen = SightsVerdictScreenTests.words(render(s, size: Size(columns: 100, rows: 30)).lines)
        #expect(screen.contains("時計が同期されていません（推定誤差 16 秒）"), "\(screen)")
    }

    /// The entry field carries the selected mark's clock to the stored sight.
    @Test func theFieldCarriesTheMarksClock() throws {
        let almanac = try #require(SightsPanelTests.almanac)
        var s = SightsPanelTests().state(almanac)
        var third = SightsPanelTests.mark(3)
        third.clock = ClockStatus(kernel: .init(synchronized: false, estimatedErrorMicroseconds: 5_000_000,
                                                maximumErrorMicroseconds: 16_000_000))
        s.marks = MarksPanelState(marks: [SightsPanelTests.mark(1), SightsPanelTests.mark(2), third], totalCount: 3)
        let panel = SightsPanelTests()
        s = panel.type(panel.press(s, .character("s")).0, "Sirius, 30 13.0")
        #expect(s.sights.entry?.markId == 3)
        let effects = panel.press(s, .enter).1
        #expect(effects.contains { if case .sights(.attach(let sight)) = $0 { sight.clock == third.clock } else { false } },
                "\(effects)")
    }
}
