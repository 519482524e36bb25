import Foundation

/// Sends fd 2 to an unlinked temporary file while curses owns the screen, and
/// replays it to the real stderr once the terminal is restored, so that no
/// diagnostic is lost or smeared over the display.
public final class StderrCapture {
    private let savedFd: Int32
    private let tempFd: Int32
    private var restored = false

    public init() {
        savedFd = dup(2)
        var template = Array("/tmp/timedeck-stderr-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        tempFd = fd
        if fd >= 0 {
            template.withUnsafeBufferPointer { buffer in
                if let base = buffer.baseAddress { _ = unlink(base) }
            }
            dup2(fd, 2)
        }
    }

    /// Puts the real stderr back and copies what was captured to it.
    public func restore() {
        guard !restored else { return }
        restored = true
        guard tempFd >= 0, savedFd >= 0 else { return }
        dup2(savedFd, 2)
        close(savedFd)
        lseek(tempFd, 0, SEEK_SET)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(tempFd, &buffer, buffer.count)
            if n <= 0 { break }
            _ = buffer.withUnsafeBytes { write(2, $0.baseAddress, n) }
        }
        close(tempFd)
    }
}
