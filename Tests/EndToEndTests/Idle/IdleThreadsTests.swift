import Foundation
import Testing

/// What keeps an open dashboard idle: no thread but the clock's wakes on its
/// own. libdispatch on Linux starts a workqueue monitor, a timer waking the
/// process once a second for good, the first time it makes a worker thread,
/// and disposing a `DispatchQueue` (one per GRDB database queue) makes one.
/// The first mark on a new machine creates the store, which let go of a
/// queue: the idle dashboard then woke twice a second instead of once.
@Suite struct IdleThreadsTests {
    /// The dashboard's pid: the pane's program, or its shell's child.
    static func dashboardPid(_ tmux: TmuxSession) -> pid_t? {
        guard let pane = pid_t(tmux.paneValue("#{pane_pid}")) else { return nil }
        if (try? String(contentsOfFile: "/proc/\(pane)/comm", encoding: .utf8))?.hasPrefix("timedeck") == true { return pane }
        let children = (try? String(contentsOfFile: "/proc/\(pane)/task/\(pane)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").compactMap { pid_t($0) }.first
    }

    static func threadNames(_ pid: pid_t) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    @Test func creatingTheStoreStartsNoDispatchWorker() throws {
        let dir = TemporaryFolder()
        let tmux = try TmuxSession(columns: 100, rows: 30, command: shellQuoted(TimedeckBinary.url.path),
                                   environment: ["TIMEDECK_HOME": dir.path("data"), "TIMEDECK_CONFIG": dir.path("none.toml")])
        #expect(tmux.waitForScreen { $0.contains("? help") } != nil)
        try tmux.send("Space")
        // Stored (numbered) once the new store holds it.
        #expect(tmux.waitForScreen(10) { $0.contains("#1 ") } != nil, "\(tmux.capture())")
        #expect(FileManager.default.fileExists(atPath: dir.path("data") + "/timedeck.sqlite"))
        let pid = try #require(Self.dashboardPid(tmux))
        // A dispatch worker would start as the store's queue is let go:
        // give one half a second to appear (the wait ends when one does).
        var names: [String] = []
        _ = waitUntil(0.5) {
            names = Self.threadNames(pid)
            return names.contains { $0.contains("qos") }
        }
        #expect(!names.isEmpty)
        #expect(!names.contains { $0.contains("qos") }, "libdispatch workers are running: \(names)")
        try tmux.send("q")
    }

    /// Every worker says what it is in `/proc/<pid>/task/*/comm` (issue 30):
    /// the names DeckShell's `WorkerName` declares (this target does not
    /// link DeckShell). A gpsd and a team server that refuse still start
    /// their workers, so all five run.
    @Test func aRunningDashboardShowsEachWorkerThreadByName() throws {
        let dir = TemporaryFolder()
        let config = dir.path("config.toml")
        try "[marks]\ngpsd = \"127.0.0.1:1\"\n[team]\nurl = \"postgresql://127.0.0.1:1/none\"\nstation = \"north\"\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(columns: 100, rows: 30, command: shellQuoted(TimedeckBinary.url.path),
                                   environment: ["TIMEDECK_HOME": dir.path("data"), "TIMEDECK_CONFIG": config])
        #expect(tmux.waitForScreen { $0.contains("? help") } != nil, "\(tmux.capture())")
        let pid = try #require(Self.dashboardPid(tmux))
        let workers = ["td-store", "td-marks", "td-gpsd", "td-team", "td-weather"]
        var names: [String] = []
        let named = waitUntil(10) {
            names = Self.threadNames(pid)
            return Set(workers).isSubset(of: Set(names))
        }
        #expect(named, "worker threads not named in /proc: \(names)")
        // Only the main thread keeps the program's name.
        #expect(names.filter { $0 == "timedeck" }.count == 1, "threads: \(names)")
        try tmux.send("q")
    }
}
