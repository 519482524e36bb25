import Dashboard
import Foundation
import Testing
import TimeKit
import TimeStore
@testable import DeckShell

/// The real `DashboardRunner` and `PlainRunner` (run loop, effect runner,
/// panel services, store workers) in this process: keys in through a
/// `TestTerminal` or a pipe, frames and lines out, a real store on a
/// temporary folder. The real clock and `poll`; no signals taken.
@Suite struct RunnerInProcessTests {
    /// The dashboard on `terminal`, running on a thread of its own.
    static func startDashboard(_ terminal: TestTerminal, folder: RuntimeFolder, clock: LoopClock = .wall,
                               environment: [String: String] = [:]) -> InProcessRun {
        var runner = DashboardRunner(noColor: true, store: folder.makeStore(), terminalOpener: terminal.opener)
        runner.seams = RunnerSeams(clock: clock, poller: terminal.poller,
                                   environment: folder.environment.merging(environment) { _, new in new }, watchesSignals: false)
        return InProcessRun { [runner] in try runner.run() }
    }

    static func screen(_ frame: Frame?) -> String {
        frame?.lines.joined(separator: "\n") ?? "(no frame)"
    }

    // MARK: Effect routing

    /// Space's `.marks(.record)` reaches the marks service: the mark is
    /// numbered on screen and is in the database file after the run.
    @Test func spaceRecordsAMarkThatLandsInTheStore() throws {
        let folder = try RuntimeFolder()
        let terminal = TestTerminal()
        let run = Self.startDashboard(terminal, folder: folder)
        #expect(terminal.waitForText("? help") != nil, "\(Self.screen(terminal.lastFrame))")
        terminal.type(" ")
        #expect(terminal.waitForText("#1") != nil, "the mark was not numbered:\n\(Self.screen(terminal.lastFrame))")
        // The mark's double beep (the bell is on by default): one at once, one 150 ms later.
        #expect(terminal.waitForBells(2), "the bell rang \(terminal.bellCount) times, not twice")
        terminal.type("q")
        #expect(try run.exitStatus() == 0)
        #expect(try folder.storedMarkCount() == 1)
        #expect(terminal.bellCount == 2, "the bell rang \(terminal.bellCount) times, not twice")
        #expect(terminal.closeCount == 1, "the screen was not given back")
    }

