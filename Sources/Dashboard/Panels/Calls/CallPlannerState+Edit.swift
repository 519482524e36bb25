import Foundation
import TimeKit

/// Entering and leaving edit mode; new and deleted calls.
extension CallPlannerState {
    public var isEditing: Bool { editor != nil }

    /// Enter: edit the active call.
    public mutating func beginEdit() {
        guard let call = activeCall else { return }
        editor = CallEditor(draft: call, isNew: false)
        message = nil
    }

    /// New call: edit mode on a fresh draft from the active call's source,
    /// starting at the next quarter hour, one hour long, with the picker
    /// open to add the first destination. Nothing exists until confirmed.
    /// `name` is the draft's first name, in the interface language.
    public mutating func beginNewCall(now: Date, home: Place?, name: String = UILanguage.en.text(.newCallName)) {
        let source = activeCall?.source?.place ?? home ?? .zone("UTC")
        let zone = source.timeZone ?? TimeZone(identifier: "UTC")!
        let draft = CallPlan(name: name, participants: [CallParticipant(place: source)],
                             start: CallOptimizer.nextGridInstant(atOrAfter: now, in: zone),
                             durationMinutes: 60, createdAt: now)
        var e = CallEditor(draft: draft, isNew: true)
        e.field = .picker(PlacePicker(query: "", results: [], selected: 0, replacing: nil))
        editor = e
        message = nil
    }

    /// The confirm key: saves the draft (a new call goes first, newest first).
    public mutating func confirmEdit() -> [CallPlannerEffect] {
        guard var e = editor else { return [] }
        if e.field != nil {
            if let problem = e.acceptField() {
                message = problem
                editor = e
                return []
            }
        }
        editor = nil
        // A new call becomes the active one: a time change of the call it
        // replaces must be saved first, or it would be lost.
        let earlier = e.isNew ? pendingSave(now: .distantFuture, force: true) : []
        if e.isNew {
            calls.insert(e.draft, at: 0)
            activeIndex = 0
        } else if calls.indices.contains(activeIndex) {
            calls[activeIndex] = e.draft
        }
        undoStack = []
        startBeforeNow = nil
        sweep = nil
        if !e.isNew { unsavedSince = nil }  // the draft carries the latest time
        message = .callSaved(name: e.draft.name)
        return earlier + [.saveCall(e.draft)]
    }

    /// Esc: closes an open field, else leaves edit mode dropping every change.
    public mutating func cancelEdit() {
        guard var e = editor else { return }
        if e.confirmingDelete {
            e.confirmingDelete = false
            editor = e
        } else if e.field != nil {
            e.cancelField()
            editor = e
        } else {
            editor = nil
            message = .text(.changesDropped)
        }
    }

    /// `D`: asks to delete the call being edited.
    public mutating func askDelete() {
        editor?.confirmingDelete = true
        message = nil
    }

    /// `y` after `D`: deletes the call (a never-saved new call just closes).
    public mutating func confirmDelete() -> [CallPlannerEffect] {
        guard let e = editor, e.confirmingDelete else { return [] }
        editor = nil
        guard !e.isNew, calls.indices.contains(activeIndex) else { return [] }
        let removed = calls.remove(at: activeIndex)
        unsavedSince = nil
        activeIndex = min(activeIndex, max(0, calls.count - 1))
        undoStack = []
        startBeforeNow = nil
        message = .callDeleted(name: removed.name)
        return removed.id.map { [.deleteCall(id: $0)] } ?? []
    }
}
