import Foundation

/// A stop request a thread can sleep on: a pipe whose read end becomes
/// readable once `stop` is called. A background thread waits in `poll` on
/// it (beside its socket, or alone for a backoff) instead of waking every
/// tenth of a second to look at a flag: idle, it costs no wakeups at all.
final class StopSignal: Sendable {
    private let readFD: Int32
    private let writeFD: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
        } else {
            fds = [-1, -1]
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        if readFD >= 0 { close(readFD) }
        if writeFD >= 0 { close(writeFD) }
    }

    /// Wakes every waiter, now and later (the byte is never read).
    func stop() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    var isStopped: Bool { wait(orReadable: nil, milliseconds: 0) == .stopped }

    enum Wake: Equatable { case stopped, readable, timeout }

    /// Sleeps until `stop`, until `fd` is readable (if given), or for
    /// `milliseconds` (-1: no limit).
    func wait(orReadable fd: Int32?, milliseconds: Int32) -> Wake {
        var fds = [pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)]
        if let fd { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
        while true {
            let n = poll(&fds, nfds_t(fds.count), milliseconds)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return readFD < 0 && milliseconds < 0 ? .stopped : .timeout }
            if fds[0].revents != 0 { return .stopped }
            return .readable
        }
    }

    /// Sleeps `seconds` unless stopped first; true when stopped.
    func sleep(seconds: Double) -> Bool {
        wait(orReadable: nil, milliseconds: Int32(min(seconds, 86_400) * 1000)) == .stopped
    }
}
