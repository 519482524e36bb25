import Foundation

/// The common kinds of setting, so a declaration says only what is its own.
extension Setting where Value == Bool {
    /// `true`/`false`; the overlay (if offered) shows the default first.
    static func flag(_ table: String, _ key: String, default fallback: Bool, at path: WritableKeyPath<Settings, Bool> & Sendable,
                     help: BilingualText, overlay: BilingualText? = nil) -> Setting {
        Setting(table, key, default: fallback, example: !fallback, help: help, at: path, form: .flag,
                overlayTitle: overlay, choices: [fallback, !fallback],
                decode: { value throws(SettingKey.Invalid) in
                    guard case .boolean(let b) = value else {
                        throw SettingKey.Invalid(message: "expected true or false, got \(value.typeName)")
                    }
                    return b
                },
                encode: { .boolean($0) })
    }
}

extension Setting where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of the enum's raw values, in any letter case (`Sunlight`, `12H`:
    /// a choice is a word, not a spelling test).
    static func choice(_ table: String, _ key: String, default fallback: Value, at path: WritableKeyPath<Settings, Value> & Sendable,
                       help: BilingualText, overlay: BilingualText? = nil) -> Setting {
        let all = Array(Value.allCases)
        return Setting(table, key, default: fallback, example: all.first { $0 != fallback } ?? fallback, help: help, at: path,
                       form: .choice(all.map(\.rawValue)), overlayTitle: overlay, choices: all,
                       decode: { value throws(SettingKey.Invalid) in
                           let text = try SettingKey.string(value)
                           guard let choice = Value(rawValue: text) ?? all.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
                               throw SettingKey.Invalid(message: "\"\(text)\" is not one of \(all.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
                           }
                           return choice
                       },
                       encode: { .string($0.rawValue) })
    }
}

extension Setting where Value == Double {
    /// A number in `range`; the message names the range in `unit`.
    static func number(_ table: String, _ key: String, default fallback: Double, at path: WritableKeyPath<Settings, Double> & Sendable,
                       range: ClosedRange<Double>, unit: String, help: BilingualText) -> Setting {
        Setting(table, key, default: fallback, example: fallback == range.upperBound ? range.lowerBound : range.upperBound,
                help: help, at: path, form: .number(range, unit: unit, allowsEmpty: false),
                decode: { value throws(SettingKey.Invalid) in try SettingKey.number(value, in: range, unit: unit) },
                encode: { .float($0) })
    }
}

extension Setting where Value == Double? {
    /// A number in `range`, or `""` for none.
    static func optionalNumber(_ table: String, _ key: String, at path: WritableKeyPath<Settings, Double?> & Sendable,
                               range: ClosedRange<Double>, unit: String, help: BilingualText) -> Setting {
        Setting(table, key, default: nil, example: range.upperBound, help: help, at: path,
                form: .number(range, unit: unit, allowsEmpty: true),
                decode: { value throws(SettingKey.Invalid) -> Double? in
                    if case .string(let s) = value, s.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
                    return try SettingKey.number(value, in: range, unit: unit)
                },
                encode: { $0.map(ConfigDocument.Value.float) ?? .string("") })
    }
}

extension Setting where Value == String? {
    /// A string, trimmed; empty for none (nil). `check` refuses what the
    /// key cannot use.
    static func text(_ table: String, _ key: String, at path: WritableKeyPath<Settings, String?> & Sendable, example: String,
                     help: BilingualText, check: @escaping @Sendable (String) throws(SettingKey.Invalid) -> Void = { _ in }) -> Setting {
        Setting(table, key, default: nil, example: example, help: help, at: path,
                decode: { value throws(SettingKey.Invalid) -> String? in
                    let text = try SettingKey.string(value).trimmingCharacters(in: .whitespaces)
                    if text.isEmpty { return nil }
                    try check(text)
                    return text
                },
                encode: { .string($0 ?? "") })
    }

    /// A position in any form marks accept, or empty for none.
    static func position(_ table: String, _ key: String, at path: WritableKeyPath<Settings, String?> & Sendable,
                         help: BilingualText) -> Setting {
        text(table, key, at: path, example: "27 28.02 S 153 22.84 E", help: help) { text throws(SettingKey.Invalid) in
            do { _ = try GeoPosition(parsing: text) } catch { throw SettingKey.Invalid(message: "\(error)") }
        }
    }
}

extension SettingKey {
    static func string(_ value: ConfigDocument.Value) throws(Invalid) -> String {
        guard case .string(let s) = value else { throw Invalid(message: "expected a string in quotes, got \(value.typeName)") }
        return s
    }

    static func number(_ value: ConfigDocument.Value) throws(Invalid) -> Double {
        switch value {
        case .integer(let i): return Double(i)
        case .float(let d): return d
        default: throw Invalid(message: "expected a number, got \(value.typeName)")
        }
    }

    /// A finite number in `range`, or a message naming the range: "must be
    /// between -60 and 60 seconds, got 90.0".
    static func number(_ value: ConfigDocument.Value, in range: ClosedRange<Double>, unit: String) throws(Invalid) -> Double {
        let number = try number(value)
        guard number.isFinite, range.contains(number) else {
            throw Invalid(message: "must be between \(plain(range.lowerBound)) and \(plain(range.upperBound)) \(unit), got \(number)")
        }
        return number
    }

    /// `60` for 60.0, `0.5` for 0.5: a range as people write it.
    static func plain(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
