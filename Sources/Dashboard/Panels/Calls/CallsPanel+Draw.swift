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
        // The lines change at most once a minute when idle (the stack is
        // remembered to the minute); their cells are remembered with them.
        let key = DrawnKey(lines: lines, width: rect.width, height: rect.height)
        let drawn = drawnLines.value(for: key) { key in
            DrawnCells.record(size: Size(columns: key.width, rows: key.height)) { frame in
                put(key.lines, in: Rect(x: 0, y: 0, width: key.width, height: key.height), into: &frame)
            }
        }
        frame.replay(drawn, x: rect.x, y: rect.y)
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

    struct DrawnKey: Equatable, Sendable {
        var lines: [CallLine]
        var width: Int
        var height: Int

        /// The remembered stack hands back the same array while nothing
        /// changes: the same storage is the same lines, with no walk of
        /// every span's text.
        static func == (a: DrawnKey, b: DrawnKey) -> Bool {
            guard a.width == b.width, a.height == b.height else { return false }
            let same = a.lines.withUnsafeBufferPointer { pa in
                b.lines.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress && pa.count == pb.count }
            }
            return same || a.lines == b.lines
        }
    }
    /// The cells of the last lines drawn (one entry: one stack per frame).
    static let drawnLines = Remembered<DrawnKey, DrawnCells>()

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
