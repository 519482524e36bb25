import Foundation
import TimeKit

extension CallsPanel {
    /// Draws the clock stack (play mode) or the editor into `rect`.
    public static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame) {
        let c = state.calls
        let lines: [CallLine]
        if let editor = c.editor {
            lines = CallEditView.render(editor, message: c.message, width: rect.width, height: rect.height,
                                        language: state.language, places: c.places,
                                        remindMinutes: state.settings.callRemindMinutes)
        } else {
            lines = ClockStackView.render(c, width: rect.width, height: rect.height, now: state.now,
                                          settings: state.settings, language: state.language, focused: state.focus == .calls)
        }
        for (row, line) in lines.enumerated() where row < rect.height {
            var x = rect.x
            for span in line.spans {
                x = frame.put(span.text, x: x, y: rect.y + row, role: styleRole(span.role), clip: rect)
            }
        }
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
