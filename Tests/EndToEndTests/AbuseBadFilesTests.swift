import Foundation
import Testing
import TimeKit

/// Bad files (issue 8): the dashboard with a corrupt, empty, foreign,
/// unreadable or misplaced config or database, and on a full disk. Each time:
/// a clear message, the user's file left byte for byte as it was, and a mark
/// either stored or the user told at once that it was not.
@Suite(.serialized) struct AbuseBadFilesTests {
    /// What one dashboard run left behind.
    struct Outcome {
        var screen: String
        var status: String?
        var stderr: String
    }

    /// Runs the dashboard in tmux with `home` as TIMEDECK_HOME and `config`
    /// as XDG_CONFIG_HOME, presses `keys`, quits with q if still running.
    /// Runs the dashboard; when it opens, sends `keys` and waits (with a
    /// deadline) for `until` to hold on screen before capturing it.
    func runDashboard(home: String, config: String, keys: [String] = [], until: @escaping (String) -> Bool = { _ in true },
                      columns: Int = 100) throws -> Outcome {
        let dir = TemporaryFolder()
        let command = "\(shellQuoted(TimedeckBinary.url.path)) 2> \(shellQuoted(dir.path("err"))); "
            + "echo $? > \(shellQuoted(dir.path("status"))); sleep 30"
        let tmux = try TmuxSession(columns: columns, rows: 30, command: command,
                                   environment: ["TIMEDECK_HOME": home, "XDG_CONFIG_HOME": config])
        // The status bar shows the key hints, or a config notice in their place.
        let started = tmux.waitForScreen { $0.contains("? help") || $0.contains("⚠ config") || dir.read("status") != nil }
        var screen = started ?? tmux.capture()
        if dir.read("status") == nil {
            for key in keys { try tmux.send(key) }
            screen = tmux.waitForScreen(5, until) ?? tmux.capture()
            try tmux.send("q")
        }
        _ = waitUntil(5) { dir.read("status")?.hasSuffix("\n") == true }
        return Outcome(screen: screen, status: dir.read("status")?.trimmingCharacters(in: .whitespacesAndNewlines),
                       stderr: dir.read("err") ?? "")
    }

    // MARK: - Config files

    enum ConfigCase: String, CaseIterable, Sendable {
        case corrupt, foreign, folder, readOnlyValid, empty
        /// Issue 20: 30,000 nested arrays crashed the parser (SIGSEGV).
        case deeplyNested
    }

    static let deeplyNested = Data(("[marks]\nposition = " + String(repeating: "[", count: 30_000)
        + String(repeating: "]", count: 30_000) + "\n").utf8)

    /// Issue 20, item 5: the deep config crashed `marks add` (no mark
    /// recorded) and `config check`.
    @Test func deeplyNestedConfigIsAProblemNotACrash() throws {
        let dir = TemporaryFolder()
        let folder = dir.path("config/timedeck")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.deeplyNested.write(to: URL(fileURLWithPath: folder + "/config.toml"))
        let env = ["TIMEDECK_HOME": dir.path("data"), "XDG_CONFIG_HOME": dir.path("config")]
        let add = try TimedeckBinary.run(["marks", "add", "--gps-wait", "0"], environment: env)
        #expect(add.status == 0 && add.stdout.hasPrefix("recorded #1"), "status \(add.status): \(add.stderr.prefix(300))")
        let check = try TimedeckBinary.run(["config", "check"], environment: env)
        #expect(check.status == 1 && check.stderr.contains("nested arrays"), "status \(check.status): \(check.stderr.prefix(300))")
    }

