import Foundation
import TimeKit

/// What plain mode says about the call editor: everything the screen shows
/// changing (the editor opening and closing, the open field and what is
/// typed into it, search results, places added, removed, moved and
/// selected, the delete question, messages). The words live in `Words`.
extension CallsPanel {
    /// Results named after a search (the count is always said).
    static let plainResultsNamed = 3

    /// The call editor's lines (the call's time is said by `callChange`),
    /// in the interface language, with places named as the editor shows them.
    static func editorAnnouncements(from old: AppState, to new: AppState) -> [String] {
        let before = old.calls.editor, after = new.calls.editor
        let w = Words(language: new.language, places: new.calls.places, remindMinutes: new.settings.callRemindMinutes)
        var lines: [String] = []
        switch (before, after) {
        case (nil, let editor?):
            lines.append(w.opened(editor))
        case (let editor?, nil):
            lines.append(w.closed(editor.draft.name))
        case (let was?, let now?):
            lines += participantChanges(from: was, to: now, w)
            lines += fieldChanges(from: was, to: now, w)
            if now.confirmingDelete && !was.confirmingDelete { lines.append(w.askDelete(now.draft.name)) }
            if was.confirmingDelete && !now.confirmingDelete && now.field == was.field { lines.append(w.keptCall) }
        case (nil, nil):
            break
        }
        if new.calls.message != old.calls.message, let message = new.calls.message {
            lines.append(new.language.text(message))
        }
        return lines
    }

    /// Places added, removed or moved, and the selected place.
    static func participantChanges(from was: CallEditor, to now: CallEditor, _ w: Words) -> [String] {
        let oldPlaces = was.draft.participants, newPlaces = now.draft.participants
        var lines: [String] = []
        if oldPlaces.map(\.place) != newPlaces.map(\.place) {
            if newPlaces.count > oldPlaces.count, newPlaces.indices.contains(now.selected) {
                lines.append(w.added(newPlaces[now.selected].place, at: now.selected, of: newPlaces.count))
            } else if newPlaces.count < oldPlaces.count, let gone = oldPlaces.first(where: { p in !newPlaces.contains { $0.place == p.place } }) {
                lines.append(w.removed(gone.place, left: newPlaces.count))
            } else if newPlaces.count == oldPlaces.count, newPlaces.indices.contains(now.selected) {
                let place = newPlaces[now.selected].place
                lines.append(oldPlaces.contains { $0.place == place }
                             ? w.moved(place, to: now.selected) : w.changed(oldPlaces[now.selected].place, to: place))
            }
            lines.append(w.places(now))
        } else if was.selected != now.selected, newPlaces.indices.contains(now.selected) {
            lines.append(w.selected(newPlaces[now.selected], at: now.selected, of: newPlaces.count))
        }
        if was.draft.name != now.draft.name { lines.append(w.renamed(now.draft.name)) }
        if was.draft.durationMinutes != now.draft.durationMinutes { lines.append(w.duration(now.draft.durationMinutes)) }
        if was.draft.reminder != now.draft.reminder { lines.append(w.reminder(now.draft.reminder)) }
        if oldPlaces.map(\.people) != newPlaces.map(\.people), newPlaces.indices.contains(now.selected) {
            lines.append(w.people(newPlaces[now.selected]))
        }
        return lines
    }

    /// The open field: opened, typed into, search results, closed.
    static func fieldChanges(from was: CallEditor, to now: CallEditor, _ w: Words) -> [String] {
        guard was.field != now.field else { return [] }
        switch (was.field, now.field) {
        case (_, .picker(let picker)?):
            guard case .picker(let before)? = was.field else { return [w.pickerOpened(picker)] + w.results(picker) }
            if before.query != picker.query { return [w.typed(picker.query)] + w.results(picker) }
            if before.selected != picker.selected, picker.results.indices.contains(picker.selected) {
                return [w.choice(picker.results[picker.selected], at: picker.selected, of: picker.results.count)]
            }
            return []
        case (_, .name(let text)?), (_, .people(let text)?), (_, .duration(let text)?), (_, .reminder(let text)?):
            guard let field = now.field else { return [] }
            if was.field.map(Words.fieldName) == Words.fieldName(field) { return [w.typed(text)] }
            return [w.fieldOpened(field, text: text)]
        case (_?, nil):
            return [w.fieldClosed]
        case (nil, nil):
            return []
        }
    }

