import Dashboard
import Foundation
import Testing
import TimeKit
@testable import DeckShell

/// A clock the test moves and a `poll` that follows a script: each call
/// records the timeout the loop asked for, then either lets it pass (the
/// clock moves by it, plus how late a real wake-up is) or says a key is
/// ready. When the script runs out it types `q`.
final class ScriptedPoll: @unchecked Sendable {  // used on the loop's one thread
    enum Step {
        /// Nothing happens: the whole timeout passes.
        case timeout
        /// Keys arrive `afterMilliseconds` into the wait.
        case keys([Key], afterMilliseconds: Double)
        /// The process is continued after a stop (SIGCONT's byte on the
        /// wake pipe, as `SignalWatcher` writes it) at once.
        case continued
    }

    private(set) var now: Date
    private(set) var asked: [Int32] = []
    /// Where each wait asked for would end: the instant `poll` was called
    /// plus the timeout.
    private(set) var ends: [Date] = []
    private var steps: [Step]
    let terminal: TestTerminal
    /// The loop's wake pipe, for steps that post to it.
    var wake: WakePipe?
    /// How late after its timeout a real `poll` returns: about half a
    /// millisecond (2⁻¹¹ s, exact in binary, as every instant here is, so
    /// no rounding of the test's own arithmetic moves a millisecond).
    static let lateness = 1.0 / 2048

    init(start: Date, steps: [Step], terminal: TestTerminal) {
        now = start
        self.steps = steps
        self.terminal = terminal
    }

    var clock: LoopClock { LoopClock { [unowned self] in now } }

    var poller: LoopPoller {
        LoopPoller { [unowned self] fds, timeout in
            asked.append(timeout)
            ends.append(now.addingTimeInterval(Double(timeout) / 1000))
            let step = steps.isEmpty ? .keys([.character("q")], afterMilliseconds: 0) : steps.removeFirst()
            switch step {
            case .timeout:
                now += Double(timeout) / 1000 + Self.lateness
            case .continued:
                wake?.post(UInt8(SignalWatcher.resumed))
                fds[1].revents = Int16(POLLIN)
            case .keys(let keys, let after):
                for key in keys { terminal.press(key) }
                now += after / 1000
                fds[0].revents = Int16(POLLIN)
            }
        }
    }
}

/// `RunLoop` driven pass by pass with a clock and a poll the test owns:
/// how long each pass sleeps, and what wakes it.
@Suite struct RunLoopTests {
    /// A whole second (2027-01-15 08:00:00 UTC) plus `fraction`.
    static func instant(_ fraction: Double) -> Date {
        Date(timeIntervalSince1970: 1_800_000_000 + fraction)
    }

    /// The real loop over a fresh store, with the scripted clock and poll.
    static func runLoop(_ script: ScriptedPoll, folder: RuntimeFolder,
                        adjust: (inout AppState) -> Void = { _ in }) throws -> Int32 {
        let store = folder.makeStore()
        var state = try DashboardRunner.initialState(now: script.now, store: store, environment: folder.environment)
        state.screenSize = script.terminal.size
        adjust(&state)
        let wake = try WakePipe()
        script.wake = wake
        let inbox = EventInbox(wake: wake)
        var effects = EffectRunner(terminal: script.terminal, inbox: inbox, store: store)
        effects.clock = script.clock
        defer { _ = effects.finishStoreWork() }
        var loop = RunLoop(program: Program(state: state), screen: FullScreen(terminal: script.terminal, clock: script.clock),
                           effects: effects, wake: wake, inbox: inbox, clock: script.clock, poller: script.poller)
        return loop.run()
    }

    /// Idle, the loop sleeps until just after the next whole second: 750 ms
    /// from .250, then from each (late) wake-up to 0–1 ms after the next
    /// second, never skipping one; a frame is drawn every pass.
    @Test func anIdleLoopWakesJustAfterEachWholeSecond() throws {
        let folder = try RuntimeFolder()
        let terminal = TestTerminal()
        let start = Self.instant(0.25)
        let script = ScriptedPoll(start: start, steps: Array(repeating: .timeout, count: 5), terminal: terminal)
        #expect(try Self.runLoop(script, folder: folder) == 0)
        #expect(script.asked.first == 750)
        #expect(script.asked.count == 6)
        for (index, end) in script.ends.enumerated() {
            let second = (end.timeIntervalSince(start) + 0.25).rounded(.down)
            #expect(second == Double(index + 1), "wait \(index) ends in second \(second), not \(index + 1)")
            let after = end.timeIntervalSince(start) + 0.25 - second
            #expect(after >= 0 && after <= 0.001, "wait \(index) ends \(after * 1000) ms after the second")
        }
        // The first frame, then one per pass that ended (the quit pass draws none).
        #expect(terminal.frames.count == 6)
    }

    /// Continued after a stop (Ctrl-Z, then `fg`), the screen may show the
    /// shell's lines or curses' own repaint: the terminal is told so, and
    /// the next frame is sent whole. Once, not on every pass.
    @Test func continuingAfterAStopRepaintsTheWholeScreen() throws {
        let folder = try RuntimeFolder()
        let terminal = TestTerminal()
        let script = ScriptedPoll(start: Self.instant(0.25), steps: [.timeout, .continued, .timeout], terminal: terminal)
        #expect(try Self.runLoop(script, folder: folder) == 0)
        #expect(terminal.repaintCount == 1)
    }

    /// A deadline before the next second (a notice that ends at .625)
    /// shortens the sleep to it; once passed, the second boundary rules again.
    @Test func anEarlierProgramDeadlineWins() throws {
        let folder = try RuntimeFolder()
        let terminal = TestTerminal()
        let start = Self.instant(0.25)
        let script = ScriptedPoll(start: start, steps: [.timeout, .timeout], terminal: terminal)
        let status = try Self.runLoop(script, folder: folder) { state in
            state.notice = Notice(.verbatim("for 375 ms"), until: start.addingTimeInterval(0.375))
        }
        #expect(status == 0)
        // 375 to the notice's end, then from .6255 to the second (374.5 → 375).
        #expect(script.asked.prefix(2) == [375, 375])
        #expect(script.asked.count == 3)
    }

    /// A key wakes the loop at once and is handled in that pass; the next
    /// sleep is counted from then, to the same second.
    @Test func aKeyIsHandledInThePassItWokeAndTheClockKeepsItsSecond() throws {
        let folder = try RuntimeFolder()
        let terminal = TestTerminal()
        let script = ScriptedPoll(start: Self.instant(0.25),
                                  steps: [.keys([.character("?")], afterMilliseconds: 125), .timeout], terminal: terminal)
        #expect(try Self.runLoop(script, folder: folder) == 0)
        // Woken by the key at .375: the next sleep ends at the same second.
        #expect(script.asked.prefix(3) == [750, 625, 1000])
        let help = try #require(terminal.frames.dropFirst().first, "no frame after the key")
        #expect(help.lines.joined().contains("Show this help"), "the help did not open on ?:\n\(help.lines.joined(separator: "\n"))")
    }
}
