/// Large clock digits in the manner of tty-clock: each glyph is a 3×5 pixel
/// bitmap, each pixel drawn as two full blocks, so a digit is 6 columns by 5
/// rows.
public enum BigDigits {
    public static let rows = 5
    public static let pixelColumns = 2
    public static let digitColumns = 3 * pixelColumns

    /// Pixel bitmaps, top row first; `#` is lit.
    public static let glyphs: [Character: [String]] = [
        "0": ["###", "#.#", "#.#", "#.#", "###"],
        "1": ["..#", "..#", "..#", "..#", "..#"],
        "2": ["###", "..#", "###", "#..", "###"],
        "3": ["###", "..#", "###", "..#", "###"],
        "4": ["#.#", "#.#", "###", "..#", "..#"],
        "5": ["###", "#..", "###", "..#", "###"],
        "6": ["###", "#..", "###", "#.#", "###"],
        "7": ["###", "..#", "..#", "..#", "..#"],
        "8": ["###", "#.#", "###", "#.#", "###"],
        "9": ["###", "#.#", "###", "..#", "###"],
    ]

    /// Width in columns of the Mark Time clock `21d 23h 47m 12s` in big digits:
    /// four pairs of digits, each followed by its unit letter.
    public static let markTimeColumns = 4 * pairColumns + 3 * pairGap
    static let pairColumns = digitColumns + 1 + digitColumns + 2
    static let pairGap = 2

    /// The lines of one digit.
    public static func lines(for digit: Character) -> [String] {
        rendered[digit] ?? rendered["0"] ?? []
    }

    /// Every glyph's lines, drawn once (the clock draws eight digits a
    /// second).
    static let rendered: [Character: [String]] = glyphs.mapValues { rows in
        rows.map { row in String(row.flatMap { $0 == "#" ? "██" : "  " }) }
    }

    /// The same lines as scalars (every one a character by itself), ready
    /// to set cell by cell.
    static let scalars: [Character: [[Unicode.Scalar]]] = rendered.mapValues { $0.map { Array($0.unicodeScalars) } }

    /// `scalars` by digit value, 0 to 9: the clock looks up eight digits a
    /// second, and hashing a `Character` for each was most of drawing them.
    static let scalarsByDigit: [[[Unicode.Scalar]]] = (0...9).map { scalars[Character(String($0))] ?? [] }

    /// The glyph of a digit character; `0`'s for anything else, as before.
    @inline(__always)
    static func glyph(_ digit: Character) -> [[Unicode.Scalar]] {
        guard let ascii = digit.asciiValue, ascii >= 0x30, ascii <= 0x39 else { return scalarsByDigit[0] }
        return scalarsByDigit[Int(ascii - 0x30)]
    }

    /// Draws the clock text `DDd HHh MMm SSs` in big digits with its top-left
    /// corner at (`x`, `y`). Unit letters sit on the bottom row.
    public static func drawMarkTime(_ text: String, x: Int, y: Int, into frame: inout Frame,
                                    role: StyleRole, unitRole: StyleRole) {
        // Pairs of two digits and a unit letter, split at spaces, byte by
        // byte: the clock text is ASCII (anything else draws as before, by
        // `Character`).
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            drawMarkTimeCharacters(text, x: x, y: y, into: &frame, role: role, unitRole: unitRole)
            return
        }
        // One pass over the bytes: a pair is the bytes between spaces, and
        // only a pair of exactly three (two digits and a unit) is drawn,
        // as `split` then a count of three did (without its arrays).
        var column = x
        var count = 0
        var b0: UInt8 = 0, b1: UInt8 = 0, b2: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: " ") {
                if count == 3 {
                    drawPair(b0, b1, b2, x: column, y: y, into: &frame, role: role, unitRole: unitRole)
                    column += pairColumns + pairGap
                }
                count = 0
                continue
            }
            switch count {
            case 0: b0 = byte
            case 1: b1 = byte
            case 2: b2 = byte
            default: break
            }
            count += 1
        }
        if count == 3 { drawPair(b0, b1, b2, x: column, y: y, into: &frame, role: role, unitRole: unitRole) }
    }

    /// Two ASCII digits in big glyphs and their unit letter on the bottom row.
    private static func drawPair(_ first: UInt8, _ second: UInt8, _ unit: UInt8, x: Int, y: Int,
                                 into frame: inout Frame, role: StyleRole, unitRole: StyleRole) {
        drawDigit(first, x: x, y: y, into: &frame, role: role)
        drawDigit(second, x: x + digitColumns + 1, y: y, into: &frame, role: role)
        frame.put(String(Unicode.Scalar(unit)), x: x + 2 * digitColumns + 2, y: y + rows - 1, role: unitRole)
    }

    /// An ASCII digit's glyph; `0`'s for any other byte, as `glyph` does.
    private static func drawDigit(_ digit: UInt8, x: Int, y: Int, into frame: inout Frame, role: StyleRole) {
        let glyph = scalarsByDigit[digit >= 0x30 && digit <= 0x39 ? Int(digit - 0x30) : 0]
        for row in 0..<glyph.count { put(glyph[row], x: x, y: y + row, role: role, into: &frame) }
    }

    static func drawMarkTimeCharacters(_ text: String, x: Int, y: Int, into frame: inout Frame,
                                               role: StyleRole, unitRole: StyleRole) {
        var column = x
        for pair in text.split(separator: " ") {
            let chars = Array(pair)
            guard chars.count == 3 else { continue }
            for (offset, digit) in chars[0...1].enumerated() {
                for (row, line) in Self.glyph(digit).enumerated() {
                    put(line, x: column + offset * (digitColumns + 1), y: y + row, role: role, into: &frame)
                }
            }
            frame.put(String(chars[2]), x: column + 2 * digitColumns + 2, y: y + rows - 1, role: unitRole)
            column += pairColumns + pairGap
        }
    }

    /// A glyph line (full blocks and spaces, one column each) set cell by
    /// cell: the same cells `Frame.put` would set, without its general path
    /// (eight digits of five lines, every second).
    static func put(_ line: [Unicode.Scalar], x: Int, y: Int, role: StyleRole, into frame: inout Frame) {
        guard y >= 0, y < frame.size.rows else { return }
        // The cells the line covers within the frame, overwritten at once:
        // only its two ends can cut a wide character.
        let first = max(0, x), last = min(frame.size.columns, x + line.count)
        guard first < last else { return }
        frame.clearWideNeighbours(x: first, y: y, width: last - first)
        let rowStart = y * frame.size.columns
        frame.cells.withUnsafeMutableBufferPointer { cells in
            for column in first..<last { cells[rowStart + column] = Cell(scalar: line[column - x], role) }
        }
    }
}
