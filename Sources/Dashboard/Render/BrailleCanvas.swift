import Foundation

/// A grid of terminal cells drawn with Braille dots: each cell holds 2×4
/// dots (Unicode Braille Patterns, U+2800–U+28FF), so a cell-aspect of about
/// 1:2 gives square dots.
public struct BrailleCanvas: Equatable, Sendable {
    public let widthCells: Int
    public let heightCells: Int
    /// Dot bits per cell, row-major.
    var bits: [UInt8]

    public init(widthCells: Int, heightCells: Int) {
        self.widthCells = max(0, widthCells)
        self.heightCells = max(0, heightCells)
        bits = Array(repeating: 0, count: self.widthCells * self.heightCells)
    }

    public var widthDots: Int { widthCells * 2 }
    public var heightDots: Int { heightCells * 4 }

    /// Bit of dot (column, row) inside a cell, per the Unicode Braille layout:
    /// dots 1-2-3-7 down the left column, 4-5-6-8 down the right.
    static let dotBit: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// Turns on the dot at (x, y), dot coordinates from the top left; dots
    /// outside the canvas are ignored.
    public mutating func set(_ x: Int, _ y: Int) {
        guard x >= 0, y >= 0, x < widthDots, y < heightDots else { return }
        bits[(y / 4) * widthCells + x / 2] |= Self.dotBit[x % 2][y % 4]
    }

    public func isSet(_ x: Int, _ y: Int) -> Bool {
        guard x >= 0, y >= 0, x < widthDots, y < heightDots else { return false }
        return bits[(y / 4) * widthCells + x / 2] & Self.dotBit[x % 2][y % 4] != 0
    }

    /// A straight line of dots (Bresenham).
    public mutating func line(from a: (x: Int, y: Int), to b: (x: Int, y: Int)) {
        var (x, y) = a
        let dx = abs(b.x - a.x), dy = -abs(b.y - a.y)
        let sx = a.x < b.x ? 1 : -1, sy = a.y < b.y ? 1 : -1
        var err = dx + dy
        while true {
            set(x, y)
            if x == b.x && y == b.y { break }
            let e2 = 2 * err
            if e2 >= dy { err += dy; x += sx }
            if e2 <= dx { err += dx; y += sy }
        }
    }

    /// The character of cell (column, row): a Braille pattern, or a space
    /// when no dot is set (so empty cells copy and compare as blanks).
    public func character(_ column: Int, _ row: Int) -> Character {
        let b = bits[row * widthCells + column]
        guard b != 0, let scalar = Unicode.Scalar(0x2800 + UInt32(b)) else { return " " }
        return Character(scalar)
    }

    /// The canvas as text lines.
    public var lines: [String] {
        (0..<heightCells).map { row in String((0..<widthCells).map { character($0, row) }) }
    }
}
