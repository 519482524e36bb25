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
    case sights(SightsAction)
    case weather(WeatherAction)
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

/// One row of the keymap: the keys, the action and the help text (a
/// catalog key, so the help shows in the interface language).
public struct KeyBinding: Equatable, Sendable {
    public var keys: [Key]
    public var action: Action
    public var help: UIText
    public var scope: KeyScope

    public init(_ keys: [Key], _ action: Action, _ help: UIText, scope: KeyScope = .main) {
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
        KeyBinding([.character("?")], .showHelp, .keyShowHelp),
        KeyBinding([.character("t")], .tellTime, .keyTellTime),
        KeyBinding([.character("w")], .snapshot, .keySnapshot),
        KeyBinding([.character("o")], .showSettings, .keySettings),
        KeyBinding([.up, .character("k")], .settingsUp, .keyPreviousSetting, scope: .settings),
        KeyBinding([.down, .character("j")], .settingsDown, .keyNextSetting, scope: .settings),
        KeyBinding([.right, .enter, .character("l")], .settingsChange(forward: true), .keyNextChoice, scope: .settings),
        KeyBinding([.left, .character("h")], .settingsChange(forward: false), .keyPreviousChoice, scope: .settings),
        KeyBinding([.escape, .character("q"), .character("o")], .closeOverlay, .keyCloseSettings, scope: .settings),
        KeyBinding([.control("c")], .quit, .keyQuitTimedeck, scope: .settings),
        KeyBinding([.character("q"), .escape, .control("c")], .quit, .keyQuit),
        KeyBinding([.tab], .focusNext, .keyFocusNext),
        KeyBinding([.backTab], .focusPrevious, .keyFocusPrevious),
        KeyBinding([.character("q"), .escape, .character("?")], .closeOverlay, .keyCloseHelp, scope: .help),
        KeyBinding([.up, .character("k")], .scrollUp, .keyScrollUp, scope: .help),
        KeyBinding([.down, .character("j")], .scrollDown, .keyScrollDown, scope: .help),
        KeyBinding([.pageUp], .pageUp, .keyPageUp, scope: .help),
        KeyBinding([.pageDown], .pageDown, .keyPageDown, scope: .help),
        KeyBinding([.control("c")], .quit, .keyQuitTimedeck, scope: .help),
    ] + PanelRegistry.all.flatMap { $0.keyBindings }

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
