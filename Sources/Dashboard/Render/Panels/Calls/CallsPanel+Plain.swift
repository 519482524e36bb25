import Foundation
import TimeKit

/// What plain mode says about the call editor: everything the screen shows
/// changing (the editor opening and closing, the open field and what is
/// typed into it, search results, places added, removed, moved and
/// selected, the delete question, messages). The words live in `Words`.
extension CallsPanel {
    /// Results named after a search (the count is always said).
    static let plainResultsNamed = 3

    /// The call editor's lines (the call's time is said by `PanelSummaries.callChange`).
    static func editorAnnouncements(from old: AppState, to new: AppState) -> [String] {
        let before = old.calls.editor, after = new.calls.editor
        var lines: [String] = []
        switch (before, after) {
        case (nil, let editor?):
            lines.append(Words.opened(editor))
        case (let editor?, nil):
            lines.append(Words.closed(editor.draft.name))
        case (let was?, let now?):
            lines += participantChanges(from: was, to: now)
            lines += fieldChanges(from: was, to: now)
            if now.confirmingDelete && !was.confirmingDelete { lines.append(Words.askDelete(now.draft.name)) }
            if was.confirmingDelete && !now.confirmingDelete && now.field == was.field { lines.append(Words.keptCall) }
        case (nil, nil):
            break
        }
        if new.calls.message != old.calls.message, let message = new.calls.message {
            lines.append(new.language.text(message))
        }
        return lines
    }

    /// Places added, removed or moved, and the selected place.
    static func participantChanges(from was: CallEditor, to now: CallEditor) -> [String] {
        let oldPlaces = was.draft.participants, newPlaces = now.draft.participants
        var lines: [String] = []
        if oldPlaces.map(\.place) != newPlaces.map(\.place) {
            if newPlaces.count > oldPlaces.count, newPlaces.indices.contains(now.selected) {
                lines.append(Words.added(newPlaces[now.selected].place, at: now.selected, of: newPlaces.count))
            } else if newPlaces.count < oldPlaces.count, let gone = oldPlaces.first(where: { p in !newPlaces.contains { $0.place == p.place } }) {
                lines.append(Words.removed(gone.place, left: newPlaces.count))
            } else if newPlaces.count == oldPlaces.count, newPlaces.indices.contains(now.selected) {
                let place = newPlaces[now.selected].place
                lines.append(oldPlaces.contains { $0.place == place }
                             ? Words.moved(place, to: now.selected) : Words.changed(oldPlaces[now.selected].place, to: place))
            }
            lines.append(Words.places(now))
        } else if was.selected != now.selected, newPlaces.indices.contains(now.selected) {
            lines.append(Words.selected(newPlaces[now.selected], at: now.selected, of: newPlaces.count))
        }
        if was.draft.name != now.draft.name { lines.append(Words.renamed(now.draft.name)) }
        if was.draft.durationMinutes != now.draft.durationMinutes { lines.append(Words.duration(now.draft.durationMinutes)) }
        if oldPlaces.map(\.people) != newPlaces.map(\.people), newPlaces.indices.contains(now.selected) {
            lines.append(Words.people(newPlaces[now.selected]))
        }
        return lines
    }

    /// The open field: opened, typed into, search results, closed.
    static func fieldChanges(from was: CallEditor, to now: CallEditor) -> [String] {
        guard was.field != now.field else { return [] }
        switch (was.field, now.field) {
        case (_, .picker(let picker)?):
            guard case .picker(let before)? = was.field else { return [Words.pickerOpened(picker)] + Words.results(picker) }
            if before.query != picker.query { return [Words.typed(picker.query)] + Words.results(picker) }
            if before.selected != picker.selected, picker.results.indices.contains(picker.selected) {
                return [Words.choice(picker.results[picker.selected], at: picker.selected, of: picker.results.count)]
            }
            return []
        case (_, .name(let text)?), (_, .people(let text)?), (_, .duration(let text)?):
            guard let field = now.field else { return [] }
            if was.field.map(Words.fieldName) == Words.fieldName(field) { return [Words.typed(text)] }
            return [Words.fieldOpened(field, text: text)]
        case (_?, nil):
            return [Words.fieldClosed]
        case (nil, nil):
            return []
        }
    }

