import Foundation
import TestSupport
import Testing
import TimeKit
@testable import Dashboard

/// Replaying a recorded drawing leaves a frame exactly as running the
/// drawing there would, whatever the frame held before (wide characters cut
/// at the area's edges included).
@Suite struct DrawnCellsTests {
    @Test(arguments: 0..<80) func replayingEqualsDrawing(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let size = Size(columns: 4 + random.next(30), rows: 1 + random.next(6))
        var before = Frame(size: size)
        for _ in 0..<(random.next(20)) {
            before.put(Self.pieces[random.next(Self.pieces.count)], x: random.next(size.columns), y: random.next(size.rows),
                       role: Self.roles[random.next(Self.roles.count)])
        }
        let area = Rect(x: random.next(size.columns), y: random.next(size.rows),
                        width: 1 + random.next(size.columns), height: 1 + random.next(size.rows))
        let area2 = Rect(x: area.x, y: area.y, width: min(area.width, size.columns - area.x), height: min(area.height, size.rows - area.y))
        var puts: [(String, Int, Int, StyleRole)] = []
        for _ in 0..<(1 + random.next(8)) {
            puts.append((Self.pieces[random.next(Self.pieces.count)], random.next(area2.width + 2) - 1, random.next(area2.height),
                         Self.roles[random.next(Self.roles.count)]))
        }
        var drawn = before
        for (text, dx, dy, role) in puts {
            drawn.put(text, x: area2.x + dx, y: area2.y + dy, role: role, clip: area2)
        }
        let recorded = DrawnCells.record(size: Size(columns: area2.width, rows: area2.height)) { frame in
            for (text, dx, dy, role) in puts {
                frame.put(text, x: dx, y: dy, role: role, clip: Rect(x: 0, y: 0, width: area2.width, height: area2.height))
            }
        }
        var replayed = before
        replayed.replay(recorded, x: area2.x, y: area2.y)
        #expect(replayed == drawn, "seed \(seed):\n\(replayed.lines.joined(separator: "\n"))\n--\n\(drawn.lines.joined(separator: "\n"))")
    }

    /// Cells the drawing left alone stay as they were: a recording is not a
    /// rectangle of blanks.
    @Test func cellsNotDrawnAreLeftAlone() {
        var frame = Frame(size: Size(columns: 10, rows: 2))
        frame.put("##########", x: 0, y: 0)
        frame.put("##########", x: 0, y: 1)
        let recorded = DrawnCells.record(size: Size(columns: 6, rows: 2)) { $0.put("ab", x: 2, y: 1, role: .title) }
        frame.replay(recorded, x: 2, y: 0)
        #expect(frame.lines == ["##########", "####ab####"])
        #expect(frame[4, 1].role == .title)
    }

    /// The call stack drawn from remembered cells is the stack drawn afresh,
    /// in the same minute, an hour on and two days on (when it has changed) (other tests draw
    /// stacks in parallel, so the memo's counter is not asserted here; the
    /// idle profile in docs/PERFORMANCE.md shows the work saved).
    @Test func theRememberedCallStackIsTheStackDrawnAfresh() throws {
        let db = try PlaceDatabase.bundled()
        var state = AppState(now: Date(timeIntervalSince1970: 1_795_305_600), localZone: TimeZone(identifier: "UTC")!, panels: [])
        let call = CallPlan(id: 1, name: "Team", participants: ["London, GB", "Tokyo"].map { CallParticipant(place: db.bestMatch($0)!.place) },
                            start: state.now.addingTimeInterval(7200), durationMinutes: 45,
                            createdAt: Date(timeIntervalSince1970: 1_767_225_600))
        state.calls = CallPlannerState(calls: [call])
        let rect = Rect(x: 3, y: 16, width: 90, height: 12)
        var shown: [[String]] = []
        for step in [0.0, 30, 3600, 172_800] {
            state.now = Date(timeIntervalSince1970: 1_795_305_600 + step)
            var remembered = Frame(size: Size(columns: 100, rows: 30))
            CallsPanel.draw(state, in: rect, into: &remembered)
            CallsPanel.draw(state, in: rect, into: &remembered)
            var afresh = Frame(size: Size(columns: 100, rows: 30))
            let lines = ClockStackView.compute(state.calls, width: rect.width, height: rect.height, now: state.now,
                                               settings: state.settings, language: state.language, focused: state.focus == .calls)
            CallsPanel.put(lines, in: rect, into: &afresh)
            #expect(remembered == afresh, "at +\(step) s")
            shown.append(remembered.lines)
        }
        #expect(shown[0] == shown[1])
        #expect(shown[1] != shown[3])
        #expect(shown[0].joined().contains("Tokyo"))
    }

    static let pieces = ["a", "東", "bc", "é", "京x", " ", "12:00", "🙂", "⣿⠁", "–", "e\u{301}", "ｱ", "東京都"]
    static let roles: [StyleRole] = [.normal, .title, .utcClock, .dim]
}
