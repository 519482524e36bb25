import Foundation
import TimeKit

/// The settings overlay: every declared key marked for it (a `Setting`'s
/// `overlayTitle`), each changed in place with ←/→ and saved to the config
/// file at once (by the shell, atomically). The selected key's help shows
/// below the list, in the interface language.
public enum SettingsOverlay {
    /// One adjustable setting: its declaration, its choices, and its current
    /// value (read from `AppState.settings`, so it is never stale).
    struct Item: Sendable {
        var setting: SettingKey
        var title: BilingualText
        var choices: [SettingChange]
        /// The config key the item changes (without its table).
        var key: String { setting.key }
        var help: BilingualText { setting.help }

        func current(_ settings: Settings) -> SettingChange { SettingChange(setting, setting.current(settings)) }
    }

    /// The declared keys the overlay offers, in declaration order.
    static let items: [Item] = SettingKey.all.compactMap { key in
        key.overlay.map { Item(setting: key, title: $0.title, choices: $0.choices.map { SettingChange(key, $0) }) }
    }

    /// Rows kept under the list for the selected key's help.
    static let helpRows = 4

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
        let height = min(frame.size.rows - 2, items.count + 6 + helpRows)
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
            let value = item.setting.path == DisplayKeys.theme.path && state.colorForcedOff
                ? l.text(.themeForcedMono(saved: current.shownValue(l))) : "‹ \(current.shownValue(l)) ›"
            frame.put(value, x: inner.x + 22, y: y, role: chosen ? .selection : .helpKey, clip: inner)
        }
        if items.indices.contains(selected) {
            // Between the list and the hint; what does not fit is cut, never drawn over the hint.
            let top = inner.y + 2 + items.count
            let room = max(0, min(helpRows, inner.maxY - 2 - top))
            let lines = DisplayWidth.wrapped(l.text(items[selected].help), width: inner.width - 2).prefix(room)
            for (n, line) in lines.enumerated() {
                frame.put(line, x: inner.x + 1, y: top + n, role: .helpText, clip: inner)
            }
        }
        let hint = l.text(.settingsHint)
        frame.put(hint, x: inner.x + 1, y: inner.maxY - 1, role: .keyHint, clip: inner)
    }
}
