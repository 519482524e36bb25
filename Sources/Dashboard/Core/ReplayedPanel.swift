import Foundation
import Synchronization

/// A panel's last drawing, kept as cells with everything it was drawn from
/// (`Inputs`): a frame whose inputs equal the last one's replays the cells
/// instead of running the panel's drawing. An idle second then runs none of
/// the panel's code (the cost of an idle dashboard was the code each frame
/// touched, more than its instructions).
///
/// The caller compares the remembered inputs with the state's own values
/// where they are (`same`), field by field with `==`, so an idle frame
/// copies nothing and retains no buffer; `inputs` copies them only when the
/// drawing ran.
///
/// `Inputs` must hold every input of the drawing: the parts of the state
/// it reads and whatever it derives from the time (to the resolution it
/// shows). Each user keeps a test that the replayed frame is the drawn one
/// as each input changes.
final class ReplayedPanel<Inputs: Sendable>: Sendable {
    /// One drawing and what it was drawn from. A reference: comparing with
    /// it copies none of its inputs.
    final class Entry: Sendable {
        let inputs: Inputs
        let size: Size
        let cells: DrawnCells
        init(inputs: Inputs, size: Size, cells: DrawnCells) {
            self.inputs = inputs
            self.size = size
            self.cells = cells
        }
    }

    private let last = Mutex<Entry?>(nil)
    private let drawn = Mutex(0)

    /// Replays the last drawing into `rect` when `same(lastInputs)` says the
    /// inputs are unchanged and the size is the same; else records
    /// `draw(frame, area)` at the origin, remembers it with `inputs()`, and
    /// replays it.
    func draw(in rect: Rect, into frame: inout Frame, same: (Inputs) -> Bool,
              inputs: () -> Inputs, draw: (inout Frame, Rect) -> Void) {
        let size = Size(columns: rect.width, rows: rect.height)
        if let entry = last.withLock({ $0 }), entry.size == size, same(entry.inputs) {
            frame.replay(entry.cells, x: rect.x, y: rect.y)
            return
        }
        let cells = DrawnCells.record(size: size) { scratch in
            draw(&scratch, Rect(x: 0, y: 0, width: size.columns, height: size.rows))
        }
        let entry = Entry(inputs: inputs(), size: size, cells: cells)
        last.withLock { $0 = entry }
        drawn.withLock { $0 += 1 }
        frame.replay(cells, x: rect.x, y: rect.y)
    }

    /// How many times the drawing ran (tests count an idle minute's).
    var drawings: Int { drawn.withLock { $0 } }

}
