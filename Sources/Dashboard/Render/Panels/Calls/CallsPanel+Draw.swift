import Foundation
import TimeKit

extension CallsPanel {
    /// Draws the clock stack (play mode) or the editor into `rect`.
    public static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame) {
        let c = state.calls
        let lines: [CallLine]
        if let editor = c.editor {
            lines = CallEditView.render(editor, message: c.message, width: rect.width, height: rect.height)
        } else {
            lines = ClockStackView.render(c, width: rect.width, height: rect.height, now: state.now)
        }
        let names = japanesePlaceNames(state)
        for (row, line) in lines.enumerated() where row < rect.height {
            var x = rect.x
            for span in line.spans {
                let text = state.language == .en ? span.text : localize(span.text, names: names, state.language)
                x = frame.put(text, x: x, y: rect.y + row, role: styleRole(span.role), clip: rect)
            }
        }
    }

    /// Japanese labels for the active call's places (`London, GB` → `ロンドン, GB`).
    static func japanesePlaceNames(_ state: AppState) -> [String: String] {
        guard state.language == .ja, let db = state.calls.places, let call = state.calls.activeCall else { return [:] }
        var names: [String: String] = [:]
        for participant in call.participants {
            let place = participant.place
            guard let japanese = db.japaneseName(of: place) else { continue }
            let label = ClockStackView.label(place)
            names[label] = japanese + label.dropFirst(place.name.count)
        }
        return names
    }

    /// A span in the interface language: a place label, else a known phrase,
    /// keeping its display width where it can.
    static func localize(_ text: String, names: [String: String], _ language: UILanguage) -> String {
        let leading = String(text.prefix { $0 == " " || $0 == "▶" })
        let core = text.dropFirst(leading.count).trimmingCharacters(in: .whitespaces)
        if let name = names[core] {
            // Keep the column: pad to the original width when the name is narrower.
            let padding = DisplayWidth.of(text) - DisplayWidth.of(leading + name)
            return leading + name + String(repeating: " ", count: max(padding, 0))
        }
        let translated = language.localizedKeepingWidth(text)
        guard translated == text, language == .ja else { return translated }
        // A weekday before a time ("Sun 11:00"): the Japanese weekday, padded
        // so the columns after it stay put.
        let replaced = text.replacing(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d\d:\d\d)/) { match in
            let index = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].firstIndex(of: String(match.1)) ?? 0
            return "\(language.weekday(index + 1)) \(match.2)"
        }
        let missing = DisplayWidth.of(text) - DisplayWidth.of(replaced)
        return replaced + String(repeating: " ", count: max(0, missing))
    }

    /// The theme role for a call planner meaning.
    static func styleRole(_ role: CallRole) -> StyleRole {
        switch role {
        case .plain: .normal
        case .dim: .dim
        case .title: .title
        case .placeName: .callPlace
        case .selection: .selection
        case .warning: .warning
        case .bad: .callBad
        case .hand: .callHand
        case .now: .callNow
        case .scheduled: .callScheduled
        case .editField: .callEditing
        case .hint: .keyHint
        case .period(let p):
            switch p {
            case .beforeDawn: .callBeforeDawn
            case .breakfast: .callBreakfast
            case .morning, .lunch, .afternoon: .callDay
            case .dinner: .callDinner
            case .lateNight: .callLateNight
            }
        }
    }
}
