import Foundation
import TimeKit

extension CallsPanel {
    /// Everything the panel's drawing reads: the planner's state, the
    /// settings (periods, clock form, reminder), the language, whether the
    /// panel has the focus, and the time to the minute (the stack shows
    /// minutes, never seconds).
    struct DrawInputs: Sendable {
        var calls: CallPlannerState
        var settings: Settings
        var language: UILanguage
        var focused: Bool
        var minute: Int64
    }

    /// The last drawing, replayed while nothing it is drawn from changed: an
    /// idle dashboard draws the stack once a minute.
    static let replayed = ReplayedPanel<DrawInputs>()

    /// Draws the clock stack (play mode) or the editor into `rect`.
    public static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame) {
        draw(state, in: rect, into: &frame, replayed: replayed)
    }

    /// `draw` with the memo given (tests keep one of their own).
    static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame, replayed: ReplayedPanel<DrawInputs>) {
        let c = state.calls
        // While the hands sweep (an animation) every frame is drawn afresh.
        let sweeping = c.editor == nil && (c.sweep.map { !$0.hands.isFinished(at: state.now) } ?? false)
        guard !sweeping else {
            put(lines(state, width: rect.width, height: rect.height), in: rect, into: &frame)
            return
        }
        let minute = Int64((state.now.timeIntervalSince1970 / 60).rounded(.down))
        let language = state.language
        let focused = state.focus == .calls
        replayed.draw(in: rect, into: &frame, same: { last in
            last.minute == minute && last.focused == focused && last.language == language
                && last.calls == state.calls && last.settings == state.settings
        }, inputs: {
            DrawInputs(calls: state.calls, settings: state.settings, language: language, focused: focused, minute: minute)
        }, draw: { frame, area in
            put(lines(state, width: area.width, height: area.height), in: area, into: &frame)
        })
    }

    /// The stack (play mode) or the editor, as lines.
    static func lines(_ state: AppState, width: Int, height: Int) -> [CallLine] {
        let c = state.calls
        if let editor = c.editor {
            return CallEditView.render(editor, message: c.message, width: width, height: height,
                                       language: state.language, places: c.places,
                                       remindMinutes: state.settings.callRemindMinutes)
        }
        return ClockStackView.render(c, width: width, height: height, now: state.now,
                                     settings: state.settings, language: state.language, focused: state.focus == .calls)
    }

    /// The lines, each span in its role, clipped to `rect`.
    static func put(_ lines: [CallLine], in rect: Rect, into frame: inout Frame) {
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
