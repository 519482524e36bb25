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

    /// Whether an open text field would type Space as a character: each
    /// panel says so for its own fields (`DashboardPanel.fieldTakesSpace`);
    /// an overlay has no text field.
    static func fieldTakesSpace(_ state: AppState) -> Bool {
        if state.overlay != nil { return false }
        return PanelRegistry.all.contains { $0.fieldTakesSpace(state) }
    }
}
