import Foundation

/// A pipe standing in for plain mode's stdin.
final class InputPipe: @unchecked Sendable {  // the write end is closed once
    let readFd: Int32
    private var writeFd: Int32

    init() {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0, "cannot make a pipe")
        readFd = fds[0]
        writeFd = fds[1]
    }

    deinit {
        closeInput()
        Glibc.close(readFd)
    }

    /// Writes `text` in one `write` (a terminal delivers a burst so).
    func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(writeFd, $0.baseAddress, $0.count) }
    }

    /// End of input (Ctrl-D on a terminal, the end of a `printf |`).
    func closeInput() {
        if writeFd >= 0 { Glibc.close(writeFd) }
        writeFd = -1
    }
}
