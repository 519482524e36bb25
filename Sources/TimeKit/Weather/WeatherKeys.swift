import Foundation

/// `[weather]`: the weather ring (issue 24). Off until turned on.
public enum WeatherKeys: SettingGroup {
    public static let table = "weather"

    public static let enabled = Setting.flag(
        table, "enabled", default: false, at: \.weatherEnabled,
        help: BilingualText(
            en: "Ask the forecast API (weather.url) for the precipitation ring; sends the position, rounded to about 1 km. Off until you turn it on.",
            ja: "降水リングのために予報 API（weather.url）に問い合わせます。位置は約 1 km に丸めて送ります。オンにするまでオフです。"))

    /// Empty means the default; a refused value is handled by
    /// `Settings.apply` (weather stays off, never the default in its place).
    public static let url = Setting<String>(
        table, "url", default: OpenMeteoRequest.defaultBaseURL, example: "https://weather.example.org/v1/forecast",
        help: BilingualText(
            en: "Forecast API: Open-Meteo's /v1/forecast or a self-hosted copy (http:// or https://).",
            ja: "予報 API: Open-Meteo の /v1/forecast か、自分で動かしている同じもの（http:// か https://）。"),
        at: \.weatherURL,
        decode: { value throws(SettingKey.Invalid) -> String in
            let text = try SettingKey.string(value).trimmingCharacters(in: .whitespaces)
            let url = text.isEmpty ? OpenMeteoRequest.defaultBaseURL : text
            if let problem = OpenMeteoRequest.check(baseURL: url) { throw SettingKey.Invalid(message: problem) }
            return url
        },
        encode: { .string($0) })

    public static let position = Setting.position(
        table, "position", at: \.weatherPosition,
        help: BilingualText(
            en: "Position for the forecast, in any form marks accept; empty for gpsd's fix, else marks.position.",
            ja: "予報を求める位置（マークと同じ書き方）。空なら gpsd の測位、それもなければ marks.position。"))

    public static let units = Setting.choice(
        table, "units", default: WeatherUnits.metric, at: \.weatherUnits,
        help: BilingualText(en: "metric (°C, wind km/h), imperial (°F, wind km/h) or nautical (°C, wind in knots); precipitation is always in mm.",
                            ja: "metric（°C、風速 km/h）、imperial（°F、風速 km/h）、nautical（°C、風速ノット）。降水量はいつも mm です。"))

    /// Only the path's form is checked here (settings parse text alone);
    /// the file itself is checked by `config check`, `config set` and
    /// before each ask (`WeatherCAFile` in DeckShell).
    public static let caFile = Setting<String?>.text(
        table, "ca_file", at: \.weatherCAFile, example: "/etc/ssl/private-ca.pem",
        help: BilingualText(
            en: "A PEM file of extra CAs to trust for weather.url beside the system's (a self-hosted server behind a private CA); empty for the system's alone. Certificates are always verified.",
            ja: "weather.url のためにシステムの CA に加えて信頼する CA の PEM ファイル（独自の CA の下で自分で動かすサーバー用）。空ならシステムの CA だけ。証明書は常に検証します。")
    ) { path throws(SettingKey.Invalid) in
        if let problem = CertificateAuthorityFile.pathProblem(path) { throw SettingKey.Invalid(message: problem) }
    }

    public static let keys = [enabled.erased, url.erased, position.erased, units.erased, caFile.erased]
}
