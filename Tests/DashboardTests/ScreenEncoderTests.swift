import Dashboard
import TestSupport
import Testing

/// The frame writer's bytes, replayed on a model terminal: what the screen
/// shows after them must be the frame, cell by cell and role by role.
@Suite struct ScreenEncoderTests {
    /// Styles the model terminal can read back: `ESC [ 0 m` then
    /// `ESC [ 1nn m` for the role's number (no real terminal's codes, so a
    /// role can never be mistaken for another).
    static let roles = StyleRole.allCases
    static func codes(avoidingBottomRight: Bool = false, ansi: Bool = true) -> TerminalCodes {
        var styles: [StyleRole: [UInt8]] = [:]
        for (index, role) in roles.enumerated() { styles[role] = Array("\u{1B}[0m\u{1B}[\(100 + index)m".utf8) }
        return TerminalCodes(
            cursorAddress: ansi ? .ansi : .other { row, column in Array("\u{1B}[\(row + 1);\(column + 1)f".utf8) },
            clearScreen: Array("\u{1B}[H\u{1B}[2J".utf8), reset: Array("\u{1B}[0m".utf8),
            styles: styles, avoidsBottomRightCell: avoidingBottomRight)
    }

    @Test(arguments: 0..<60) func replayingTheBytesShowsEachFrame(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let size = Size(columns: 1 + random.next(40), rows: 1 + random.next(6))
        var encoder = ScreenEncoder(codes: Self.codes(ansi: seed % 2 == 0))
        var terminal = ModelTerminal(size: size)
        var frame = Frame(size: size)
        for step in 0..<8 {
            frame = random.next(5) == 0 ? Self.randomFrame(size, &random) : Self.mutated(frame, &random)
            var bytes: [UInt8] = []
            encoder.encode(frame, into: &bytes)
            terminal.feed(bytes)
            #expect(terminal.rows == ModelTerminal.expected(frame), "seed \(seed), step \(step)")
            #expect(!terminal.scrolled)
        }
    }

