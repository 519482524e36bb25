import Foundation
import Testing

/// The mark key through tmux, as a person types it: Ctrl-Space (the NUL
/// byte) and F12 mark everywhere; Space marks in the call editor but types
/// in its search field, where Ctrl-Space still marks. Run under several
/// TERM values, since curses decodes F12 from the terminfo entry.
@Suite(.serialized) struct MarkKeyEndToEndTests {
    let bin = shellQuoted(TimedeckBinary.url.path)

    /// The marks panel's count (`Marks 3`), nil while a message shows.
    func markCount(_ screen: String) -> Int? {
        screen.firstMatch(of: /Marks (\d+)/).flatMap { Int($0.1) }
    }

    @Test(arguments: ["tmux-256color", "xterm-256color", "linux"])
    func ctrlSpaceAndF12MarkEverywhereSpaceMarksInTheEditorButTypesInAField(term: String) throws {
        let environment = ["TZ": "Europe/Paris", "TIMEDECK_REDUCED_MOTION": "1", "TERM": term]
        let tmux = try TmuxSession(columns: 120, rows: 40, command: "TERM=\(term) exec \(bin)", environment: environment)
        defer {
            if let pid = (try? tmux.tmux(["display-message", "-p", "#{pid}"])).flatMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }),
               pid > 1 { kill(pid, SIGKILL) }
        }
        #expect(tmux.waitForScreen { $0.contains("No marks yet") && $0.contains("Call from Paris") } != nil, "\(tmux.capture())")
        try tmux.send("C-Space")
        #expect(tmux.waitForScreen { markCount($0) == 1 } != nil, "Ctrl-Space did not mark (TERM=\(term)):\n\(tmux.capture())")
        try tmux.send("F12")
        #expect(tmux.waitForScreen { markCount($0) == 2 } != nil, "F12 did not mark (TERM=\(term)):\n\(tmux.capture())")
        // The call editor: Space marks there.
        try tmux.send("Tab", "Tab", "Enter")  // marks → Mars → calls (the Linux console has no Shift-Tab)
        #expect(tmux.waitForScreen { $0.contains("✎ EDITING") } != nil)
        try tmux.send("Space")
        #expect(tmux.waitForScreen { markCount($0) == 3 && $0.contains("✎ EDITING") } != nil, "Space in the call editor:\n\(tmux.capture())")
        // In the place search, Space types and Ctrl-Space marks; the field stays open.
        try tmux.send("a", "L", "o", "n", "Space", "d")
        #expect(tmux.waitForScreen { $0.contains("Add place: Lon d▏") } != nil, "Space did not type:\n\(tmux.capture())")
        #expect(markCount(tmux.capture()) == 3)
        #expect(tmux.capture().contains("Ctrl-Space mark"))
        try tmux.send("C-Space")
        #expect(tmux.waitForScreen { markCount($0) == 4 && $0.contains("Add place: Lon d▏") } != nil,
                "Ctrl-Space in the search field:\n\(tmux.capture())")
        try tmux.send("F12")
        #expect(tmux.waitForScreen { markCount($0) == 5 && $0.contains("Add place: Lon d▏") } != nil)
    }
}
