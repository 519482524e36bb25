import Foundation

/// One setting, declared once with its typed default: where it lives in
/// the config file (`table.key`), the value `Settings()` starts with, what
/// it accepts, its help in English and Japanese, and whether the settings
/// overlay offers it. `Settings`' defaults, `config keys`, `config check`,
/// the `config init` template, the overlay and the guide's table all read
/// it (through `SettingKey`, its untyped form), so none can drift.
///
/// Declarations are grouped by the table they fill (`DisplayKeys`,
/// `WeatherKeys`, …, each a `SettingGroup` next to its domain's code) and
/// the groups are listed once, in `SettingKey.groups`.
///
/// `Value` must be `Equatable` only where a comparison is made (`erased`):
/// a requirement on the struct itself is checked by the runtime the first
/// time each `Setting<V>`'s metadata is made, a conformance lookup that
/// scans the whole binary (about 1.6 M instructions for `Setting<Bool>`
/// before the first frame; callgrind, 12-06).
public struct Setting<Value: Sendable>: Sendable {
    public let table: String
    public let key: String
    /// The value `Settings()` starts with (its stored property's initial
    /// value reads this; it is written nowhere else).
    public let defaultValue: Value
    public let help: BilingualText
    public let form: SettingForm
    /// The settings overlay's title for this key; nil when the overlay does
    /// not offer it. Only a flag or a choice can have one (their factories
    /// take it), since ←/→ cycles through the values.
    public let overlayTitle: BilingualText?
    /// A valid value other than the default (for tests: that the key reaches
    /// the `Settings` property it names).
    let example: Value
    /// The values the overlay cycles through, in order.
    let choices: [Value]
    let read: @Sendable (Settings) -> Value
    let write: @Sendable (inout Settings, Value) -> Void
    let decode: @Sendable (ConfigDocument.Value) throws(SettingKey.Invalid) -> Value
    let encode: @Sendable (Value) -> ConfigDocument.Value

    init(_ table: String, _ key: String, default defaultValue: Value, example: Value, help: BilingualText,
         form: SettingForm = .text, overlayTitle: BilingualText? = nil, choices: [Value] = [],
         read: @escaping @Sendable (Settings) -> Value, write: @escaping @Sendable (inout Settings, Value) -> Void,
         decode: @escaping @Sendable (ConfigDocument.Value) throws(SettingKey.Invalid) -> Value,
         encode: @escaping @Sendable (Value) -> ConfigDocument.Value) {
        self.table = table
        self.key = key
        self.defaultValue = defaultValue
        self.example = example
        self.help = help
        self.form = form
        self.overlayTitle = overlayTitle
        self.choices = choices
        self.read = read
        self.write = write
        self.decode = decode
        self.encode = encode
    }

    /// A declaration stored at one `Settings` property.
    init(_ table: String, _ key: String, default defaultValue: Value, example: Value, help: BilingualText,
         at path: WritableKeyPath<Settings, Value> & Sendable, form: SettingForm = .text,
         overlayTitle: BilingualText? = nil, choices: [Value] = [],
         decode: @escaping @Sendable (ConfigDocument.Value) throws(SettingKey.Invalid) -> Value,
         encode: @escaping @Sendable (Value) -> ConfigDocument.Value) {
        self.init(table, key, default: defaultValue, example: example, help: help, form: form,
                  overlayTitle: overlayTitle, choices: choices,
                  read: { $0[keyPath: path] }, write: { $0[keyPath: path] = $1 }, decode: decode, encode: encode)
    }

    public var path: String { "\(table).\(key)" }

    /// The value as the config file holds it.
    public func configValue(_ value: Value) -> ConfigDocument.Value { encode(value) }

    /// The typed value of a config value, or nil when the key refuses it.
    public func typedValue(_ value: ConfigDocument.Value) -> Value? { try? decode(value) }

}

extension Setting where Value: Equatable {
    /// The untyped form every list of keys works with.
    public var erased: SettingKey {
        let decode = self.decode, write = self.write, read = self.read, encode = self.encode
        let fallback = defaultValue
        return SettingKey(
            table: table, key: key, help: help, form: form, defaultValue: encode(defaultValue), example: encode(example),
            overlay: overlayTitle.map { SettingKey.Overlay(title: $0, choices: choices.map(encode)) },
            applyValue: { settings, value throws(SettingKey.Invalid) in write(&settings, try decode(value)) },
            current: { encode(read($0)) },
            holdsDefault: { read($0) == fallback })
    }
}