    @Test(arguments: ConfigCase.allCases)
    func badConfigFilesGiveANoticeAndStayUntouched(kind: ConfigCase) throws {
        let dir = TemporaryFolder()
        let folder = dir.path("config/timedeck")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/config.toml"
        var bytes = Data()
        switch kind {
        case .corrupt: bytes = Data([0xFF, 0xFE, 0x00, 0x1B, 0x5B, 0x33, 0x31, 0x6D, 0x0A, 0x5B, 0x5B])
        case .foreign: bytes = Data(#"{"theme": "mono", "clock": 12}"#.utf8)
        case .readOnlyValid: bytes = Data("[display]\ntheme = \"mono\"\n".utf8)
        case .empty: bytes = Data()
        case .deeplyNested: bytes = Self.deeplyNested
        case .folder: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        if kind != .folder { try bytes.write(to: URL(fileURLWithPath: path)) }
        if kind == .readOnlyValid { chmod(path, 0o400) }

        // Wide enough for the notice's long temporary path.
        let outcome = try runDashboard(home: dir.path("data"), config: dir.path("config"), columns: 220)
        #expect(outcome.status == "0", "\(kind): exit \(outcome.status ?? "none"), stderr \(outcome.stderr)")
        #expect(outcome.screen.contains("Marks 0") && outcome.screen.contains("MTC"), "\(kind): no dashboard")
        switch kind {
        case .corrupt, .foreign, .folder, .deeplyNested:
            #expect(outcome.screen.contains("using defaults"), "\(kind): no notice on screen:\n\(outcome.screen)")
            #expect(!outcome.screen.contains("\u{1B}"))
        case .readOnlyValid, .empty:
            #expect(!outcome.screen.contains("using defaults"), "\(kind): unexpected notice")
        }
        if kind != .folder {
            #expect(FileManager.default.contents(atPath: path) == bytes, "\(kind): the config file changed")
        }
    }

    // MARK: - Database files

    enum DatabaseCase: String, CaseIterable, Sendable {
        case corrupt, truncated, foreign, emptyFile, readOnlyValid, homeIsAFile

        /// The one outcome each must have: the exit status, and for a
        /// dashboard that opened, what the screen shows after Space.
        var expected: (status: String, screen: String?) {
            switch self {
            case .corrupt, .truncated, .foreign, .homeIsAFile: ("1", nil)
            // An empty file is a new database: Space stores its first mark.
            case .emptyFile: ("0", "Marks 1")
            // Root writes through 0400 (ReadOnlyDatabaseTests tries it as nobody).
            case .readOnlyValid: ("0", "Marks 2")
            }
        }

        /// The cases whose outcome is fixed for this user (read-only means
        /// something else to root, so that case runs only as root).
        static var forThisUser: [DatabaseCase] { allCases.filter { $0 != .readOnlyValid || getuid() == 0 } }
    }

    @Test(arguments: DatabaseCase.forThisUser)
    func badDatabasesAreRefusedClearlyAndLeftUntouched(kind: DatabaseCase) throws {
        let dir = TemporaryFolder()
        let home = dir.path("data")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let path = home + "/timedeck.sqlite"
        // A real timedeck database with one mark, made by the CLI.
        _ = try spawnAndWait([TimedeckBinary.url.path, "marks", "add", "--note", "first"],
                             environment: ["TIMEDECK_HOME": home, "PATH": "/usr/bin:/bin"])
        let real = try #require(FileManager.default.contents(atPath: path))
        var homeForRun = home
        switch kind {
        case .corrupt: try Data("my shopping list\n".utf8).write(to: URL(fileURLWithPath: path))
        case .truncated: try real.prefix(700).write(to: URL(fileURLWithPath: path))
        case .foreign:
            try? FileManager.default.removeItem(atPath: path)
            _ = try spawnAndWait(["python3", "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); "
                + "c.execute('create table songs(title text)'); c.commit()", path], environment: ["PATH": "/usr/bin:/bin"])
        case .emptyFile: try Data().write(to: URL(fileURLWithPath: path))
        case .readOnlyValid:
            try? FileManager.default.removeItem(atPath: path + "-wal")
            try? FileManager.default.removeItem(atPath: path + "-shm")
            chmod(path, 0o400)
        case .homeIsAFile:
            homeForRun = dir.path("plainfile")
            try Data("not a folder\n".utf8).write(to: URL(fileURLWithPath: homeForRun))
        }
        let before = FileManager.default.contents(atPath: kind == .homeIsAFile ? homeForRun : path)

        let expected = kind.expected
        let outcome = try runDashboard(home: homeForRun, config: dir.path("config"), keys: ["Space"],
                                       until: { screen in expected.screen.map(screen.contains) ?? true })
        let told = outcome.stderr + outcome.screen
        #expect(outcome.status == expected.status, "\(kind): exit \(outcome.status ?? "none"), stderr \(outcome.stderr)")
        if let screen = expected.screen {
            #expect(outcome.screen.contains(screen), "\(kind): expected \(screen) after Space:\n\(outcome.screen)")
        } else {
            #expect(told.contains(kind == .homeIsAFile ? homeForRun : path), "\(kind): message does not name the file: \(told)")
        }
        if kind != .emptyFile, kind != .readOnlyValid || outcome.status != "0" {
            #expect(FileManager.default.contents(atPath: kind == .homeIsAFile ? homeForRun : path) == before,
                    "\(kind): the file changed")
        }
        print("bad database \(kind): exit \(outcome.status ?? "none"); \(outcome.stderr.prefix(200))")
    }
}

/// A full disk (issue 8): the data folder on a 256 KiB tmpfs filled to the
/// last byte. A mark that cannot be stored is reported at once — by the CLI
/// with a non-zero exit, by the dashboard on screen — and the marks already
/// stored survive. Needs root for `mount`; skipped otherwise.
@Suite(.serialized) struct FullDiskTests {
    @Test(.enabled(if: getuid() == 0, "mount needs root"))
    func aMarkThatCannotBeStoredIsReportedAtOnce() throws {
        let dir = TemporaryFolder()
        let home = dir.path("tmpfs")
        let env = SmallTmpfs.environment
        let disk = try SmallTmpfs(at: home, size: "256k")
        defer { disk.unmount() }

        let marksEnv = env.merging(["TIMEDECK_HOME": home]) { $1 }
        _ = try spawnAndWait([TimedeckBinary.url.path, "marks", "add", "--note", "before the disk filled"], environment: marksEnv)
        // Fill the disk: one file grown until the write fails.
        let filler = open(home + "/filler", O_WRONLY | O_CREAT, 0o600)
        let block = [UInt8](repeating: 0x55, count: 4096)
        while write(filler, block, block.count) > 0 {}
        var byte: UInt8 = 1
        while write(filler, &byte, 1) == 1 {}
        close(filler)

        // The CLI: refused with a message and a failure status.
        let status = dir.path("status")
        _ = try spawnAndWait(["sh", "-c", "\(shellQuoted(TimedeckBinary.url.path)) marks add --note full "
            + "> \(shellQuoted(dir.path("out"))) 2> \(shellQuoted(dir.path("err"))); echo $? > \(shellQuoted(status))"],
            environment: marksEnv)
        let cliStatus = dir.read("status")?.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(cliStatus != "0", "marks add on a full disk exited 0: \(dir.read("out") ?? "")")
        #expect((dir.read("err") ?? "").contains("no space left"), "no clear message on a full disk: \(dir.read("err") ?? "")")

        // The dashboard started on a full disk cannot open the database: it
        // says so and exits 1 (before the fix this said "disk I/O error …
        // Restore it from a backup").
        let outcome = try AbuseBadFilesTests().runDashboard(home: home, config: dir.path("config"), keys: ["Space"])
        #expect(outcome.status == "1", "dashboard on a full disk: exit \(outcome.status ?? "none"):\n\(outcome.screen)")
        #expect(outcome.stderr.contains("no space left"), "unclear message: \(outcome.stderr)")

        // Filled while the dashboard runs: Space must say at once that the
        // mark was not saved (and show its time to write down).
        try FileManager.default.removeItem(atPath: home + "/filler")
        let tmux = try TmuxSession(columns: 120, rows: 30, command: shellQuoted(TimedeckBinary.url.path),
                                   environment: ["TIMEDECK_HOME": home, "XDG_CONFIG_HOME": dir.path("config")])
        #expect(tmux.waitForScreen { $0.contains("Marks 1") } != nil, "dashboard did not open:\n\(tmux.capture())")
        let filler2 = open(home + "/filler", O_WRONLY | O_CREAT, 0o600)
        while write(filler2, block, block.count) > 0 {}
        while write(filler2, &byte, 1) == 1 {}
        close(filler2)
        try tmux.send("Space")
        let afterSpace = tmux.waitForScreen { $0.contains("MARK NOT SAVED") }
        #expect(afterSpace != nil, "Space on a full disk: not refused on screen:\n\(tmux.capture())")
        #expect(!(afterSpace ?? "").contains("Marks 2"), "a mark counted as stored on a full disk")
        let refusedOnScreen = afterSpace != nil
        try tmux.send("q")
        #expect(waitUntil(5) { tmux.hasEnded }, "the dashboard did not quit")

        // Free the space: the earlier mark is still there.
        try FileManager.default.removeItem(atPath: home + "/filler")
        let list = try spawnAndWait([TimedeckBinary.url.path, "marks", "list"], environment: marksEnv)
        #expect(list.contains("before the disk filled"))
        print("full disk: CLI exit \(cliStatus ?? "none"): \((dir.read("err") ?? "").prefix(160)); "
            + "dashboard exit \(outcome.status ?? "none"); \(outcome.stderr.prefix(160)); "
            + "running dashboard said MARK NOT SAVED: \(refusedOnScreen)")
    }
}

/// Issue 20, item 10: a full disk at the first mark, and what a kill -9
/// during creation leaves behind.
@Suite(.serialized) struct DiskFullCreationTests {
    /// With no room for the database, `marks add` exited 1 without the
    /// instant it could not store, and said "Restore it from a backup"
    /// though no file existed.
    @Test(.enabled(if: getuid() == 0, "mount needs root"))
    func firstMarkOnAFullDiskPrintsItsInstantAndTellsTheTruth() throws {
        let dir = TemporaryFolder()
        let home = dir.path("tmpfs")
        let disk = try SmallTmpfs(at: home, size: "64k")
        defer { disk.unmount() }
        let filler = open(home + "/filler", O_WRONLY | O_CREAT, 0o600)
        let block = [UInt8](repeating: 0x55, count: 4096)
        while write(filler, block, block.count) > 0 {}
        var byte: UInt8 = 1
        while write(filler, &byte, 1) == 1 {}
        close(filler)
        let out = try TimedeckBinary.run(["marks", "add", "--gps-wait", "0"], environment: ["TIMEDECK_HOME": home])
        #expect(out.status == 1, "\(out.stderr)")
        #expect(out.stderr.contains("MARK NOT SAVED"), "\(out.stderr)")
        #expect(out.stderr.contains(/20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/), "no instant to write down: \(out.stderr)")
        #expect(!out.stderr.contains("backup") && !out.stderr.contains("left as it was"), "untrue: \(out.stderr)")
        #expect(out.stderr.lowercased().contains("no database file was created"), "\(out.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: home).filter { $0.contains(".creating-") }
        #expect(left.isEmpty, "\(left)")
    }

