import Foundation
import Testing

/// `timedeck config …` through the real binary, on a private config folder.
@Suite struct ConfigCommandTests {
    let dir = TemporaryFolder()
    var env: [String: String] { ["XDG_CONFIG_HOME": dir.url.path, "TIMEDECK_CONFIG": ""] }
    var file: String { dir.path("timedeck/config.toml") }

    @Test func pathFollowsXDGConfigHome() throws {
        let r = try TimedeckBinary.run(["config", "path"], environment: env)
        #expect(r.status == 0)
        #expect(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == file)
    }

    @Test func initWritesAValidFileOnceAndNeverReplacesIt() throws {
        #expect(try TimedeckBinary.run(["config", "init"], environment: env).status == 0)
        let original = try String(contentsOfFile: file, encoding: .utf8)
        #expect(original.contains("[display]") && original.contains("theme = \"mission\""))
        let again = try TimedeckBinary.run(["config", "init"], environment: env)
        #expect(again.status == 2)
        #expect(again.stderr.contains("already exists"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == original)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try TimedeckBinary.run(["config", "check"], environment: env).status == 0)
    }

    @Test func setChangesOneLineAndKeepsComments() throws {
        try FileManager.default.createDirectory(atPath: dir.path("timedeck"), withIntermediateDirectories: true)
        let text = "# mine\n[display]\ntheme = \"mission\" # keep me\n[marks]\nbell = false\n"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try TimedeckBinary.run(["config", "set", "marks.watch_error_seconds", "-0.4"], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try TimedeckBinary.run(["config", "set", "display.theme", "sunlight"], environment: env).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8)
                == "# mine\n[display]\ntheme = \"sunlight\" # keep me\n[marks]\nbell = false\nwatch_error_seconds = -0.4\n")
    }

    @Test func aBadValueIsReportedWithItsLineAndLeftAsWrittenWhileOtherKeysAreSet() throws {
        try FileManager.default.createDirectory(atPath: dir.path("timedeck"), withIntermediateDirectories: true)
        let text = "[display]\ntheme = \"mission\"\nclock = 12\n"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let check = try TimedeckBinary.run(["config", "check"], environment: env)
        #expect(check.status == 1)
        #expect(check.stderr.contains("\(file): line 3: display.clock: expected a string"))
        // Only the key set changes; the bad line stays for the user to fix.
        let set = try TimedeckBinary.run(["config", "set", "display.theme", "mono"], environment: env)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "[display]\ntheme = \"mono\"\nclock = 12\n")
    }

    @Test func aLineThatCannotBeReadBlocksSetAndTheFileIsNeverRewritten() throws {
        try FileManager.default.createDirectory(atPath: dir.path("timedeck"), withIntermediateDirectories: true)
        let text = "[display]\ntheme = mono\n"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let set = try TimedeckBinary.run(["config", "set", "display.theme", "sunlight"], environment: env)
        #expect(set.status == 2)
        #expect(set.stderr.contains("not changing") && set.stderr.contains("line 2"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
    }

    @Test func checkListsEveryProblemInOneRun() throws {
        try FileManager.default.createDirectory(atPath: dir.path("timedeck"), withIntermediateDirectories: true)
        let text = """
            [display]
            theme = "neon"
            clock = "12h"
            [marks]
            position = "-33.8688, 151.2093"
            watch_error_seconds = 90
            this line is not toml
            [mars]
            lattitude = 4.5
            site = "Jezero"

            """
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let check = try TimedeckBinary.run(["config", "check"], environment: env)
        #expect(check.status == 1)
        let lines = check.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(file): line 2: display.theme: \"neon\" is not one of") })
        #expect(lines.contains { $0.hasPrefix("\(file): line 6: marks.watch_error_seconds: must be between -60 and 60") })
        #expect(lines.contains { $0.hasPrefix("\(file): line 7: ") && $0.contains("this line is ignored") })
        #expect(lines.contains { $0.hasPrefix("\(file): line 9: mars.lattitude: unknown key") && $0.contains("check the spelling") })
        #expect(lines.filter { $0.hasPrefix(file) }.count == 4, "\(check.stderr)")
        #expect(check.stderr.contains("4 problems"))
    }

    @Test func badValuesAndUnknownKeysAreRefused() throws {
        let bad = try TimedeckBinary.run(["config", "set", "display.theme", "neon"], environment: env)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("is not one of"))
        let unknown = try TimedeckBinary.run(["config", "set", "display.colour", "red"], environment: env)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("Known keys"))
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    /// `mars.site` names a site of the library (name, id or alias) or of the
    /// file's own `[mars-site-<id>]` tables; anything else is refused by
    /// `set` (file untouched) and reported by `check`.
    @Test func marsSiteMustNameASite() throws {
        for name in ["Jezero", "perseverance", "Curiosity", "mars 2020"] {
            let r = try TimedeckBinary.run(["config", "set", "mars.site", name], environment: env)
            #expect(r.status == 0, "\(name): \(r.stderr)")
        }
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let typo = try TimedeckBinary.run(["config", "set", "mars.site", "Jezro"], environment: env)
        #expect(typo.status == 2 && typo.stderr.contains("no Mars site is named \"Jezro\"") && typo.stderr.contains("Perseverance"),
                "\(typo.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
        // A site of the file's own is a site.
        try (before + "[mars-site-ares3]\nname = \"Ares 3\"\nlongitude = -31.8\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try TimedeckBinary.run(["config", "set", "mars.site", "Ares 3"], environment: env).status == 0)
        // Written by hand: check names it with its line.
        let text = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "site = \"Ares 3\"", with: "site = \"Jezro\"")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let check = try TimedeckBinary.run(["config", "check"], environment: env)
        #expect(check.status == 1 && check.stderr.contains("line 2: mars.site: no Mars site is named \"Jezro\""), "\(check.stderr)")
    }

    /// Every key `config keys` lists: its default is accepted by `set`, and
    /// a value with a control sequence is refused without touching the file.
    @Test func everyKeyTakesItsDefaultAndRefusesGarbage() throws {
        let keys = try TimedeckBinary.run(["config", "keys"], environment: env).stdout
            .split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        #expect(keys.count >= 20)
        for line in keys {
            let parts = line.components(separatedBy: " = ")
            let key = parts[0]
            var value = parts.count > 1 ? parts[1] : ""
            if value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            let ok = try TimedeckBinary.run(["config", "set", key, value.isEmpty ? "" : value], environment: env)
            #expect(ok.status == 0, "\(key) = \(value): \(ok.stderr)")
            let before = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            let bad = try TimedeckBinary.run(["config", "set", key, "\u{1B}[2Jzz?"], environment: env)
            #expect(bad.status == 2, "\(key) took garbage: \(bad.stdout)")
            #expect(((try? String(contentsOfFile: file, encoding: .utf8)) ?? "") == before, "\(key): the file changed")
        }
        #expect(try TimedeckBinary.run(["config", "check"], environment: env).status == 0)
    }
}

