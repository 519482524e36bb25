import Foundation
import TimeKit

/// The settings overlay: the common settings, each changed in place with
/// ←/→ and saved to the config file at once (by the shell, atomically).
public enum SettingsOverlay {
    /// One adjustable setting: its config key, its choices, and its current
    /// value (read from `AppState.settings`, so it is never stale).
    struct Item: Sendable {
        var title: UIText
        var choices: [SettingChange]
        var current: @Sendable (Settings) -> SettingChange
        /// The config key the item changes.
        var key: String { choices.first?.key ?? "" }
    }

    static let items: [Item] = [
        Item(title: .settingTheme, choices: Settings.ThemeName.allCases.map(SettingChange.theme), current: { .theme($0.theme) }),
        Item(title: .settingClock, choices: Settings.ClockStyle.allCases.map(SettingChange.clock), current: { .clock($0.clock) }),
        Item(title: .settingBell, choices: [.bell(true), .bell(false)], current: { .bell($0.bell) }),
        Item(title: .settingFlash, choices: [.flash(true), .flash(false)], current: { .flash($0.flash) }),
        Item(title: .settingReducedMotion, choices: [.reducedMotion(false), .reducedMotion(true)],
             current: { .reducedMotion($0.reducedMotion) }),
        Item(title: .settingLanguage, choices: Settings.Language.allCases.map(SettingChange.language),
             current: { .language($0.language) }),
    ]

    /// The next state and the save request after moving item `index` one
    /// choice forward or back. The change goes into `AppState.settings`,
    /// which every panel reads, so it shows everywhere at once.
    static func change(_ state: AppState, index: Int, forward: Bool) -> (AppState, [Effect]) {
        guard items.indices.contains(index) else { return (state, []) }
        let item = items[index]
        let at = item.choices.firstIndex(of: item.current(state.settings)) ?? 0
        let count = item.choices.count
        let change = item.choices[(at + (forward ? 1 : count - 1)) % count]
        var next = state
        let effects = next.changeSetting(change)
        return (next, effects)
    }

    static func draw(_ state: AppState, selected: Int, into frame: inout Frame) {
        let l = state.language
        let width = min(frame.size.columns - 2, 56)
        let height = min(frame.size.rows - 2, items.count + 6)
        let rect = Rect(x: (frame.size.columns - width) / 2, y: (frame.size.rows - height) / 2, width: width, height: height)
        frame.fill(rect, role: .overlay)
        frame.box(rect, title: l.text(.settingsTitle), role: .border)
        let inner = rect.inset(by: 1)
        for (i, item) in items.enumerated() {
            let y = inner.y + 1 + i
            let chosen = i == selected
            let role: StyleRole = chosen ? .selection : .helpText
            if chosen { frame.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), role: .selection) }
            frame.put((chosen ? "▶ " : "  ") + l.text(item.title), x: inner.x + 1, y: y, role: role, clip: inner)
            // NO_COLOR wins over the theme: say what is in force, and what is saved.
            let current = item.current(state.settings)
            let value = current.key == "theme" && state.colorForcedOff
                ? l.text(.themeForcedMono(saved: current.shownValue(l))) : "‹ \(current.shownValue(l)) ›"
            frame.put(value, x: inner.x + 22, y: y, role: chosen ? .selection : .helpKey, clip: inner)
        }
        let hint = l.text(.settingsHint)
        frame.put(hint, x: inner.x + 1, y: inner.maxY - 1, role: .keyHint, clip: inner)
    }
}
