import Foundation
import Testing

/// Signals in every mode (issue 8): SIGINT, SIGTERM, SIGHUP and SIGQUIT
/// (also typed as Ctrl-\) while the dashboard shows the clock, the help, or a
/// screen too small to draw, leave `stty -a` exactly as it was before and
/// exit with 128 + the signal number.
@Suite(.serialized) struct AbuseSignalTests {
    /// A mode and the keys (tmux names) or resize that put the dashboard in it.
    struct Mode: CustomTestStringConvertible, Sendable {
        var name: String
        var keys: [String]
        var expectOnScreen: String
        var tooSmall = false
        /// Pause before the signal; 0 catches an animation in flight.
        var settleMicroseconds: UInt32 = 200_000
        var testDescription: String { name }
    }

    static let modes: [Mode] = [
        Mode(name: "clock", keys: [], expectOnScreen: "? help"),
        Mode(name: "help open", keys: ["?"], expectOnScreen: "Show this help"),
        Mode(name: "help scrolled", keys: ["?", "j", "j"], expectOnScreen: "Keys"),
        Mode(name: "too small", keys: [], expectOnScreen: "Enlarge", tooSmall: true),
        // A note goes on a stored mark: wait for its number first.
        Mode(name: "mark note being typed", keys: ["Space", "wait:#1  ", "n", "h", "i"], expectOnScreen: "Note for #1"),
        Mode(name: "call editor", keys: ["Tab", "Tab", "Enter"], expectOnScreen: "EDITING"),
        Mode(name: "place search in the call editor", keys: ["Tab", "Tab", "Enter", "a", "S", "y", "d"],
             expectOnScreen: "Add place: Syd"),
        Mode(name: "call clock hand mid-sweep", keys: ["Tab", "Tab", "b"], expectOnScreen: "Call from",
             settleMicroseconds: 0),
        Mode(name: "Mars advanced fields", keys: ["Tab", "a"], expectOnScreen: "MTC"),
    ]
    static let signals: [(String, Int32)] = [("INT", SIGINT), ("TERM", SIGTERM), ("HUP", SIGHUP), ("QUIT", SIGQUIT)]

    @Test(arguments: modes)
    func everySignalInThisModeRestoresTheTerminal(mode: Mode) throws {
        for (name, number) in Self.signals {
            let status = try check(mode: mode, signalName: name) { pid, _ in kill(pid, number) }
            #expect(status == "\(128 + number)", "SIG\(name) in \(mode.name): status \(status ?? "none")")
        }
    }

    /// Issue 20, item 5: every other default-fatal signal left the terminal
    /// raw, in the alternate screen, echo off. Those that can be handled
    /// leave like SIGTERM (128 + number); faults restore the terminal and
    /// still end the process by the signal.
    static let otherFatal: [(String, Int32)] = [("USR1", SIGUSR1), ("USR2", SIGUSR2), ("ALRM", SIGALRM), ("VTALRM", SIGVTALRM),
                                                ("PROF", SIGPROF), ("XCPU", SIGXCPU), ("PIPE", SIGPIPE), ("IO", SIGIO),
                                                ("PWR", SIGPWR)]

    @Test(arguments: [modes[0], modes[4]])
    func everyOtherFatalSignalRestoresTheTerminal(mode: Mode) throws {
        for (name, number) in Self.otherFatal {
            let status = try check(mode: mode, signalName: name) { pid, _ in kill(pid, number) }
            #expect(status == "\(128 + number)", "SIG\(name) in \(mode.name): status \(status ?? "none")")
        }
    }

    @Test(arguments: [("SEGV", SIGSEGV), ("ABRT", SIGABRT), ("BUS", SIGBUS), ("FPE", SIGFPE)])
    func faultSignalsRestoreTheTerminal(name: String, number: Int32) throws {
        let status = try check(mode: Self.modes[1], signalName: name) { pid, _ in kill(pid, number) }
        #expect(status == "\(128 + number)", "SIG\(name): status \(status ?? "none")")
    }

    /// Ctrl-\ is SIGQUIT from the terminal itself. Before the fix the Swift
    /// runtime's backtracer caught it and printed a crash report over a raw
    /// terminal; now it leaves like SIGTERM.
    @Test func controlBackslashQuitsCleanly() throws {
        let status = try check(mode: Self.modes[1], signalName: "QUIT (Ctrl-\\)") { _, tmux in try tmux.send(["-H", "1c"]) }
        #expect(status == "131")
    }

