import Foundation

/// A child process in its own process group with a clean signal mask.
///
/// Foundation's `Process` on Linux starts children with most signals
/// blocked (inherited from its spawning thread), so `gpsfake` never sees
/// SIGTERM and outlives the test. `posix_spawn` with an empty mask and a new
/// group lets us stop gpsfake *and* the gpsd it starts, together.
final class SpawnedGroup {
    let pid: pid_t

    init(_ path: String, _ arguments: [String]) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, path, &actions, &attributes, argv, environ)
        guard rc == 0 else { throw MarksProcess.Failure(message: "cannot start \(path): \(String(cString: strerror(rc)))") }
        pid = child
    }

    /// SIGTERM to the whole group, then SIGKILL after two seconds if needed.
    func stop() {
        kill(-pid, SIGTERM)
        let deadline = Date().addingTimeInterval(2)
        var status: Int32 = 0
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { break }
            usleep(20_000)
        }
        kill(-pid, SIGKILL)
        _ = waitpid(pid, &status, WNOHANG)
    }
}
