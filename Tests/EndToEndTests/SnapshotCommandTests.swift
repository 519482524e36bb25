import Foundation
import Testing

/// Snapshots from the CLI and from the w key, through the real binary.
@Suite struct SnapshotCommandTests {
    @Test func cliWritesPrivateTextAndAnsiFiles() throws {
        let dir = TemporaryFolder()
        let home = dir.path("data")
        let r = try TimedeckBinary.run(["snapshot", "--columns", "70", "--rows", "20"], environment: ["TIMEDECK_HOME": home])
        #expect(r.status == 0, "\(r.stderr)")
        let path = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(path.hasPrefix(home + "/snapshots/timedeck-") && path.hasSuffix("Z.txt"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("(70×20)") && text.contains("UTC: "))
        let ansiPath = String(path.dropLast(4)) + ".ansi"
        #expect(try String(contentsOfFile: ansiPath, encoding: .utf8).contains("\u{1B}["))
        let svgPath = String(path.dropLast(4)) + ".svg"
        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        // Each glyph is its own <tspan x> (issue 34): the words are in the text between the tags.
        let words = svg.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        #expect(svg.contains("<svg") && words.contains("UTC") && svg.hasSuffix("</svg>\n"))
        let fm = FileManager.default
        #expect((try fm.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
        #expect((try fm.attributesOfItem(atPath: home + "/snapshots")[.posixPermissions] as? Int) == 0o700)
        // A second snapshot in the same second gets its own name.
        let again = try TimedeckBinary.run(["snapshot"], environment: ["TIMEDECK_HOME": home])
        #expect(again.status == 0)
        #expect(again.stdout.trimmingCharacters(in: .whitespacesAndNewlines) != path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test func cliRefusesADataFolderThatIsAFile() throws {
        let dir = TemporaryFolder()
        let file = dir.path("not-a-folder")
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        let r = try TimedeckBinary.run(["snapshot"], environment: ["TIMEDECK_HOME": file])
        #expect(r.status != 0)
        #expect(r.stderr.contains("not a folder"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x")
    }

    @Test func wKeyInTheDashboardSavesAndSaysWhere() throws {
        let dir = TemporaryFolder()
        let home = dir.path("data")
        let tmux = try TmuxSession(columns: 100, rows: 30, command: shellQuoted(TimedeckBinary.url.path),
                                   environment: ["TIMEDECK_HOME": home])
        #expect(tmux.waitForScreen { $0.contains("? help") } != nil)
        try tmux.send("w")
        let screen = tmux.waitForScreen { $0.contains("Snapshot saved:") }
        #expect(screen != nil, "no notice after w:\n\(tmux.capture())")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: home + "/snapshots")) ?? []
        #expect(files.contains { $0.hasSuffix(".txt") } && files.contains { $0.hasSuffix(".ansi") }
                && files.contains { $0.hasSuffix(".svg") })
        try tmux.send("q")
    }

    /// Issue 28/29: the refusal names the option the user gave, never `--output`.
    @Test("--svg and --card refusals name their own option")
    func refusalsNameTheirOption() throws {
        let dir = TemporaryFolder()
        try "[weather]\nenabled = true\nposition = \"40 00.0 N, 050 00.0 W\"\nurl = \"http://127.0.0.1:9/\"\n"
            .write(toFile: dir.path("config.toml"), atomically: true, encoding: .utf8)
        let env = ["TIMEDECK_HOME": dir.path("data"), "TIMEDECK_CONFIG": dir.path("config.toml")]
        for (argv, option) in [(["snapshot", "--svg", "/dev/null"], "--svg"), (["snapshot", "--svg", dir.path("nope/x.svg")], "--svg"),
                               (["weather", "--card", "/dev/null"], "--card"), (["weather", "--card", ""], "--card")] {
            let r = try TimedeckBinary.run(argv, environment: env)
            #expect(r.status == 2, "\(argv): \(r.status) \(r.stderr)")
            #expect(!r.stderr.contains("--output"), "\(argv): \(r.stderr)")
            if !argv[2].contains("nope") { #expect(r.stderr.contains(option), "\(argv): \(r.stderr)") }
        }
    }

    @Test func svgGoesToTheFileNamedAndNeverOverAnother() throws {
        let dir = TemporaryFolder()
        let home = dir.path("data")
        let target = dir.path("screen.svg")
        let r = try TimedeckBinary.run(["snapshot", "--svg", target, "--columns", "80", "--rows", "24"], environment: ["TIMEDECK_HOME": home])
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try String(contentsOfFile: target, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") && svg.contains("width=\"720\"") && svg.hasSuffix("</svg>\n"))
        let again = try TimedeckBinary.run(["snapshot", "--svg", target], environment: ["TIMEDECK_HOME": home])
        #expect(again.status == 2 && again.stderr.contains("--force"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == svg)
        let both = try TimedeckBinary.run(["snapshot", "--svg", target, "--stdout"], environment: ["TIMEDECK_HOME": home])
        #expect(both.status == 2 && both.stdout.isEmpty)
    }
}
