import Foundation
import TimeKit

/// Edit mode's view: a framed list of the draft's places (visibly unlike
/// the clock stack), the open field or place picker, and the keys.
public enum CallEditView {
    /// Place names follow `language` as in the clock stack (Japanese names
    /// from `places`, the place database).
    /// `remindMinutes`: `calls.remind` now (nil for off), shown for a call
    /// that follows it.
    public static func render(_ editor: CallEditor, message: UIMessage?, width: Int, height: Int,
                              language l: UILanguage = .en, places: PlaceDatabase? = nil,
                              remindMinutes: Int? = Settings().callRemindMinutes) -> [CallLine] {
        guard width > 0, height > 0 else { return [] }
        let d = editor.draft
        var lines: [CallLine] = []
        var title = CallLine([CallSpan(l.text(editor.isNew ? .newCallTitle : .editingTitle) + " ", .editField),
                              CallSpan("\"\(d.name)\"", .title)])
        title.add("  " + l.text(d.durationMinutes.map { .minutes($0) } ?? .text(.noDuration)), .dim)
        title.add("  " + l.text(.reminderLabel(minutes: d.reminder.minutes(setting: remindMinutes),
                                               isDefault: d.reminder == .followSetting)), .dim)
        lines.append(title)
        let rule = CallLine([CallSpan(String(repeating: "─", count: width), .editField)])
        var placeLines: [CallLine] = []
        for (i, p) in d.participants.enumerated() {
            let selected = i == editor.selected
            var line = CallLine([CallSpan(selected ? "▸ " : "  ", selected ? .selection : .plain)])
            line.add(PlacesTableFit.fit("\(i + 1). " + ClockStackView.label(p.place, l, places: places), 28),
                     selected ? .selection : .placeName)
            line.add(" " + PlacesTableFit.fit(i == 0 ? l.text(.sourcePlace) : "", 7), .dim)
            line.add(PlacesTableFit.fit(p.place.isMars ? l.text(.marsLMST) : p.place.zoneIdentifier, 22), .dim)
            if !p.people.isEmpty { line.add(" " + p.people) }
            placeLines.append(line)
        }
        // The rows above the message and the two key lines.
        let bodyRoom = max(0, height - 3)
        if editor.field == nil {
            lines += [rule] + placeLines + [rule]
        } else {
            // An open field comes first: what is typed and the first
            // results are drawn even at 40×10, where the places list once
            // took every row and the user typed blind. The places keep
            // what is left (the selected one when only it fits).
            let field = fieldLines(editor, height: bodyRoom, l, places: places)
            let fieldRows = min(field.count, max(3, bodyRoom - 1 - placeLines.count - 2))
            let rest = bodyRoom - 1 - fieldRows
            if rest >= placeLines.count + 2 {
                lines += [rule] + placeLines + [rule]
            } else if rest > 0, placeLines.indices.contains(editor.selected) {
                lines.append(placeLines[editor.selected])
            }
            lines += field.prefix(fieldRows)
        }
        let footer: [CallLine]
        if editor.confirmingDelete {
            footer = [CallLine([CallSpan(l.text(.deleteCallQuestion(name: d.name)), .warning),
                                CallSpan(l.text(.editorDeleteKeys), .hint)]), CallLine()]
        } else if editor.field != nil {
            // Where the field takes no spaces, Space marks (`MarkKey`).
            let hint: UIText = editor.field?.takesSpace == false ? .editorNumberFieldKeys : .editorFieldKeys
            footer = [CallLine([CallSpan(l.text(hint), .hint)]), CallLine()]
        } else {
            footer = [CallLine([CallSpan(l.text(.editorKeys), .hint)]), CallLine([CallSpan(l.text(.editorKeysMore), .hint)])]
        }
        let body = Array(lines.prefix(max(0, height - 3)))
        var out = body + Array(repeating: CallLine(), count: max(0, height - 3 - body.count))
        out.append(CallLine([CallSpan(message.map(l.text) ?? "", .dim)]))
        out += footer
        return Array(out.prefix(height)).map { $0.fitted(width) }
    }

    static func fieldLines(_ editor: CallEditor, height: Int, _ l: UILanguage = .en, places: PlaceDatabase? = nil) -> [CallLine] {
        func prompt(_ label: UIText, _ text: String) -> CallLine {
            CallLine([CallSpan(l.text(label) + ": ", .title), CallSpan(text + "▏", .editField)])
        }
        switch editor.field {
        case nil:
            return []
        case let .name(text):
            return [prompt(.promptName, text)]
        case let .duration(text):
            return [prompt(.promptDuration, text)]
        case let .reminder(text):
            return [prompt(.promptReminder, text)]
        case let .people(text):
            return [prompt(.promptPeople, text)]
        case let .picker(picker):
            var lines = [prompt(picker.replacing == nil ? .promptAddPlace : .promptChangeTo, picker.query)]
            if picker.results.isEmpty, !picker.query.isEmpty {
                lines.append(CallLine([CallSpan("  " + l.text(.noMatchYet), .dim)]))
            }
            for (i, choice) in picker.results.enumerated().prefix(max(0, height - 1)) {
                let selected = i == picker.selected, place = choice.place
                var line = CallLine([CallSpan(selected ? "▸ " : "  ", selected ? .selection : .plain)])
                line.add(PlacesTableFit.fit(ClockStackView.label(place, l, places: places), 30), selected ? .selection : .placeName)
                let zone = place.isMars ? l.text(.marsLMST) : place.zoneIdentifier
                if let match = choice.matchText {
                    // A column for the zone, so the notes line up beside it.
                    line.add(" " + PlacesTableFit.fit(zone, 22) + "  " + l.text(match), .dim)
                } else {
                    line.add(" " + zone, .dim)
                }
                lines.append(line)
            }
            return lines
        }
    }
}
