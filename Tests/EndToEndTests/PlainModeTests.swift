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

    /// Everything the screen would show changing is said: the call editor,
    /// the search as it is typed and its results, a place added, the
    /// settings opening, a changed value and closing; Ctrl-Space (NUL)
    /// records a mark even while the search field takes typed text.
    @Test func callEditorSearchSettingsAndTheMarkKeyAreSaid() throws {
        let pty = try PtyProcess(["--plain"], environment: ["TERM": "dumb", "TZ": "Europe/Paris"])
        #expect(pty.read(until: { $0.contains("plain mode") }))
        func said(_ keys: String, _ expected: String, _ why: String) {
            // Bytes, not Characters: a read that ends between "\r" and "\n"
            // makes one grapheme of them later, and a Character count taken
            // in between would cut the first letter off the new text.
            let before = pty.output.count
            pty.type(keys)
            // A generous deadline: the full suite runs many terminals at once on few cores.
            let said = { String(decoding: pty.output.dropFirst(before), as: UTF8.self) }
            let found = pty.read(until: { _ in said().contains(expected) }, seconds: 20)
            #expect(found, "\(why): \"\(expected)\" not said after \(keys.debugDescription):\n\(said())")
        }
        said("\u{1B}[Z", "Focus: calls panel.", "Shift-Tab")
        said("\r", "Editing call", "Enter on the call planner")
        said("a", "Add a place: type to search", "a in the editor")
        said("Lond", "Typed: Lond", "typing in the search")
        #expect(pty.read(until: { $0.contains("London, GB (Europe/London)") }, seconds: 20), "results not named:\n\(pty.text)")
        #expect(pty.text.range(of: #"\d+ results?: "#, options: .regularExpression) != nil)
        said("\u{0}", "Mark #1 recorded", "Ctrl-Space while typing a search")
        #expect(!pty.text.contains("Typed: Lond "), "Ctrl-Space typed a space")
        said("\r", "Added London, GB", "Enter on a result")
        said("\u{1B}", "Changes dropped.", "Escape in the editor")
        #expect(pty.text.contains("Call editor closed"))
        said(" ", "Mark #2 recorded", "Space on the main screen")
        said("o", "Settings open", "o")
        said("\u{1B}[C", "Theme: ", "→ in the settings")
        said("\u{1B}", "Settings closed.", "Escape in the settings")
        pty.type("q")
        #expect(pty.waitForExit() == 0)
    }

    /// A key and Esc typed quickly reach plain mode in one read; the Esc at
    /// the end must still count (it once waited forever for more bytes).
    @Test func escapeAtTheEndOfAReadIsNotLost() throws {
        let pty = try PtyProcess(["--plain"], environment: ["TERM": "dumb"])
        #expect(pty.read(until: { $0.contains("plain mode") }))
        pty.type("o")
        #expect(pty.read(until: { $0.contains("Settings open") }, seconds: 20))
        pty.type("\u{1B}[C\u{1B}")  // → then Esc, one write
        #expect(pty.read(until: { $0.contains("Settings closed.") }, seconds: 20), "\(pty.text)")
        pty.type("q")
        #expect(pty.waitForExit(seconds: 20) == 0)
    }
}
