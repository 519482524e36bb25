import Foundation

/// The one question timedeck asks Open-Meteo's forecast API (`/v1/forecast`):
/// current temperature and precipitation, precipitation and temperature
/// every 15 minutes and every hour, times in UTC (`timezone=GMT`).
public struct OpenMeteoRequest: Equatable, Sendable {
    /// How the API writes times: `"2026-11-26T14:15"` or Unix seconds.
    public enum TimeFormat: String, Equatable, Sendable { case iso8601, unixtime }

    /// The API's default; a self-hosted server may differ (`weather.url`).
    public static let defaultBaseURL = "https://api.open-meteo.com/v1/forecast"

    public var baseURL: String
    public var position: GeoPosition
    public var timeFormat: TimeFormat
    /// Days of forecast asked for (1–16). Two cover twelve hours ahead from
    /// any time of day: the API's series start at 00:00 of today (UTC).
    public var forecastDays: Int
    /// A PEM file of extra CAs to trust for this server beside the
    /// system's (`weather.ca_file`); nil: the system's alone.
    public var caFile: String?

    public init(baseURL: String = Self.defaultBaseURL, position: GeoPosition,
                timeFormat: TimeFormat = .unixtime, forecastDays: Int = 2, caFile: String? = nil) {
        self.baseURL = baseURL
        self.caFile = caFile
        self.position = position
        self.timeFormat = timeFormat
        self.forecastDays = min(16, max(1, forecastDays))
    }

    /// The position as sent: rounded to 0.01° (about 1 km), finer than any
    /// model grid the API snaps to, so no more of where the user is leaves
    /// the machine than the forecast needs.
    public var sentPosition: GeoPosition {
        func round(_ d: Double) -> Double { (d * 100).rounded() / 100 }
        return (try? GeoPosition(latitudeDegrees: round(position.latitudeDegrees),
                                 longitudeDegrees: round(position.longitudeDegrees))) ?? position
    }

    /// The query string (without `?`), in a fixed order.
    public var query: String {
        let p = sentPosition
        return [
            "latitude=\(Self.coordinate(p.latitudeDegrees))",
            "longitude=\(Self.coordinate(p.longitudeDegrees))",
            "current=temperature_2m,precipitation,weather_code,wind_speed_10m,wind_gusts_10m,wind_direction_10m",
            "minutely_15=precipitation,temperature_2m,rain,snowfall,weather_code",
            "hourly=precipitation,temperature_2m,rain,showers,snowfall,precipitation_probability,weather_code",
            "timezone=GMT",
            "timeformat=\(timeFormat.rawValue)",
            "forecast_days=\(forecastDays)",
        ].joined(separator: "&")
    }

    /// The full URL: the base URL (any query it has is kept, ours appended);
    /// nil when the base is not an http(s) URL with a host.
    public var url: URL? {
        guard Self.check(baseURL: baseURL) == nil else { return nil }
        let separator = baseURL.contains("?") ? (baseURL.hasSuffix("?") || baseURL.hasSuffix("&") ? "" : "&") : "?"
        return URL(string: baseURL + separator + query)
    }

    /// The host the position goes to (for the first-use prompt).
    public static func host(of baseURL: String) -> String? {
        URLComponents(string: baseURL)?.host.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Why `baseURL` cannot be asked, or nil when it can: an `http` or
    /// `https` URL with a host, no user or password, no fragment, no spaces.
    public static func check(baseURL: String) -> String? {
        guard !baseURL.isEmpty, baseURL.count <= 2048 else { return "expected an http:// or https:// URL" }
        guard !baseURL.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0.value > 0x7E }) else {
            return "the URL has spaces or characters outside ASCII; percent-encode them"
        }
        guard let parts = URLComponents(string: baseURL), let scheme = parts.scheme?.lowercased(),
              scheme == "http" || scheme == "https" else {
            return "expected an http:// or https:// URL such as \(defaultBaseURL)"
        }
        guard let host = parts.host, !host.isEmpty else { return "the URL has no host" }
        guard parts.user == nil, parts.password == nil else { return "the URL must not carry a user or password" }
        guard parts.fragment == nil else { return "the URL must not have a #fragment" }
        return nil
    }

    /// Decimal degrees with at most 4 decimals, no exponent, never `-0`.
    static func coordinate(_ degrees: Double) -> String {
        let tenThousandths = (degrees * 10_000).rounded()
        let value = tenThousandths == 0 ? 0 : tenThousandths / 10_000
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
