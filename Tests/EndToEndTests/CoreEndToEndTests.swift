import Foundation
import GRDB
import Testing
import TimeKit

/// The core's promises, as a user meets them: a change made with the slider
/// survives kill -9 and SIGTERM like one made in the editor, in both modes,
/// and merely opening the dashboard writes nothing.
@Suite(.serialized) struct CoreEndToEndTests {
    let bin = shellQuoted(TimedeckBinary.url.path)

    /// The call start shown in the panel's first line.
    func shownStart(_ screen: String) -> Date? {
        guard let m = screen.firstMatch(of: /Call from Paris  60 min  (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)/),
              case let .instant(d)? = try? CallTimeInput.parse(String(m.1)) else { return nil }
        return d
    }

    /// Stored call starts, read straight from the file (nil: no file or no table).
    func storedStarts(_ home: TemporaryFolder) -> [Date]? {
        let path = home.path("timedeck.sqlite")
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        var config = Configuration()
        config.readonly = true
        guard let queue = try? DatabaseQueue(path: path, configuration: config) else { return nil }
        return try? queue.read { db in
            try Int64.fetchAll(db, sql: "SELECT startUnixSeconds FROM callPlan ORDER BY id")
                .map { Date(timeIntervalSince1970: TimeInterval($0)) }
        }
    }

    func paneProcess(_ tmux: TmuxSession) -> pid_t? {
        (try? tmux.tmux(["display-message", "-p", "-t", tmux.name, "#{pane_pid}"]))
            .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @Test func aSliderMoveSurvivesKillNineAfterItRests() throws {
        let home = TemporaryFolder()
        let environment = ["TZ": "Europe/Paris", "TIMEDECK_REDUCED_MOTION": "1", "TIMEDECK_HOME": home.url.path]
        let first = try TmuxSession(columns: 100, rows: 40, command: "exec " + bin, environment: environment)
        let screen = try #require(first.waitForScreen { shownStart($0) != nil }, "no call planner:\n\(first.capture())")
        let scheduled = try #require(shownStart(screen))
        try first.send("BTab")  // focus the call planner
        try first.send("Right")
        let moved = scheduled.addingTimeInterval(900)
        #expect(first.waitForScreen { shownStart($0) == moved } != nil)
        // Within 2 s of rest the move is in the database, with no key pressed.
        #expect(waitUntil(2) { storedStarts(home) == [moved] }, "stored: \(String(describing: storedStarts(home)))")
        let pid = try #require(paneProcess(first))
        kill(pid, SIGKILL)

        let second = try TmuxSession(columns: 100, rows: 40, command: "exec " + bin, environment: environment)
        let reopened = second.waitForScreen { shownStart($0) != nil }
        #expect(reopened.flatMap(shownStart) == moved, "after a restart:\n\(second.capture())")
        try second.send("q")
    }

    @Test func plainModeKeepsAMoveWhenTerminatedAtOnce() throws {
        let home = TemporaryFolder()
        let pty = try PtyProcess(["--plain"], environment: [
            "TERM": "dumb", "TZ": "Europe/Paris", "TIMEDECK_HOME": home.url.path, "TIMEDECK_REDUCED_MOTION": "1"])
        #expect(pty.read(until: { $0.contains("plain mode") }))
        pty.type("\u{1B}[Z")  // back-tab: focus the call planner
        #expect(pty.read(until: { $0.contains("Focus: calls") }))
        pty.type("\u{1B}[C")  // →: fifteen minutes later
        #expect(pty.read(until: { $0.contains("Call \"Call from Paris\" at ") }), "\(pty.text)")
        let said = try #require(pty.text.firstMatch(of: /Call "Call from Paris" at (\S+Z):/))
        guard case let .instant(announced)? = try? CallTimeInput.parse(String(said.1)) else {
            Issue.record("cannot read the announced time: \(said.1)")
            return
        }
        // Well before the slider rests (0.6 s): only the signal path can save it.
        usleep(150_000)
        kill(pty.pid, SIGTERM)
        #expect(pty.waitForExit() == 128 + SIGTERM)
        #expect(storedStarts(home) == [announced])
    }
}
