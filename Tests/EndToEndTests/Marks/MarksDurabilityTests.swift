import Foundation
import GRDB
import Testing

/// The dashboard in a real terminal (tmux): Space records a mark that
/// survives `kill -9` the moment the screen shows it.
@Suite("Marks in the dashboard (tmux)", .serialized)
struct MarksDurabilityTests {
    /// Starts the dashboard with its own database and config, exec'd by the
    /// shell so the pane's pid is timedeck's own.
    func start(_ p: MarksProcess) throws -> (TmuxSession, pid_t) {
        let session = try TmuxSession(columns: 100, rows: 30, command: "exec \(shellQuoted(TimedeckBinary.url.path))",
                                      environment: ["TIMEDECK_HOME": p.home.path, "TIMEDECK_CONFIG": p.configPath])
        guard session.waitForScreen(10, { $0.contains("Marks ") && $0.contains("bell ") }) != nil else {
            throw MarksProcess.Failure(message: "dashboard did not start:\n\(session.capture())")
        }
        let pidText = try session.tmux(["display-message", "-p", "-t", session.name, "#{pane_pid}"])
        guard let pid = pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw MarksProcess.Failure(message: "no pane pid in \(pidText)")
        }
        return (session, pid)
    }

    @Test("Space, then kill -9 as soon as the mark is on screen: the mark is in the store, 20 times")
    func killNineAfterAcknowledgement() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try "[marks]\ngpsd = \"off\"\nposition = \"27 28.02 S 153 22.84 E\"\n".write(toFile: p.configPath, atomically: true, encoding: .utf8)
        for round in 1...20 {
            let (session, pid) = try start(p)
            let before = Date()
            try session.send("Space")
            // The row appears only after the commit: wait for it, then kill at once.
            let screen = session.waitForScreen(5) { $0.contains("#\(round)  ") }
            kill(pid, SIGKILL)
            let shown = try #require(screen, "round \(round): the mark never appeared")
            let line = try #require(shown.split(separator: "\n").first { $0.contains("#\(round)  ") })
            let marks = try p.listJSON()
            #expect(marks.count == round, "round \(round)")
            let stored = try #require(marks.first { $0["id"] as? Int == round })
            let markTime = try #require(stored["markTime"] as? String)
            #expect(line.contains(markTime), "screen \(line) vs stored \(markTime)")
            let millis = try #require((stored["unixMillis"] as? NSNumber)?.int64Value)
            #expect(abs(Double(millis) / 1000 - before.timeIntervalSince1970) < 5)
            session.stop()
        }
        // After twenty kill -9s the file is still a sound SQLite database.
        var readOnly = Configuration()
        readOnly.readonly = true
        let queue = try DatabaseQueue(path: p.databasePath, configuration: readOnly)
        #expect(try queue.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") } == ["ok"])
    }

    @Test("kill -9 at any moment leaves a database that opens, 10 times")
    func killNineAnytime() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try "[marks]\ngpsd = \"off\"\n".write(toFile: p.configPath, atomically: true, encoding: .utf8)
        for round in 0..<10 {
            let (session, pid) = try start(p)
            try session.send("Space", "Space")
            usleep(useconds_t(1000 * (round % 5)))
            kill(pid, SIGKILL)
            let list = try p.run(["marks", "list", "--json"])
            #expect(list.status == 0, "round \(round): \(list.stderr)")
            session.stop()
        }
        #expect(try p.listJSON().count <= 20)
    }

    @Test("Notes typed in the dashboard are stored; one from the CLI with an escape sequence shows inert")
    func noteInDashboard() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try "[marks]\ngpsd = \"off\"\n".write(toFile: p.configPath, atomically: true, encoding: .utf8)
        let (session, pid) = try start(p)
        defer { kill(pid, SIGKILL); session.stop() }
        try session.send("Space")
        #expect(session.waitForScreen { $0.contains("#1  ") } != nil)
        try session.send("n")
        try session.send("-l", "Sun LL")
        try session.send("Enter")
        // The message line is drawn before the row below it: wait for both, so
        // a capture taken mid-redraw under load does not count as a miss.
        let screen = session.waitForScreen { $0.contains("Note saved on #1") && $0.contains("Sun LL") }
        #expect(screen != nil, "note not shown: \(session.capture())")
        #expect(try p.listJSON().first?["note"] as? String == "Sun LL")
        kill(pid, SIGKILL)
        // A note with ESC [2J (clear screen) written by the CLI, then shown.
        try p.run(["marks", "add", "--note", "x\u{1B}[2Jy"])
        let (again, pid2) = try start(p)
        defer { kill(pid2, SIGKILL); again.stop() }
        #expect(again.waitForScreen { $0.contains("x␛[2Jy") } != nil, "\(again.capture())")
    }

    @Test("A foreign database stops the dashboard with a message naming it")
    func foreignDatabase() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: p.databasePath))
        let session = try TmuxSession(columns: 100, rows: 30,
                                      command: "\(shellQuoted(TimedeckBinary.url.path)); echo EXIT=$?; sleep 30",
                                      environment: ["TIMEDECK_HOME": p.home.path, "TIMEDECK_CONFIG": p.configPath])
        defer { session.stop() }
        let screen = session.waitForScreen(10) { $0.contains("EXIT=") }
        #expect(screen?.contains("EXIT=1") == true, "\(session.capture())")
        let joined = (screen ?? "").replacingOccurrences(of: "\n", with: "")
        #expect(joined.contains("not a timedeck database") && joined.contains(p.databasePath), "\(joined)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: p.databasePath)) == Data("not a database".utf8))
    }
}

extension TmuxSession {
    /// Ends the private tmux server now, rather than whenever the value is
    /// released (a leaked server keeps a dashboard alive and ticking).
    func stop() {
        _ = try? tmux(["kill-server"])
    }
}

@Suite("Two timedeck processes on one database", .serialized)
struct MarksTwoProcessTests {
    @Test("A mark added with `timedeck marks add` appears in a running dashboard, whose own marks keep working")
    func cliMarkShowsInDashboard() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try "[marks]\ngpsd = \"off\"\n".write(toFile: p.configPath, atomically: true, encoding: .utf8)
        // Wide enough that the notes show beside the marks and the Mars panel.
        let session = try TmuxSession(columns: 160, rows: 30, command: "exec \(shellQuoted(TimedeckBinary.url.path))",
                                      environment: ["TIMEDECK_HOME": p.home.path, "TIMEDECK_CONFIG": p.configPath])
        defer { session.stop() }
        #expect(session.waitForScreen(10) { $0.contains("Marks ") && $0.contains("bell ") } != nil)
        try session.send("Space")
        #expect(session.waitForScreen { $0.contains("#1  ") } != nil)
        let add = try p.run(["marks", "add", "--note", "from the CLI"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(session.waitForScreen(5) { $0.contains("#2  ") && $0.contains("from the CLI") } != nil, "\(session.capture())")
        try session.send("Space")
        #expect(session.waitForScreen { $0.contains("#3  ") && $0.contains("Marks 3") } != nil, "\(session.capture())")
        let listed = try p.listJSON()
        #expect(listed.count == 3, "listed: \(listed.map { "\($0["id"] ?? "?") \($0["note"] ?? "")" }) screen: \(session.capture())")
    }
}
