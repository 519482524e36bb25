import Foundation
import Testing
import TimeKit

/// `timedeck --plain` on a bare pty: what needs a terminal (raw mode, no
/// echo). What plain mode says for each key is checked in process
/// (`RunnerInProcessTests`, DeckShellTests), with a pipe for stdin.
@Suite struct PlainModeTests {
    @Test func arrowsAndUTF8AreDecodedNotEchoed() throws {
        let pty = try PtyProcess(["--plain"], environment: ["TERM": "dumb"])
        #expect(pty.read(until: { $0.contains("plain mode") }))
        pty.type("\u{1B}[A東\u{FF}x")
        pty.type("q")
        #expect(pty.waitForExit() == 0)
        #expect(!pty.text.contains("東"), "input was echoed")
    }
}
