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
        let previous = old?.size == new.size ? old : nil
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(columns)
        func same(_ x: Int, _ y: Int) -> Bool { previous.map { $0[x, y] == new[x, y] } ?? false }
        for y in 0..<new.size.rows {
            // Most rows of an idle second are unchanged: one tight compare
            // of the row's cells skips them.
            if let previous, rowUnchanged(y, columns, previous, new) { continue }
            var x = 0
            while x < columns {
                if same(x, y) { x += 1; continue }
                var start = x
                if new[x, y].isWideTail {
                    // Only the tail changed: send its head again (a tail in
                    // column 0 has no head and is never drawn).
                    guard x > 0, !new[x - 1, y].isWideTail else { x += 1; continue }
                    start = x - 1
                }
                let role = new[start, y].role
                scalars.removeAll(keepingCapacity: true)
                var i = start
                while i < columns {
                    let cell = new[i, y]
                    if cell.isWideTail { i += 1; continue }
                    if i > start, cell.role != role || (same(i, y) && !tailChanged(after: i, y, previous, new)) { break }
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

    @inline(__always)
    private static func rowUnchanged(_ y: Int, _ columns: Int, _ previous: Frame, _ new: Frame) -> Bool {
        previous.cells.withUnsafeBufferPointer { a in
            new.cells.withUnsafeBufferPointer { b in
                let start = y * columns
                for i in start..<(start + columns) where a[i] != b[i] { return false }
                return true
            }
        }
    }

    private static func tailChanged(after x: Int, _ y: Int, _ previous: Frame?, _ new: Frame) -> Bool {
        guard let previous, x + 1 < new.size.columns, new[x + 1, y].isWideTail else { return false }
        return previous[x + 1, y] != new[x + 1, y]
    }
}