/// The settings overlay writes the config file from the dashboard.
@Suite struct SettingsOverlayEndToEndTests {
    @Test func changingThemeInTheOverlaySavesItKeepingComments() throws {
        let dir = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: dir.path("config/timedeck"), withIntermediateDirectories: true)
        let file = dir.path("config/timedeck/config.toml")
        try "# mine\n[display]\ntheme = \"mission\" # keep\n".write(toFile: file, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(columns: 100, rows: 30, command: shellQuoted(TimedeckBinary.url.path),
                                   // NO_COLOR empty: swift test sets it when its output is not a terminal, and
                                   // then the overlay rightly shows mono in force (issue 21), not the theme.
                                   environment: ["XDG_CONFIG_HOME": dir.path("config"), "TIMEDECK_HOME": dir.path("data"),
                                                 "NO_COLOR": ""])
        #expect(tmux.waitForScreen { $0.contains("? help") } != nil)
        try tmux.send("o")
        #expect(tmux.waitForScreen { $0.contains("Settings") && $0.contains("‹ mission ›") } != nil)
        try tmux.send("Right")
        #expect(tmux.waitForScreen { $0.contains("‹ sunlight ›") } != nil)
        #expect(waitUntil { (try? String(contentsOfFile: file, encoding: .utf8)) == "# mine\n[display]\ntheme = \"sunlight\" # keep\n" },
                "config not saved: \((try? String(contentsOfFile: file, encoding: .utf8)) ?? "none")")
        try tmux.send("Escape", "q")
    }
}

@Suite struct UsageErrorTests {
    @Test(arguments: [["mars", "--bogus"], ["marks", "export", "--format", "xml"], ["call", "--duration"]])
    func unparseableCommandLinesExit2WithUsage(arguments: [String]) throws {
        let r = try TimedeckBinary.run(arguments)
        #expect(r.status == 2)
        #expect(r.stderr.contains("Usage:") || r.stderr.contains("Error:"))
    }

    @Test func helpAndVersionExit0OnStdout() throws {
        let version = try TimedeckBinary.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("timedeck 0.1.0\n"))
        // Which tz rules are used, and where zone names come from (issue 12).
        #expect(version.stdout.contains("time-zone rules: system tz database "))
        #expect(version.stdout.contains("zone names: the system tz database"))
        let help = try TimedeckBinary.run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("SUBCOMMANDS:") && help.stdout.contains("snapshot"))
    }
}
