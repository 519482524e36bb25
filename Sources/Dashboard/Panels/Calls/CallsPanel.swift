import Foundation
import TimeKit

/// The call planner panel: keys, and the pure glue between `update` and
/// `CallPlannerState`.
public enum CallsPanel {
    /// Play-mode keys (calls panel focused).
    public static let playBindings: [KeyBinding] = [
        KeyBinding([.right], .calls(.later), .keyCallLater, scope: .panel(.calls)),
        KeyBinding([.left], .calls(.earlier), .keyCallEarlier, scope: .panel(.calls)),
        KeyBinding([.shiftRight, .character("L")], .calls(.hourLater), .keyCallHourLater, scope: .panel(.calls)),
        KeyBinding([.shiftLeft, .character("H")], .calls(.hourEarlier), .keyCallHourEarlier, scope: .panel(.calls)),
        KeyBinding([.character("n")], .calls(.toggleNow), .keyToggleNow,
                   scope: .panel(.calls)),
        KeyBinding([.character("a")], .calls(.optimizeEarliest), .keyOptimizeEarliest,
                   scope: .panel(.calls)),
        KeyBinding([.character("p")], .calls(.optimizeLatest), .keyOptimizeLatest,
                   scope: .panel(.calls)),
        KeyBinding([.character("b")], .calls(.optimizeBest), .keyOptimizeBest, scope: .panel(.calls)),
        KeyBinding([.character("u")], .calls(.undo), .keyUndoTimeChange, scope: .panel(.calls)),
        KeyBinding([.character("r")], .calls(.toggleRing), .keyToggleRing,
                   scope: .panel(.calls)),
        KeyBinding([.character("c")], .calls(.toggleClockFormat), .keyToggleClockFormat, scope: .panel(.calls)),
        KeyBinding([.character("M")], .calls(.toggleMotion), .keyToggleMotion,
                   scope: .panel(.calls)),
        KeyBinding([.enter], .calls(.edit), .keyEditCall, scope: .panel(.calls)),
        KeyBinding([.character("N")], .calls(.newCall), .keyNewCall, scope: .panel(.calls)),
        KeyBinding([.character("]")], .calls(.nextCall), .keyNextCall, scope: .panel(.calls)),
        KeyBinding([.character("[")], .calls(.previousCall), .keyPreviousCall, scope: .panel(.calls)),
        KeyBinding([.character("g")], .calls(.goTo), .keyGoTo, scope: .panel(.calls)),
    ]

    /// Edit-mode keys, used while a call is being edited and no text field
    /// is open (a field takes typed characters itself).
    public static let editBindings: [KeyBinding] = [
        KeyBinding([.up, .character("k")], .calls(.editUp), .keyEditUp,
                   scope: .callEditor),
        KeyBinding([.down, .character("j")], .calls(.editDown), .keyEditDown,
                   scope: .callEditor),
        KeyBinding([.character("a")], .calls(.editAdd), .keyEditAdd, scope: .callEditor),
        KeyBinding([.character("c")], .calls(.editChange), .keyEditChange, scope: .callEditor),
        KeyBinding([.character("x"), .delete], .calls(.editRemove), .keyEditRemove, scope: .callEditor),
        KeyBinding([.character("K"), .shiftUp], .calls(.editMoveUp), .keyEditMoveUp, scope: .callEditor),
        KeyBinding([.character("J"), .shiftDown], .calls(.editMoveDown), .keyEditMoveDown,
                   scope: .callEditor),
        KeyBinding([.character("s")], .calls(.editMakeSource), .keyEditMakeSource,
                   scope: .callEditor),
        KeyBinding([.character("r")], .calls(.editRename), .keyEditRename, scope: .callEditor),
        KeyBinding([.character("t")], .calls(.editDuration), .keyEditDuration, scope: .callEditor),
        KeyBinding([.character("m")], .calls(.editReminder), .keyEditReminder, scope: .callEditor),
        KeyBinding([.character("P")], .calls(.editPeople), .keyEditPeople,
                   scope: .callEditor),
        KeyBinding([.character("D")], .calls(.editDelete), .keyEditDelete, scope: .callEditor),
        KeyBinding([.character("y")], .calls(.editConfirmDelete), .keyEditConfirmDelete, scope: .callEditor),
        KeyBinding([.character("n")], .calls(.editKeep), .keyEditKeep, scope: .callEditor),
        KeyBinding([.enter], .calls(.editAccept), .keyEditAccept,
                   scope: .callEditor),
        KeyBinding([.escape], .calls(.editCancel), .keyEditCancel,
                   scope: .callEditor),
    ]

