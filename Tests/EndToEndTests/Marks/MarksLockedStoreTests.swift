import Foundation
import GRDB
import Testing

/// Another process holds the database's write lock (`BEGIN EXCLUSIVE` from
/// Python's sqlite3, a separate process, as a backup or a second writer
/// would): the dashboard keeps its clock and keys, marks go to the journal
/// beside the database at once and into SQLite when the lock goes, and a
/// kill -9 meanwhile loses none of them.
@Suite("Marks while the database is locked (tmux)", .serialized)
struct MarksLockedStoreTests {
    static let lockSeconds = 8.0

    /// Holds an exclusive lock on `database` for `seconds` in a child
    /// process; returns once the lock is taken.
    func holdLock(_ p: MarksProcess, seconds: Double) throws -> pid_t {
        let flag = p.home.appendingPathComponent("locked-\(UUID().uuidString)").path
        let script = """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('BEGIN EXCLUSIVE')
            open(sys.argv[2], 'w').close()
            time.sleep(float(sys.argv[3]))
            c.execute('COMMIT')
            """
        let pid = try spawn(["python3", "-c", script, p.databasePath, flag, "\(seconds)"],
                            environment: ["PATH": "/usr/bin:/bin"], stdin: "/dev/null", stdout: "/dev/null", stderr: "/dev/null")
        guard waitUntil(10, { FileManager.default.fileExists(atPath: flag) }) else {
            kill(pid, SIGKILL)
            throw MarksProcess.Failure(message: "the lock holder did not take the lock")
        }
        return pid
    }

