import Foundation

/// `[team]`: the shared team log and this station's name in it.
public enum TeamKeys: SettingGroup {
    public static let table = "team"

    /// The value is never echoed: it may hold a password. Its config form
    /// (`configValue`) is the redacted one, so nothing that lists values
    /// can show the password.
    public static let url = Setting<ConnectionString?>(
        table, "url", default: nil, example: ConnectionString("postgresql://timedeck@db.example.org/timedeck"),
        help: BilingualText(
            en: "Team log: a postgresql:// URL (password from the URL, PGPASSFILE or ~/.pgpass; add ?sslmode=verify-full for TLS); empty for no team.",
            ja: "チームログ: postgresql:// の URL（パスワードは URL、PGPASSFILE か ~/.pgpass から。TLS には ?sslmode=verify-full を付ける）。空ならチームなし。"),
        at: \.teamURL,
        decode: { value throws(SettingKey.Invalid) -> ConnectionString? in
            let text = try SettingKey.string(value).trimmingCharacters(in: .whitespaces)
            guard text.isEmpty || text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") else {
                throw SettingKey.Invalid(message: "expected a URL starting with postgresql:// (or empty for no team)")
            }
            return text.isEmpty ? nil : ConnectionString(text)
        },
        encode: { .string($0?.description ?? "") })

    public static let station = Setting.text(
        table, "station", at: \.teamStation, example: "bridge-2",
        help: BilingualText(
            en: "This station's name in the team log (letters, digits, . _ -, at most 63); empty for the host name.",
            ja: "チームログでのこの局の名前（英字、数字、. _ -、63 文字まで）。空ならホスト名。")
    ) { text throws(SettingKey.Invalid) in
        guard TeamStationName.isValid(text) else {
            throw SettingKey.Invalid(message: "\"\(text)\" is not a station name: use letters, digits, '.', '_' or '-', at most 63")
        }
    }

    public static let keys = [url.erased, station.erased]
}
