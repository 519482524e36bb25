import Foundation

/// A self-pipe that wakes the run loop's `poll` from other threads (signal
/// handlers on a dispatch queue, the gpsd reader). Each byte is a message.
final class WakePipe: Sendable {
    let readFd: Int32
    let writeFd: Int32

    init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw TerminalRefusal(reason: "cannot create an internal pipe (\(String(cString: strerror(errno)))).")
        }
        readFd = fds[0]
        writeFd = fds[1]
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        close(readFd)
        close(writeFd)
    }

    func post(_ byte: UInt8) {
        var b = byte
        _ = write(writeFd, &b, 1)
    }

    /// Every byte posted since the last drain.
    func drain() -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(readFd, &buffer, buffer.count)
            if n <= 0 { break }
            out.append(contentsOf: buffer[0..<n])
        }
        return out
    }
}

/// The wake pipe's write end, for the signal handler, which can capture
/// nothing. Set before the handlers are installed; -1 when none.
nonisolated(unsafe) private var signalWakeFd: Int32 = -1

/// Turns SIGINT, SIGTERM, SIGHUP and SIGQUIT into bytes on the wake pipe, so
/// the loop leaves through its normal path and restores the terminal.
///
/// A plain `sigaction` handler that only calls `write(2)` (async-signal-safe),
/// the classic self-pipe trick. The first version ignored the signals and
/// watched them with dispatch sources, whose registration is asynchronous: a
/// SIGTERM in the first ~50 ms was dropped and the dashboard ran on (found by
/// issue 8's startup harness). Installed before curses starts, so ncurses
/// keeps its hands off these signals (it only hooks those left at SIG_DFL).
final class SignalWatcher {
    /// SIGQUIT is Ctrl-\ in cbreak mode: left alone, the Swift runtime's
    /// backtracer would catch it and print a crash report over a raw terminal
    /// (found by the key storm, issue 8).
    ///
    /// The rest are every other signal whose default is to end the process
    /// (issue 20: SIGUSR1 left the terminal raw, in the alternate screen):
    /// each now leaves through the loop like SIGTERM, saves done, exit 128 +
    /// its number. Faults are `TerminalRescue`'s.
    static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
                                   SIGXCPU, SIGXFSZ, SIGPIPE, SIGIO, SIGPWR, SIGSTKFLT]
    /// SIGCONT: the process was stopped (SIGSTOP, Ctrl-Z) and goes on; keys
    /// read now may have been pressed while it was stopped (issue 20).
    static let resumed: Int32 = SIGCONT
    /// Kept so the pipe outlives the handlers that write to it.
    private let wake: WakePipe

    init(wake: WakePipe) {
        self.wake = wake
        signalWakeFd = wake.writeFd
        TerminalRescue.install()
        for sig in Self.watched + [Self.resumed] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signalNumber in
                var byte = UInt8(truncatingIfNeeded: signalNumber)
                _ = write(signalWakeFd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(sig, &action, nil)
        }
    }

    /// Back to ignoring the signals (as the dispatch-source version left
    /// them) before the pipe can close: a late signal must never write into
    /// whatever file reuses the descriptor.
    deinit {
        TerminalRescue.uninstall()
        for sig in Self.watched { signal(sig, SIG_IGN) }
        signal(Self.resumed, SIG_DFL)
        signalWakeFd = -1
    }
}
