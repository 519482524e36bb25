import Foundation
import TimeKit

/// Edit mode: a draft of one call, changed freely and saved only on
/// confirm (Esc drops every change; a new call that is cancelled is never
/// created).
public struct CallEditor: Equatable, Sendable {
    public var draft: CallPlan
    /// True for a call made with "new call" and not saved yet.
    public var isNew: Bool
    /// The selected participant row (0 is the source).
    public var selected: Int
    /// A text field or the place picker, when one is open.
    public var field: Field?
    /// Waiting for y/n after "delete this call?".
    public var confirmingDelete: Bool

    public enum Field: Equatable, Sendable {
        case name(String)
        /// Minutes as typed; empty means no duration.
        case duration(String)
        /// A reminder as typed (`10m`, `1h`, `off`); empty follows `calls.remind`.
        case reminder(String)
        case people(String)
        case picker(PlacePicker)

        /// Whether Space is typed into this field. The duration and
        /// reminder take no spaces, so there Space marks (`MarkKey`) and the
        /// key hint says so.
        public var takesSpace: Bool {
            switch self {
            case .duration, .reminder: false
            case .name, .people, .picker: true
            }
        }
    }

    public init(draft: CallPlan, isNew: Bool) {
        self.draft = draft
        self.isNew = isNew
        selected = 0
        field = nil
        confirmingDelete = false
    }

    // MARK: - Rows

    public mutating func select(offset: Int) {
        guard !draft.participants.isEmpty else { return }
        selected = min(max(0, selected + offset), draft.participants.count - 1)
    }

    /// Removes the selected place (a call keeps at least its source).
    public mutating func removeSelected() -> UIMessage? {
        guard draft.participants.count > 1 else { return .text(.callNeedsPlace) }
        draft.participants.remove(at: selected)
        selected = min(selected, draft.participants.count - 1)
        return nil
    }

    /// Moves the selected place up (−1) or down (+1); moving into the first
    /// row makes it the source, with the start instant (all local times) kept.
    @discardableResult
    public mutating func moveSelected(_ offset: Int) -> UIMessage? {
        let target = selected + offset
        guard draft.participants.indices.contains(target) else { return nil }
        if target == 0 && draft.participants[selected].place.isMars || selected == 0 && draft.participants[target].place.isMars {
            return Self.marsSourceMessage
        }
        draft.participants.swapAt(selected, target)
        selected = target
        return nil
    }

    static let marsSourceMessage = UIMessage.text(.marsCannotBeSource)

    @discardableResult
    public mutating func makeSelectedSource() -> UIMessage? {
        guard draft.participants.indices.contains(selected) else { return nil }
        if draft.participants[selected].place.isMars { return Self.marsSourceMessage }
        draft.makeSource(selected)
        selected = 0
        return nil
    }

    // MARK: - Fields

    public mutating func beginRename() { field = .name(draft.name) }
    public mutating func beginDuration() { field = .duration(draft.durationMinutes.map(String.init) ?? "") }
    public mutating func beginReminder() {
        switch draft.reminder {
        case .followSetting: field = .reminder("")
        case .off: field = .reminder("off")
        case .minutesBefore(let m): field = .reminder(CallReminder.text(minutes: m))
        }
    }
    public mutating func beginPeople() {
        guard draft.participants.indices.contains(selected) else { return }
        field = .people(draft.participants[selected].people)
    }

    /// Opens the picker to add a place after the selected row.
    public mutating func beginAdd(search: (String) -> [PlaceChoice]) {
        field = .picker(PlacePicker(query: "", results: [], selected: 0, replacing: nil))
    }

    /// Opens the picker on the selected place, with that place selected.
    public mutating func beginChange(search: (String) -> [PlaceChoice]) {
        guard draft.participants.indices.contains(selected) else { return }
        let current = draft.participants[selected].place
        let query = current.isZoneOnly ? current.zoneIdentifier : current.name
        var picker = PlacePicker(query: query, results: search(query), selected: 0, replacing: selected)
        if let i = picker.results.firstIndex(where: { $0.place == current }) {
            picker.selected = i
        } else {
            picker.results.insert(PlaceChoice(current), at: 0)
        }
        field = .picker(picker)
    }

    /// A typed character (text fields and the picker's query).
    public mutating func type(_ character: Character, search: (String) -> [PlaceChoice]) {
        switch field {
        case let .name(text): field = .name(text + String(character))
        case let .people(text): field = .people(text + String(character))
        case let .duration(text):
            if character.isASCII, character.isNumber, text.count < 4 { field = .duration(text + String(character)) }
        case let .reminder(text):
            if character.isASCII, !character.isWhitespace, text.count < 12 { field = .reminder(text + String(character)) }
        case var .picker(picker):
            picker.query.append(character)
            picker.refresh(search)
            field = .picker(picker)
        case nil: break
        }
    }

