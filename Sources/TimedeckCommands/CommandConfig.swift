import Dashboard
import DeckShell
import Foundation
import TimeKit

/// The config file as the subcommands see it: read once a process, at the
/// first use, through `ConfigFile.loadSettings` (the path the dashboard
/// takes too). Every subcommand reads its settings here and nowhere else,
/// so a command that needs them twice (its own and the team's) reads the
/// file once. `config check`, `init` and `set` work on the file itself
/// (`ConfigFile.locate()`), not on settings.
enum CommandConfig {
    /// The settings with the problems found in the file, if any.
    static let loaded: ConfigFile.Loaded = ConfigFile.loadSettings()

    /// The settings in force (a bad key at its default).
    static var settings: Settings { loaded.settings }

    /// `loaded`, after saying its problems (if any) on stderr, for the
    /// commands that warn about a damaged file before using it.
    static func loadedWarning() -> ConfigFile.Loaded {
        loaded.warnOnStderr()
        return loaded
    }

    /// The language of the commands' text reports: `display.language`, and
    /// for "auto" the locale (LC_ALL, LC_MESSAGES, LANG), resolved by the
    /// dashboard's own rule (`UILanguage.resolve`). `--json` never depends on it.
    static var language: UILanguage {
        UILanguage.resolve(setting: settings.language.rawValue, environment: ProcessEnvironment.values)
    }

    /// The team this station belongs to (`team.url`), nil without one.
    static var team: TeamSetup? { TeamSetup.current(settings) }
}