    /// The dashboard's second as drawn (the "Local … HH:MM:SS" line; the
    /// tests run with TZ=UTC, and a zone offset never changes the seconds).
    static func shownSecond(_ screen: String) -> String? {
        guard let range = screen.range(of: #"Local \S+ \d\d:\d\d:\d\d"#, options: .regularExpression) else { return nil }
        return String(screen[range].suffix(8))
    }

    static func heldRows(_ screen: String) -> [String] {
        screen.split(separator: "\n").map(String.init).filter { $0.range(of: #"held  \d\dd \d\dh"#, options: .regularExpression) != nil }
    }

    static func markTimes(_ rows: [String]) -> Set<String> {
        Set(rows.compactMap { row in
            row.range(of: #"\d\dd \d\dh \d\dm \d\d\.\d\d\ds"#, options: .regularExpression).map { String(row[$0]) }
        })
    }

    func start(_ p: MarksProcess, marks: Int = 0) throws -> (TmuxSession, pid_t) {
        try "[marks]\ngpsd = \"off\"\n".write(toFile: p.configPath, atomically: true, encoding: .utf8)
        let session = try TmuxSession(columns: 100, rows: 30, command: "exec \(shellQuoted(TimedeckBinary.url.path))",
                                      environment: ["TIMEDECK_HOME": p.home.path, "TIMEDECK_CONFIG": p.configPath, "TZ": "UTC"])
        guard session.waitForScreen(10, { $0.contains("Marks \(marks)") && Self.shownSecond($0) != nil }) != nil else {
            throw MarksProcess.Failure(message: "dashboard did not start:\n\(session.capture())")
        }
        let pidText = try session.tmux(["display-message", "-p", "-t", session.name, "#{pane_pid}"])
        guard let pid = pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw MarksProcess.Failure(message: "no pane pid in \(pidText)")
        }
        return (session, pid)
    }

    /// Whether `pid` (our child) has exited; reaps it.
    func exited(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid
    }

    @Test("An 8 s exclusive lock: the clock advances every second, three marks pressed meanwhile are held, then stored")
    func clockRunsAndMarksAreStored() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let (session, pid) = try start(p)
        defer { kill(pid, SIGKILL); session.stop() }
        let locker = try holdLock(p, seconds: Self.lockSeconds)
        defer { kill(locker, SIGKILL) }
        let locked = Date()
        var firstSeen: [(second: String, at: Date)] = []
        var presses = 0
        var maxHeld = 0
        var sawWaitingMessage = false
        // Sample the screen until the lock holder exits (deadline: 3× the lock).
        while !exited(locker), Date().timeIntervalSince(locked) < Self.lockSeconds * 3 {
            let screen = session.capture()
            if let second = Self.shownSecond(screen), second != firstSeen.last?.second {
                firstSeen.append((second, Date()))
            }
            maxHeld = max(maxHeld, Self.heldRows(screen).count)
            sawWaitingMessage = sawWaitingMessage || screen.contains("held in journal")
            if presses < 3, Date().timeIntervalSince(locked) > Double(presses + 1) {
                try session.send("Space")
                presses += 1
            }
            usleep(50_000)
        }
        let lockedFor = Date().timeIntervalSince(locked)
        #expect(presses == 3)
        #expect(lockedFor >= Self.lockSeconds - 0.5, "the lock ended early: \(lockedFor) s")
        // A frozen loop (the old behaviour) showed one second for ~5 s.
        let gaps = zip(firstSeen, firstSeen.dropFirst()).map { $1.at.timeIntervalSince($0.at) }
        #expect(firstSeen.count >= Int(Self.lockSeconds) - 1, "seconds seen: \(firstSeen.map(\.second))")
        #expect((gaps.max() ?? 99) < 2.5, "longest gap between shown seconds: \(gaps.max() ?? 99) s")
        #expect(maxHeld == 3, "held rows seen during the lock: \(maxHeld)\n\(session.capture())")
        #expect(sawWaitingMessage, "no 'held in journal' message during the lock")

        // The lock is gone: all three get their numbers and are in SQLite.
        let stored = session.waitForScreen(10) { $0.contains("#1  ") && $0.contains("#2  ") && $0.contains("#3  ") }
        #expect(stored != nil, "marks not stored after the lock:\n\(session.capture())")
        let marks = try p.listJSON()
        #expect(marks.count == 3)
        #expect(Set(marks.compactMap { $0["markTime"] as? String }).count == 3)
        #expect((try? Data(contentsOf: URL(fileURLWithPath: p.databasePath + ".pending-marks")))?.isEmpty ?? true)
    }

    /// Starts the dashboard, has another process lock its database, runs
    /// `during` (keys; returns what the screen showed), kills the dashboard
    /// with SIGKILL while the lock is still held, and waits for the lock to
    /// end. What `during` returned comes back.
    func killedDuringLock<T>(_ p: MarksProcess, _ during: (TmuxSession) throws -> T) throws -> T {
        let (session, pid) = try start(p)
        defer { session.stop() }
        let locker = try holdLock(p, seconds: Self.lockSeconds)
        defer { kill(locker, SIGKILL) }
        let result: T
        do {
            defer { kill(pid, SIGKILL) }
            result = try during(session)
        }
        #expect(!exited(locker), "the lock ended before the kill; the test proves nothing")
        _ = waitForExit(locker, seconds: Self.lockSeconds * 3)
        return result
    }

    @Test("kill -9 of the dashboard while its marks wait in the journal: none lost after the lock goes")
    func killNineDuringLock() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let shown = try killedDuringLock(p) { session in
            for _ in 0..<3 { try session.send("Space") }
            return session.waitForScreen(5) { Self.heldRows($0).count == 3 } ?? "three held marks never shown:\n\(session.capture())"
        }
        #expect(Self.heldRows(shown).count == 3, "\(shown)")
        // The next program to open the store (here `marks list`) imports the journal.
        let marks = try p.listJSON()
        #expect(marks.count == 3, "\(marks)")
        #expect(Set(marks.compactMap { $0["markTime"] as? String }) == Self.markTimes(Self.heldRows(shown)))
        // A second import finds nothing new: still three.
        #expect(try p.listJSON().count == 3)
    }

    @Test("A note typed on a held mark during the lock survives kill -9 and reaches SQLite with the mark")
    func noteOnAHeldMarkSurvivesKillNine() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try killedDuringLock(p) { session in
            try session.send("Space")
            #expect(session.waitForScreen(5) { Self.heldRows($0).count == 1 } != nil, "no held mark:\n\(session.capture())")
            try session.send("n")
            #expect(session.waitForScreen { $0.contains("Note for the held mark: ") } != nil, "n opened no note:\n\(session.capture())")
            try session.send("-l", "first light")
            try session.send("Enter")
            let saved = session.waitForScreen(5) { $0.contains("Note saved in the journal (database busy)") && $0.contains("first l") }
            #expect(saved != nil, "\(session.capture())")
        }
        // The next program to open the store imports the mark and its note.
        let marks = try p.listJSON()
        #expect(marks.count == 1 && marks.first?["note"] as? String == "first light", "\(marks)")
        #expect((try? Data(contentsOf: URL(fileURLWithPath: p.databasePath + ".pending-marks")))?.isEmpty ?? true)
    }

