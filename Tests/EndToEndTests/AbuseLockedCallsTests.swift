import Foundation
import Testing

/// Issue 20, item 7: a call moved while another process held the store was
/// lost (3 of 3: "Not saved: SQLite error 5…", never retried). Now it waits
/// in a durable queue and the screen says when it is finally saved.
@Suite("abuse: a call moved under a lock", .serialized)
struct AbuseLockedCallsTests {
    @Test func aCallMovedWhileTheStoreIsLockedIsSavedWhenFree() throws {
        let dir = TemporaryFolder()
        let env = ["TIMEDECK_HOME": dir.path("data"), "XDG_CONFIG_HOME": dir.path("config"), "TZ": "UTC"]
        let add = try TimedeckBinary.run(["calls", "add", "standup", "--at", "tomorrow 12:00", "London, GB"], environment: env)
        #expect(add.status == 0, "\(add.stderr)")
        let before = try TimedeckBinary.run(["calls", "list", "--json"], environment: env).stdout
        let tmux = try TmuxSession(columns: 120, rows: 40, command: shellQuoted(TimedeckBinary.url.path), environment: env)
        #expect(tmux.waitForScreen { $0.contains("standup") } != nil, "no call:\n\(tmux.capture())")
        // Another process takes the write lock for 8 s (longer than the 5 s busy timeout).
        let flag = dir.path("locked")
        let script = """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('BEGIN EXCLUSIVE')
            open(sys.argv[2], 'w').close()
            time.sleep(8)
            c.execute('COMMIT')
            """
        let holder = try spawn(["python3", "-c", script, dir.path("data") + "/timedeck.sqlite", flag],
                               environment: ["PATH": "/usr/bin:/bin"], stdin: "/dev/null", stdout: "/dev/null", stderr: "/dev/null")
        #expect(waitUntil(10) { FileManager.default.fileExists(atPath: flag) })
        try tmux.send("BTab")  // the call planner
        try tmux.send("L")     // an hour later
        #expect(tmux.waitForScreen(10) { $0.contains("Not saved yet") } != nil, "the wait was not said:\n\(tmux.capture())")
        #expect(tmux.waitForScreen(20) { $0.contains("Saved 1 change that waited") } != nil,
                "never said saved:\n\(tmux.capture())")
        _ = waitForExit(holder)
        try tmux.send("q")
        #expect(waitUntil(10) { tmux.hasEnded }, "the dashboard did not quit:\n\(tmux.capture())")
        let after = try TimedeckBinary.run(["calls", "list", "--json"], environment: env).stdout
        let start = { (json: String) -> String? in
            (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])?.first?["start"] as? String
        }
        #expect(start(before) != nil && start(after) != start(before), "the move was lost: \(before) → \(after)")
    }
}