    /// Every sentence the call editor says in plain mode, in one place.
    enum Words {
        static func opened(_ editor: CallEditor) -> String {
            (editor.isNew ? "New call \"\(editor.draft.name)\". " : "Editing call \"\(editor.draft.name)\". ")
                + places(editor) + " Keys: a add, c change, x remove, J and K move, s make source, r rename, "
                + "t duration, P people, D delete call, Enter saves, Escape cancels."
        }
        static func closed(_ name: String) -> String { "Call editor closed (\"\(name)\")." }
        static func places(_ editor: CallEditor) -> String {
            let list = editor.draft.participants.enumerated().map { i, p in
                "\(i + 1). \(p.place.label)\(i == 0 ? " (source)" : "")"
            }
            return "Places: " + list.joined(separator: "; ") + "."
        }
        static func added(_ place: Place, at index: Int, of count: Int) -> String {
            "Added \(place.label), place \(index + 1) of \(count)."
        }
        static func removed(_ place: Place, left: Int) -> String {
            "Removed \(place.label); \(left) place\(left == 1 ? "" : "s") left."
        }
        static func moved(_ place: Place, to index: Int) -> String {
            "Moved \(place.label) to place \(index + 1)\(index == 0 ? " (source)" : "")."
        }
        static func changed(_ old: Place, to new: Place) -> String { "Changed \(old.label) to \(new.label)." }
        static func selected(_ p: CallParticipant, at index: Int, of count: Int) -> String {
            "Place \(index + 1) of \(count): \(p.place.label)\(index == 0 ? " (source)" : "")"
                + (p.people.isEmpty ? "." : ", people: \(p.people).")
        }
        static func renamed(_ name: String) -> String { "Call name: \(name)." }
        static func duration(_ minutes: Int?) -> String { minutes.map { "Duration: \($0) minutes." } ?? "No duration." }
        static func people(_ p: CallParticipant) -> String {
            p.people.isEmpty ? "No people named at \(p.place.label)." : "People at \(p.place.label): \(p.people)."
        }
        static func askDelete(_ name: String) -> String {
            "Delete call \"\(name)\"? Press y to delete, n or Escape keeps it."
        }
        static let keptCall = "Call kept."
        static func pickerOpened(_ picker: PlacePicker) -> String {
            (picker.replacing == nil ? "Add a place: " : "Change the place: ")
                + "type to search (query: \(picker.query.isEmpty ? "empty" : picker.query)); "
                + "up and down choose, Enter accepts, Escape closes."
        }
        static func typed(_ text: String) -> String { "Typed: \(text.isEmpty ? "(empty)" : text)" }
        /// `3 results: London, GB (Europe/London); …` or `No match yet.`
        static func results(_ picker: PlacePicker) -> [String] {
            guard !picker.query.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
            guard !picker.results.isEmpty else { return ["No match yet: keep typing, or try a zone such as Europe/Paris."] }
            let shown = picker.results.prefix(CallsPanel.plainResultsNamed).map(describe).joined(separator: "; ")
            let count = picker.results.count
            return ["\(count) result\(count == 1 ? "" : "s"): \(shown)\(count > CallsPanel.plainResultsNamed ? "; …" : "")."]
        }
        static func choice(_ place: Place, at index: Int, of count: Int) -> String {
            "Result \(index + 1) of \(count): \(describe(place))."
        }
        static func describe(_ place: Place) -> String {
            "\(place.label) (\(place.isMars ? "Mars, LMST" : place.zoneIdentifier))"
        }
        static func fieldName(_ field: CallEditor.Field) -> String {
            switch field {
            case .name: "Call name"
            case .duration: "Duration in minutes"
            case .people: "People at this place"
            case .picker: "Place search"
            }
        }
        static func fieldOpened(_ field: CallEditor.Field, text: String) -> String {
            "\(fieldName(field)): \(text.isEmpty ? "(empty)" : text). Type, Enter accepts, Escape closes."
        }
        static let fieldClosed = "Field closed."
    }
}
