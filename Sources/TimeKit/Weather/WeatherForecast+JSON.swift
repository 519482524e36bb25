import Foundation

extension WeatherForecast {
    /// The forecast as `timedeck weather --json` writes it at `now` (issues 24, 34):
    /// `{"latitude","longitude","fetched","temperature","next60":[{"start","precipitation"}×4 or 5] or null,
    /// "next12h":[{"start","precipitation"}…],"spell":{"start","end","peak"} or null}`: times as UTC
    /// ISO 8601 to the second, temperature in °C, precipitation in mm for
    /// the segment, the spell's peak in mm/h, a missing value as `null`.
    /// One line, keys in this order.
    ///
    /// Issue 34 adds, per segment, `"type"` (none/rain/showers/snow/mixed, or
    /// null without a value) and `"probability"` (% or null); and `"wind"`
    /// `{"speed","gusts","direction"}` (km/h, knots when `units` is nautical;
    /// degrees true it comes from) or null, `"code"` (WMO) and `"conditions"`
    /// (its words) or null, `"high"` and `"low"` (°C, the local day's hourly
    /// values) or null.
    ///
    /// Issue 34 also adds `"sunrise"` and `"sunset"` (UTC ISO to the second,
    /// from `sun`, the almanac's day at the position; null when the Sun does
    /// not rise or set that day, or `sun` is nil), `"polar"` (`"day"`,
    /// `"night"` or null) and `"place"` (the named place the caller found
    /// near the position, or null).
    public func json(at now: Date, units: WeatherUnits = .metric, sun: SunriseSunset? = nil,
                     place: String? = nil) -> String {
        func number(_ value: Double?, decimals: Int) -> String {
            guard let value, value.isFinite else { return "null" }
            var text = String(format: "%.\(decimals)f", value)
            if text.contains(".") {
                while text.hasSuffix("0") { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
            }
            return text == "-0" ? "0" : text
        }
        func segments(_ list: [PrecipitationSegment]) -> String {
            "[" + list.map {
                "{\"start\":\"\(ISOInstant.seconds($0.start))\",\"precipitation\":\(number($0.millimetres, decimals: 2)),"
                    + "\"type\":\($0.type.map { "\"\($0.rawValue)\"" } ?? "null"),\"probability\":\(number($0.probabilityPercent, decimals: 0))}"
            }.joined(separator: ",") + "]"
        }
        return "{\"latitude\":\(number(position.latitudeDegrees, decimals: 6)),"
            + "\"longitude\":\(number(position.longitudeDegrees, decimals: 6)),"
            + "\"fetched\":\"\(ISOInstant.seconds(fetched))\","
            + "\"temperature\":\(number(currentTemperatureCelsius, decimals: 2)),"
            + "\"next60\":\(next60.map(segments) ?? "null"),"
            + "\"next12h\":\(segments(next12h)),"
            + "\"spell\":\(spellJSON(now, number)),"
            + "\"wind\":\(windJSON(units, number)),"
            + "\"code\":\(currentWeatherCode.map(String.init) ?? "null"),"
            + "\"conditions\":\(currentWeatherCode.flatMap(WeatherCode.words).map { "\"\($0)\"" } ?? "null"),"
            + "\"high\":\(number(highCelsius, decimals: 2)),\"low\":\(number(lowCelsius, decimals: 2)),"
            + "\"sunrise\":\(Self.isoJSON(sun?.sunriseUnixSeconds)),\"sunset\":\(Self.isoJSON(sun?.sunsetUnixSeconds)),"
            + "\"polar\":\(sun?.polar.map { "\"\($0.rawValue)\"" } ?? "null"),"
            + "\"place\":\(place.map(QuotedString.literal) ?? "null")}"
    }

    static func isoJSON(_ unixSeconds: Double?) -> String {
        guard let unixSeconds, unixSeconds.isFinite else { return "null" }
        return "\"" + ISOInstant.seconds(Date(timeIntervalSince1970: unixSeconds.rounded())) + "\""
    }

    func windJSON(_ units: WeatherUnits, _ number: (Double?, Int) -> String) -> String {
        guard let wind = currentWind else { return "null" }
        let speed = wind.speedKilometresPerHour.map { units.windSpeed(kilometresPerHour: $0) }
        let gusts = wind.gustsKilometresPerHour.map { units.windSpeed(kilometresPerHour: $0) }
        return "{\"speed\":\(number(speed, 1)),\"gusts\":\(number(gusts, 1)),\"direction\":\(number(wind.directionDegrees, 0))}"
    }

    func spellJSON(_ now: Date, _ number: (Double?, Int) -> String) -> String {
        guard case let .rain(start, end, peak, _, _) = spell(at: now) else { return "null" }
        return "{\"start\":\"\(ISOInstant.seconds(start))\",\"end\":\"\(ISOInstant.seconds(end))\","
            + "\"peak\":\(number(peak, 2))}"
    }
}