    public mutating func backspace(search: (String) -> [PlaceChoice]) {
        switch field {
        case let .name(text): field = .name(String(text.dropLast()))
        case let .people(text): field = .people(String(text.dropLast()))
        case let .duration(text): field = .duration(String(text.dropLast()))
        case let .reminder(text): field = .reminder(String(text.dropLast()))
        case var .picker(picker):
            picker.query = String(picker.query.dropLast())
            picker.refresh(search)
            field = .picker(picker)
        case nil: break
        }
    }

    /// Up/down inside the picker's results.
    public mutating func pickerSelect(offset: Int) {
        guard case var .picker(picker) = field, !picker.results.isEmpty else { return }
        picker.selected = min(max(0, picker.selected + offset), picker.results.count - 1)
        field = .picker(picker)
    }

    /// Enter in a field: applies it to the draft. Returns a message when
    /// the value cannot be used (the field stays open).
    public mutating func acceptField() -> UIMessage? {
        switch field {
        case let .name(text):
            let name = text.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return .text(.callNeedsName) }
            draft.name = name
        case let .duration(text):
            if text.isEmpty {
                draft.durationMinutes = nil
            } else {
                guard let m = Int(text), (1...1440).contains(m) else { return .text(.durationRange) }
                draft.durationMinutes = m
            }
        case let .reminder(text):
            // Empty, or "default" as `calls set --remind default` says it.
            if text.isEmpty || text.lowercased() == "default" {
                draft.reminder = .followSetting
            } else {
                guard let reminder = try? CallReminder.parse(text) else { return .text(.reminderUnreadable) }
                draft.reminder = reminder
            }
        case let .people(text):
            draft.participants[selected].people = text.trimmingCharacters(in: .whitespaces)
        case let .picker(picker):
            guard picker.results.indices.contains(picker.selected) else { return .text(.noPlaceMatches) }
            let place = picker.results[picker.selected].place
            if place.isMars && (picker.replacing == 0 || draft.participants.isEmpty) { return Self.marsSourceMessage }
            if let row = picker.replacing {
                draft.participants[row].place = place
            } else {
                let at = draft.participants.isEmpty ? 0 : selected + 1
                draft.participants.insert(CallParticipant(place: place), at: at)
                selected = at
            }
        case nil:
            return nil
        }
        field = nil
        return nil
    }

    /// Esc in a field: closes it, leaving the draft as it was.
    public mutating func cancelField() { field = nil }
}

/// The live place search inside edit mode.
public struct PlacePicker: Equatable, Sendable {
    public var query: String
    public var results: [PlaceChoice]
    public var selected: Int
    /// The row being changed; nil when adding a place.
    public var replacing: Int?

    /// New results for the query, best first, on every keystroke.
    mutating func refresh(_ search: (String) -> [PlaceChoice]) {
        results = query.trimmingCharacters(in: .whitespaces).isEmpty ? [] : search(query)
        selected = 0
    }
}

/// One result of the picker's search: the place, and how the query
/// reached it when that was not by its own name — shown beside the row, so
/// a guess or another name is never taken silently.
public struct PlaceChoice: Equatable, Sendable {
    public var place: Place
    public var match: Match?

    public enum Match: Equatable, Sendable {
        /// A typo forgiven (`Sydnee` → Sydney).
        case guess
        /// A city by another of its names (`Bombay`, `Київ`).
        case otherName
        /// A tz link (`Asia/Calcutta`), shown with the zone it names.
        case oldZoneName(String)
        /// A Mars site by an alias (`Jezero` → Perseverance).
        case marsAlias(String)
        /// "here": the place nearest the user's position.
        case here
    }

    public init(_ place: Place, match: Match? = nil) {
        self.place = place
        self.match = match
    }

    /// From the resolver's candidate: which ways of matching are worth a word.
    public init(_ candidate: PlaceResolver.Candidate) {
        switch candidate.how {
        case .guessed: self.init(candidate.place, match: .guess)
        case .alternateName: self.init(candidate.place, match: .otherName)
        case .zoneLink(let name): self.init(candidate.place, match: .oldZoneName(name))
        case .marsAlias(let alias): self.init(candidate.place, match: .marsAlias(alias))
        case .name, .unknownZone, .abbreviation, .offset, .prefix, .zonePlace, .region: self.init(candidate.place)
        }
    }

    /// The words beside the row (nil for a match by the place's own name).
    public var matchText: UIMessage? {
        switch match {
        case nil: nil
        case .guess?: .text(.matchGuess)
        case .otherName?: .text(.matchOtherName)
        case .oldZoneName(let name)?: .matchOldZoneName(name)
        case .marsAlias(let alias)?: .matchMarsAlias(alias)
        case .here?: .text(.matchHere)
        }
    }
}
