/// What a terminal needs to be sent to move the cursor, select a style and
/// clear the screen: read from terminfo by the shell, plain bytes here so
/// `ScreenEncoder` stays pure and testable.
public struct TerminalCodes: Sendable {
    /// How the cursor is addressed.
    public enum CursorAddress: Sendable {
        /// `ESC [ row ; column H`, one-based (every terminal in use today;
        /// formatted here, with no terminfo call per move).
        case ansi
        /// Any other form: the bytes for a zero-based row and column.
        case other(@Sendable (_ row: Int, _ column: Int) -> [UInt8])
    }

    public var cursorAddress: CursorAddress
    /// Clears the whole screen (and homes the cursor).
    public var clearScreen: [UInt8]
    /// Every attribute and colour back to the terminal's default.
    public var reset: [UInt8]
    /// For each role, the bytes that select its style from any state (each
    /// starts with `reset`).
    public var styles: [StyleRole: [UInt8]]
    /// Writing the bottom-right cell would scroll the screen (automatic
    /// margins without the "eat newline" glitch, e.g. TERM=ansi): that one
    /// cell is never written.
    public var avoidsBottomRightCell: Bool

    public init(cursorAddress: CursorAddress, clearScreen: [UInt8], reset: [UInt8],
                styles: [StyleRole: [UInt8]], avoidsBottomRightCell: Bool) {
        self.cursorAddress = cursorAddress
        self.clearScreen = clearScreen
        self.reset = reset
        self.styles = styles
        self.avoidsBottomRightCell = avoidsBottomRightCell
    }

    /// A terminfo string without its padding (`$<5>`, `$<2/>`, `$<3*>`):
    /// delays for hardware terminals, which no terminal emulator needs and
    /// which must not reach the screen as text.
    public static func withoutPadding(_ capability: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(capability.count)
        var i = 0
        while i < capability.count {
            if capability[i] == UInt8(ascii: "$"), i + 1 < capability.count, capability[i + 1] == UInt8(ascii: "<"),
               let close = capability[(i + 2)...].firstIndex(of: UInt8(ascii: ">")),
               capability[(i + 2)..<close].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                   || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "/") }) {
                i = close + 1
                continue
            }
            out.append(capability[i])
            i += 1
        }
        return out
    }
}

/// Turns each new frame into the bytes that bring the terminal from the
/// frame last sent to it: the changed runs of `FrameDiff`, each preceded by
/// a cursor move unless the cursor is already there and a style change
/// unless the style is already set. The whole frame is one buffer, written
/// by the shell in one `write` (curses' `doupdate` wrote a frame in up to
/// ten, and spent more instructions than the diff itself).
///
/// Pure: what the terminal shows is its own state, so a test can replay the
/// bytes on a model terminal and compare.
public struct ScreenEncoder: Sendable {
    public private(set) var codes: TerminalCodes
    /// The frame the terminal shows, as far as this encoder knows.
    private var shown: Frame?
    /// The role whose style the terminal has selected; nil when unknown.
    private var role: StyleRole?
    /// Where the cursor is; nil when unknown (after a wide or non-ASCII
    /// run, whose width the terminal might count otherwise, or at the
    /// right margin, where the next character would wrap).
    private var cursorX = -1
    private var cursorY = -1

    public init(codes: TerminalCodes) {
        self.codes = codes
    }

    /// The screen may show anything now (a resize, a stop and continue,
    /// another theme): the next frame is sent whole, after a clear.
    public mutating func forgetScreen() {
        shown = nil
        role = nil
        cursorX = -1
    }

    /// New styles (another theme); the next frame is sent whole.
    public mutating func setCodes(_ codes: TerminalCodes) {
        self.codes = codes
        forgetScreen()
    }

    /// Appends to `bytes` what turns the screen into `frame` (nothing when
    /// it already shows it).
    public mutating func encode(_ frame: Frame, into bytes: inout [UInt8]) {
        let full = shown?.size != frame.size
        if full {
            bytes += codes.reset
            bytes += codes.clearScreen
            role = nil
            cursorX = -1
        }
        let columns = frame.size.columns
        let lastRow = frame.size.rows - 1
        FrameDiff.forEachChangedSpan(old: full ? nil : shown, new: frame) { x, y, end, runRole, scalars in
            var end = end
            var count = scalars.count
            if codes.avoidsBottomRightCell, y == lastRow, end == columns {
                // Leave out the last cell's character (and a wide one
                // covering it): the one write that would scroll.
                let cut = Self.scalarsBefore(column: columns - 1, row: y, from: x, in: frame)
                count = cut.scalars
                end = cut.column
                if count == 0 { return }
            }
            if cursorX != x || cursorY != y { moveCursor(row: y, column: x, into: &bytes) }
            if role != runRole {
                bytes += codes.styles[runRole] ?? codes.reset
                role = runRole
            }
            var ascii = true
            for scalar in scalars[..<count] {
                let v = scalar.value
                if v < 0x80 {
                    bytes.append(UInt8(v))
                } else {
                    ascii = false
                    Self.appendUTF8(v, to: &bytes)
                }
            }
            if ascii, end < columns, end - x == count {
                cursorX = end
                cursorY = y
            } else {
                cursorX = -1
            }
        }
        shown = frame
    }

    private mutating func moveCursor(row: Int, column: Int, into bytes: inout [UInt8]) {
        switch codes.cursorAddress {
        case .ansi:
            bytes.append(0x1B)
            bytes.append(UInt8(ascii: "["))
            Self.appendDecimal(row + 1, to: &bytes)
            bytes.append(UInt8(ascii: ";"))
            Self.appendDecimal(column + 1, to: &bytes)
            bytes.append(UInt8(ascii: "H"))
        case .other(let address):
            bytes += address(row, column)
        }
    }

    /// How many of the scalars of the run starting at `from` on `row` lie
    /// wholly before `column`, and the column after them.
    private static func scalarsBefore(column: Int, row: Int, from: Int, in frame: Frame) -> (scalars: Int, column: Int) {
        var buffer: [Unicode.Scalar] = []
        var x = from
        var end = from
        while x < column {
            let cell = frame[x, row]
            if cell.isWideTail { x += 1; end = x; continue }
            let width = x + 1 < frame.size.columns && frame[x + 1, row].isWideTail ? 2 : 1
            if x + width > column { break }
            cell.appendScalars(to: &buffer)
            x += width
            end = x
        }
        return (buffer.count, end)
    }

    @inline(__always)
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    @inline(__always)
    static func appendUTF8(_ v: UInt32, to bytes: inout [UInt8]) {
        switch v {
        case ..<0x80:
            bytes.append(UInt8(v))
        case ..<0x800:
            bytes.append(0xC0 | UInt8(v >> 6))
            bytes.append(0x80 | UInt8(v & 0x3F))
        case ..<0x1_0000:
            bytes.append(0xE0 | UInt8(v >> 12))
            bytes.append(0x80 | UInt8((v >> 6) & 0x3F))
            bytes.append(0x80 | UInt8(v & 0x3F))
        default:
            bytes.append(0xF0 | UInt8(v >> 18))
            bytes.append(0x80 | UInt8((v >> 12) & 0x3F))
            bytes.append(0x80 | UInt8((v >> 6) & 0x3F))
            bytes.append(0x80 | UInt8(v & 0x3F))
        }
    }
}
