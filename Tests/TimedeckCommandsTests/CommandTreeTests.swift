import ArgumentParser
import Foundation
import Testing
@testable import TimedeckCommands

@Suite struct CommandTreeTests {
    /// Every subcommand parses its own `--help` request and says what it is
    /// for (the tree is in the library, so this runs in process).
    @Test func everySubcommandHasAnAbstractAndParses() throws {
        for command in TimedeckCommands.subcommands {
            let configuration = command.configuration
            #expect(!(configuration.commandName ?? "").isEmpty)
            #expect(!configuration.abstract.isEmpty, "\(command)")
        }
        let names = TimedeckCommands.subcommands.compactMap { $0.configuration.commandName }
        #expect(Set(names).count == names.count, "two subcommands share a name: \(names)")
    }

    /// Every command declared in `Sources/TimedeckCommands` is reachable
    /// from `TimedeckCommands.subcommands` (a new command, a panel's CLI
    /// twin, that nobody mounted fails here rather than shipping unseen).
    @Test func everyDeclaredCommandIsMounted() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/TimedeckCommands").standardized
        var declared: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /(?m)^\s*(?:public |private |fileprivate )?struct (\w+): (?:\w+, )*(?:ParsableCommand|JSONCommand)\b/) {
                declared.insert(String(match.1))
            }
        }
        let mounted = Set(SharedOptionsTests.tree().map { "\($0)" })
        #expect(declared.contains("NowCommand") && declared.contains("Keys"), "the scan sees the commands: \(declared)")
        #expect(declared.subtracting(mounted).sorted() == [], "declared but not in TimedeckCommands.subcommands")
    }

    /// Every command in the tree, nested ones too, names itself. Without a
    /// `commandName` ArgumentParser derives the name from the type's name
    /// (`String(describing:)` and demangling) on every run of every command:
    /// the config subcommands alone cost 9 M of `timedeck now`'s 64 M
    /// instructions (issue 31, callgrind).
    @Test func everyCommandInTheTreeNamesItself() {
        let unnamed = SharedOptionsTests.tree().filter { ($0.configuration.commandName ?? "").isEmpty }.map { "\($0)" }
        #expect(unnamed == [], "give these a commandName in their CommandConfiguration")
        #expect(SharedOptionsTests.tree().count > 30)
    }

    @Test func badArgumentsAreParseErrorsNotCrashes() {
        #expect(throws: (any Error).self) { _ = try MarsCommand.parseAsRoot(["--longitude", "not-a-number", "--no-such-flag"]) }
        #expect(throws: (any Error).self) { _ = try NowCommand.parseAsRoot(["extra", "words"]) }
    }
}

/// Issue 30 item 4: one declaration of `--json` (`OutputOptions`), one path
/// to the config file (`CommandConfig`). These keep it so.
@Suite struct SharedOptionsTests {
    /// Every command under `timedeck`, nested ones included.
    static func tree(_ roots: [ParsableCommand.Type] = TimedeckCommands.subcommands) -> [ParsableCommand.Type] {
        roots.flatMap { [$0] + tree($0.configuration.subcommands) }
    }

    /// The `--json` lines of `command`'s `--help` (whoever declares them).
    static func jsonLines(_ command: ParsableCommand.Type) -> [String] {
        command.helpMessage(columns: 10_000).split(separator: "\n")
            .filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--json") }.map(String.init)
    }

    static func listsJSON(_ command: ParsableCommand.Type) -> Bool { !jsonLines(command).isEmpty }

    static func jsonLine(_ command: ParsableCommand.Type) -> String { jsonLines(command).first ?? "" }

    /// The commands whose `--json` is not the one from `OutputOptions<Self>`:
    /// no such group among their declared arguments, or a second `--json`.
    static func offenders(in commands: [ParsableCommand.Type]) -> [String] {
        commands.compactMap { command in
            let lines = jsonLines(command)
            guard !lines.isEmpty else { return nil }
            let group = "ArgumentParser.OptionGroup<TimedeckCommands.OutputOptions<\(String(reflecting: command))>>"
            let shared = Mirror(reflecting: command.init()).children
                .contains { String(reflecting: type(of: $0.value)) == group }
            return shared && lines.count == 1 ? nil : "\(command)"
        }
    }

    @Test func everyJSONFlagComesFromTheSharedGroup() {
        let withJSON = Self.tree().filter(Self.listsJSON)
        // The scan sees the flags (17 when issue 30 counted them).
        #expect(withJSON.count >= 17, "\(withJSON)")
        #expect(Self.offenders(in: Self.tree()) == [])
    }

    /// Each command's `--json` help is still its own (what its JSON holds).
    @Test func theJSONHelpIsTheCommands() {
        for command in Self.tree() {
            guard let json = command as? any JSONCommand.Type else { continue }
            #expect(Self.jsonLine(command).contains(json.jsonHelp), "\(command)")
        }
        #expect(Self.jsonLine(NowCommand.self).contains("Print one JSON object instead of text."))
    }

    /// The check catches a command that declares its own `--json`.
    @Test func aCommandWithItsOwnJSONFlagIsCaught() {
        #expect(Self.offenders(in: [OwnJSON.self, RenamedJSON.self]) == ["OwnJSON", "RenamedJSON"])
        #expect(Self.offenders(in: [SharedJSON.self]) == [])
    }

    /// One path to the config file: no subcommand source reads it but
    /// `CommandConfig` (`config check/init/set` work on the file itself).
    @Test func theConfigIsReadInOnePlace() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/TimedeckCommands").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.contains("NowCommand.swift"))
        var readers: [String] = []
        for file in files where file != "CommandConfig.swift" {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            if text.contains("ConfigFile.loadSettings") || text.contains("TeamSetup.current(") { readers.append(file) }
        }
        #expect(readers == [], "read the config through CommandConfig")
    }
}

private struct OwnJSON: ParsableCommand {
    @Flag(help: "Own JSON.") var json = false
}

private struct RenamedJSON: ParsableCommand {
    @Flag(name: .customLong("json"), help: "Own JSON under another name.") var asJSON = false
}

private struct SharedJSON: JSONCommand {
    static let jsonHelp = "Shared JSON."
    @OptionGroup var output: OutputOptions<SharedJSON>
}
