import Foundation
import Testing
@testable import Dashboard

@Suite struct UpdateTests {
    let start = AppState(now: fixedInstant, localZone: zone("UTC"), panels: [])
    let later = fixedInstant.addingTimeInterval(1)

    @Test func tickMovesTheClock() {
        let (next, effects) = update(start, .tick(later))
        #expect(next.now == later)
        #expect(effects.isEmpty)
    }

    @Test func keysCarryTheirInstant() {
        let (next, _) = update(start, .key(.character("x"), at: later))
        #expect(next.now == later)
    }

    @Test func questionMarkOpensHelpAndEscapeClosesIt() {
        let (open, _) = update(start, .key(.character("?"), at: later))
        #expect(open.overlay == .help(scroll: 0))
        let (closed, effects) = update(open, .key(.escape, at: later))
        #expect(closed.overlay == nil)
        #expect(effects.isEmpty)
        #expect(!closed.isQuitting)
    }

    @Test(arguments: [Key.character("q"), .escape, .control("c")])
    func quitKeysLeaveFromTheMainScreen(key: Key) {
        let (next, effects) = update(start, .key(key, at: later))
        #expect(next.isQuitting)
        #expect(effects == [.quit])
    }

    @Test func qInsideHelpClosesItInsteadOfQuitting() {
        var s = start
        s.overlay = .help(scroll: 0)
        let (next, effects) = update(s, .key(.character("q"), at: later))
        #expect(next.overlay == nil)
        #expect(effects.isEmpty)
    }

    @Test func ctrlCQuitsEvenFromHelp() {
        var s = start
        s.overlay = .help(scroll: 0)
        #expect(update(s, .key(.control("c"), at: later)).1 == [.quit])
    }

    @Test func helpScrollStaysInRange() throws {
        var s = start
        s.overlay = .help(scroll: 0)
        s = update(s, .key(.up, at: later)).0
        #expect(s.overlay == .help(scroll: 0))
        for _ in 0..<100 { s = update(s, .key(.down, at: later)).0 }
        // It stops where the last line shows, so ↑ moves back at once.
        let count = HelpOverlay.lineCount(s)
        let visible = HelpOverlay.visibleLines(size: s.screenSize, lineCount: count)
        #expect(visible > 5 && count > visible)
        #expect(s.overlay == .help(scroll: count - visible))
        let last = try #require(HelpOverlay.content(s).last)
        #expect(render(s, size: s.screenSize).lines.contains { $0.contains(last.text) })
        #expect(update(s, .key(.up, at: later)).0.overlay == .help(scroll: count - visible - 1))
    }

    /// Issue 28: the help said "Tab to focus" for the weather panel that
    /// Tab skips while weather is off.
    @Test func helpDoesNotPromiseTabForAPanelTabSkips() throws {
        var s = start
        s.panels = [.marks, .weather]
        s.settings.weatherEnabled = false
        let headings = HelpOverlay.scopes(s).map(\.1)
        #expect(!headings.contains("Weather panel (Tab to focus)"), "\(headings)")
        #expect(headings.contains("Weather panel (Tab skips it while it has nothing to show)"))
        #expect(cycledFocus(s, forward: true) != .weather)
        s.settings.weatherEnabled = true
        #expect(HelpOverlay.scopes(s).map(\.1).contains("Weather panel (Tab to focus)"))
    }

    @Test func pageKeysPageTheHelpKeepingOneLineOfContext() throws {
        var s = start
        s.panels = [.marks, .mars, .calls]
        s.overlay = .help(scroll: 0)
        let count = HelpOverlay.lineCount(s)
        let visible = HelpOverlay.visibleLines(size: s.screenSize, lineCount: count)
        let lines = HelpOverlay.content(s)
        #expect(count > 3 * visible, "too few help lines to page")
        s = update(s, .key(.pageDown, at: later)).0
        #expect(s.overlay == .help(scroll: visible - 1))
        // The last line of the first page is now the first one shown.
        let shown = render(s, size: s.screenSize).lines
        let firstShown = try #require(shown.firstIndex { $0.contains(lines[visible - 1].keys) && $0.contains(lines[visible - 1].text) })
        #expect(!shown[..<firstShown].contains { $0.contains(lines[visible].text) })
        s = update(s, .key(.pageUp, at: later)).0
        #expect(s.overlay == .help(scroll: 0))
        for _ in 0..<10 { s = update(s, .key(.pageDown, at: later)).0 }
        #expect(s.overlay == .help(scroll: count - visible))
        s = update(s, .key(.pageUp, at: later)).0
        #expect(s.overlay == .help(scroll: count - visible - (visible - 1)))
    }

    @Test func unboundKeysChangeNothingButTheInstant() {
        let (next, effects) = update(start, .key(.character("Z"), at: later))
        var expected = start
        expected.now = later
        #expect(next == expected)
        #expect(effects.isEmpty)
    }

    @Test func tabCyclesFocusThroughPanels() {
        let s = AppState(now: fixedInstant, localZone: zone("UTC"), panels: [.marks, .mars, .calls])
        #expect(s.focus == .marks)
        let a = update(s, .key(.tab, at: later)).0
        #expect(a.focus == .mars)
        let b = update(update(a, .key(.tab, at: later)).0, .key(.tab, at: later)).0
        #expect(b.focus == .marks)
        #expect(update(s, .key(.backTab, at: later)).0.focus == .calls)
    }

    @Test func everyBindingHasHelpTextAndKeys() {
        for binding in Keymap.bindings {
            #expect(!binding.keys.isEmpty)
            #expect(!UILanguage.en.text(binding.help).isEmpty)
        }
    }
}
