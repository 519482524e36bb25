import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// `AppState.settings` is the one source of truth (issue 11): a change made
/// anywhere shows everywhere on the next frame, and the overlay shows it.
@Suite struct SettingsSourceOfTruthTests {
    typealias F = MarksFixtures
    let size = Size(columns: 100, rows: 30)

    func press(_ state: AppState, _ keys: Key...) -> (AppState, [Effect]) {
        var s = state
        var all: [Effect] = []
        for k in keys {
            let (n, e) = update(s, .key(k, at: fixedInstant))
            s = n
            all += e
        }
        return (s, all)
    }

    func flashingCells(_ frame: Frame) -> Int {
        (0..<frame.size.rows).reduce(0) { $0 + frame.roles(row: $1).filter { $0 == .markFlash }.count }
    }

    /// The overlay's line for `title` in the rendered frame.
    func overlayLine(_ state: AppState, _ title: String) -> String? {
        render(state, size: size).lines.first { $0.contains(title) && $0.contains("‹") }
    }

    func openOverlay(_ state: AppState, at key: String) -> AppState {
        var s = press(state, .character("o")).0
        s.overlay = .settings(selected: SettingsOverlay.items.firstIndex { $0.key == key } ?? 0)
        return s
    }

    @Test func reducedMotionTurnedOnInTheOverlayStopsAMarksFlashAtOnce() {
        var s = F.state(marks: 2)
        s.marks.pending = 1
        s = update(s, .marks(.recorded(F.mark(3, secondsBefore: 0)))).0
        #expect(flashingCells(render(s, size: size)) > 0)

        s = openOverlay(s, at: "reduced_motion")
        let (changed, effects) = press(s, .right)
        #expect(effects == [.saveSetting(.reducedMotion(true))])
        #expect(overlayLine(changed, "Reduced motion")?.contains("‹ true ›") == true)
        let closed = press(changed, .escape).0
        // Same instant, same flash deadline: only the setting changed.
        #expect(closed.marks.flashUntil == s.marks.flashUntil && closed.now < s.marks.flashUntil!)
        #expect(!closed.markIsFlashing(F.mark(3, secondsBefore: 0), at: closed.now))
        #expect(flashingCells(render(closed, size: size)) == 0)
        // Later marks do not flash either, and the panel says so.
        let later = update(closed, .marks(.recorded(F.mark(4, secondsBefore: 0)))).0
        #expect(later.marks.flashKey == MarksPanelState.flashKey(of: F.mark(3, secondsBefore: 0)))
        #expect(render(later, size: size).lines.contains { $0.contains("flash off") })
    }

    @Test func bellAndFlashKeysShowInTheOverlay() {
        let s = F.state(marks: 1)
        #expect(overlayLine(press(s, .character("o")).0, "Bell on marks")?.contains("‹ true ›") == true)
        let (toggled, _) = press(s, .character("b"), .character("f"), .character("o"))
        #expect(toggled.overlay != nil)
        #expect(overlayLine(toggled, "Bell on marks")?.contains("‹ false ›") == true)
        #expect(overlayLine(toggled, "Flash on marks")?.contains("‹ false ›") == true)
        // And back from the overlay: the marks panel uses what it shows.
        var back = toggled
        back.overlay = .settings(selected: SettingsOverlay.items.firstIndex { $0.key == "bell" } ?? 0)
        back = press(back, .right, .escape).0
        #expect(back.settings.bell && back.markSettings.bellEnabled)
        let (_, bells) = update(back, .marks(.recorded(F.mark(2, secondsBefore: 0))))
        #expect(bells == [.bell(times: 2)])
    }

    @Test func callPlannerTogglesAreTheOverlaysSettings() {
        var s = AppState(now: fixedInstant, localZone: zone("UTC"), panels: [.calls])
        s = press(s, .character("c"), .character("M")).0
        #expect(s.settings.clock == .twelveHour && s.settings.reducedMotion)
        let open = press(s, .character("o")).0
        #expect(overlayLine(open, "Clock")?.contains("‹ 12h ›") == true)
        #expect(overlayLine(open, "Reduced motion")?.contains("‹ true ›") == true)
    }

    /// A setting change is typed, so it cannot hold a value the key does
    /// not accept; what can drift is the key it names. Each change the
    /// dashboard can make must name a documented config key, and the config
    /// file's parser must read its value back to the same settings.
    @Test func everyTypedChangeIsADocumentedKeyThatReadsBackTheSame() throws {
        let documented = Set(SettingKey.all.map(\.path))
        for item in SettingsOverlay.items {
            for change in item.choices {
                #expect(documented.contains("\(change.table).\(change.key)"), "\(change)")
                var typed = Settings()
                change.apply(to: &typed)
                var parsed = Settings()
                let text: String
                switch change.value {
                case .string(let s): text = s
                case .boolean(let b): text = b ? "true" : "false"
                default: text = "\(change.value)"
                }
                try parsed.set(change.table, change.key, text: text)
                #expect(parsed == typed, "\(change)")
            }
        }
    }
}
