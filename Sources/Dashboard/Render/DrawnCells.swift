/// What a drawing wrote, kept as runs of finished cells, so a part of the
/// screen that has not changed since the last frame is written again by
/// copying cells instead of measuring and sanitizing its text once more.
///
/// `record` runs the drawing on a scratch frame of the area's size whose
/// cells start as `Cell.untouched`; every cell the drawing wrote is kept,
/// with its place. `replay` writes those cells into a frame, cutting a
/// double-width character at each run's ends as `put` does, and leaves
/// every other cell as it was: the frame ends exactly as if the drawing had
/// run there (`DrawnCellsTests` compares the two for random drawings).
/// A drawing that depends on where its area is, rather than on its size,
/// must not be recorded.
public struct DrawnCells: Sendable {
    struct Run: Sendable {
        var x: Int
        var y: Int
        var cells: [Cell]
    }

    private(set) var runs: [Run] = []

    /// Records `draw`, which draws into an area of `size` at the origin.
    public static func record(size: Size, _ draw: (inout Frame) -> Void) -> DrawnCells {
        var scratch = Frame(size: size, filledWith: .untouched)
        draw(&scratch)
        var drawn = DrawnCells()
        let columns = scratch.size.columns
        scratch.cells.withUnsafeBufferPointer { cells in
            for y in 0..<scratch.size.rows {
                var x = 0
                while x < columns {
                    guard cells[y * columns + x] != .untouched else { x += 1; continue }
                    let start = x
                    while x < columns, cells[y * columns + x] != .untouched { x += 1 }
                    drawn.runs.append(Run(x: start, y: y, cells: Array(cells[(y * columns + start)..<(y * columns + x)])))
                }
            }
        }
        return drawn
    }
}

extension Frame {
    /// Writes `drawn` with its origin at `x`, `y` (clipped to the frame).
    public mutating func replay(_ drawn: DrawnCells, x originX: Int, y originY: Int) {
        for run in drawn.runs {
            let y = originY + run.y
            guard y >= 0, y < size.rows else { continue }
            // Clip whole runs only when they fit; a run cut by the frame's
            // edge is written cell by cell within it, never half a character.
            var first = originX + run.x
            var cells = run.cells[...]
            while first < 0, !cells.isEmpty { cells = cells.dropFirst(); first += 1 }
            while let head = cells.first, head.isWideTail { cells = cells.dropFirst(); first += 1 }
            var count = min(cells.count, size.columns - first)
            if count <= 0 { continue }
            if count < cells.count, cells[cells.startIndex + count].isWideTail { count -= 1 }
            if count <= 0 { continue }
            clearWideNeighbours(x: first, y: y, width: count)
            let rowStart = y * size.columns + first
            let from = cells.startIndex
            self.cells.withUnsafeMutableBufferPointer { target in
                run.cells.withUnsafeBufferPointer { source in
                    (target.baseAddress! + rowStart).update(from: source.baseAddress! + from, count: count)
                }
            }
        }
    }
}
