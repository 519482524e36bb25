/// The rule for the mark key, in one place: a sight must never be lost to a
/// mode. Space records a mark in every mode (whatever has focus, overlays,
/// the call editor, confirm prompts) except while a text field takes typed
/// text; Ctrl-Space and F12 never type, so they record there too.
enum MarkKey {
    /// Keys that record a mark even while a text field is open (see
    /// docs/DECISIONS.md: why Ctrl-Space, and F12 beside it).
    static let neverTypes: [Key] = [.controlSpace, .function(12)]

    /// Whether `key` records a mark in `state` (before any panel sees it).
    /// A mark key only records: the mode, open prompt or field stays as it is.
    static func records(_ key: Key, in state: AppState) -> Bool {
        if neverTypes.contains(key) { return true }
        return key == .space && !fieldTakesSpace(state)
    }

    /// Whether an open text field would type Space as a character. The
    /// duration and reminder fields take no spaces, so Space marks there; the `g` input
    /// (dates like "2027-03-15 14:00") takes Space.
    static func fieldTakesSpace(_ state: AppState) -> Bool {
        if state.overlay != nil { return false }
        if case .editingNote = state.marks.mode { return true }
        // The call planner's `g` input takes any text while it is open.
        if state.calls.goTo != nil { return true }
        if state.mars.goToText != nil { return true }  // "1700 13:00" has a space
        guard state.calls.isEditing, let field = state.calls.editor?.field else { return false }
        return field.takesSpace
    }
}
