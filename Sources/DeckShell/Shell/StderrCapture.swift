import Foundation
import TimeKit

/// Sends fd 2 to an unlinked temporary file while curses owns the screen, and
/// replays it to the real stderr once the terminal is restored, so that no
/// diagnostic is lost or smeared over the display.
///
/// The replay is text from outside (a library's or a server's message can
/// hold escapes), so it is made inert (`InertText.message`: line breaks
/// kept, every other control shown) and bounded: the first
/// `replayLimitBytes`, then one line saying how much was left out. A flood
/// of 135 MB once made quitting block for seconds.
public final class StderrCapture {
    /// At most this much is replayed at exit (before the line that counts
    /// the rest): a third as much is read, since making a byte inert at
    /// most triples it (ESC → `␛`, the 2-byte C1 CSI → `U+009B`).
    public static let replayLimitBytes = 64 * 1024

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
        let captured = Int(lseek(tempFd, 0, SEEK_END))
        lseek(tempFd, 0, SEEK_SET)
        var buffer = [UInt8](repeating: 0, count: min(max(captured, 0), Self.replayLimitBytes / 3))
        var filled = 0
        while filled < buffer.count {
            let n = buffer[filled...].withUnsafeMutableBytes { read(tempFd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            filled += n
        }
        var text = InertText.message(String(decoding: buffer[..<filled], as: UTF8.self))
        if captured > filled {
            text += (text.hasSuffix("\n") || text.isEmpty ? "" : "\n")
                + "timedeck: \(captured - filled) more bytes of diagnostics not shown (\(captured) were written while the "
                + "dashboard ran); run a timedeck command without the dashboard to see a problem again\n"
        }
        Self.writeAll(Array(text.utf8), to: 2)
        close(tempFd)
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }
}