    /// A setting changed in the overlay is saved to the config file (the
    /// environment's, a temporary one) and the new theme is applied.
    @Test func aSettingChangedInTheOverlayIsSavedToTheConfigFile() throws {
        let folder = try RuntimeFolder()
        let terminal = TestTerminal()
        let run = Self.startDashboard(terminal, folder: folder)
        #expect(terminal.waitForText("? help") != nil)
        terminal.type("o")
        #expect(terminal.waitForText("Theme") != nil, "the settings did not open:\n\(Self.screen(terminal.lastFrame))")
        terminal.press(.right)
        #expect(terminal.waitForFrame { _ in folder.config?.contains("theme") == true } != nil,
                "no theme in the config file: \(folder.config ?? "(no file)")")
        terminal.press(.escape)
        terminal.type("q")
        #expect(try run.exitStatus() == 0)
        #expect(folder.config?.contains("theme = ") == true)
        #expect(terminal.themeChanges == 1, "the theme was saved but not applied")
    }

    /// Opening the dashboard and quitting creates no database (nothing
    /// was changed, so nothing is written). (Moved from the tmux suite.)
    @Test func openingTheDashboardWritesNothing() throws {
        let folder = try RuntimeFolder()
        let terminal = TestTerminal(size: Size(columns: 100, rows: 40))
        let run = Self.startDashboard(terminal, folder: folder)
        #expect(terminal.waitForText("? help") != nil)
        terminal.press(.tab)
        terminal.type("q")
        #expect(try run.exitStatus() == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.databaseURL.path), "opening and quitting created the database")
    }

    // MARK: Stop

    /// A mark typed with the quit key, in one read, is recorded before the
    /// run ends: the quit pass's effects are performed and the store's
    /// work is let finish, not dropped.
    @Test func aMarkTypedWithTheQuitKeyIsStoredNotDropped() throws {
        let folder = try RuntimeFolder()
        let terminal = TestTerminal()
        let run = Self.startDashboard(terminal, folder: folder)
        #expect(terminal.waitForText("? help") != nil)
        terminal.type(" q")
        #expect(try run.exitStatus() == 0)
        #expect(try folder.storedMarkCount() == 1)
    }

    /// Store work still queued when the stop's deadline passes is named in
    /// the report (said on stderr once the screen is back), not dropped
    /// silently. Waits out the deadline (the busy timeout and a second).
    @Test func storeWorkLeftAtTheStopDeadlineIsReported() throws {
        let folder = try RuntimeFolder()
        let wake = try WakePipe()
        let effects = EffectRunner(bell: {}, inbox: EventInbox(wake: wake), store: folder.makeStore())
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        effects.storeQueue.submit("hold the queue") {
            started.signal()
            release.wait()
            return []
        }
        // Queued once the first job runs (a batch already handed over runs whole).
        #expect(started.wait(timeout: .now() + 10) == .success)
        effects.storeQueue.submit("calls: save") { [] }
        let unfinished = effects.finishStoreWork()
        release.signal()
        #expect(unfinished.contains("calls: save"), "\(unfinished)")
        #expect(unfinished.contains("a store job still running at exit"), "\(unfinished)")
    }

    // MARK: Other writers

    /// A mark added by another process (`timedeck marks add`) appears on
    /// the running dashboard: the folder watch wakes the loop, the look on
    /// the store queue reloads.
    @Test func aMarkAddedByAnotherProcessIsShown() throws {
        let folder = try RuntimeFolder()
        let terminal = TestTerminal()
        let run = Self.startDashboard(terminal, folder: folder)
        #expect(terminal.waitForText("? help") != nil)
        let status = try OtherProcess.run(["marks", "add", "--note", "from elsewhere", "--gpsd", "off"],
                                          environment: folder.environment)
        #expect(status == 0)
        #expect(terminal.waitForText("#1") != nil, "the other process's mark was not shown:\n\(Self.screen(terminal.lastFrame))")
        terminal.type("q")
        #expect(try run.exitStatus() == 0)
    }

    /// `calls set` from a shell changes the call the running dashboard
    /// shows. (Moved from the tmux suite.)
    @Test func aCallChangedByAnotherProcessIsShown() throws {
        let folder = try RuntimeFolder()
        let environment = ["TIMEDECK_REDUCED_MOTION": "1"]
        let shell = folder.environment.merging(environment) { _, new in new }
        #expect(try OtherProcess.run(["calls", "add", "Standup", "--at", "2030-03-15T14:00:00Z", "London, GB", "Tokyo"],
                                     environment: shell) == 0)
        let terminal = TestTerminal(size: Size(columns: 100, rows: 40))
        let run = Self.startDashboard(terminal, folder: folder, environment: environment)
        #expect(terminal.waitForFrame { Self.screen($0).contains("Standup") && Self.screen($0).contains("2030-03-15T14:00:00Z") } != nil,
                "\(Self.screen(terminal.lastFrame))")
        #expect(try OtherProcess.run(["calls", "set", "Standup", "--at", "+1h", "--name", "Daily"], environment: shell) == 0)
        #expect(terminal.waitForFrame { Self.screen($0).contains("Daily") && Self.screen($0).contains("2030-03-15T15:00:00Z") } != nil,
                "the change did not appear:\n\(Self.screen(terminal.lastFrame))")
        terminal.type("q")
        #expect(try run.exitStatus() == 0)
    }

    /// A shell's `calls add` reaches the running dashboard, and its
    /// 1-minute reminder appears on screen before the start. The
    /// dashboard's clock runs 10 s ahead of the real one (`LoopClock`), so
    /// the reminder is due 5 s after the call is added, not 15 s. (Moved
    /// from the tmux suite, which waited the real quarter minute.)
    @Test func aCallAddedByAnotherProcessAppearsAndReminds() throws {
        let folder = try RuntimeFolder()
        let environment = ["TIMEDECK_REDUCED_MOTION": "1"]
        let shell = folder.environment.merging(environment) { _, new in new }
        let ahead = 10.0
        let terminal = TestTerminal(size: Size(columns: 120, rows: 40))
        let run = Self.startDashboard(terminal, folder: folder, clock: LoopClock { WallClock.now().addingTimeInterval(ahead) },
                                      environment: environment)
        #expect(terminal.waitForText("? help") != nil)
        // A whole second ~75 s from now (the store keeps seconds): ~65 s on the dashboard's clock.
        let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 75).rounded())
        #expect(try OtherProcess.run(["calls", "add", "Standup", "--at", ISOInstant.seconds(start), "--remind", "1m",
                                      "London, GB", "Tokyo"], environment: shell) == 0)
        let addedAt = Date()
        #expect(terminal.waitForFrame { Self.screen($0).contains("next: Standup in") } != nil,
                "the shell's call did not appear:\n\(Self.screen(terminal.lastFrame))")
        // The requirement is 2 s (issue 14); the wait allows a loaded machine a little more.
        #expect(Date().timeIntervalSince(addedAt) < 3.5)
        let reminded = terminal.waitForFrame { Self.screen($0).contains("\"Standup\" starts in 1 min") && Self.screen($0).contains("London") }
        #expect(reminded != nil, "no reminder naming London:\n\(Self.screen(terminal.lastFrame))")
        #expect(Date().addingTimeInterval(ahead) < start, "the reminder came after the start")
        terminal.type("q")
        #expect(try run.exitStatus() == 0)
    }

    // MARK: Resize

    /// A resize reaches `render`: the next frame has the new size; below
    /// the minimum the screen asks to be enlarged, and recovers.
    @Test func aResizeGivesTheNextFrameTheNewSize() throws {
        let folder = try RuntimeFolder()
        let terminal = TestTerminal(size: Size(columns: 100, rows: 30))
        let run = Self.startDashboard(terminal, folder: folder)
        #expect(terminal.waitForText("? help") != nil)
        terminal.resize(to: Size(columns: 30, rows: 8))
        let small = terminal.waitForFrame { $0.size == Size(columns: 30, rows: 8) }
        #expect(small != nil, "no frame at 30×8")
        #expect(Self.screen(small).contains("Enlarge the"), "\(Self.screen(small))")
        terminal.resize(to: Size(columns: 60, rows: 14))
        let back = terminal.waitForFrame { $0.size == Size(columns: 60, rows: 14) }
        #expect(back != nil, "no frame at 60×14")
        #expect(Self.screen(back).contains("UTC ") && !Self.screen(back).contains("Enlarge"), "\(Self.screen(back))")
        terminal.type("q")
        #expect(try run.exitStatus() == 0)
    }

    // MARK: Plain mode

    /// `PlainRunner` with a pipe for stdin and a recorder for stdout.
    static func startPlain(_ input: InputPipe, said: SaidText, folder: RuntimeFolder,
                           clock: LoopClock = .wall) throws -> InProcessRun {
        let store = folder.makeStore()
        let state = try DashboardRunner.initialState(now: clock.now(), store: store, environment: folder.environment)
        var runner = PlainRunner(initialState: state, store: store)
        runner.seams = RunnerSeams(clock: clock, poller: .system(input: input.readFd), environment: folder.environment,
                                   watchesSignals: false)
        runner.input = input.readFd
        runner.output = { said.append($0) }
        return InProcessRun { [runner] in try runner.run() }
    }

    /// Keys in, lines out: `t` says the time, `?` the keys, a lone Esc
    /// (after its 25 ms) closes the help, `q` says goodbye and exits 0.
    /// Never an escape sequence.
    @Test func plainModeSaysTimeHelpAndGoodbye() throws {
        let folder = try RuntimeFolder()
        let input = InputPipe(), said = SaidText()
        let run = try Self.startPlain(input, said: said, folder: folder)
        #expect(said.waitFor("plain mode"))
        let greeted = said.text.count
        input.write("t")
        #expect(said.waitFor("UTC ", after: greeted), "t did not say the time:\n\(said.text)")
        input.write("?")
        #expect(said.waitFor("End of keys"))
        input.write("\u{1B}")
        #expect(said.waitFor("Help closed."), "a lone Escape did not close the help:\n\(said.text)")
        input.write("q")
        #expect(try run.exitStatus() == 0)
        #expect(said.text.contains("Goodbye."))
        #expect(!said.text.contains("\u{1B}"), "plain mode wrote an escape sequence:\n\(said.text)")
        // The time said is the real current UTC time (allowing for slow machines).
        let plausible = Set((-3...1).map { MarkTime.clock(Date().addingTimeInterval(Double($0))) })
        #expect(plausible.contains { said.text.contains($0) }, "\(said.text)")
    }

    /// Everything the screen would show changing is said: the call editor,
    /// the search as it is typed and its results, a place added, the
    /// settings opening, a changed value and closing; Ctrl-Space (NUL)
    /// records a mark even while the search field takes typed text.
    /// (Moved from the pty suite: only the announcer and the keys.)
    @Test func plainModeSaysTheCallEditorSearchSettingsAndTheMarkKey() throws {
        let folder = try RuntimeFolder()
        let input = InputPipe(), said = SaidText()
        let run = try Self.startPlain(input, said: said, folder: folder)
        #expect(said.waitFor("plain mode"))
        func says(_ keys: String, _ expected: String, _ why: String) {
            let before = said.text.count
            input.write(keys)
            #expect(said.waitFor(expected, after: before), "\(why): \"\(expected)\" not said after \(keys.debugDescription):\n\(said.text.dropFirst(before))")
        }
        says("\u{1B}[Z", "Focus: calls panel.", "Shift-Tab")
        says("\r", "Editing call", "Enter on the call planner")
        says("a", "Add a place: type to search", "a in the editor")
        says("Lond", "Typed: Lond", "typing in the search")
        #expect(said.waitFor("London, GB (Europe/London)"), "results not named:\n\(said.text)")
        #expect(said.text.range(of: #"\d+ results?: "#, options: .regularExpression) != nil)
        says("\u{0}", "Mark #1 recorded", "Ctrl-Space while typing a search")
        #expect(!said.text.contains("Typed: Lond "), "Ctrl-Space typed a space")
        says("\r", "Added London, GB", "Enter on a result")
        says("\u{1B}", "Changes dropped.", "Escape in the editor")
        #expect(said.text.contains("Call editor closed"))
        says(" ", "Mark #2 recorded", "Space on the main screen")
        says("o", "Settings open", "o")
        says("\u{1B}[C", "Theme: ", "→ in the settings")
        says("\u{1B}", "Settings closed.", "Escape in the settings")
        input.write("q")
        #expect(try run.exitStatus() == 0)
        #expect(try folder.storedMarkCount() == 2)
    }

    /// Plain mode says a reminder as a line; a start whose reminder time
    /// has passed reminds at once; a reminder given is not given again
    /// after a restart. The clock runs 10 s ahead (`LoopClock`), so the
    /// 1-minute reminder comes 5 s after the start, not 15 s. (Moved from
    /// the pty suite.)
    @Test func plainModeSaysRemindersOnceAcrossARestart() throws {
        let folder = try RuntimeFolder()
        let ahead = 10.0
        let clock = LoopClock { WallClock.now().addingTimeInterval(ahead) }
        let now = Date().timeIntervalSince1970
        // ~65 s and ~280 s on the dashboard's clock ("5 min" from ~241 s to 300 s).
        let soon = Date(timeIntervalSince1970: (now + 75).rounded())
        let late = Date(timeIntervalSince1970: (now + 290).rounded())
        for (name, start, remind) in [("Standup", soon, "1m"), ("Review", late, "10m")] {
            #expect(try OtherProcess.run(["calls", "add", name, "--at", ISOInstant.seconds(start), "--remind", remind, "Paris", "Tokyo"],
                                         environment: folder.environment) == 0)
        }
        let input = InputPipe(), said = SaidText()
        let run = try Self.startPlain(input, said: said, folder: folder, clock: clock)
        #expect(said.waitFor("\"Review\" starts in 5 min"), "no late-start reminder:\n\(said.text)")
        #expect(said.waitFor("\"Standup\" starts in 1 min"), "no reminder:\n\(said.text)")
        #expect(said.text.contains("Paris"))
        // The screen keeps the loop's clock too: a lone Esc still counts after its 25 ms.
        input.write("?")
        #expect(said.waitFor("End of keys"))
        input.write("\u{1B}")
        // 5 s, not the usual 20: a clock mix-up would take it only once the
        // real clock catches up with the loop's, 10 s later.
        #expect(said.waitFor("Help closed.", 5), "a lone Esc on a clock ahead was never taken:\n\(said.text)")
        input.write("q")
        #expect(try run.exitStatus() == 0)

        let input2 = InputPipe(), again = SaidText()
        let rerun = try Self.startPlain(input2, said: again, folder: folder, clock: clock)
        #expect(again.waitFor("plain mode"))
        // Three ticks: time enough for a reminder due at start-up to be said.
        #expect(!again.waitFor("starts in", 3), "reminded again after a restart:\n\(again.text)")
        input2.write("q")
        #expect(try rerun.exitStatus() == 0)
    }

    /// Input closed (the end of `printf ' ' | timedeck --plain`): exit 0,
    /// and the mark typed before is said once stored, not dropped.
    @Test func plainModeEndsWithItsInputAndSaysTheMarkFirst() throws {
        let folder = try RuntimeFolder()
        let input = InputPipe(), said = SaidText()
        let run = try Self.startPlain(input, said: said, folder: folder)
        #expect(said.waitFor("plain mode"))
        input.write(" ")
        input.closeInput()
        #expect(try run.exitStatus() == 0)
        #expect(said.text.contains("Mark #1 recorded"), "\(said.text)")
        #expect(try folder.storedMarkCount() == 1)
    }

    /// → then Esc in one read (typed quickly): the Esc at the end of the
    /// read still counts once its 25 ms pass (it once waited for more bytes).
    @Test func plainModeEscapeAtTheEndOfAReadIsNotLost() throws {
        let folder = try RuntimeFolder()
        let input = InputPipe(), said = SaidText()
        let run = try Self.startPlain(input, said: said, folder: folder)
        #expect(said.waitFor("plain mode"))
        input.write("o")
        #expect(said.waitFor("Settings open"))
        input.write("\u{1B}[C\u{1B}")
        #expect(said.waitFor("Settings closed."), "\(said.text)")
        input.write("q")
        #expect(try run.exitStatus() == 0)
    }
}