    /// Every sentence the call editor says in plain mode, in one place: each
    /// is a catalog entry (`UIMessage.plain…`, `UIText.plain…`) said in
    /// `language`, with places labelled as the editor shows them (Japanese
    /// names from `places`, the place database).
    struct Words {
        let language: UILanguage
        let places: PlaceDatabase?
        /// `calls.remind` (nil for off), said for a call that follows it.
        let remindMinutes: Int?

        init(language: UILanguage, places: PlaceDatabase? = nil, remindMinutes: Int? = Settings().callRemindMinutes) {
            self.language = language
            self.places = places
            self.remindMinutes = remindMinutes
        }

        /// A place as the editor names it; English keeps TimeKit's label.
        func label(_ place: Place) -> String {
            language == .en ? place.label : ClockStackView.label(place, language, places: places)
        }

        func opened(_ editor: CallEditor) -> String {
            language.text(.plainEditorOpened(name: editor.draft.name, isNew: editor.isNew,
                                             places: editor.draft.participants.map { label($0.place) }))
        }
        func closed(_ name: String) -> String { language.text(.plainEditorClosed(name: name)) }
        func places(_ editor: CallEditor) -> String {
            language.text(.plainPlaces(editor.draft.participants.map { label($0.place) }))
        }
        func added(_ place: Place, at index: Int, of count: Int) -> String {
            language.text(.plainPlaceAdded(place: label(place), position: index + 1, count: count))
        }
        func removed(_ place: Place, left: Int) -> String {
            language.text(.plainPlaceRemoved(place: label(place), left: left))
        }
        func moved(_ place: Place, to index: Int) -> String {
            language.text(.plainPlaceMoved(place: label(place), position: index + 1))
        }
        func changed(_ old: Place, to new: Place) -> String {
            language.text(.plainPlaceChanged(from: label(old), to: label(new)))
        }
        func selected(_ p: CallParticipant, at index: Int, of count: Int) -> String {
            language.text(.plainPlaceSelected(place: label(p.place), position: index + 1, count: count, people: p.people))
        }
        func renamed(_ name: String) -> String { language.text(.plainCallName(name)) }
        func duration(_ minutes: Int?) -> String { language.text(.plainDuration(minutes: minutes)) }
        func reminder(_ reminder: CallReminder) -> String {
            language.text(.plainReminder(minutes: reminder.minutes(setting: remindMinutes), isDefault: reminder == .followSetting))
        }
        func people(_ p: CallParticipant) -> String {
            language.text(.plainPeople(place: label(p.place), people: p.people))
        }
        func askDelete(_ name: String) -> String { language.text(.plainAskDelete(name: name)) }
        var keptCall: String { language.text(.plainCallKept) }
        func pickerOpened(_ picker: PlacePicker) -> String {
            language.text(.plainPickerOpened(replacing: picker.replacing != nil, query: picker.query))
        }
        func typed(_ text: String) -> String { language.text(.plainTyped(text)) }
        /// `3 results: London, GB (Europe/London); …` or `No match yet.`
        func results(_ picker: PlacePicker) -> [String] {
            guard !picker.query.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
            guard !picker.results.isEmpty else { return [language.text(.plainNoMatchYet)] }
            let shown = picker.results.prefix(CallsPanel.plainResultsNamed).map(describe)
            return [language.text(.plainResults(count: picker.results.count, shown: shown))]
        }
        func choice(_ choice: PlaceChoice, at index: Int, of count: Int) -> String {
            language.text(.plainResultChosen(place: describe(choice), position: index + 1, count: count))
        }
        /// `Sydney, AU (Australia/Sydney), guess`: how it matched, when not by its name.
        func describe(_ choice: PlaceChoice) -> String {
            let place = choice.place
            return language.text(.plainResultPlace(label: label(place), zone: place.isMars ? nil : place.zoneIdentifier,
                                                   match: choice.matchText.map { language.text($0) }))
        }
        /// The field's name; two fields with the same name are the same field.
        static func fieldName(_ field: CallEditor.Field) -> UIText {
            switch field {
            case .name: .plainFieldName
            case .duration: .plainFieldDuration
            case .reminder: .plainFieldReminder
            case .people: .plainFieldPeople
            case .picker: .plainFieldSearch
            }
        }
        func fieldOpened(_ field: CallEditor.Field, text: String) -> String {
            language.text(.plainFieldOpened(field: Self.fieldName(field), text: text))
        }
        var fieldClosed: String { language.text(.plainFieldClosed) }
    }
}
