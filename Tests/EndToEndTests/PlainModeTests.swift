import Foundation
import Testing
import TimeKit

/// `timedeck --plain` on a bare pty: words only, never an escape sequence.
@Suite struct PlainModeTests {
    @Test func announcesTimeHelpAndQuitWithoutEscapeSequences() throws {
        let pty = try PtyProcess(["--plain"], environment: ["TERM": "dumb", "XDG_CONFIG_HOME": "/nonexistent-timedeck"])
        #expect(pty.read(until: { $0.contains("plain mode") && $0.contains("UTC ") }))
        pty.type("t")
        #expect(pty.read(until: { $0.components(separatedBy: "UTC ").count > 2 }), "t did not say the time")
        pty.type("?")
        #expect(pty.read(until: { $0.contains("End of keys") }))
        pty.type("\u{1B}")
        #expect(pty.read(until: { $0.contains("Help closed.") }), "a lone Escape did not close the help")
        pty.type("q")
        #expect(pty.waitForExit() == 0)
        #expect(pty.text.contains("Goodbye."))
        #expect(!pty.output.contains(27), "plain mode wrote an escape sequence:\n\(pty.text)")
        // The time said is the real current UTC time (allowing for slow machines).
        let plausible = Set((-3...1).map { MarkTime.clock(Date().addingTimeInterval(Double($0))) })
        #expect(plausible.contains { pty.text.contains($0) })
    }

    @Test func arrowsAndUTF8AreDecodedNotEchoed() throws {
        let pty = try PtyProcess(["--plain"], environment: ["TERM": "dumb"])
        #expect(pty.read(until: { $0.contains("plain mode") }))
        pty.type("\u{1B}[A東\u{FF}x")
        pty.type("q")
        #expect(pty.waitForExit() == 0)
        #expect(!pty.text.contains("東"), "input was echoed")
    }
}
