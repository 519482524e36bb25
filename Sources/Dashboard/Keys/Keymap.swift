/// What a key does, independent of which key it is.
public enum Action: Equatable, Hashable, Sendable {
    case quit
    /// Write a snapshot of the screen and a data summary to the data folder.
    case snapshot
    /// Open the settings overlay.
    case showSettings
    /// In the settings overlay: select the previous / next setting.
    case settingsUp, settingsDown
    /// In the settings overlay: the next / previous choice (saved at once).
    case settingsChange(forward: Bool)
    case showHelp
    case closeOverlay
    case scrollUp
    case scrollDown
    /// In the help: a page up / down.
    case pageUp
    case pageDown
    case focusNext
    case focusPrevious
    case calls(CallsAction)
    /// Say the time (plain mode); on screen it is always shown.
    case tellTime
    case marks(MarksAction)
    case mars(MarsAction)
}

/// Where a binding applies.
public enum KeyScope: Equatable, Hashable, Sendable {
    /// On the main screen, whatever panel has focus.
    case main
    /// Only while this panel has focus.
    case panel(PanelID)
    /// While the help overlay is open.
    case help
    /// While the settings overlay is open.
    case settings
    /// While a call is being edited (keys captured by the calls panel).
    case callEditor
}

/// One row of the keymap: the keys, the action and the help text.
public struct KeyBinding: Equatable, Sendable {
    public var keys: [Key]
    public var action: Action
    public var help: String
    public var scope: KeyScope

    public init(_ keys: [Key], _ action: Action, _ help: String, scope: KeyScope = .main) {
        self.keys = keys
        self.action = action
        self.help = help
        self.scope = scope
    }
}

/// The single keymap table: dispatch and the help overlay both read it, so
/// the help can never drift from behaviour.
public enum Keymap {
    public static let bindings: [KeyBinding] = [
        KeyBinding([.character("?")], .showHelp, "Show this help"),
        KeyBinding([.character("t")], .tellTime, "Say the time (plain mode)"),
        KeyBinding([.character("w")], .snapshot, "Save a snapshot of the screen and data"),
        KeyBinding([.character("o")], .showSettings, "Settings (saved to the config file)"),
        KeyBinding([.up, .character("k")], .settingsUp, "Previous setting", scope: .settings),
        KeyBinding([.down, .character("j")], .settingsDown, "Next setting", scope: .settings),
        KeyBinding([.right, .enter, .character("l")], .settingsChange(forward: true), "Next choice (saved at once)", scope: .settings),
        KeyBinding([.left, .character("h")], .settingsChange(forward: false), "Previous choice (saved at once)", scope: .settings),
        KeyBinding([.escape, .character("q"), .character("o")], .closeOverlay, "Close the settings", scope: .settings),
        KeyBinding([.control("c")], .quit, "Quit timedeck", scope: .settings),
        KeyBinding([.character("q"), .escape, .control("c")], .quit, "Quit"),
        KeyBinding([.tab], .focusNext, "Focus the next panel"),
        KeyBinding([.backTab], .focusPrevious, "Focus the previous panel"),
        KeyBinding([.character("q"), .escape, .character("?")], .closeOverlay, "Close the help", scope: .help),
        KeyBinding([.up, .character("k")], .scrollUp, "Scroll up", scope: .help),
        KeyBinding([.down, .character("j")], .scrollDown, "Scroll down", scope: .help),
        KeyBinding([.pageUp], .pageUp, "A page up", scope: .help),
        KeyBinding([.pageDown], .pageDown, "A page down", scope: .help),
        KeyBinding([.control("c")], .quit, "Quit timedeck", scope: .help),
    ] + MarksPanel.keyBindings + MarsPanel.keyBindings + CallsPanel.keyBindings + CallsPanel.editBindings

    /// The action bound to `key` in the first matching scope, in order.
    public static func action(for key: Key, in scopes: [KeyScope]) -> Action? {
        for scope in scopes {
            if let binding = bindings.first(where: { $0.scope == scope && $0.keys.contains(key) }) {
                return binding.action
            }
        }
        return nil
    }

    /// Bindings shown in the help, in table order, for the given scopes.
    public static func helpRows(for scopes: [KeyScope]) -> [KeyBinding] {
        bindings.filter { scopes.contains($0.scope) }
    }
}
