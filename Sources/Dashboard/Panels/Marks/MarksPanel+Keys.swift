/// What a key does in the marks panel.
public enum MarksAction: Equatable, Hashable, Sendable {
    case record
    case newer, older, pageNewer, pageOlder, newest, oldest
    case editNote
    case delete
    case undo
    case clearAll
    case toggleBell
    case toggleFlash
}

/// The marks panel: keys here, state in `MarksPanelState`, update in
/// `MarksPanel+Update.swift`, drawing in `Render/Panels/MarksPanel+Draw.swift`.
public enum MarksPanel {
    /// Space works in every mode: a sight must never be lost to a mode
    /// (`MarkKey` applies the rule before any panel or overlay sees the key;
    /// these rows put it in the help). The rest act on the focused marks panel.
    public static let keyBindings: [KeyBinding] = [
        KeyBinding([.space], .marks(.record), recordHelp),
        KeyBinding(MarkKey.neverTypes, .marks(.record), recordTypingHelp),
        KeyBinding([.space], .marks(.record), recordHelp, scope: .help),
        KeyBinding([.space], .marks(.record), recordHelp, scope: .settings),
        KeyBinding([.space], .marks(.record), recordHelp, scope: .callEditor),
        KeyBinding(MarkKey.neverTypes, .marks(.record), recordTypingHelp, scope: .callEditor),
        KeyBinding([.up, .character("k")], .marks(.newer), "Select the newer mark", scope: .panel(.marks)),
        KeyBinding([.down, .character("j")], .marks(.older), "Select the older mark", scope: .panel(.marks)),
        KeyBinding([.pageUp], .marks(.pageNewer), "Five marks newer", scope: .panel(.marks)),
        KeyBinding([.pageDown], .marks(.pageOlder), "Five marks older", scope: .panel(.marks)),
        KeyBinding([.home], .marks(.newest), "Newest mark", scope: .panel(.marks)),
        KeyBinding([.end], .marks(.oldest), "Oldest mark", scope: .panel(.marks)),
        KeyBinding([.character("n"), .enter], .marks(.editNote), "Add or edit the selected mark's note", scope: .panel(.marks)),
        KeyBinding([.character("d"), .delete], .marks(.delete), "Delete the selected mark (u undoes)", scope: .panel(.marks)),
        KeyBinding([.character("u")], .marks(.undo), "Undo the last delete, clear or note edit", scope: .panel(.marks)),
        KeyBinding([.character("C")], .marks(.clearAll), "Clear all marks (asks first; u undoes)", scope: .panel(.marks)),
        KeyBinding([.character("b")], .marks(.toggleBell), "Bell on/off for new marks", scope: .panel(.marks)),
        KeyBinding([.character("f")], .marks(.toggleFlash), "Flash on/off for new marks", scope: .panel(.marks)),
    ]

    static let recordHelp = "Record a mark (exact UTC instant)"
    /// Where Space types (a note, a name, a place search), these still mark.
    static let recordTypingHelp = "Record a mark, also while typing in a field"
}
