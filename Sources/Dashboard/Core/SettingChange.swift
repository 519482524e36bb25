import TimeKit

/// A setting the dashboard changes: a declared key (`Setting`) and a value
/// of its type, kept as the config file holds it. `update` applies it to
/// the one `Settings` value and hands it to the shell in
/// `Effect.saveSetting`, which writes its `table.key` and `value`. Built
/// only from a declaration, so it cannot name a key that is not documented
/// or hold a value of the wrong type.
public struct SettingChange: Equatable, Sendable, CustomStringConvertible {
    /// The config table the key lives in.
    public let table: String
    /// The config key (a declaration's `key`).
    public let key: String
    /// The value as the config file holds it.
    public let value: ConfigDocument.Value

    /// Setting `setting` to `value`.
    public init<Value>(_ setting: Setting<Value>, _ value: Value) {
        table = setting.table
        key = setting.key
        self.value = setting.configValue(value)
    }

    /// A value `key` itself produced (one of its overlay choices, or its
    /// current value).
    init(_ key: SettingKey, _ value: ConfigDocument.Value) {
        table = key.table
        self.key = key.key
        self.value = value
    }

    /// The typed value when this change is to `setting`, else nil.
    public func value<Value>(of setting: Setting<Value>) -> Value? {
        table == setting.table && key == setting.key ? setting.typedValue(value) : nil
    }

    public var description: String { "\(table).\(key) = \(value)" }

    // The changes panels make with their own keys (b, f, c, M, e).
    public static func theme(_ theme: Settings.ThemeName) -> SettingChange { .init(DisplayKeys.theme, theme) }
    public static func clock(_ clock: Settings.ClockStyle) -> SettingChange { .init(DisplayKeys.clock, clock) }
    public static func reducedMotion(_ on: Bool) -> SettingChange { .init(DisplayKeys.reducedMotion, on) }
    public static func language(_ language: Settings.Language) -> SettingChange { .init(DisplayKeys.language, language) }
    public static func bell(_ on: Bool) -> SettingChange { .init(MarksKeys.bell, on) }
    public static func flash(_ on: Bool) -> SettingChange { .init(MarksKeys.flash, on) }
    public static func weatherEnabled(_ on: Bool) -> SettingChange { .init(WeatherKeys.enabled, on) }

    /// Sets the value in `settings` through its declaration (a value made
    /// from a declaration is always one it accepts).
    func apply(to settings: inout Settings) {
        try? SettingKey.named("\(table).\(key)")?.apply(value, to: &settings)
    }

    /// The value as the settings overlay shows it, in `language`: choice
    /// names as the config file spells them (they are config words), on/off
    /// in the user's language.
    func shownValue(_ language: UILanguage) -> String {
        switch value {
        case .boolean(let on): language == .ja ? (on ? "オン" : "オフ") : (on ? "true" : "false")
        case .string(let text): text
        default: value.description
        }
    }
}
