import Foundation
import Testing

/// Issue 29, items 1 and 4, in a real terminal: a control string pasted in
/// the form a UTF-8 terminal delivers (U+009F … U+009C) runs nothing, in
/// browsing and in the note editor; a sight typed right after Space (the
/// mark not yet numbered) stays in the sight field and never runs as
/// commands.
@Suite("abuse: pasted control strings and refused keys (tmux)", .serialized)
struct AbuseInputTests {
    static func environment(_ dir: TemporaryFolder) -> [String: String] {
        ["TIMEDECK_HOME": dir.path("data"), "XDG_CONFIG_HOME": dir.path("config")]
    }

    static func marks(_ env: [String: String]) throws -> [[String: Any]] {
        let list = try TimedeckBinary.run(["marks", "list", "--json"], environment: env)
        return try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? []
    }

    /// A dashboard over five stored marks, the newest selected.
    static func start(_ dir: TemporaryFolder) throws -> ([String: String], TmuxSession) {
        let env = environment(dir)
        for i in 1...5 {
            let add = try TimedeckBinary.run(["marks", "add", "--note", "m\(i)"], environment: env)
            try #require(add.status == 0, "marks add: \(add.stderr)")
        }
        let tmux = try TmuxSession(columns: 100, rows: 30, command: shellQuoted(TimedeckBinary.url.path), environment: env)
        try #require(tmux.waitForScreen { $0.contains("? help") && $0.contains("#5") } != nil, "no dashboard:\n\(tmux.capture())")
        return (env, tmux)
    }

    static func hex(_ text: String) -> [String] { Array(text.utf8).map { String(format: "%02x", $0) } }

    @Test("A UTF-8-encoded C1 string pasted while browsing runs nothing", arguments: [
        "\u{9F}Cy\u{9C}",          // APC: clear all, confirm
        "\u{90}dq\u{9C}",          // DCS: delete, quit
        "\u{9D}52;c;Dy\u{07}",     // OSC ended by BEL
        "\u{9E}Cy\u{1B}\\",        // PM ended by 7-bit ST
        "\u{98}dq\u{9C}",          // SOS
    ])
    func browsing(paste: String) throws {
        let dir = TemporaryFolder()
        let (env, tmux) = try Self.start(dir)
        try tmux.send(["-H"] + Self.hex(paste))
        // Keys are read in order: help opening proves the paste was read.
        try tmux.send("?")
        #expect(tmux.waitForScreen { $0.contains("Show this help") } != nil,
                "the dashboard is gone or asking something:\n\(tmux.capture())")
        try tmux.send("Escape")
        try tmux.send("q")
        _ = tmux.waitForScreen { !$0.contains("? help") }
        let marks = try Self.marks(env)
        #expect(marks.count == 5, "marks after pasting \(paste.unicodeScalars.map { $0.value }): \(marks.count)")
    }

    @Test("A UTF-8-encoded C1 string pasted into the note editor is not text and runs nothing")
    func noteEditor() throws {
        let dir = TemporaryFolder()
        let (env, tmux) = try Self.start(dir)
        try tmux.send("n")
        #expect(tmux.waitForScreen { $0.contains("Note for #5") } != nil, "\(tmux.capture())")
        try tmux.send(["-H"] + Self.hex("ab\u{9F}Cy\u{9C}cd\u{90}\u{1B}dq\u{9C}"))
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("abcd") } != nil, "the note was not saved as typed:\n\(tmux.capture())")
        try tmux.send("q")
        _ = tmux.waitForScreen { !$0.contains("? help") }
        let marks = try Self.marks(env)
        #expect(marks.count == 5, "marks after the paste: \(marks.count)")
        #expect(marks.contains { $0["note"] as? String == "m5abcd" }, "notes: \(marks.map { $0["note"] ?? "" })")
    }

    /// The issue's paste: Space, `s` before the new mark has its number,
    /// then the sight. `d` in "Aldebaran" deleted the mark, `n` opened the
    /// note editor.
    @Test("Space, s and a sight pasted at once: the sight stays in its field, no mark is deleted")
    func sightTypedBeforeTheMarkIsNumbered() throws {
        let dir = TemporaryFolder()
        let (env, tmux) = try Self.start(dir)
        try tmux.send(["-H"] + Self.hex(" sAldebaran, 30 00.0\r"))
        let field = tmux.waitForScreen { $0.contains("Aldebaran, 30 00.0") || $0.contains("Sight stored") || $0.contains("Aldebaran") }
        #expect(field != nil, "the sight went nowhere:\n\(tmux.capture())")
        #expect(tmux.waitForScreen { $0.contains("#6") } != nil, "the new mark was not stored:\n\(tmux.capture())")
        try tmux.send("Escape")
        try tmux.send("q")
        _ = tmux.waitForScreen { !$0.contains("? help") }
        let marks = try Self.marks(env)
        #expect(marks.count == 6, "marks after the paste: \(marks.count) \(marks.map { $0["note"] ?? "" })")
        #expect(!marks.contains { ($0["note"] as? String)?.contains("ebaran") == true }, "the sight became a note")
    }
}
