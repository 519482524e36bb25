import Foundation

/// A real terminal for end-to-end tests: a detached tmux session on a private
/// server socket, driven with send-keys and read with capture-pane.
final class TmuxSession {
    let socket: String
    let name = "e2e"

    /// Starts `command` (run by /bin/sh) in a `columns`×`rows` pane.
    init(columns: Int = 100, rows: Int = 30, command: String, environment: [String: String] = [:]) throws {
        socket = "timedeck-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        let exports = environment.map { "export \($0.key)='\($0.value)'; " }.joined()
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)",
                  "/bin/sh", "-c", exports + command])
        _ = try? tmux(["set-option", "-t", name, "remain-on-exit", "on"])
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Types keys as tmux names them (`q`, `Escape`, `Space`, `C-c`, `Left`).
    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }

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
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        cArgs.forEach { free($0) }
        cEnv.forEach { free($0) }
    }
    var pid: pid_t = 0
    let rc = posix_spawnp(&pid, argv[0], &actions, nil, cArgs, cEnv)
    guard rc == 0 else { throw SpawnError(description: "cannot start \(argv[0]): error \(rc)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
}

/// Shell-quotes a path for the commands given to tmux.
func shellQuoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
