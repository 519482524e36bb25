/// A terminal size in character cells.
public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    public var description: String { "\(columns)×\(rows)" }
}

/// A rectangle of cells: `x`/`y` are the top-left column and row.
public struct Rect: Equatable, Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The rectangle shrunk by `cells` on every side.
    public func inset(by cells: Int) -> Rect {
        Rect(x: x + cells, y: y + cells, width: width - 2 * cells, height: height - 2 * cells)
    }

    /// The rows `from ..< from + count` of this rectangle (clipped).
    public func rows(from: Int, count: Int) -> Rect {
        let top = min(height, max(0, from))
        return Rect(x: x, y: y + top, width: width, height: min(count, height - top))
    }
}
