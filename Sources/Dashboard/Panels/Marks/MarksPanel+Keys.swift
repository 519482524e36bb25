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
    case dismissNotSaved
}

/// The marks panel: keys here, state in `MarksPanelState`, update in
/// `MarksPanel+Update.swift`, drawing in `MarksPanel+Draw.swift`.
public enum MarksPanel {
    /// Space works in every mode: a sight must never be lost to a mode
    /// (`MarkKey` applies the rule before any panel or overlay sees the key;
    /// these rows put it in the help). The rest act on the focused marks panel.
    public static let keyBindings: [KeyBinding] = [
        KeyBinding([.space], .marks(.record), .keyRecordMark),
        KeyBinding(MarkKey.neverTypes, .marks(.record), .keyRecordMarkTyping),
        KeyBinding([.space], .marks(.record), .keyRecordMark, scope: .help),
        KeyBinding([.space], .marks(.record), .keyRecordMark, scope: .settings),
        KeyBinding([.space], .marks(.record), .keyRecordMark, scope: .callEditor),
        KeyBinding(MarkKey.neverTypes, .marks(.record), .keyRecordMarkTyping, scope: .callEditor),
        KeyBinding([.up, .character("k")], .marks(.newer), .keyNewerMark, scope: .panel(.marks)),
        KeyBinding([.down, .character("j")], .marks(.older), .keyOlderMark, scope: .panel(.marks)),
        KeyBinding([.pageUp], .marks(.pageNewer), .keyFiveNewer, scope: .panel(.marks)),
        KeyBinding([.pageDown], .marks(.pageOlder), .keyFiveOlder, scope: .panel(.marks)),
        KeyBinding([.home], .marks(.newest), .keyNewestMark, scope: .panel(.marks)),
        KeyBinding([.end], .marks(.oldest), .keyOldestMark, scope: .panel(.marks)),
        KeyBinding([.character("n"), .enter], .marks(.editNote), .keyEditNote, scope: .panel(.marks)),
        KeyBinding([.character("d"), .delete], .marks(.delete), .keyDeleteMark, scope: .panel(.marks)),
        KeyBinding([.character("u")], .marks(.undo), .keyUndoMarks, scope: .panel(.marks)),
        KeyBinding([.character("C")], .marks(.clearAll), .keyClearMarks, scope: .panel(.marks)),
        KeyBinding([.character("b")], .marks(.toggleBell), .keyToggleBell, scope: .panel(.marks)),
        KeyBinding([.character("f")], .marks(.toggleFlash), .keyToggleFlash, scope: .panel(.marks)),
        KeyBinding([.character("x")], .marks(.dismissNotSaved), .keyDismissNotSaved, scope: .panel(.marks)),
    ]
}
