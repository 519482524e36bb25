import Foundation
import TimeKit

/// The call planner panel: keys, and the pure glue between `update` and
/// `CallPlannerState`.
public enum CallsPanel {
    /// Play-mode keys (calls panel focused).
    public static let playBindings: [KeyBinding] = [
        KeyBinding([.right], .calls(.later), "Call 15 minutes later", scope: .panel(.calls)),
        KeyBinding([.left], .calls(.earlier), "Call 15 minutes earlier", scope: .panel(.calls)),
        KeyBinding([.shiftRight, .character("L")], .calls(.hourLater), "Call an hour later", scope: .panel(.calls)),
        KeyBinding([.shiftLeft, .character("H")], .calls(.hourEarlier), "Call an hour earlier", scope: .panel(.calls)),
        KeyBinding([.character("n")], .calls(.toggleNow), "Jump to now; again: back to the scheduled time",
                   scope: .panel(.calls)),
        KeyBinding([.character("a")], .calls(.optimizeEarliest), "Earliest: westernmost place at 07:00",
                   scope: .panel(.calls)),
        KeyBinding([.character("p")], .calls(.optimizeLatest), "Latest: easternmost place at 22:00",
                   scope: .panel(.calls)),
        KeyBinding([.character("b")], .calls(.optimizeBest), "Best time in the next 24 hours", scope: .panel(.calls)),
        KeyBinding([.character("u")], .calls(.undo), "Undo the last time change", scope: .panel(.calls)),
        KeyBinding([.character("r")], .calls(.toggleRing), "Clock ring: next 12 hours / next 60 minutes",
                   scope: .panel(.calls)),
        KeyBinding([.character("c")], .calls(.toggleClockFormat), "12- or 24-hour times", scope: .panel(.calls)),
        KeyBinding([.character("M")], .calls(.toggleMotion), "Reduced motion (no hand sweep) on/off",
                   scope: .panel(.calls)),
        KeyBinding([.enter], .calls(.edit), "Edit this call", scope: .panel(.calls)),
        KeyBinding([.character("N")], .calls(.newCall), "New call", scope: .panel(.calls)),
        KeyBinding([.character("]")], .calls(.nextCall), "Next call (older)", scope: .panel(.calls)),
        KeyBinding([.character("[")], .calls(.previousCall), "Previous call (newer)", scope: .panel(.calls)),
    ]

    /// Edit-mode keys, used while a call is being edited and no text field
    /// is open (a field takes typed characters itself).
    public static let editBindings: [KeyBinding] = [
        KeyBinding([.up, .character("k")], .calls(.editUp), "Select the place above (or the result above)",
                   scope: .callEditor),
        KeyBinding([.down, .character("j")], .calls(.editDown), "Select the place below (or the result below)",
                   scope: .callEditor),
        KeyBinding([.character("a")], .calls(.editAdd), "Add a place (search as you type)", scope: .callEditor),
        KeyBinding([.character("c")], .calls(.editChange), "Change the selected place", scope: .callEditor),
        KeyBinding([.character("x"), .delete], .calls(.editRemove), "Remove the selected place", scope: .callEditor),
        KeyBinding([.character("K"), .shiftUp], .calls(.editMoveUp), "Move the selected place up", scope: .callEditor),
        KeyBinding([.character("J"), .shiftDown], .calls(.editMoveDown), "Move the selected place down",
                   scope: .callEditor),
        KeyBinding([.character("s")], .calls(.editMakeSource), "Make the selected place the source",
                   scope: .callEditor),
        KeyBinding([.character("r")], .calls(.editRename), "Rename the call", scope: .callEditor),
        KeyBinding([.character("t")], .calls(.editDuration), "Set the duration (minutes)", scope: .callEditor),
        KeyBinding([.character("P")], .calls(.editPeople), "Names of people at the selected place",
                   scope: .callEditor),
        KeyBinding([.character("D")], .calls(.editDelete), "Delete this call (asks first)", scope: .callEditor),
        KeyBinding([.character("y")], .calls(.editConfirmDelete), "Yes, delete (after D)", scope: .callEditor),
        KeyBinding([.character("n")], .calls(.editKeep), "No, keep it (after D)", scope: .callEditor),
        KeyBinding([.enter], .calls(.editAccept), "Accept the field; with none open, save the call",
                   scope: .callEditor),
        KeyBinding([.escape], .calls(.editCancel), "Close the field; with none open, drop every change",
                   scope: .callEditor),
    ]

