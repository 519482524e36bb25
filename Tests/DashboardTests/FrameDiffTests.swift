import TestSupport
import Testing
@testable import Dashboard

/// The diff `Terminal.draw` sends: which runs of cells change between frames.
@Suite struct FrameDiffTests {
    private func frame(_ columns: Int, _ rows: Int, _ draw: (inout Frame) -> Void = { _ in }) -> Frame {
        var frame = Frame(size: Size(columns: columns, rows: rows))
        draw(&frame)
        return frame
    }

    @Test func withoutAnOldFrameEveryRowIsSentByRole() {
        let new = frame(6, 2) { $0.put("ab", x: 0, y: 0, role: .title) }
        #expect(FrameDiff.changedRuns(old: nil, new: new) == [
            .init(x: 0, y: 0, role: .title, text: "ab"),
            .init(x: 2, y: 0, role: .normal, text: "    "),
            .init(x: 0, y: 1, role: .normal, text: "      "),
        ])
    }

    @Test func identicalFramesSendNothing() {
        let a = frame(10, 3) { $0.put("12:00:00", x: 1, y: 1, role: .utcClock) }
        #expect(FrameDiff.changedRuns(old: a, new: a).isEmpty)
    }

    @Test func onlyTheChangedCellsAreSent() {
        let a = frame(10, 1) { $0.put("12:00:00", x: 1, y: 0) }
        let b = frame(10, 1) { $0.put("12:00:01", x: 1, y: 0) }
        #expect(FrameDiff.changedRuns(old: a, new: b) == [.init(x: 8, y: 0, role: .normal, text: "1")])
        let c = frame(10, 1) { $0.put("12:00:59", x: 1, y: 0) }
        #expect(FrameDiff.changedRuns(old: a, new: c) == [.init(x: 7, y: 0, role: .normal, text: "59")])
    }

    @Test func aSizeChangeSendsEverything() {
        let a = frame(4, 1)
        let b = frame(5, 1)
        #expect(FrameDiff.changedRuns(old: a, new: b) == [.init(x: 0, y: 0, role: .normal, text: "     ")])
    }

    /// Regression (found writing this diff): the old loop in Terminal.draw
    /// began a run at the tail of a coloured wide character (tails have the
    /// normal role) and then skipped the whole run, so plain text after a
    /// coloured "東京" was never drawn.
    @Test func textAfterAColouredWideCharacterIsSent() {
        let new = frame(8, 1) {
            $0.put("東京", x: 0, y: 0, role: .title)
            $0.put("ab", x: 4, y: 0)
        }
        #expect(FrameDiff.changedRuns(old: nil, new: new) == [
            .init(x: 0, y: 0, role: .title, text: "東京"),
            .init(x: 4, y: 0, role: .normal, text: "ab  "),
        ])
    }

    @Test func aChangedTailResendsItsHead() {
        // Same head, different cell behind it in the old frame (set by hand:
        // put never leaves a head without its tail): the tail is new.
        let a = frame(4, 1) { $0.put("東", x: 0, y: 0); $0[1, 0] = Cell("x") }
        let b = frame(4, 1) { $0.put("東", x: 0, y: 0) }
        #expect(a[0, 0] == b[0, 0])
        #expect(FrameDiff.changedRuns(old: a, new: b) == [.init(x: 0, y: 0, role: .normal, text: "東")])
    }

    /// Replaying the runs on a model terminal turns the old screen into the
    /// new one, for many random frames with wide characters and roles.
    @Test(arguments: 0..<40) func replayingTheRunsGivesTheNewFrame(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let size = Size(columns: 1 + random.next(40), rows: 1 + random.next(6))
        let old = randomFrame(size, &random)
        let new = random.next(4) == 0 ? randomFrame(size, &random) : mutated(old, &random)
        var screen = ModelScreen(old)
        for run in FrameDiff.changedRuns(old: old, new: new) { screen.write(run) }
        #expect(screen.rows == ModelScreen(new).rows, "seed \(seed)")
    }

    private func randomFrame(_ size: Size, _ random: inout SplitMix64) -> Frame {
        let edits = 3 + random.next(12)
        return mutated(Frame(size: size), &random, edits: edits)
    }

    private func mutated(_ frame: Frame, _ random: inout SplitMix64, edits: Int? = nil) -> Frame {
        var copy = frame
        let pieces = ["a", "東", "bc", "é", "京x", " ", "12:00", "🙂"]
        let roles: [StyleRole] = [.normal, .title, .utcClock, .dim]
        for _ in 0..<(edits ?? 1 + random.next(4)) {
            copy.put(pieces[random.next(pieces.count)], x: random.next(copy.size.columns),
                     y: random.next(copy.size.rows), role: roles[random.next(roles.count)])
        }
        return copy
    }
}

/// A terminal screen as the diff's consumer sees it: characters with roles,
/// a wide character covering the cell to its right.
private struct ModelScreen: Equatable {
    var rows: [[String]]

    init(_ frame: Frame) {
        rows = (0..<frame.size.rows).map { y in
            (0..<frame.size.columns).map { x in
                let cell = frame[x, y]
                return cell.isWideTail ? "<tail>" : "\(cell.character)/\(cell.role)"
            }
        }
    }

    mutating func write(_ run: FrameDiff.Run) {
        var x = run.x
        for ch in run.text {
            rows[run.y][x] = "\(ch)/\(run.role)"
            if DisplayWidth.of(ch) == 2 { rows[run.y][x + 1] = "<tail>"; x += 2 } else { x += 1 }
        }
    }
}

/// Regressions found by the replay test above: overwriting half of a wide
/// character left the other half behind, and the terminal then kept showing
/// a stale cell there.
@Suite struct FrameWideCharacterOverwriteTests {
    @Test func overwritingAWideHeadBlanksItsTail() {
        var frame = Frame(size: Size(columns: 4, rows: 1))
        frame.put("東", x: 0, y: 0)
        frame.put("é", x: 0, y: 0)
        #expect(!frame[1, 0].isWideTail)
        #expect(frame.lines == ["é   "])
    }

    @Test func overwritingAWideTailBlanksItsHead() {
        var frame = Frame(size: Size(columns: 4, rows: 1))
        frame.put("東", x: 0, y: 0, role: .title)
        frame.put("x", x: 1, y: 0)
        #expect(frame[0, 0] == Cell(" ", .title))
        #expect(frame.lines == [" x  "])
    }

    @Test func fillingOverHalfAWideCharacterBlanksTheOtherHalf() {
        var frame = Frame(size: Size(columns: 6, rows: 1))
        frame.put("東京", x: 1, y: 0)
        frame.fill(Rect(x: 2, y: 0, width: 2, height: 1), with: "-")
        #expect(frame.lines == ["  --  "])
    }
}
