import Foundation

/// How the run loop waits: `poll(2)` in the program. A test hands the loop
/// another that says "key ready", "wake pipe" or "timeout" as its script
/// goes, and records the timeout the loop asked for.
struct LoopPoller {
    /// Waits until one of `fds` is ready or `timeoutMilliseconds` passed,
    /// setting each one's `revents` (`poll(2)`'s contract). `fds[0]` is
    /// the input (stdin), `fds[1]` the wake pipe, `fds[2]`, when present,
    /// the store folder's watch.
    var poll: (_ fds: inout [pollfd], _ timeoutMilliseconds: Int32) -> Void

    /// `poll(2)` itself.
    static var system: LoopPoller {
        LoopPoller { fds, timeout in _ = Glibc.poll(&fds, nfds_t(fds.count), timeout) }
    }
}