    /// An unchanged frame costs nothing; one changed digit costs a cursor
    /// move and the digit, with its style only when another was selected.
    @Test func anIdleSecondSendsOnlyTheChangedDigit() {
        var encoder = ScreenEncoder(codes: Self.codes())
        var frame = Frame(size: Size(columns: 20, rows: 2))
        frame.put("12:00:00", x: 4, y: 1, role: .utcClock)
        var bytes: [UInt8] = []
        encoder.encode(frame, into: &bytes)
        #expect(bytes.starts(with: Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)))
        bytes.removeAll()
        encoder.encode(frame, into: &bytes)
        #expect(bytes.isEmpty)
        frame.put("1", x: 11, y: 1, role: .utcClock)
        encoder.encode(frame, into: &bytes)
        let clockStyle = "\u{1B}[0m\u{1B}[\(100 + Self.roles.firstIndex(of: .utcClock)!)m"
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[2;12H" + clockStyle + "1")
        bytes.removeAll()
        frame.put("2", x: 11, y: 1, role: .utcClock)
        encoder.encode(frame, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[2;12H2")
    }

    /// Runs that follow each other on a row need no cursor move between
    /// them; after a wide or non-ASCII run, whose width a terminal might
    /// count differently, the cursor is placed again.
    @Test func theCursorIsMovedOnlyWhenItIsNotAlreadyThere() {
        var encoder = ScreenEncoder(codes: Self.codes())
        var frame = Frame(size: Size(columns: 12, rows: 1))
        var bytes: [UInt8] = []
        encoder.encode(frame, into: &bytes)
        frame.put("ab", x: 0, y: 0, role: .title)
        frame.put("cd", x: 2, y: 0, role: .dim)
        frame.put("東", x: 4, y: 0, role: .normal)
        frame.put("e", x: 6, y: 0, role: .title)
        bytes.removeAll()
        encoder.encode(frame, into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        let style = { (role: StyleRole) in "\u{1B}[0m\u{1B}[\(100 + Self.roles.firstIndex(of: role)!)m" }
        #expect(text == "\u{1B}[1;1H" + style(.title) + "ab" + style(.dim) + "cd" + style(.normal) + "東"
            + "\u{1B}[1;7H" + style(.title) + "e")
    }

    /// On a terminal whose last cell scrolls the screen when written
    /// (automatic margins, no "eat newline" glitch), that cell is left out
    /// and nothing scrolls, also when a wide character would cover it.
    @Test(arguments: ["x", "東"]) func theBottomRightCellIsNeverWrittenWhereItWouldScroll(last: String) {
        let size = Size(columns: 6, rows: 3)
        var encoder = ScreenEncoder(codes: Self.codes(avoidingBottomRight: true))
        var terminal = ModelTerminal(size: size, eatsNewline: false)
        var frame = Frame(size: size)
        frame.put("abcdef", x: 0, y: 2, role: .title)
        frame.put(last, x: 6 - DisplayWidth.of(last), y: 2, role: .title)
        var bytes: [UInt8] = []
        encoder.encode(frame, into: &bytes)
        terminal.feed(bytes)
        #expect(!terminal.scrolled)
        var expected = ModelTerminal.expected(frame)
        expected[2][5] = " /-"
        if last == "東" { expected[2][4] = " /-" }
        #expect(terminal.rows == expected)
    }

    @Test func paddingIsTakenOutOfTerminfoStrings() {
        let strip = { (s: String) in String(decoding: TerminalCodes.withoutPadding(Array(s.utf8)), as: UTF8.self) }
        #expect(strip("\u{1B}[H\u{1B}[J$<50>") == "\u{1B}[H\u{1B}[J")
        #expect(strip("\u{1B}[%i%p1%d;%p2%dH$<5>") == "\u{1B}[%i%p1%d;%p2%dH")
        #expect(strip("\u{1B}[m\u{0F}$<2/>") == "\u{1B}[m\u{0F}")
        #expect(strip("$<1.5*>x") == "x")
        #expect(strip("a$b$<c>") == "a$b$<c>")
        #expect(strip("$<12") == "$<12")
    }

    /// After `forgetScreen` (a resize, a stop and continue) the next frame
    /// starts with a clear and is sent whole, even when it is the same.
    @Test func aForgottenScreenIsSentWhole() {
        var encoder = ScreenEncoder(codes: Self.codes())
        var frame = Frame(size: Size(columns: 8, rows: 2))
        frame.put("hello", x: 1, y: 1)
        var first: [UInt8] = []
        encoder.encode(frame, into: &first)
        encoder.forgetScreen()
        var again: [UInt8] = []
        encoder.encode(frame, into: &again)
        #expect(again == first)
    }

    private static func randomFrame(_ size: Size, _ random: inout SplitMix64) -> Frame {
        mutated(Frame(size: size), &random, edits: 3 + random.next(12))
    }

    private static func mutated(_ frame: Frame, _ random: inout SplitMix64, edits: Int? = nil) -> Frame {
        var copy = frame
        let pieces = ["a", "東", "bc", "é", "京x", " ", "12:00", "🙂", "e\u{301}", "⣿⠁", "–"]
        let roles: [StyleRole] = [.normal, .title, .utcClock, .dim]
        for _ in 0..<(edits ?? 1 + random.next(4)) {
            copy.put(pieces[random.next(pieces.count)], x: random.next(copy.size.columns),
                     y: random.next(copy.size.rows), role: roles[random.next(roles.count)])
        }
        return copy
    }
}

/// A terminal as far as the writer uses one: cursor addressing (`H` and
/// `f`), clear, the test's role styles, and UTF-8 text where a wide
/// character takes two cells and a combining mark joins the cell before.
/// Automatic margins: a character written past the last column wraps to
/// the next row, and at the bottom the screen scrolls (`scrolled`); with
/// `eatsNewline` (xterm's `xenl`) the wrap waits for the next character.
struct ModelTerminal {
    var rows: [[String]]
    var scrolled = false
    private let size: Size
    private let eatsNewline: Bool
    private var x = 0
    private var y = 0
    private var role = "-"
    private var pendingWrap = false
    private var lastCell: (x: Int, y: Int)?

    init(size: Size, eatsNewline: Bool = true) {
        self.size = size
        self.eatsNewline = eatsNewline
        rows = Array(repeating: Array(repeating: "?", count: size.columns), count: size.rows)
    }

    /// What the screen must show for `frame`: each cell's text and role, a
    /// wide character's right half as `<tail>`.
    static func expected(_ frame: Frame) -> [[String]] {
        (0..<frame.size.rows).map { y in
            (0..<frame.size.columns).map { x in
                let cell = frame[x, y]
                guard !cell.isWideTail else { return "<tail>" }
                return "\(cell.character)/\(ScreenEncoderTests.roles.firstIndex(of: cell.role)!)"
            }
        }
    }

    mutating func feed(_ bytes: [UInt8]) {
        var i = 0
        var text: [UInt8] = []
        func flushText() {
            for scalar in String(decoding: text, as: UTF8.self).unicodeScalars { put(scalar) }
            text.removeAll()
        }
        while i < bytes.count {
            guard bytes[i] == 0x1B else { text.append(bytes[i]); i += 1; continue }
            flushText()
            precondition(i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "["), "not a CSI sequence")
            var j = i + 2
            while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
            let parameters = String(decoding: bytes[(i + 2)..<j], as: UTF8.self).split(separator: ";").map { Int($0) ?? 0 }
            switch bytes[j] {
            case UInt8(ascii: "H"), UInt8(ascii: "f"):
                y = max(0, (parameters.first ?? 1) - 1)
                x = max(0, (parameters.count > 1 ? parameters[1] : 1) - 1)
                pendingWrap = false
            case UInt8(ascii: "J"):
                rows = Array(repeating: Array(repeating: " /\(role)", count: size.columns), count: size.rows)
            case UInt8(ascii: "m"):
                let n = parameters.first ?? 0
                role = n >= 100 ? String(n - 100) : "-"
            default:
                Issue.record("unexpected sequence ending in \(Character(Unicode.Scalar(bytes[j])))")
            }
            i = j + 1
        }
        flushText()
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        let width = DisplayWidth.of(scalar)
        if width == 0 {
            // A combining mark: joins the character last written.
            if let last = lastCell {
                let cell = rows[last.y][last.x]
                let slash = cell.lastIndex(of: "/")!
                rows[last.y][last.x] = String(cell[..<slash]) + String(scalar) + String(cell[slash...])
            }
            return
        }
        if pendingWrap || x + width > size.columns { newline() }
        rows[y][x] = "\(Character(scalar))/\(role)"
        if width == 2 { rows[y][x + 1] = "<tail>" }
        lastCell = (x, y)
        x += width
        if x >= size.columns {
            if eatsNewline { pendingWrap = true } else { newline() }
        }
    }

    private mutating func newline() {
        pendingWrap = false
        x = 0
        if y + 1 < size.rows {
            y += 1
        } else {
            scrolled = true
        }
    }
}
