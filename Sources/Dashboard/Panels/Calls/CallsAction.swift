import Foundation

/// What the call planner's keys do (play mode and edit mode).
public enum CallsAction: Equatable, Hashable, Sendable {
    // Play mode.
    case later, earlier, hourLater, hourEarlier
    case toggleNow
    case optimizeEarliest, optimizeLatest, optimizeBest
    case undo
    case toggleRing, toggleClockFormat, toggleMotion
    case edit, newCall, nextCall, previousCall
    /// `g`: type a date and time to go to.
    case goTo
    // Edit mode (keys captured while editing; see `CallsPanel.captureKey`).
    case editUp, editDown
    case editAdd, editChange, editRemove, editMoveUp, editMoveDown, editMakeSource
    case editRename, editDuration, editReminder, editPeople
    case editDelete, editConfirmDelete, editKeep
    case editAccept, editCancel
}