    /// Edit mode takes every key before the keymap (no quitting with Esc or
    /// q mid-edit); typing goes into the open field.
    static func captureKey(_ key: Key, in state: AppState) -> (AppState, [Effect])? {
        if state.calls.goTo != nil { return captureGoTo(key, in: state) }
        guard state.calls.isEditing, let editor = state.calls.editor else { return nil }
        if key == .control("c") { return nil }  // Ctrl-C still quits
        var next = state
        let search = placeSearch(state)
        if editor.field != nil {
            switch key {
            case .character(let c):
                next.calls.editor?.type(c, search: search)
                return (next, [])
            case .backspace:
                next.calls.editor?.backspace(search: search)
                return (next, [])
            default: break
            }
        }
        guard let action = Keymap.action(for: key, in: [.callEditor]), case .calls(let a) = action else {
            return (state, [])
        }
        return perform(a, in: state)
    }

    /// The picker's search; "here" finds the city nearest the user's
    /// position (looked up only when asked: it scans every city).
    static func placeSearch(_ state: AppState) -> (String) -> [PlaceChoice] {
        { query in state.calls.searchPlaces(query, here: PlaceDatabase.isHere(query) ? state.herePlace : nil) }
    }

    /// The `g` input takes every key while open: typed text (Space too; the
    /// mark key rule knows, `MarkKey.fieldTakesSpace`), Backspace, Enter to
    /// go, Esc to leave the call as it was. Ctrl-C still quits.
    static func captureGoTo(_ key: Key, in state: AppState) -> (AppState, [Effect])? {
        if key == .control("c") { return nil }
        var next = state
        var effects: [CallPlannerEffect] = []
        switch key {
        case .character(let c): next.calls.typeGoTo(c)
        case .backspace: next.calls.backspaceGoTo()
        case .enter: effects = next.calls.acceptGoTo(now: state.now)
        case .escape: next.calls.cancelGoTo()
        default: return (state, [])
        }
        if next.settings.reducedMotion { next.calls.sweep = nil }
        return (next, effects.map(Effect.calls))
    }

    /// Applies a calls action; the effects save or delete calls.
    static func perform(_ action: CallsAction, in state: AppState) -> (AppState, [Effect]) {
        var next = state
        let now = state.now
        var effects: [CallPlannerEffect] = []
        var saves: [Effect] = []
        var c = next.calls
        let search = placeSearch(state)
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
            saves = next.changeSetting(.clock(state.use24Hour ? .twelveHour : .twentyFourHour))
        case .toggleMotion:
            saves = next.changeSetting(.reducedMotion(!state.settings.reducedMotion))
            c.message = .text(next.settings.reducedMotion ? .reducedMotionOn : .handsSweep)
        case .edit: c.beginEdit()
        case .newCall: c.beginNewCall(now: now, home: c.home, name: state.language.text(.newCallName))
        case .nextCall: effects = c.selectCall(offset: 1, now: now)
        case .previousCall: effects = c.selectCall(offset: -1, now: now)
        case .goTo: c.beginGoTo()
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
        case .editReminder: c.editor?.beginReminder()
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

    /// A result from the shell.
    static func handle(_ event: CallsEvent, in state: AppState) -> AppState {
        var next = state
        switch event {
        case .saved(let call): return saved(call, in: state)
        case .reloaded(let calls): next.calls.reload(calls)
        case .storeFailed(let problem): next.calls.message = .callNotSaved(problem)
        }
        return next
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

/// What comes back to the call planner from the shell.
public enum CallsEvent: Equatable, Sendable {
    /// A call was stored (carrying its id after the first save).
    case saved(CallPlan)
    /// The stored calls, read again because another process (`timedeck
    /// calls add`, a second dashboard) changed the database.
    case reloaded([CallPlan])
    /// Storing or deleting a call failed.
    case storeFailed(StoreProblem)
}
