import Synchronization
import TimeKit

/// One character cell of a frame: what is shown and what it means.
///
/// A plain 8-byte value (no reference counting), because a frame holds
/// thousands and the dashboard writes, copies and compares them every
/// second: `code` is the Unicode scalar for a character of one scalar
/// (nearly all of them), or a number for a cluster of several scalars (an
/// emoji sequence, a letter with a combining mark) kept in `CellClusters`.
public struct Cell: Equatable, Hashable, Sendable {
    /// The code in the low 32 bits, the role's case number above: one
    /// word, so comparing two cells (a frame's 3,000 every second) is one
    /// compare, with no padding bytes to keep out of a `memcmp`.
    private var bits: UInt64

    /// The scalar value, or `CellClusters.base` + the cluster's number.
    @inline(__always)
    public var code: UInt32 { UInt32(truncatingIfNeeded: bits) }

    public var role: StyleRole {
        @inline(__always) get { Self.role(UInt8(truncatingIfNeeded: bits >> 32)) }
        @inline(__always) set { bits = UInt64(code) | Self.roleBits(newValue) }
    }

    public init(_ character: Character, _ role: StyleRole = .normal) {
        var scalars = character.unicodeScalars.makeIterator()
        let code: UInt32
        if let first = scalars.next(), scalars.next() == nil {
            code = first.value
        } else {
            code = CellClusters.shared.code(for: character)
        }
        bits = UInt64(code) | Self.roleBits(role)
    }

    /// A cell showing one scalar (which must be a whole character: not a
    /// combining mark or joiner, which `put` never stores alone).
    @inline(__always)
    public init(scalar: Unicode.Scalar, _ role: StyleRole = .normal) {
        bits = UInt64(scalar.value) | Self.roleBits(role)
    }

    /// A role is a case of an enum without payloads: one byte holding its
    /// case number (`CellTests.rolesFitInAByte` keeps that true).
    @inline(__always)
    static func roleBits(_ role: StyleRole) -> UInt64 {
        UInt64(unsafeBitCast(role, to: UInt8.self)) << 32
    }

    @inline(__always)
    static func role(_ number: UInt8) -> StyleRole {
        unsafeBitCast(number, to: StyleRole.self)
    }

    public var character: Character {
        if code < CellClusters.base, let scalar = Unicode.Scalar(code) { return Character(scalar) }
        return CellClusters.shared.character(for: code)
    }

    /// Appends what the cell shows, scalar by scalar (the terminal writer's
    /// path: no `Character` is made for a cell of one scalar).
    @inline(__always)
    public func appendScalars(to buffer: inout [Unicode.Scalar]) {
        if code < CellClusters.base, let scalar = Unicode.Scalar(code) {
            buffer.append(scalar)
        } else {
            buffer.append(contentsOf: character.unicodeScalars)
        }
    }

    /// A cell no drawing has written (`DrawnCells` records around it):
    /// a code no character has.
    static let untouched = Cell(code: UInt32.max)

    private init(code: UInt32) {
        bits = UInt64(code) | Self.roleBits(.normal)
    }

    public static let blank = Cell(scalar: " ")
    /// The right half of a double-width character; never drawn itself.
    public static let wideTail = Cell(scalar: "\u{0}")

    @inline(__always)
    public var isWideTail: Bool { code == 0 }
}

/// The characters of more than one scalar that frames have shown, each
/// given a number once (so a `Cell` stays a plain value). Bounded: past
/// `limit` distinct clusters a new one is shown as U+FFFD, so text from
/// outside cannot grow it without end.
public final class CellClusters: Sendable {
    public static let shared = CellClusters()
    /// Codes at and above this are clusters (it is above every scalar).
    public static let base: UInt32 = 0x11_0000
    public static let limit = 65_536

    private struct Table {
        var characters: [Character] = []
        var codes: [Character: UInt32] = [:]
    }
    private let table = Mutex(Table())
    private let limit: Int

    /// A table of its own (tests); frames use `shared`.
    public init(limit: Int = CellClusters.limit) {
        self.limit = limit
    }

