import Foundation

/// A real terminal for end-to-end tests: a detached tmux session on a private
/// server socket, driven with send-keys and read with capture-pane.
final class TmuxSession {
    let socket: String
    let name = "e2e"

    /// Starts `command` (run by /bin/sh) in a `columns`×`rows` pane.
    /// A private data and config folder, so no test touches the user's own
    /// (the environment passed in may override both).
    let scratch = TemporaryFolder()
    private var serverPid: pid_t = 0

    init(columns: Int = 100, rows: Int = 30, command: String, environment: [String: String] = [:]) throws {
        socket = "timedeck-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        var env = ["TIMEDECK_HOME": scratch.path("data"), "XDG_CONFIG_HOME": scratch.path("config")]
        env.merge(environment) { _, given in given }
        let exports = env.map { "export \($0.key)='\($0.value)'; " }.joined()
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)",
                  "/bin/sh", "-c", exports + command])
        _ = try? tmux(["set-option", "-t", name, "remain-on-exit", "on"])
        serverPid = pid_t((try? tmux(["display-message", "-p", "#{pid}"]))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
    }

    deinit {
        _ = try? tmux(["kill-server"])
        // Make sure: a server left behind keeps a live dashboard per test.
        if serverPid > 0 { kill(serverPid, SIGKILL) }
    }

    /// Types keys as tmux names them (`q`, `Escape`, `Space`, `C-c`, `Left`).
    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }

    /// Whether the pane's program has ended (the pane stays: remain-on-exit).
    var hasEnded: Bool {
        (try? tmux(["display-message", "-p", "-t", name, "#{pane_dead}"]))?.hasPrefix("1") == true
    }

    /// A tmux format's value for the pane (`#{pane_pid}`).
    func paneValue(_ format: String) -> String {
        ((try? tmux(["display-message", "-p", "-t", name, format])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The visible screen as text.
    func capture() -> String { (try? tmux(["capture-pane", "-p", "-t", name])) ?? "" }

    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Waits until the screen satisfies `condition`; returns the last capture.
    @discardableResult
    func waitForScreen(_ seconds: Double = 5, _ condition: (String) -> Bool) -> String? {
        var screen = ""
        let ok = waitUntil(seconds) {
            screen = capture()
            return condition(screen)
        }
        return ok ? screen : nil
    }

    /// Runs tmux with posix_spawn and waitpid. Foundation's `Process` is not
    /// used here: on Linux it learns of the child's exit through a socket the
    /// child inherits, and the tmux server that `new-session` forks keeps that
    /// socket open, so `waitUntilExit` would hang for the server's lifetime.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "TMUX")
        env["TERM"] = env["TERM"].flatMap { $0.isEmpty || $0 == "dumb" ? nil : $0 } ?? "xterm-256color"
        let output = try spawnAndWait(["tmux", "-L", socket] + arguments, environment: env)
        return output
    }
}

struct SpawnError: Error, CustomStringConvertible {
    var description: String
}

/// Runs a program found on PATH, with stdout sent to a temporary file and
/// stderr discarded, waits for it, and returns what it printed.
func spawnAndWait(_ argv: [String], environment: [String: String]) throws -> String {
    let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    let pid = try spawn(argv, environment: environment, stdin: "/dev/null", stdout: outputPath, stderr: "/dev/null")
    _ = waitForExit(pid)
    return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
}

/// Starts a program found on PATH with its three streams opened from the
/// given paths, an empty signal mask and default signal dispositions.
///
/// The test process's threads block most signals and a spawned child
/// inherits that mask: a tmux server started so never sees SIGCHLD or
/// SIGTERM, keeps dead panes as zombies and ignores kill-server. Foundation's
/// `Process` is avoided for the reason given on `TmuxSession.tmux`.
func spawn(_ argv: [String], environment: [String: String], stdin: String, stdout: String, stderr: String) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        cArgs.forEach { free($0) }
        cEnv.forEach { free($0) }
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    setCleanSignals(&attributes)
    var pid: pid_t = 0
    let rc = posix_spawnp(&pid, argv[0], &actions, &attributes, cArgs, cEnv)
    guard rc == 0 else { throw SpawnError(description: "cannot start \(argv[0]): error \(rc)") }
    return pid
}

/// Spawn attributes for an empty signal mask and default dispositions of the
/// signals a child relies on; `extraFlags` adds e.g. POSIX_SPAWN_SETSID.
func setCleanSignals(_ attributes: inout posix_spawnattr_t, extraFlags: Int16 = 0) {
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for s in [SIGCHLD, SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGWINCH] { sigaddset(&defaults, s) }
    posix_spawnattr_setsigmask(&attributes, &emptyMask)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | extraFlags)
}

/// Waits for `pid`; its exit status (128 + signal when killed), or nil when
/// it is still running after `seconds` (then it is killed).
func waitForExit(_ pid: pid_t, seconds: Double = 60) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    var status: Int32 = 0
    while true {
        let r = waitpid(pid, &status, WNOHANG)
        if r == pid { return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f) }
        if r == -1 && errno != EINTR { return nil }
        if Date() > deadline {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            return nil
        }
        usleep(2_000)
    }
}

/// Shell-quotes a path for the commands given to tmux.
func shellQuoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
