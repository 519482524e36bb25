import Foundation

/// The binary on a bare pseudo-terminal (no terminal emulator between), so a
/// test sees every byte it writes: nothing can hide an escape sequence.
final class PtyProcess {
    let pid: pid_t
    let master: Int32
    /// Private data and config folders (unless the environment names others).
    let scratch = TemporaryFolder()
    private(set) var output: [UInt8] = []

    init(_ arguments: [String], environment: [String: String], columns: UInt16 = 80, rows: UInt16 = 24) throws {
        var masterFd: Int32 = -1, slaveFd: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&masterFd, &slaveFd, nil, nil, &size) == 0 else { throw SpawnError(description: "openpty failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, slaveFd, fd) }
        posix_spawn_file_actions_addclose(&actions, masterFd)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // An empty signal mask and default dispositions (see `spawn`), and a
        // new session (POSIX_SPAWN_SETSID, 0x80 in glibc, not imported).
        setCleanSignals(&attributes, extraFlags: 0x80)
        let argv = [TimedeckBinary.url.path] + arguments
        var env = ProcessInfo.processInfo.environment
        env["TIMEDECK_HOME"] = scratch.path("data")
        env["XDG_CONFIG_HOME"] = scratch.path("config")
        env.merge(environment) { _, new in new }
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArgs.forEach { free($0) }
            cEnv.forEach { free($0) }
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, argv[0], &actions, &attributes, cArgs, cEnv)
        close(slaveFd)
        guard rc == 0 else {
            close(masterFd)
            throw SpawnError(description: "cannot start timedeck: error \(rc)")
        }
        pid = child
        master = masterFd
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, WNOHANG)
        close(master)
    }

    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads whatever arrives within `seconds`, or until `condition` holds.
    @discardableResult
    func read(until condition: (String) -> Bool, seconds: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(text) { return true }
            var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 1, 50) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = Foundation.read(master, &buffer, buffer.count)
            if n <= 0 { break }
            output += buffer[0..<n]
        }
        return condition(text)
    }

    var text: String { String(decoding: output, as: UTF8.self) }

    /// Waits for the process to end; its exit status, or nil on timeout.
    func waitForExit(seconds: Double = 5) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            read(until: { _ in false }, seconds: 0.05)
            if waitpid(pid, &status, WNOHANG) == pid {
                return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            }
        }
        return nil
    }
}
