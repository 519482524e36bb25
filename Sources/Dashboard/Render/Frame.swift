import TimeKit

/// One character cell of a frame: what is shown and what it means.
public struct Cell: Equatable, Hashable, Sendable {
    public var character: Character
    public var role: StyleRole

    public init(_ character: Character, _ role: StyleRole = .normal) {
        self.character = character
        self.role = role
    }

    public static let blank = Cell(" ")
    /// The right half of a double-width character; never drawn itself.
    public static let wideTail = Cell("\u{0}")

    public var isWideTail: Bool { character == "\u{0}" }
}

/// A grid of cells that `render` draws into; the terminal shell copies it to
/// the screen (sending only cells that changed since the last frame).
///
/// Writes are clipped to the frame and to an optional rectangle, so widgets
/// never need to check bounds themselves.
public struct Frame: Equatable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]

    public init(size: Size) {
        self.size = Size(columns: max(0, size.columns), rows: max(0, size.rows))
        cells = Array(repeating: .blank, count: self.size.columns * self.size.rows)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: size.columns, height: size.rows) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.columns + x] }
        set { cells[y * size.columns + x] = newValue }
    }

    /// Writes `text` from column `x` on row `y`, clipped to `clip` (default
    /// the whole frame). Control and bidi characters are shown as visible
    /// stand-ins (`InertText`: `␛`, `U+202E`), so no text can ever reach the
    /// terminal as an escape sequence or reorder what is drawn. Returns the
    /// column after the last cell written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, role: StyleRole = .normal, clip: Rect? = nil) -> Int {
        let area = clip ?? bounds
        guard y >= max(0, area.y), y < min(size.rows, area.maxY) else { return x }
        let left = max(0, area.x)
        let right = min(size.columns, area.maxX)
        var column = x
        // Printable ASCII (most of what a frame holds): one byte is one
        // column and needs no sanitizing or width lookup; the same cells
        // as the general path below, without a grapheme walk per frame.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            for byte in text.utf8 {
                if column + 1 > right { break }
                if column >= left {
                    clearWideNeighbours(x: column, y: y, width: 1)
                    self[column, y] = Cell(Character(Unicode.Scalar(byte)), role)
                }
                column += 1
            }
            return column
        }
        for ch in InertText.display(text) {
            let shown = Self.inert(ch)
            let width = DisplayWidth.of(shown)
            if width == 0 { continue }
            if column + width > right { break }
            if column >= left {
                clearWideNeighbours(x: column, y: y, width: width)
                self[column, y] = Cell(shown, role)
                if width == 2 { self[column + 1, y] = .wideTail }
            }
            column += width
        }
        return column
    }

    /// Before cells `x ..< x + width` are overwritten: a double-width
    /// character cut in half by the write is replaced by a space, so no row
    /// ever holds half a character (which would shift the rest of the line).
    mutating func clearWideNeighbours(x: Int, y: Int, width: Int) {
        if self[x, y].isWideTail, x > 0 { self[x - 1, y] = Cell(" ", self[x - 1, y].role) }
        let last = x + width - 1
        if last + 1 < size.columns, self[last + 1, y].isWideTail { self[last + 1, y] = Cell(" ", self[last + 1, y].role) }
    }

    /// Writes `text` centred in `rect` on row `y`.
    public mutating func putCentered(_ text: String, in rect: Rect, y: Int, role: StyleRole = .normal) {
        let width = DisplayWidth.of(text)
        put(text, x: rect.x + max(0, (rect.width - width) / 2), y: y, role: role, clip: rect)
    }

    /// Fills `rect` with `character` in `role`.
    public mutating func fill(_ rect: Rect, with character: Character = " ", role: StyleRole = .normal) {
        let clipped = intersect(rect)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            clearWideNeighbours(x: clipped.x, y: y, width: clipped.width)
            for x in clipped.x..<clipped.maxX { self[x, y] = Cell(character, role) }
        }
    }

    /// Sets the role of every cell in `rect`, keeping the characters.
    public mutating func paint(_ rect: Rect, role: StyleRole) {
        let clipped = intersect(rect)
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX { self[x, y].role = role }
        }
    }

    /// Draws a single-line box around `rect` with an optional title.
    public mutating func box(_ rect: Rect, title: String? = nil, role: StyleRole = .border, titleRole: StyleRole = .title) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let top = rect.y, bottom = rect.maxY - 1, left = rect.x, right = rect.maxX - 1
        // Single-width box characters, set cell by cell (as `put` would).
        func edge(_ character: Character, _ x: Int, _ y: Int) {
            guard x >= 0, x < size.columns, y >= 0, y < size.rows else { return }
            clearWideNeighbours(x: x, y: y, width: 1)
            self[x, y] = Cell(character, role)
        }
        for x in left...right {
            edge("─", x, top)
            edge("─", x, bottom)
        }
        for y in top...bottom {
            edge("│", left, y)
            edge("│", right, y)
        }
        edge("┌", left, top)
        edge("┐", right, top)
        edge("└", left, bottom)
        edge("┘", right, bottom)
        if let title, rect.width > 4 {
            put(" \(title) ", x: left + 1, y: top, role: titleRole, clip: Rect(x: left + 1, y: top, width: rect.width - 2, height: 1))
        }
    }

    /// The frame as plain text, one string per row (trailing spaces kept), as
    /// golden tests compare it.
    public var lines: [String] {
        (0..<size.rows).map { y in
            var line = ""
            for x in 0..<size.columns where !self[x, y].isWideTail { line.append(self[x, y].character) }
            return line
        }
    }

    /// The roles of one row, for checking colours per region in tests.
    public func roles(row y: Int) -> [StyleRole] {
        (0..<size.columns).map { self[$0, y].role }
    }

    func intersect(_ rect: Rect) -> Rect {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(size.columns, rect.maxX), y1 = min(size.rows, rect.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Control characters (C0, DEL, C1) become `�` so that user text such as
    /// a note containing ESC can never drive the terminal.
    static func inert(_ ch: Character) -> Character {
        guard let v = ch.unicodeScalars.first?.value else { return ch }
        if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) { return "\u{FFFD}" }
        return ch
    }
}
