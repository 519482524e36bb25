import Foundation

extension SettingKey {
    /// `config keys --json`: every key as an object — `key`, `table`,
    /// `name`, `default` (typed: a string, number or boolean), `form` with
    /// its `choices` or `minimum`/`maximum`/`unit`, `help` as `{en, ja}`,
    /// and `overlay` (its title as `{en, ja}`, or null when the settings
    /// overlay does not offer it).
    public static func listingJSON() throws -> String {
        let rows: [[String: Any]] = all.map { key in
            var row: [String: Any] = [
                "key": key.path, "table": key.table, "name": key.key, "default": json(key.defaultValue),
                "form": key.form.name, "help": ["en": key.help.en, "ja": key.help.ja],
                "overlay": key.overlay.map { ["en": $0.title.en, "ja": $0.title.ja] as Any } ?? NSNull(),
            ]
            switch key.form {
            case .choice(let words): row["choices"] = words
            case .number(let range, let unit, let allowsEmpty):
                row["minimum"] = range.lowerBound
                row["maximum"] = range.upperBound
                row["unit"] = unit
                row["empty_allowed"] = allowsEmpty
            case .flag, .text: break
            }
            return row
        }
        let data = try JSONSerialization.data(withJSONObject: rows, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    static func json(_ value: ConfigDocument.Value) -> Any {
        switch value {
        case .string(let s): s
        case .integer(let i): i
        case .float(let d): d
        case .boolean(let b): b
        case .array(let items): items.map(json)
        }
    }
}
