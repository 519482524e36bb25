/// A key as the dashboard understands it, decoded by the terminal shell.
public enum Key: Equatable, Hashable, Sendable {
    /// A printable character, including space.
    case character(Character)
    case enter
    case escape
    case tab
    case backTab
    case backspace
    case delete
    case up, down, left, right
    case shiftLeft, shiftRight, shiftUp, shiftDown
    case home, end, pageUp, pageDown
    /// Ctrl plus a letter, lower-case (`.control("c")`); `.control(" ")` is
    /// Ctrl-Space (the NUL byte).
    case control(Character)
    case function(Int)

    public static let space = Key.character(" ")
    /// Ctrl-Space: terminals send it as the NUL byte (so do Ctrl-@ and Ctrl-2).
    public static let controlSpace = Key.control(" ")

    /// How the key is written in the help overlay.
    public var label: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .shiftLeft: return "Shift-←"
        case .shiftRight: return "Shift-→"
        case .shiftUp: return "Shift-↑"
        case .shiftDown: return "Shift-↓"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .control(" "): return "Ctrl-Space"
        case .control(let c): return "Ctrl-\(String(c).uppercased())"
        case .function(let n): return "F\(n)"
        }
    }
}
