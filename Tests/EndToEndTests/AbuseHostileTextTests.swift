import Foundation
import Testing
import TimeKit

/// Issue 20, item 2: nothing from outside reaches a terminal raw. Every
/// printing path is walked with hostile text (arguments, call names, config
/// values, site names, a paste into the note editor) and what the binary
/// writes must hold no ESC, C1 or bidi control.
@Suite("abuse: hostile text", .serialized)
struct AbuseHostileTextTests {
    /// OSC 52 (writes the user's clipboard), a bidi override, an 8-bit CSI.
    static let payload = "\u{1B}]52;c;cHduZWQ=\u{07}\u{202E}\u{9B}6n"

    /// Output that may go to a terminal: only LF and TAB among the controls.
    static func isInert(_ text: String) -> Bool {
        !text.unicodeScalars.contains { InertText.isHazard($0) && $0 != "\n" && $0 != "\t" }
    }

    static func environment(_ dir: TemporaryFolder) -> [String: String] {
        ["TIMEDECK_HOME": dir.path("data"), "XDG_CONFIG_HOME": dir.path("config")]
    }

    @Test("Arguments echoed in errors are inert", arguments: [
        ["places", "search", "H"], ["mars", "--site", "H"], ["call", "--at", "H", "London"], ["call", "H"],
        ["calls", "set", "H"], ["calls", "add", "H", "--at", "12:00", "London"], ["calls", "add", "ok", "--at", "H"],
        ["config", "set", "H", "x"], ["config", "set", "marks.position", "H"], ["config", "set", "team.url", "H"],
        ["now", "H"], ["--H"], ["H"], ["marks", "add", "--position", "H"], ["marks", "note", "H", "x"],
        ["marks", "add", "--note", "H", "--gps-wait", "H"], ["snapshot", "--columns", "H"],
        ["mars", "--site", "curiosity", "--sol", "H", "--lmst", "13:00"], ["marks", "export", "--format", "H"],
        ["marks", "export", "--format", "csv", "--output", "/nonexistent/H"],
    ])
    func argumentsInErrors(template: [String]) throws {
        let dir = TemporaryFolder()
        let argv = template.map { $0.replacingOccurrences(of: "H", with: Self.payload) }
        let out = try TimedeckBinary.run(argv, environment: Self.environment(dir))
        #expect(Self.isInert(out.stdout), "stdout of \(template): \(out.stdout.debugDescription)")
        #expect(Self.isInert(out.stderr), "stderr of \(template): \(out.stderr.debugDescription)")
    }

    @Test("A call name with controls is refused; one stored by another program prints inert in calls list/next")
    func callNames() throws {
        let dir = TemporaryFolder()
        let env = Self.environment(dir)
        let add = try TimedeckBinary.run(["calls", "add", "x" + Self.payload, "--at", "tomorrow 12:00", "London, GB"], environment: env)
        #expect(add.status == 2, "a name with control characters was accepted: \(add.stdout)")
        #expect(Self.isInert(add.stdout) && Self.isInert(add.stderr), "\(add.stderr.debugDescription)")
        // A name written straight into the file (an older version, sqlite3).
        let ok = try TimedeckBinary.run(["calls", "add", "standup", "--at", "tomorrow 12:00", "London, GB"], environment: env)
        #expect(ok.status == 0, "\(ok.stderr)")
        let db = dir.path("data") + "/timedeck.sqlite"
        let hex = Data(("evil" + Self.payload).utf8).map { String(format: "%02x", $0) }.joined()
        _ = try spawnAndWait(["/usr/bin/sqlite3", db, "UPDATE callPlan SET name = CAST(x'\(hex)' AS TEXT)"], environment: [:])
        for command in [["calls", "list"], ["calls", "next"], ["calls", "list", "--json"], ["calls", "next", "--json"]] {
            let out = try TimedeckBinary.run(command, environment: env)
            #expect(out.stdout.contains("evil"), "\(command): \(out.stdout)")
            #expect(Self.isInert(out.stdout), "\(command): \(out.stdout.debugDescription)")
        }
    }

    @Test("config check and mars --all print config values and site names inert")
    func configValuesAndSiteNames() throws {
        let dir = TemporaryFolder()
        let env = Self.environment(dir)
        let folder = dir.path("config") + "/timedeck"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let config = """
            [marks]
            position = "\\u001b]0;pos\\u0007"
            [mars-site-evil]
            name = "Evil\\u001b]0;site\\u0007\\u202e"
            longitude = 10
            aliases = ["\\u009b6n"]
            """
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/config.toml"))
        for command in [["config", "check"], ["mars", "--all"], ["mars", "--site", "evil"], ["mars", "--all", "--json"],
                        ["mars", "--site", "evil", "--json"]] {
            let out = try TimedeckBinary.run(command, environment: env)
            #expect(Self.isInert(out.stdout), "\(command) stdout: \(out.stdout.debugDescription)")
            #expect(Self.isInert(out.stderr), "\(command) stderr: \(out.stderr.debugDescription)")
        }
        let all = try TimedeckBinary.run(["mars", "--all"], environment: env)
        #expect(all.stdout.contains("Evil"), "the site is still listed: \(all.stdout)")
    }

    /// The attack of the issue: pasted into the note editor, an OSC string
    /// ended the editor (Esc) and `C` `y` cleared every mark.
    @Test("An OSC string pasted into the note editor runs no command")
    func notePaste() throws {
        let dir = TemporaryFolder()
        let env = Self.environment(dir)
        let tmux = try TmuxSession(columns: 100, rows: 30, command: shellQuoted(TimedeckBinary.url.path), environment: env)
        #expect(tmux.waitForScreen { $0.contains("? help") } != nil)
        try tmux.send("Space")
        #expect(tmux.waitForScreen { $0.contains("#1") } != nil)
        try tmux.send("n")
        #expect(tmux.waitForScreen { $0.contains("Note for #1") } != nil)
        let paste = Array("ab\u{1B}]0;x\u{07}Cy".utf8).map { String(format: "%02x", $0) }
        try tmux.send(["-H"] + paste)
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("abCy") } != nil, "the note was not saved as typed: \(tmux.capture())")
        try tmux.send("q")
        let list = try TimedeckBinary.run(["marks", "list", "--json"], environment: env)
        let marks = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
        #expect(marks?.count == 1, "marks after the paste: \(list.stdout)")
        #expect(marks?.first?["note"] as? String == "abCy")
    }
}
