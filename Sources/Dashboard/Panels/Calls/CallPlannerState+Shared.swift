import Foundation
import TimeKit

/// Calls shared with other processes (`timedeck calls add` in a shell, a
/// second dashboard), and the reminders of saved calls. Pure: `now` and the
/// reminder setting are passed in.
extension CallPlannerState {
    /// The calls as stored, read again because another process changed the
    /// database. The active call stays active (by id); its time change not
    /// yet saved, and calls not saved yet (no id), are kept as they are
    /// here; while a call is being edited its draft is untouched.
    public mutating func reload(_ stored: [CallPlan]) {
        let firstRunOnly = isFirstRunOnly
        // Nothing stored and nothing saved here: keep the suggestion.
        if stored.isEmpty && firstRunOnly { return }
        let active = activeCall
        // A reminder given here whose record is still on its way to the
        // store (the read may predate the write) is not given again.
        var merged = stored.map { call -> CallPlan in
            var call = call
            if call.remindedStart != call.start,
               let local = calls.first(where: { $0.id != nil && $0.id == call.id }), local.start == call.start,
               local.remindedStart == call.start {
                call.remindedStart = local.remindedStart
            }
            return call
        }
        if unsavedSince != nil, let active, active.id != nil, let i = merged.firstIndex(where: { $0.id == active.id }) {
            merged[i] = active
        }
        // New calls whose first save has not come back yet (the first-run
        // suggestion gives way to the stored calls).
        merged = (firstRunOnly ? [] : calls.filter { $0.id == nil }) + merged
        // The call being edited was removed elsewhere: keep it, so the
        // editor's confirm saves it again rather than overwriting another.
        if isEditing, let active, active.id != nil, !merged.contains(where: { $0.id == active.id }) {
            merged.insert(active, at: 0)
        }
        guard merged != calls else { return }
        calls = merged
        let index = active.flatMap { a in
            calls.firstIndex { a.id != nil ? $0.id == a.id : ($0.id == nil && $0.createdAt == a.createdAt) }
        }
        if let index {
            activeIndex = index
        } else {
            activeIndex = 0
            undoStack = []
            startBeforeNow = nil
            sweep = nil
            unsavedSince = nil
        }
    }

    /// True while the only calls are the first-run suggestion, unchanged
    /// and never saved.
    var isFirstRunOnly: Bool {
        !calls.isEmpty && calls.allSatisfy { $0.id == nil } && !isEditing && unsavedSince == nil
    }

    /// The reminders that fall due at `now` (see `CallReminders.due`): each
    /// call is marked as reminded for its start and returned, with the
    /// effects that record that in the store.
    public mutating func takeDueReminders(now: Date, setting: Int?) -> (calls: [CallPlan], effects: [CallPlannerEffect]) {
        let due = CallReminders.due(calls, now: now, setting: setting)
        var reminded: [CallPlan] = []
        var effects: [CallPlannerEffect] = []
        for i in due {
            calls[i].remindedStart = calls[i].start
            reminded.append(calls[i])
            if let id = calls[i].id { effects.append(.markReminded(id: id, start: calls[i].start)) }
        }
        return (reminded, effects)
    }

    /// The next saved call at or after `now`.
    public func nextCall(now: Date) -> CallPlan? { CallReminders.next(calls, now: now) }
}