    /// Runs timedeck in `mode`, delivers the signal, checks the terminal and
    /// returns the exit status.
    private func check(mode: Mode, signalName: String, deliver: (Int32, TmuxSession) throws -> Void) throws -> String? {
        let dir = TemporaryFolder()
        let q = { shellQuoted(dir.path($0)) }
        // bash with a caught (not ignored) trap: the shell survives a
        // terminal signal while timedeck gets the default disposition.
        let script = "trap 'true' INT QUIT TSTP; stty -a > \(q("before")); "
            + "sh -c 'echo $$ > \(dir.path("pid")); exec \(TimedeckBinary.url.path)'; echo $? > \(q("status")); "
            + "stty -a > \(q("after")); sleep 30"
        let tmux = try TmuxSession(columns: 80, rows: 24, command: "exec bash -c \(shellQuoted(script))",
                                   environment: ["TIMEDECK_HOME": dir.path("data"), "XDG_CONFIG_HOME": dir.path("config")])
        #expect(tmux.waitForScreen { $0.contains("? help") } != nil)
        for key in mode.keys {
            if key.hasPrefix("wait:") {
                let text = String(key.dropFirst("wait:".count))
                #expect(tmux.waitForScreen { $0.contains(text) } != nil, "\(text) never shown in \(mode.name)")
                continue
            }
            try tmux.send(key)
            usleep(50_000)
        }
        if mode.tooSmall { try tmux.resize(columns: 30, rows: 8) }
        #expect(tmux.waitForScreen { $0.contains(mode.expectOnScreen) } != nil, "\(mode.name) not reached:\n\(tmux.capture())")
        usleep(mode.settleMicroseconds)
        let pid = try #require(Int32(dir.read("pid")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        try deliver(pid, tmux)
        // Complete files only: the shell creates "after" before stty writes it.
        #expect(waitUntil(10) { dir.read("after")?.hasSuffix("\n") == true }, "timedeck did not exit on SIG\(signalName) in \(mode.name)")
        let status = dir.read("status")?.trimmingCharacters(in: .whitespacesAndNewlines)
        // The window size is part of `stty -a`; the too-small mode changed it on purpose.
        let withoutSize = { (text: String?) in text?.replacing(/rows \d+; columns \d+;/, with: "rows, columns;") }
        let before = withoutSize(dir.read("before")), after = withoutSize(dir.read("after"))
        #expect(before != nil && before == after, "stty -a changed after SIG\(signalName) in \(mode.name):\n\(before ?? "")\n---\n\(after ?? "")")
        return status
    }
}

/// Issue 20, item 10: a Space pressed while the process was stopped
/// (SIGSTOP) was stamped at SIGCONT, seconds late, with no flag.
@Suite(.serialized) struct StoppedProcessTests {
    @Test func aKeyReadAfterAStopIsFlaggedAsALateStamp() throws {
        let dir = TemporaryFolder()
        let tmux = try TmuxSession(columns: 120, rows: 30, command: "exec \(shellQuoted(TimedeckBinary.url.path))",
                                   environment: ["TIMEDECK_HOME": dir.path("data"), "XDG_CONFIG_HOME": dir.path("config")])
        #expect(tmux.waitForScreen { $0.contains("? help") } != nil)
        let pidText = try tmux.tmux(["display-message", "-p", "-t", tmux.name, "#{pane_pid}"])
        let pid = try #require(pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGSTOP)
        try tmux.send("Space")
        usleep(1_500_000)  // the stop itself is what is measured here
        kill(pid, SIGCONT)
        let screen = tmux.waitForScreen { $0.contains("LATE STAMP") }
        #expect(screen != nil, "the late stamp was not flagged:\n\(tmux.capture())")
        #expect(tmux.waitForScreen { $0.contains("#1 ") } != nil, "the mark itself was not stored:\n\(tmux.capture())")
        try tmux.send("q")
    }
}

/// Regression: started with SIGWINCH blocked (as a test runner's worker
/// thread handed it on through tmux), the dashboard never learned of a
/// resize and drew the old size's frame into the new window.
@Suite(.serialized) struct BlockedResizeSignalTests {
    @Test func resizesAreSeenEvenWhenStartedWithSIGWINCHBlocked() throws {
        let launcher = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGWINCH]); "
            + "os.execv(sys.argv[1], sys.argv[1:])"
        let dir = TemporaryFolder()
        let tmux = try TmuxSession(columns: 80, rows: 24, command:
            "python3 -c \(shellQuoted(launcher)) \(shellQuoted(TimedeckBinary.url.path))",
            environment: ["TIMEDECK_HOME": dir.path("data"), "XDG_CONFIG_HOME": dir.path("config")])
        #expect(tmux.waitForScreen { $0.contains("? help") } != nil)
        try tmux.resize(columns: 30, rows: 8)
        #expect(tmux.waitForScreen { $0.contains("Enlarge") } != nil, "resize not seen:\n\(tmux.capture())")
    }
}

/// Regression (found by scripts/pty-latency.py): a SIGTERM in the first
/// ~50 ms after the signal watchers were set up (dispatch sources, which
/// register asynchronously, while the signals were already ignored) was
/// dropped and the dashboard ran on. The harness sent it as soon as the first
/// frame was on screen, which is inside that window; so does this test.
@Suite(.serialized) struct EarlySignalTests {
    @Test(arguments: 0..<10)
    func sigtermAsSoonAsTheFirstFrameShowsEndsTheDashboard(run: Int) throws {
        let process = try PtyProcess([], environment: ["TERM": "xterm-256color"], columns: 100, rows: 30)
        #expect(process.read(until: { $0.contains(" quit") }), "no first frame")
        kill(process.pid, SIGTERM)
        #expect(process.waitForExit(seconds: 3) == 143, "SIGTERM right after the first frame was lost (run \(run))")
    }

    @Test(arguments: [0, 5, 20])
    func sigtermBeforeTheFirstFrameEndsTheProcess(delayMilliseconds: Int) throws {
        let process = try PtyProcess([], environment: ["TERM": "xterm-256color"], columns: 100, rows: 30)
        usleep(UInt32(delayMilliseconds * 1000))
        kill(process.pid, SIGTERM)
        // 143 whether the handler saw it (128 + 15) or the default action did.
        #expect(process.waitForExit(seconds: 3) == 143)
    }
}
