/// Swallows a terminal control string (OSC, DCS, APC, PM, SOS) whole, in 7
/// or 8 bits, so nothing inside it, and nothing it ends with, is taken as a
/// key. A paste of `ab ESC ] 0 ; x BEL C y` into the note editor is then the
/// text "abCy", not Esc followed by `C` (clear all) and `y` (confirm).
///
/// Pure: the terminal (curses) and the plain-mode `KeyDecoder` feed it
/// scalars. A string ends at BEL, ST (`ESC \` or 8-bit U+009C), CAN or SUB,
/// or when the shell tells it input paused (`close`), so a stray
/// introducer can never swallow the user's typing for good.
public struct ControlStringFilter: Equatable, Sendable {
    public private(set) var isOpen = false
    private var afterEscape = false

    public init() {}

    /// After ESC: `]` OSC, `P` DCS, `_` APC, `^` PM, `X` SOS.
    public static func opensString(afterEscape v: UInt32) -> Bool {
        v == 0x5D || v == 0x50 || v == 0x5F || v == 0x5E || v == 0x58
    }

    /// The 8-bit forms: DCS U+0090, SOS U+0098, OSC U+009D, PM U+009E, APC U+009F.
    public static func opensString(c1 v: UInt32) -> Bool {
        v == 0x90 || v == 0x98 || v == 0x9D || v == 0x9E || v == 0x9F
    }

    /// Any C1 control (U+0080–U+009F): never a key.
    public static func isC1(_ v: UInt32) -> Bool { (0x80...0x9F).contains(v) }

    public mutating func open() {
        isOpen = true
        afterEscape = false
    }

    /// Input paused: an unterminated string ends here.
    public mutating func close() {
        isOpen = false
        afterEscape = false
    }

    /// True when `v` belonged to the open string (and is dropped); the
    /// string closes after its terminator.
    public mutating func swallow(_ v: UInt32) -> Bool {
        guard isOpen else { return false }
        if afterEscape {
            // ESC \ is ST; ESC followed by anything else aborts the string
            // (xterm does the same) and both are dropped.
            close()
            return true
        }
        switch v {
        case 0x07, 0x9C, 0x18, 0x1A: close()
        case 0x1B: afterEscape = true
        default: break
        }
        return true
    }
}
