import Foundation
import TimeKit

/// What a piece of the call planner means, for the theme to colour (the
/// words and symbols carry the same meaning without colour).
public enum CallRole: Equatable, Hashable, Sendable {
    case plain, dim, title, placeName, selection, warning, bad, hand, now, scheduled, editField
    /// Keys the user can press now (drawn in the key-hint role).
    case hint
    /// A period of the day: before dawn dark blue, breakfast orange sunrise,
    /// day bright, dinner reddish, late night lamp-lit.
    case period(DayPeriod)
}

/// A run of text in one role.
public struct CallSpan: Equatable, Sendable {
    public var text: String
    public var role: CallRole
    public init(_ text: String, _ role: CallRole = .plain) {
        self.text = text
        self.role = role
    }
}

/// One screen line of the panel: spans left to right.
public struct CallLine: Equatable, Sendable {
    public var spans: [CallSpan]
    public init(_ spans: [CallSpan] = []) { self.spans = spans }

    public var text: String { spans.map(\.text).joined() }
    /// Display cells (a Japanese character takes two).
    public var width: Int { spans.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    public mutating func add(_ text: String, _ role: CallRole = .plain) {
        spans.append(CallSpan(text, role))
    }

    /// Pads with spaces (or cuts, ending in `…`) to exactly `columns`.
    public func fitted(_ columns: Int) -> CallLine {
        var out = CallLine()
        var used = 0
        for span in spans {
            guard used < columns else { break }
            let room = columns - used
            let cells = DisplayWidth.of(span.text)
            if cells <= room {
                out.spans.append(span)
                used += cells
            } else {
                let cut = DisplayWidth.prefix(span.text, fitting: max(0, room - 1)) + "…"
                out.spans.append(CallSpan(cut, span.role))
                used += DisplayWidth.of(cut)
            }
        }
        if used < columns { out.spans.append(CallSpan(RepeatedText.spaces(columns - used))) }
        return out
    }
}