    /// Edit mode takes every key before the keymap (no quitting with Esc or
    /// q mid-edit); typing goes into the open field.
    static func captureKey(_ key: Key, in state: AppState) -> (AppState, [Effect])? {
        guard state.calls.isEditing, let editor = state.calls.editor else { return nil }
        if key == .control("c") { return nil }  // Ctrl-C still quits
        var next = state
        if editor.field != nil {
            switch key {
            case .character(let c):
                next.calls.editor?.type(c, search: state.calls.searchPlaces)
                return (next, [])
            case .backspace:
                next.calls.editor?.backspace(search: state.calls.searchPlaces)
                return (next, [])
            default: break
            }
        }
        guard let action = Keymap.action(for: key, in: [.callEditor]), case .calls(let a) = action else {
            return (state, [])
        }
        return perform(a, in: state)
    }

    /// Applies a calls action; the effects save or delete calls.
    static func perform(_ action: CallsAction, in state: AppState) -> (AppState, [Effect]) {
        var next = state
        let now = state.now
        var effects: [CallPlannerEffect] = []
        var saves: [Effect] = []
        var c = next.calls
        let search = state.calls.searchPlaces
        switch action {
        case .later: effects = c.move(byMinutes: 15, now: now)
        case .earlier: effects = c.move(byMinutes: -15, now: now)
        case .hourLater: effects = c.move(byMinutes: 60, now: now)
        case .hourEarlier: effects = c.move(byMinutes: -60, now: now)
        case .toggleNow: effects = c.toggleNow(now: now)
        case .optimizeEarliest: effects = c.optimize(.earliest, now: now, periods: state.settings.periods)
        case .optimizeLatest: effects = c.optimize(.latest, now: now, periods: state.settings.periods)
        case .optimizeBest: effects = c.optimize(.best, now: now, periods: state.settings.periods)
        case .undo: effects = c.undo(now: now)
        case .toggleRing: c.toggleRing()
        case .toggleClockFormat:
            saves = next.changeSetting("display", "clock", to: state.use24Hour ? "12h" : "24h")
        case .toggleMotion:
            saves = next.changeSetting("display", "reduced_motion", to: state.settings.reducedMotion ? "false" : "true")
            c.message = next.settings.reducedMotion ? "Reduced motion: hands jump." : "Hands sweep to new times."
        case .edit: c.beginEdit()
        case .newCall: c.beginNewCall(now: now, home: c.home)
        case .nextCall: effects = c.selectCall(offset: 1, now: now)
        case .previousCall: effects = c.selectCall(offset: -1, now: now)
        case .editUp, .editDown:
            let step = action == .editUp ? -1 : 1
            if case .picker = c.editor?.field { c.editor?.pickerSelect(offset: step) } else { c.editor?.select(offset: step) }
        case .editAdd: c.editor?.beginAdd(search: search)
        case .editChange: c.editor?.beginChange(search: search)
        case .editRemove: c.message = c.editor?.removeSelected()
        case .editMoveUp: c.message = c.editor?.moveSelected(-1)
        case .editMoveDown: c.message = c.editor?.moveSelected(1)
        case .editMakeSource: c.message = c.editor?.makeSelectedSource()
        case .editRename: c.editor?.beginRename()
        case .editDuration: c.editor?.beginDuration()
        case .editPeople: c.editor?.beginPeople()
        case .editDelete: c.askDelete()
        case .editConfirmDelete: effects = c.confirmDelete()
        case .editKeep: c.editor?.confirmingDelete = false
        case .editAccept:
            if c.editor?.field != nil {
                c.message = c.editor?.acceptField()
            } else {
                effects = c.confirmEdit()
            }
        case .editCancel: c.cancelEdit()
        }
        // Hands sweep only without reduced motion (read now, not copied).
        if next.settings.reducedMotion { c.sweep = nil }
        next.calls = c
        return (next, effects.map(Effect.calls) + saves)
    }

    /// A saved call came back from the store (with its id on first save).
    static func saved(_ call: CallPlan, in state: AppState) -> AppState {
        var next = state
        if let i = next.calls.calls.firstIndex(where: { $0.id == nil && $0.createdAt == call.createdAt })
            ?? next.calls.calls.firstIndex(where: { $0.id != nil && $0.id == call.id }) {
            next.calls.calls[i].id = call.id
        }
        return next
    }
}
