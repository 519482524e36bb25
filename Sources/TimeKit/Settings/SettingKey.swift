import Foundation

/// One config key in untyped form (`Setting<Value>.erased`): where it lives,
/// its help, its default and how a value is checked and applied. Every list
/// of keys — parsing, `config keys`, the `config init` template, the
/// settings overlay, the guide's table — walks `SettingKey.all`.
public struct SettingKey: Sendable {
    public struct Invalid: Error { public var message: String }

    /// How the settings overlay offers a key: its title and the values
    /// ←/→ cycles through.
    public struct Overlay: Sendable {
        public var title: BilingualText
        public var choices: [ConfigDocument.Value]
    }

    public let table: String
    public let key: String
    public let help: BilingualText
    public let form: SettingForm
    /// The default as the config file holds it (`Settings()`'s value).
    public let defaultValue: ConfigDocument.Value
    /// A valid value other than the default.
    public let example: ConfigDocument.Value
    /// Set when the settings overlay offers this key.
    public let overlay: Overlay?
    let applyValue: @Sendable (inout Settings, ConfigDocument.Value) throws(Invalid) -> Void
    /// The key's value in `settings`, as the config file would hold it.
    public let current: @Sendable (Settings) -> ConfigDocument.Value
    /// Whether `settings` holds the typed default (compared as the type
    /// compares, not as text).
    public let holdsDefault: @Sendable (Settings) -> Bool

    public var path: String { "\(table).\(key)" }
    /// The default as TOML text, e.g. `"mission"` or `true`.
    public var defaultText: String { defaultValue.description }

    /// Sets the key in `settings` from a config value, checked.
    public func apply(_ value: ConfigDocument.Value, to settings: inout Settings) throws(Invalid) {
        try applyValue(&settings, value)
    }

    /// Every group of keys, in the order the template, `config keys` and
    /// the guide list them. A panel with settings adds its group here.
    public static let groups: [any SettingGroup.Type] = [
        DisplayKeys.self, MarksKeys.self, TeamKeys.self, MarsKeys.self, CallsKeys.self,
        SightsKeys.self, WeatherKeys.self, PeriodsKeys.self,
    ]

    /// Every documented key.
    public static let all: [SettingKey] = groups.flatMap { $0.keys }

    /// The key at `table.key`, if there is one.
    public static func named(_ path: String) -> SettingKey? { all.first { $0.path == path } }

    /// A complete, commented config file with every key at its default;
    /// it reads back to `Settings()`.
    public static var template: String {
        var out = "# timedeck configuration. Every key is optional; these are the defaults.\n"
        var table = ""
        for key in all {
            if key.table != table {
                table = key.table
                out += "\n[\(table)]\n"
            }
            out += "# \(key.help.en)\n\(key.key) = \(key.defaultText)\n"
        }
        return out
    }

    /// `config keys`: each key with its default, and its help indented.
    public static var listing: String {
        all.map { "\($0.path) = \($0.defaultText)\n    \($0.help.en)" }.joined(separator: "\n")
    }

    /// The user guide's config table (Markdown), between its markers in
    /// docs/USER-GUIDE.md; a test fails when the committed one differs.
    public static var guideTable: String {
        let rows = all.map { key in
            "| `\(key.path)` | `\(key.defaultText)` | \(key.help.en.replacingOccurrences(of: "|", with: "\\|")) |"
        }
        return (["| key | default | meaning |", "|---|---|---|"] + rows).joined(separator: "\n")
    }
}