    public func code(for character: Character) -> UInt32 {
        table.withLock { table in
            if let code = table.codes[character] { return code }
            guard table.characters.count < limit else { return 0xFFFD }
            let code = Self.base + UInt32(table.characters.count)
            table.characters.append(character)
            table.codes[character] = code
            return code
        }
    }

    public func character(for code: UInt32) -> Character {
        table.withLock { table in
            let index = Int(code &- Self.base)
            return index >= 0 && index < table.characters.count ? table.characters[index] : "\u{FFFD}"
        }
    }

    /// How many clusters have a number (for tests of the bound).
    public var count: Int { table.withLock { $0.characters.count } }
}

/// A grid of cells that `render` draws into; the terminal shell copies it to
/// the screen (sending only cells that changed since the last frame).
///
/// Writes are clipped to the frame and to an optional rectangle, so widgets
/// never need to check bounds themselves.
public struct Frame: Equatable, Sendable {
    public let size: Size
    public internal(set) var cells: [Cell]

    public init(size: Size) {
        self.init(size: size, filledWith: .blank)
    }

    init(size: Size, filledWith cell: Cell) {
        self.size = Size(columns: max(0, size.columns), rows: max(0, size.rows))
        cells = Array(repeating: cell, count: self.size.columns * self.size.rows)
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
        // Printable ASCII (most of what a frame holds): one byte is one
        // column and needs no sanitizing or width lookup; the same cells
        // as the general path below, without a grapheme walk per frame.
        if let written = putASCII(text, x: x, y: y, left: left, right: right, role: role) {
            return written
        }
        // Text whose every scalar is a character by itself (box drawing,
        // Braille, blocks, arrows, Latin, kana and kanji: what panels draw
        // every second) needs no grapheme walk either.
        if let written = putStandAloneUTF8(text, x: x, y: y, left: left, right: right, role: role) {
            return written
        }
        return putCharacters(text, from: x, y: y, left: left, right: right, role: role)
    }

