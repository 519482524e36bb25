import Foundation
import Testing
@testable import DeckShell

/// Issue 29, item 1: what reached stderr while curses owned the screen is
/// replayed at exit inert (every control shown, never live) and bounded
/// (a server's notices once filled the file with 135 MB and quitting
/// blocked for seconds).
@Suite("StderrCapture: the replay at exit is inert and bounded", .serialized)
struct StderrCaptureTests {
    /// Runs `body` with fd 2 captured, then returns what the replay wrote
    /// to the "real" stderr (a file standing in for the terminal).
    static func replay(_ body: () -> Void) throws -> [UInt8] {
        let terminal = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)").path
        defer { unlink(terminal) }
        let terminalFd = open(terminal, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(terminalFd >= 0)
        let original = dup(2)
        dup2(terminalFd, 2)
        close(terminalFd)
        let capture = StderrCapture()
        body()
        capture.restore()
        dup2(original, 2)
        close(original)
        return Array(try Data(contentsOf: URL(fileURLWithPath: terminal)))
    }

    static func write2(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            offset += n
        }
    }

    @Test("OSC 52, OSC 0, clear screen and an 8-bit CSI come back as visible characters")
    func inert() throws {
        let hostile = "NOTICE:  \u{1B}]52;c;cm0gLXJmIH4K\u{07}\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[H\u{9B}2J\nnext line\n"
        let out = try Self.replay { Self.write2(Array(hostile.utf8)) }
        #expect(!out.contains(0x1B) && !out.contains(0x07))
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.contains("␛]52;c;cm0gLXJmIH4K␇"), "\(text)")
        #expect(text.contains("U+009B2J"))
        #expect(text.contains("\nnext line\n"), "line breaks are kept")
    }

    @Test("10 MB captured: a bounded replay that says how much was left out and where to look")
    func bounded() throws {
        let line = Array("\u{1B}[2J flood \u{1B}]0;x\u{07}\n".utf8)
        let flood = Array([[UInt8]](repeating: line, count: 10_000_000 / line.count).joined())
        let out = try Self.replay { Self.write2(flood) }
        #expect(out.count <= 100_000, "\(out.count) bytes replayed")
        #expect(!out.contains(0x1B))
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.contains("bytes of diagnostics not shown"), "\(text.suffix(300))")
    }
}
