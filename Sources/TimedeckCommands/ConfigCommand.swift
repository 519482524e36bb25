import ArgumentParser
import DeckShell
import Foundation
import TimeKit

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show, check, create or change the config file.",
        discussion: "The file is $XDG_CONFIG_HOME/timedeck/config.toml (default ~/.config/timedeck/config.toml), or $TIMEDECK_CONFIG.",
        subcommands: [Path.self, Check.self, Init.self, Set.self, Keys.self]
    )

    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "path", abstract: "Print where the config file is (it may not exist yet).")
        func run() { Console.out(ConfigFile.locate().url.path) }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check the config file; exit 1 listing every problem (line, key, what is wrong, what to do).")
        func run() throws {
            let file = ConfigFile.locate()
            var loaded = file.load()
            guard loaded.exists else {
                Console.out("\(file.url.path): no file; timedeck uses the defaults (timedeck config init writes them out).")
                return
            }
            if let site = ConfigFile.marsSiteProblem(loaded.settings, text: loaded.text) { loaded.problems.append(site) }
            loaded.problems += ConfigFile.marsSiteClashes(loaded.settings, text: loaded.text)
            if let caFile = ConfigFile.weatherCAFileProblem(loaded.settings, text: loaded.text) { loaded.problems.append(caFile) }
            guard !loaded.problems.isEmpty else {
                Console.out("\(file.url.path): OK")
                return
            }
            var err = StandardError()
            for problem in loaded.problems { print("\(file.url.path): \(problem)", to: &err) }
            let count = loaded.problems.count == 1 ? "1 problem" : "\(loaded.problems.count) problems"
            print("\(count). Only the lines and keys named are set aside (at their defaults); every other setting is in force.",
                  to: &err)
            throw ExitCode(1)
        }
    }

    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Write a commented config file with every key at its default (never replaces an existing file).")
        func run() throws {
            let file = ConfigFile.locate()
            guard !FileManager.default.fileExists(atPath: file.url.path) else {
                var err = StandardError()
                print("timedeck: \(file.url.path) already exists; not replacing it. Edit it, or use timedeck config set.", to: &err)
                throw ExitCode(2)
            }
            try file.writeAtomically(SettingKey.template)
            Console.out("wrote \(file.url.path)")
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Change one setting, keeping the rest of the file and its comments.",
            discussion: """
                Examples:
                  timedeck config set display.theme sunlight
                  timedeck config set marks.watch_error_seconds -0.4
                  timedeck config set mars.site Jezero
                """)

        @Argument(help: "The key as table.key (see timedeck config keys).")
        var key: String
        @Argument(parsing: .captureForPassthrough, help: "The new value (quotes not needed; negative numbers are fine).")
        var words: [String] = []

        var value: String { words.joined(separator: " ") }

        func run() throws {
            guard !words.isEmpty else {
                var err = StandardError()
                print("timedeck: give a value, e.g. timedeck config set \(key) VALUE", to: &err)
                throw ExitCode(2)
            }
            guard let setting = SettingKey.named(key) else {
                var err = StandardError()
                print("timedeck: unknown key '\(key)'. Known keys: \(SettingKey.all.map(\.path).joined(separator: ", "))", to: &err)
                throw ExitCode(2)
            }
            do {
                let typed = Self.typed(value, for: setting.form)
                _ = try ConfigFile.locate().set(setting.table, setting.key, to: typed)
                // The value as written (`1e1` is saved as 10.0); a password
                // in team.url is not echoed to the terminal.
                let written: String
                if case .string(let text) = typed { written = text } else { written = typed.description }
                Console.out("\(key) = \(RedactedValue.shown(written))")
            } catch {
                var err = StandardError()
                print(error, to: &err)
                throw ExitCode(2)
            }
        }

        /// The command-line text as the TOML type the key's declaration
        /// takes (anything else stays a string, for the key to refuse).
        static func typed(_ text: String, for form: SettingForm) -> ConfigDocument.Value {
            switch form {
            case .flag where text == "true" || text == "false": return .boolean(text == "true")
            case .number: if let number = Double(text) { return .float(number) }
            default: break
            }
            return .string(text)
        }
    }

    struct Keys: JSONCommand {
        static let configuration = CommandConfiguration(commandName: "keys", abstract: "List every config key with its default and meaning.")

        @OptionGroup var output: OutputOptions<Keys>
        static let jsonHelp = "JSON output: each key's default, form (flag, choice, number, text), choices or range, help in English and Japanese, and its settings-overlay title."
        var json: Bool { output.json }

        func run() throws {
            if json {
                Console.json(try SettingKey.listingJSON())
            } else {
                Console.out(SettingKey.listing)
            }
        }
    }
}

/// `print(…, to: &err)` for stderr.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) { Console.error(string) }
}
