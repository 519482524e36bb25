import Foundation
import Testing
@testable import Dashboard
@testable import TimeKit

/// Issue 32, item 9: `w` in the sights panel asks the shell to write the
/// panel's fix (or its one line of position) on a plotting sheet; with
/// neither it says so and asks for nothing. Update stays pure: the effect
/// carries what is drawn.
@Suite struct SightsSheetTests {
    @Test func wAsksForTheSheetOfThePanelsFix() throws {
        let almanac = try #require(SightsPanelTests.almanac)
        let panel = SightsPanelTests()
        let sights = try SightsPanelTests.stars.enumerated().map { try SightsPanelTests.sight(almanac, Int64($0 + 1), $1) }
        var s = panel.state(almanac, sights: sights)
        s.focus = .sights
        let (next, effects) = panel.press(s, .character("w"))
        #expect(effects.count == 1)
        guard case let .sights(.writeSheet(export, stem))? = effects.first else {
            Issue.record("no sheet asked for: \(effects)"); return
        }
        // The fix is the truth the sights were made from (exact Hs), at the newest sight's time.
        let fix = try #require(export.fix)
        #expect(abs(fix.position.latitudeDegrees - SightsPanelTests.truth.latitudeDegrees) * 60 < 0.5)
        #expect(abs(fix.position.longitudeDegrees - SightsPanelTests.truth.longitudeDegrees) * 60 * cos(40.2 * .pi / 180) < 0.5)
        #expect(fix.sightCount == 3)
        #expect(fix.unixSeconds == SightsPanelTests.evening + 240)
        #expect(export.lines.map(\.bodyText) == SightsPanelTests.stars)
        #expect(export.deadReckoning.position == (try GeoPosition(parsing: SightsPanelTests.dr)))
        #expect(stem == "sheet-20240320T233400Z")
        // The drawing the shell will write: well-formed, with each body and the grid.
        let svg = PlottingSheet.svg(export)
        let check = XMLCheck(svg)
        #expect(check.problem == nil, "\(check.problem ?? "")")
        #expect(check.elements.first == "svg")
        for star in SightsPanelTests.stars { #expect(check.texts.contains { $0.content.contains(star) }, "\(star)") }
        #expect(check.elements.contains("ellipse"))
        // The answer is said in the panel.
        let path = "/data/sheets/\(stem).svg"
        let answered = update(next, .sights(.sheetWritten(path: path, fix: true, lines: 3))).0
        #expect(answered.sights.message == .init(.sightsSheetWritten(path: path, fix: true, lines: 3)))
        #expect(UILanguage.en.text(answered.sights.message!.content).hasSuffix(path))
        // Plain mode says it too, in either language.
        #expect(SightsPanel.announcements(from: next, to: answered).contains { $0.hasPrefix("Plotting sheet saved (fix, 3 lines") && $0.hasSuffix(path) })
        var ja = answered
        ja.settings.language = .ja
        #expect(SightsPanel.announcements(from: next, to: ja).contains { $0.hasPrefix("位置記入用紙を保存しました") })
        let failed = update(next, .sights(.sheetNotWritten(.cannotWrite(path: "/data/sheets", reason: "denied")))).0
        #expect(failed.sights.message?.isError == true)
    }

    @Test func oneSightDrawsItsLineAndNoSightsAsksForNothing() throws {
        let almanac = try #require(SightsPanelTests.almanac)
        let panel = SightsPanelTests()
        var one = panel.state(almanac, sights: [try SightsPanelTests.sight(almanac, 2, "Capella")])
        one.focus = .sights
        let effects = panel.press(one, .character("w")).1
        guard case let .sights(.writeSheet(export, _))? = effects.first else {
            Issue.record("no sheet asked for: \(effects)"); return
        }
        #expect(export.fix == nil)
        #expect(export.lines.map(\.bodyText) == ["Capella"])
        #expect(XMLCheck(PlottingSheet.svg(export)).problem == nil)

        var none = panel.state(almanac)
        none.focus = .sights
        let (after, nothing) = panel.press(none, .character("w"))
        #expect(nothing.isEmpty)
        #expect(after.sights.message == .init(.text(.sightsSheetNoFix), isError: true))
        #expect(UILanguage.ja.text(after.sights.message!.content).contains("天測"))
        // Without a DR there is nothing to draw from.
        var noDR = panel.state(almanac, sights: [try SightsPanelTests.sight(almanac, 2, "Capella")])
        noDR.settings.sightsDeadReckoning = nil
        noDR.focus = .sights
        #expect(panel.press(noDR, .character("w")).1.isEmpty)
        // Elsewhere `w` is still the snapshot.
        var elsewhere = panel.state(almanac, sights: [try SightsPanelTests.sight(almanac, 2, "Capella")])
        elsewhere.focus = .marks
        let snap = panel.press(elsewhere, .character("w")).1
        #expect(snap.contains { if case .writeSnapshot = $0 { true } else { false } })
    }

    /// Sights that make no fix (Procyon 12′ off): the sheet has their lines and no fix.
    @Test func sightsThatMakeNoFixDrawTheirLines() throws {
        let almanac = try #require(SightsPanelTests.almanac)
        var s = try SightsVerdictScreenTests().disagreeing(almanac)
        s.focus = .sights
        guard case .refused? = SightsReadout(s).noFix else { Issue.record("the round made a fix"); return }
        let effects = SightsPanelTests().press(s, .character("w")).1
        guard case let .sights(.writeSheet(export, _))? = effects.first else {
            Issue.record("no sheet asked for: \(effects)"); return
        }
        #expect(export.fix == nil)
        #expect(export.lines.map(\.bodyText) == SightsPanelTests.stars + ["Procyon"])
    }
}