    @Test("A held mark deleted during the lock, then kill -9: it is never stored; the other held mark is")
    func deleteAHeldMarkDuringTheLock() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try killedDuringLock(p) { session in
            try session.send("Space")
            #expect(session.waitForScreen(5) { Self.heldRows($0).count == 1 } != nil, "\(session.capture())")
            try session.send("Space")
            #expect(session.waitForScreen(5) { Self.heldRows($0).count == 2 } != nil, "\(session.capture())")
            try session.send("d")
            let deleted = session.waitForScreen(5) { $0.contains("Deleted the held mark") && Self.heldRows($0).count == 1 }
            #expect(deleted != nil, "\(session.capture())")
        }
        let marks = try p.listJSON()
        #expect(marks.count == 1, "\(marks)")
    }

    @Test("A note on a stored mark while the database is locked goes to the journal at once and is stored after")
    func noteOnAStoredMarkDuringTheLock() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        #expect(try p.run(["marks", "add", "--no-position"]).status == 0)
        let (session, pid) = try start(p, marks: 1)
        defer { kill(pid, SIGKILL); session.stop() }
        let locker = try holdLock(p, seconds: Self.lockSeconds)
        defer { kill(locker, SIGKILL) }
        try session.send("n")
        #expect(session.waitForScreen { $0.contains("Note for #1: ") } != nil, "\(session.capture())")
        try session.send("-l", "Sun LL")
        let typed = Date()
        try session.send("Enter")
        // Not the 5 s the store would wait for the lock: the journal takes it.
        let saved = session.waitForScreen(5) { $0.contains("Note saved in the journal (database busy)") }
        #expect(saved != nil, "\(session.capture())")
        #expect(Date().timeIntervalSince(typed) < 3, "took \(Date().timeIntervalSince(typed)) s")
        #expect(!exited(locker), "the lock ended first; the test proves nothing")
        _ = waitForExit(locker, seconds: Self.lockSeconds * 3)
        #expect(waitUntil(5) { ((try? p.listJSON()) ?? []).first?["note"] as? String == "Sun LL" }, "\((try? p.listJSON()) ?? [])")
    }

    @Test("marks note while the database stays locked: journaled, exit 0, stored by the next command; delete refuses")
    func cliNoteFallsBackToTheJournal() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        #expect(try p.run(["marks", "add", "--no-position"]).status == 0)
        // Long enough for the note's and the delete's 5 s busy waits.
        let locker = try holdLock(p, seconds: 16)
        defer { kill(locker, SIGKILL) }
        let note = try p.run(["marks", "note", "1", "during the lock"])
        #expect(note.status == 0, "\(note.stderr)")
        #expect(!exited(locker), "the lock ended before the note gave up waiting; the test proves nothing")
        #expect(note.stdout.hasPrefix("held note #1"), "\(note.stdout)")
        #expect(note.stderr.contains("busy") && note.stderr.contains(".pending-marks"), "\(note.stderr)")
        let journal = (try? String(contentsOfFile: p.databasePath + ".pending-marks", encoding: .utf8)) ?? ""
        #expect(journal.contains("\"op\":\"note\"") && journal.contains("during the lock"), "journal: \(journal)")
        let delete = try p.run(["marks", "delete", "1"])
        let refused = delete.status == 1
        #expect(refused || exited(locker), "deleted while locked: \(delete.status) \(delete.stderr)")
        if refused { #expect(delete.stderr.contains("nothing was deleted"), "\(delete.stderr)") }
        _ = waitForExit(locker, seconds: 40)
        let marks = try p.listJSON()
        if refused {
            #expect(marks.count == 1 && marks.first?["note"] as? String == "during the lock", "\(marks)")
        }
    }

    @Test("marks add while the database stays locked: held in the journal, exit 0, stored by the next command")
    func cliFallsBackToTheJournal() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        _ = try p.run(["marks", "list"])  // creates the database
        let locker = try holdLock(p, seconds: 7)
        defer { kill(locker, SIGKILL) }
        let add = try p.run(["marks", "add", "--note", "during the lock"])
        let stillLocked = !exited(locker)
        #expect(add.status == 0, "\(add.stderr)")
        if stillLocked {
            #expect(add.stdout.hasPrefix("held "), "\(add.stdout)")
            #expect(add.stderr.contains("busy") && add.stderr.contains(".pending-marks"), "\(add.stderr)")
        }
        _ = waitForExit(locker, seconds: 30)
        let marks = try p.listJSON()
        #expect(marks.count == 1 && marks.first?["note"] as? String == "during the lock")
    }

    /// The call start in the planner's first line (`… 60 min  2026-11-24T11:00:00Z`).
    static func shownCallStart(_ screen: String) -> String? {
        guard let range = screen.range(of: #"60 min  \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"#, options: .regularExpression) else { return nil }
        return String(screen[range].suffix(20))
    }

    @Test("Call moves saved during an 8 s lock: the clock keeps running, the call is stored once after, with the last time")
    func callMovesDuringTheLock() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        _ = try p.run(["marks", "list"])  // creates the database, so there is a file to lock
        let (session, pid) = try start(p)
        defer { kill(pid, SIGKILL); session.stop() }
        try session.send("BTab")  // focus the call planner
        let before = try #require(session.waitForScreen { Self.shownCallStart($0) != nil }.flatMap(Self.shownCallStart))
        let locker = try holdLock(p, seconds: Self.lockSeconds)
        defer { kill(locker, SIGKILL) }
        let locked = Date()
        // Two moves, each left to rest (0.6 s) so each asks for a save while
        // the lock is held; the first is a new call's first save (an insert).
        try session.send("Right")
        var seconds: [(String, Date)] = []
        var pressedAgain = false
        while !exited(locker), Date().timeIntervalSince(locked) < Self.lockSeconds * 3 {
            let screen = session.capture()
            if let second = Self.shownSecond(screen), second != seconds.last?.0 { seconds.append((second, Date())) }
            if !pressedAgain, Date().timeIntervalSince(locked) > 2 {
                try session.send("Right")
                pressedAgain = true
            }
            usleep(50_000)
        }
        let gaps = zip(seconds, seconds.dropFirst()).map { $1.1.timeIntervalSince($0.1) }
        #expect(pressedAgain)
        #expect((gaps.max() ?? 99) < 2.5, "the clock stalled during the lock: longest gap \(gaps.max() ?? 99) s")
        let moved = try #require(session.waitForScreen { Self.shownCallStart($0) != before }.flatMap(Self.shownCallStart))
        // After the lock: exactly one stored call, at the time shown.
        var rows: [String] = []
        let stored = waitUntil(10) {
            var config = Configuration()
            config.readonly = true
            rows = (try? DatabaseQueue(path: p.databasePath, configuration: config).read { db in
                try String.fetchAll(db, sql: "SELECT strftime('%Y-%m-%dT%H:%M:%SZ', startUnixSeconds, 'unixepoch') FROM callPlan")
            }) ?? []
            return rows == [moved]
        }
        #expect(stored, "stored calls: \(rows), shown: \(moved)")
    }
}