    /// `put` for text whose every scalar stands alone, read straight from
    /// its UTF-8 (a Swift string's is always valid): nil, with nothing
    /// written, for any other text (a string not stored as contiguous
    /// UTF-8 is copied into one first). The same cells
    /// as the general path; one run, so only its two ends can cut a wide
    /// character that was there.
    private mutating func putStandAloneUTF8(_ text: String, x: Int, y: Int, left: Int, right: Int, role: StyleRole) -> Int? {
        let size = self.size
        let done: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            @inline(__always) func decode(_ i: Int) -> (value: UInt32, length: Int) { UTF8Scalar.decode(bytes, at: i) }
            var i = 0
            while i < bytes.count {
                let (value, length) = decode(i)
                if Self.standAloneWidth(value: value) == 0 { return nil }
                i += length
            }
            let rowStart = y * size.columns
            var column = x
            var first = -1
            var end = -1
            cells.withUnsafeMutableBufferPointer { cells in
                var i = 0
                while i < bytes.count {
                    let (value, length) = decode(i)
                    i += length
                    let width = Self.standAloneWidth(value: value)
                    if column + width > right { break }
                    if column >= left {
                        if first < 0 {
                            first = column
                            if cells[rowStart + column].isWideTail, column > 0 {
                                cells[rowStart + column - 1] = Cell(scalar: " ", cells[rowStart + column - 1].role)
                            }
                        }
                        cells[rowStart + column] = Cell(scalar: Unicode.Scalar(value).unsafelyUnwrapped, role)
                        if width == 2 { cells[rowStart + column + 1] = .wideTail }
                        end = column + width
                    }
                    column += width
                }
                if first >= 0, end < size.columns, cells[rowStart + end].isWideTail {
                    cells[rowStart + end] = Cell(scalar: " ", cells[rowStart + end].role)
                }
            }
            return column
        }
        if let done { return done }
        // Not stored as contiguous UTF-8 (a bridged string): copy it once.
        var copy = text
        copy.makeContiguousUTF8()
        return putStandAloneUTF8(copy, x: x, y: y, left: left, right: right, role: role)
    }

    /// `put` for printable ASCII, or nil (nothing written) when `text` holds
    /// anything else. Cells `first..<last` are all overwritten, so only the
    /// run's two ends can cut a wide character: one `clearWideNeighbours`
    /// for the run gives the cells one per cell would.
    private mutating func putASCII(_ text: String, x: Int, y: Int, left: Int, right: Int, role: StyleRole) -> Int? {
        let done: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
            let end = x + bytes.count
            let first = max(x, left), last = min(end, right)
            if first < last {
                clearWideNeighbours(x: first, y: y, width: last - first)
                let rowStart = y * size.columns
                cells.withUnsafeMutableBufferPointer { cells in
                    for column in first..<last {
                        cells[rowStart + column] = Cell(scalar: Unicode.Scalar(bytes[column - x]), role)
                    }
                }
            }
            // As the general path: the column after the text, or the clip's
            // edge when the text runs past it.
            return end <= right ? end : max(x, right)
        }
        if let done { return done }
        // Not stored as contiguous UTF-8 (a bridged string): copy it once.
        var copy = text
        copy.makeContiguousUTF8()
        return putASCII(copy, x: x, y: y, left: left, right: right, role: role)
    }

    /// The general path of `put`: grapheme by grapheme, through `InertText`
    /// (the fast paths above must give exactly the cells this gives).
    mutating func putCharacters(_ text: String, from x: Int, y: Int, left: Int, right: Int, role: StyleRole) -> Int {
        var column = x
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

    /// A scalar that is a whole character whatever stands next to it, is
    /// printable, and that `InertText` leaves as it is: no control, mark,
    /// joiner, selector, format character or Hangul jamo, and no emoji that
    /// a following selector could widen (those take the general path).
    static func standsAlone(_ scalar: Unicode.Scalar) -> Bool { standAloneWidth(scalar) != 0 }

    /// The columns a stand-alone scalar takes (as `DisplayWidth.of` says,
    /// without its table walk), or 0 for every other scalar. The ranges
    /// avoid every wide range's edge but the CJK ones named here.
    @inline(__always)
    static func standAloneWidth(_ scalar: Unicode.Scalar) -> Int { standAloneWidth(value: scalar.value) }

    @inline(__always)
    static func standAloneWidth(value: UInt32) -> Int {
        switch value {
        case 0x20...0x7E, 0xA1...0xAC, 0xAE...0x2FF,
             0x2010...0x2027, 0x2030...0x205E, 0x2070...0x20CF,
             0x2100...0x2319, 0x231C...0x2328, 0x232B...0x23E8, 0x23F4...0x25FC,
             0x2800...0x28FF, 0x303F...0x3040, 0xFF61...0xFF9D:
            return 1
        case 0x3000...0x3029, 0x3030...0x303E, 0x3041...0x3098, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xFF01...0xFF60:
            return 2
        default:
            return 0
        }
    }

    /// Before cells `x ..< x + width` are overwritten: a double-width
    /// character cut in half by the write is replaced by a space, so no row
    /// ever holds half a character (which would shift the rest of the line).
    @inline(__always)
    mutating func clearWideNeighbours(x: Int, y: Int, width: Int) {
        let i = y * size.columns + x
        if cells[i].isWideTail, x > 0 { cells[i - 1] = Cell(scalar: " ", cells[i - 1].role) }
        let last = x + width - 1
        if last + 1 < size.columns, cells[i + width].isWideTail { cells[i + width] = Cell(scalar: " ", cells[i + width].role) }
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
            let cell = Cell(character, role)
            for x in clipped.x..<clipped.maxX { self[x, y] = cell }
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
        func edge(_ scalar: Unicode.Scalar, _ x: Int, _ y: Int) {
            guard x >= 0, x < size.columns, y >= 0, y < size.rows else { return }
            clearWideNeighbours(x: x, y: y, width: 1)
            self[x, y] = Cell(scalar: scalar, role)
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