    /// kill -9 during the first creation left `timedeck.sqlite.creating-*`
    /// files that nothing removed.
    @Test func creationLeftoversAreRemovedAtTheNextStart() throws {
        let dir = TemporaryFolder()
        let home = dir.path("data")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        // A pid that is not running (beyond pid_max), and one that is (ours).
        let dead = home + "/timedeck.sqlite.creating-99999999-deadbeef"
        let alive = home + "/timedeck.sqlite.creating-\(getpid())-0badcafe"
        for path in [dead, dead + "-wal", dead + "-shm", alive] { FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) }
        let out = try TimedeckBinary.run(["marks", "add", "--gps-wait", "0"], environment: ["TIMEDECK_HOME": home])
        #expect(out.status == 0, "\(out.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: home).filter { $0.contains(".creating-") }
        #expect(left == ["timedeck.sqlite.creating-\(getpid())-0badcafe"], "\(left)")
    }
}

/// A read-only database, for real: root writes through 0444, so the write
/// is tried as user nobody (setpriv). Needs root; skipped otherwise.
@Suite(.serialized) struct ReadOnlyDatabaseTests {
    @Test(.enabled(if: getuid() == 0, "switching to nobody needs root"))
    func aReadOnlyDatabaseIsReportedAndLeftAlone() throws {
        let dir = TemporaryFolder()
        let home = dir.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        chmod(dir.url.path, 0o755)
        let env = ["TIMEDECK_HOME": home, "PATH": "/usr/bin:/bin"]
        _ = try spawnAndWait([TimedeckBinary.url.path, "marks", "add", "--note", "kept"], environment: env)
        chmod(home, 0o755)
        let path = home + "/timedeck.sqlite"
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")
        chmod(path, 0o444)
        let before = FileManager.default.contents(atPath: path)
        // The binary must be reachable by nobody: the build folder is 0755 here.
        _ = try spawnAndWait(["sh", "-c", "setpriv --reuid=65534 --regid=65534 --clear-groups "
            + "\(shellQuoted(TimedeckBinary.url.path)) marks add --note lost 2> \(shellQuoted(dir.path("err"))); "
            + "echo $? > \(shellQuoted(dir.path("status")))"], environment: env)
        #expect(dir.read("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        // Issue 29: said as a permission, with the mark's instant and the fix
        // (it was SQLite's "attempt to write a readonly database").
        let err = dir.read("err") ?? ""
        #expect(err.contains("read-only") && err.contains("MARK NOT SAVED") && err.contains("chmod u+w"), "unclear: \(err)")
        #expect(FileManager.default.contents(atPath: path) == before, "the read-only database changed")
    }
}

/// A tiny tmpfs at `path` (root only): a disk that fills up at once.
struct SmallTmpfs {
    static let environment = ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]
    let path: String

    init(at path: String, size: String) throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        _ = try spawnAndWait(["mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path], environment: Self.environment)
        let mounted = try #require(ProcFile.text(atPath: "/proc/mounts")).contains(" \(path) tmpfs ")
        try #require(mounted, "tmpfs not mounted at \(path)")
    }

    func unmount() { _ = try? spawnAndWait(["umount", path], environment: Self.environment) }
}
