import Glibc

/// Which cells of a frame must be sent to the terminal, given the frame last
/// drawn: the pure half of `Terminal.draw`, so it can be tested and
/// benchmarked without curses.
///
/// Changed cells are grouped into runs of one role on one row, so the shell
/// sets attributes once per run and writes it in one call. The right half of
/// a double-width character (`Cell.wideTail`) is never written itself: it
/// belongs to the character before it, whatever its role, and when only the
/// tail changed the whole character is sent again.
public enum FrameDiff {
    /// A run of changed cells: its first column and row, its role, and the
    /// characters to write there (wide characters take two columns).
    public struct Run: Equatable, Sendable {
        public var x: Int
        public var y: Int
        public var role: StyleRole
        public var text: String

        public init(x: Int, y: Int, role: StyleRole, text: String) {
            self.x = x
            self.y = y
            self.role = role
            self.text = text
        }
    }

    /// The runs to write to turn the screen showing `old` into `new`. With no
    /// old frame, or one of another size, every cell is written.
    public static func changedRuns(old: Frame?, new: Frame) -> [Run] {
        var runs: [Run] = []
        forEachChangedRun(old: old, new: new) { x, y, role, scalars in
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            runs.append(Run(x: x, y: y, role: role, text: text))
        }
        return runs
    }

    /// Calls `body` for each run with its column, row, role and the Unicode
    /// scalars to write (a buffer reused between calls: copy it to keep it).
    /// Allocates nothing per run once the buffer has grown.
    public static func forEachChangedRun(
        old: Frame?, new: Frame,
        _ body: (_ x: Int, _ y: Int, _ role: StyleRole, _ scalars: [Unicode.Scalar]) -> Void
    ) {
        forEachChangedSpan(old: old, new: new) { x, y, _, role, scalars in body(x, y, role, scalars) }
    }

    /// The same runs, each with the column after its last cell (`end`: a
    /// wide character at the end counts both its cells).
    public static func forEachChangedSpan(
        old: Frame?, new: Frame,
        _ body: (_ x: Int, _ y: Int, _ end: Int, _ role: StyleRole, _ scalars: [Unicode.Scalar]) -> Void
    ) {
        let columns = new.size.columns
        guard columns > 0 else { return }
        let previous = old?.size == new.size ? old : nil
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(columns)
        // Both frames' cells through buffer pointers: every cell of a
        // changed row is compared, every second.
        let oldCells = previous?.cells ?? []
        oldCells.withUnsafeBufferPointer { p in
            new.cells.withUnsafeBufferPointer { n in
                let hasOld = previous != nil
                @inline(__always) func same(_ i: Int) -> Bool { hasOld && p[i] == n[i] }
                @inline(__always) func tailChanged(after i: Int, _ x: Int) -> Bool {
                    guard hasOld, x + 1 < columns, n[i + 1].isWideTail else { return false }
                    return p[i + 1] != n[i + 1]
                }
                for y in 0..<new.size.rows {
                    let rowStart = y * columns
                    // Most rows of an idle second are unchanged: one tight
                    // compare of the row's cells skips them.
                    if hasOld, memcmp(p.baseAddress! + rowStart, n.baseAddress! + rowStart,
                                      columns * MemoryLayout<Cell>.stride) == 0 {
                        continue
                    }
                    var x = 0
                    while x < columns {
                        if same(rowStart + x) { x += 1; continue }
                        var start = x
                        if n[rowStart + x].isWideTail {
                            // Only the tail changed: send its head again (a tail in
                            // column 0 has no head and is never drawn).
                            guard x > 0, !n[rowStart + x - 1].isWideTail else { x += 1; continue }
                            start = x - 1
                        }
                        let role = n[rowStart + start].role
                        scalars.removeAll(keepingCapacity: true)
                        var i = start
                        while i < columns {
                            let cell = n[rowStart + i]
                            if cell.isWideTail { i += 1; continue }
                            if i > start, cell.role != role || (same(rowStart + i) && !tailChanged(after: rowStart + i, i)) { break }
                            cell.appendScalars(to: &scalars)
                            i += 1
                        }
                        // `i` stopped on a cell that is not a tail, or at the edge:
                        // a wide character at the end has both its cells in.
                        body(start, y, i, role, scalars)
                        x = i
                    }
                }
            }
        }
    }
}
