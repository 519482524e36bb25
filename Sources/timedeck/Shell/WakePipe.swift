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

/// Turns SIGINT, SIGTERM and SIGHUP into bytes on the wake pipe, so the loop
/// leaves through its normal path and restores the terminal. The signals are
/// ignored before curses starts (PLATFORM-NOTES: otherwise ncurses exits 1
/// before we can close anything), then watched with dispatch sources on a
/// global queue, which keep firing while the main thread sits in `poll`.
final class SignalWatcher {
    static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    private var sources: [DispatchSourceSignal] = []

    init(wake: WakePipe) {
        for sig in Self.watched {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { wake.post(UInt8(sig)) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
