import Foundation
import TimeKit

/// The settings overlay: the common settings, each changed in place with
/// ←/→ and saved to the config file at once (by the shell, atomically).
public enum SettingsOverlay {
    /// One adjustable setting: its config key, choices, and how a choice
    /// shows in the running dashboard.
    struct Item: Sendable {
        var title: UIText
        var table: String
        var key: String
        var choices: [String]
        var current: @Sendable (AppState) -> String
        var apply: @Sendable (inout AppState, String) -> Void
    }

    static let items: [Item] = [
        Item(title: .settingTheme, table: "display", key: "theme", choices: Settings.ThemeName.allCases.map(\.rawValue),
             current: { $0.settings.theme.rawValue },
             apply: { s, v in s.settings.theme = Settings.ThemeName(rawValue: v) ?? .mission }),
        Item(title: .settingClock, table: "display", key: "clock", choices: Settings.ClockStyle.allCases.map(\.rawValue),
             current: { $0.settings.clock.rawValue },
             apply: { s, v in
                 s.settings.clock = Settings.ClockStyle(rawValue: v) ?? .twentyFourHour
                 s.calls.use24Hour = s.settings.clock == .twentyFourHour
             }),
        Item(title: .settingBell, table: "marks", key: "bell", choices: ["true", "false"],
             current: { $0.settings.bell ? "true" : "false" },
             apply: { s, v in
                 s.settings.bell = v == "true"
                 s.marks.bellOn = s.settings.bell
             }),
        Item(title: .settingFlash, table: "marks", key: "flash", choices: ["true", "false"],
             current: { $0.settings.flash ? "true" : "false" },
             apply: { s, v in
                 s.settings.flash = v == "true"
                 s.marks.flashOn = s.settings.flash && !s.settings.reducedMotion
             }),
        Item(title: .settingReducedMotion, table: "display", key: "reduced_motion", choices: ["false", "true"],
             current: { $0.settings.reducedMotion ? "true" : "false" },
             apply: { s, v in
                 s.settings.reducedMotion = v == "true"
                 s.calls.reducedMotion = s.settings.reducedMotion
             }),
        Item(title: .settingLanguage, table: "display", key: "language", choices: Settings.Language.allCases.map(\.rawValue),
             current: { $0.settings.language.rawValue },
             apply: { s, v in
                 s.settings.language = Settings.Language(rawValue: v) ?? .auto
                 s.language = UILanguage(rawValue: v) ?? s.localeLanguage
             }),
    ]

    /// The next state and the save request after moving item `index` one
    /// choice forward or back.
    static func change(_ state: AppState, index: Int, forward: Bool) -> (AppState, [Effect]) {
        guard items.indices.contains(index) else { return (state, []) }
        let item = items[index]
        let at = item.choices.firstIndex(of: item.current(state)) ?? 0
        let count = item.choices.count
        let value = item.choices[(at + (forward ? 1 : count - 1)) % count]
        var next = state
        item.apply(&next, value)
        return (next, [.saveSetting(table: item.table, key: item.key, value: value)])
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
            frame.put("‹ \(item.current(state)) ›", x: inner.x + 22, y: y, role: chosen ? .selection : .helpKey, clip: inner)
        }
        let hint = l.text(.settingsHint)
        frame.put(hint, x: inner.x + 1, y: inner.maxY - 1, role: .keyHint, clip: inner)
    }
}
