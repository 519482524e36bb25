import Foundation
import TimeKit

/// Edit mode's view: a framed list of the draft's places (visibly unlike
/// the clock stack), the open field or place picker, and the keys.
public enum CallEditView {
    public static func render(_ editor: CallEditor, message: String?, width: Int, height: Int) -> [CallLine] {
        guard width > 0, height > 0 else { return [] }
        let d = editor.draft
        var lines: [CallLine] = []
        var title = CallLine([CallSpan(editor.isNew ? "✎ NEW CALL " : "✎ EDITING ", .editField),
                              CallSpan("\"\(d.name)\"", .title)])
        title.add("  " + (d.durationMinutes.map { "\($0) min" } ?? "no duration"), .dim)
        lines.append(title)
        lines.append(CallLine([CallSpan(String(repeating: "─", count: width), .editField)]))
        for (i, p) in d.participants.enumerated() {
            let selected = i == editor.selected
            var line = CallLine([CallSpan(selected ? "▸ " : "  ", selected ? .selection : .plain)])
            line.add(PlacesTableFit.fit("\(i + 1). " + ClockStackView.label(p.place), 28), selected ? .selection : .placeName)
            line.add(" " + PlacesTableFit.fit(i == 0 ? "source" : "", 7), .dim)
            line.add(PlacesTableFit.fit(p.place.isMars ? "Mars (LMST)" : p.place.zoneIdentifier, 22), .dim)
            if !p.people.isEmpty { line.add(" " + p.people) }
            lines.append(line)
        }
        lines.append(CallLine([CallSpan(String(repeating: "─", count: width), .editField)]))
        lines += fieldLines(editor, height: max(0, height - lines.count - 3))
        let footer: [CallLine]
        if editor.confirmingDelete {
            footer = [CallLine([CallSpan("Delete \"\(d.name)\"? ", .warning), CallSpan(Hints.confirmDelete, .hint)]), CallLine()]
        } else if editor.field != nil {
            footer = [CallLine([CallSpan(Hints.field, .hint)]), CallLine()]
        } else {
            footer = [CallLine([CallSpan(Hints.rows, .hint)]), CallLine([CallSpan(Hints.call, .hint)])]
        }
        let body = Array(lines.prefix(max(0, height - 3)))
        var out = body + Array(repeating: CallLine(), count: max(0, height - 3 - body.count))
        out.append(CallLine([CallSpan(message ?? "", .dim)]))
        out += footer
        return Array(out.prefix(height)).map { $0.fitted(width) }
    }

    /// The keys the editor names, one place for every hint it shows.
    enum Hints {
        static let rows = "a add  c change  x remove  J/K move  s make source  D delete call"
        static let call = "r rename  t duration  P people  Enter save  Esc cancel"
        /// While a field is open, letters type: only these keys act.
        static let field = "Enter accept  Esc close field  Ctrl-Space mark"
        static let confirmDelete = "y delete · n or Esc keep"
    }

    static func fieldLines(_ editor: CallEditor, height: Int) -> [CallLine] {
        func prompt(_ label: String, _ text: String) -> CallLine {
            CallLine([CallSpan(label + ": ", .title), CallSpan(text + "▏", .editField)])
        }
        switch editor.field {
        case nil:
            return []
        case let .name(text):
            return [prompt("Name", text)]
        case let .duration(text):
            return [prompt("Duration (minutes, empty for none)", text)]
        case let .people(text):
            return [prompt("People at this place", text)]
        case let .picker(picker):
            var lines = [prompt(picker.replacing == nil ? "Add place" : "Change to", picker.query)]
            if picker.results.isEmpty, !picker.query.isEmpty {
                lines.append(CallLine([CallSpan("  no match yet: keep typing, or try a zone such as Europe/Paris", .dim)]))
            }
            for (i, place) in picker.results.enumerated().prefix(max(0, height - 1)) {
                let selected = i == picker.selected
                var line = CallLine([CallSpan(selected ? "▸ " : "  ", selected ? .selection : .plain)])
                line.add(PlacesTableFit.fit(ClockStackView.label(place), 30), selected ? .selection : .placeName)
                line.add(" " + (place.isMars ? "Mars (LMST)" : place.zoneIdentifier), .dim)
                lines.append(line)
            }
            return lines
        }
    }
}
