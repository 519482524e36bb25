import Dashboard
import Foundation

/// Why the full-screen dashboard cannot start here; the message says what to
/// use instead. Exit code 2.
public struct TerminalRefusal: Error, CustomStringConvertible {
    public var reason: String
    public init(reason: String) { self.reason = reason }
    public var description: String {
        "timedeck: \(reason)\n"
            + "timedeck --plain works here: the same keys, said line by line (for screen readers, "
            + "serial consoles and dumb terminals). The non-interactive commands work anywhere: timedeck now, timedeck mars, "
            + "timedeck call, timedeck marks list (each with --json). See timedeck --help."
    }
}

/// Something the terminal delivered: a key stamped with the instant it was
/// read, or a new size.
public enum TerminalInput: Equatable {
    case key(Key, at: Date)
    case resize(Size)
}

/// The full screen as the runner sees it. The executable's `Terminal` (the
/// one file that imports curses) is the real one; tests can hand the runner
/// another.
public protocol TerminalDevice: AnyObject {
    /// The screen's size in cells.
    var size: Size { get }
    /// Keys and resizes waiting now; `clock` stamps each key as it is read.
    func readPending(clock: () -> Date) -> [TerminalInput]
    /// Puts `frame` on the screen (changed cells only).
    func draw(_ frame: Frame)
    /// The screen may show something else now (the process was stopped and
    /// continued, and curses or the shell drew there): the next `draw`
    /// sends every cell.
    func repaintAll()
    func bell()
    /// Redraws with the styles `theme` picks for the terminal's colour depth.
    func applyTheme(_ theme: (ColorDepth) -> Theme)
    /// Offers text to the terminal's clipboard (OSC 52); whether it was sent.
    func offerToClipboard(_ text: String) -> Bool
    /// Gives the screen back (idempotent).
    func close()
}

/// How the runner gets a terminal: the executable passes curses' one.
public struct TerminalOpener {
    /// Throws `TerminalRefusal` unless stdin and stdout are terminals.
    public var requireInteractive: () throws -> Void
    /// Takes over the screen.
    public var open: (_ noColor: Bool, _ theme: @escaping (ColorDepth) -> Theme) throws -> TerminalDevice

    public init(requireInteractive: @escaping () throws -> Void,
                open: @escaping (_ noColor: Bool, _ theme: @escaping (ColorDepth) -> Theme) throws -> TerminalDevice) {
        self.requireInteractive = requireInteractive
        self.open = open
    }
}
