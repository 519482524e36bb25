import Foundation
import Testing
@testable import Dashboard
import TimeKit

@Suite struct SettingsOverlayTests {
    let start = AppState(now: fixedInstant, localZone: zone("UTC"), panels: [.marks, .mars, .calls])
    func key(_ s: AppState, _ k: Key) -> (AppState, [Effect]) { update(s, .key(k, at: fixedInstant)) }

    @Test func oOpensAndEscapeClosesWithoutQuitting() {
        let (open, _) = key(start, .character("o"))
        #expect(open.overlay == .settings(selected: 0))
        let (closed, effects) = key(open, .escape)
        #expect(closed.overlay == nil && effects.isEmpty && !closed.isQuitting)
    }

    @Test func arrowsChangeTheSelectedSettingAndAskToSaveIt() {
        var s = key(start, .character("o")).0
        let (themed, effects) = key(s, .right)
        #expect(themed.settings.theme == .sunlight)
        #expect(effects == [.saveSetting(.theme(.sunlight))])
        #expect(key(themed, .left).0.settings.theme == .mission)
        s = key(themed, .down).0
        let (twelve, _) = key(s, .enter)
        #expect(twelve.settings.clock == .twelveHour && !twelve.use24Hour)
    }

    @Test func selectionWrapsAndEveryItemCyclesBackToItsStart() {
        var s = key(start, .character("o")).0
        s = key(s, .up).0
        #expect(s.overlay == .settings(selected: SettingsOverlay.items.count - 1))
        for (index, item) in SettingsOverlay.items.enumerated() {
            var t = start
            t.overlay = .settings(selected: index)
            let before = item.current(t.settings)
            for _ in item.choices { t = key(t, .right).0 }
            #expect(item.current(t.settings) == before, "\(item.title) did not cycle")
        }
    }

    @Test func languageChoiceTakesEffectAtOnce() {
        var s = start
        s.localeLanguage = .en
        s.overlay = .settings(selected: SettingsOverlay.items.firstIndex { $0.key == "language" } ?? 0)
        s = key(s, .right).0  // auto → en
        s = key(s, .right).0  // en → ja
        #expect(s.language == .ja)
        let shown = render(s, size: Size(columns: 100, rows: 30)).lines.joined()
        #expect(shown.contains("設定"))
        // On/off in Japanese too, not the config file's true/false.
        #expect(shown.contains("‹ オン ›") && !shown.contains("‹ true ›") && !shown.contains("‹ false ›"))
    }

    @Test func savedAndFailedSavesShowANotice() {
        let (saved, _) = update(start, .settingSaved(path: "/c/config.toml"))
        #expect(saved.notice?.text(.en) == "Saved to /c/config.toml")
        let (failed, _) = update(start, .settingNotSaved(.configHasProblems(path: "/c/config.toml", detail: "line 2: x")))
        #expect(failed.notice?.isProblem == true)
    }

    @Test func spaceStillRecordsAMarkWhileSettingsAreOpen() {
        var s = start
        s.overlay = .settings(selected: 0)
        let (_, effects) = key(s, .space)
        #expect(effects.contains { if case .marks = $0 { return true } else { return false } })
    }
}
