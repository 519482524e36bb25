import Foundation

/// What falls in a segment (issue 34): `none` when it is dry, else rain,
/// showers, snow or a mix, from Open-Meteo's `rain`, `showers` and
/// `snowfall` amounts when it sends them, else from the WMO weather code,
/// else from the temperature (at or below 0 °C snow).
public enum PrecipitationType: String, Equatable, Sendable, CaseIterable {
    case none, rain, showers, snow, mixed

    /// The type of a segment: `wet` is whether its precipitation counts
    /// (`PrecipitationIntensity` above none).
    public static func of(wet: Bool, rainMillimetres: Double?, showersMillimetres: Double?, snowfallCentimetres: Double?,
                          weatherCode: Int?, temperatureCelsius: Double?) -> PrecipitationType {
        guard wet else { return .none }
        if rainMillimetres != nil || showersMillimetres != nil || snowfallCentimetres != nil {
            let rain = rainMillimetres ?? 0, showers = showersMillimetres ?? 0, snow = snowfallCentimetres ?? 0
            let liquid = rain + showers > 0
            if snow > 0 { return liquid ? .mixed : .snow }
            if showers > 0, rain == 0 { return .showers }
            if liquid { return .rain }
        }
        if let code = weatherCode, let type = WeatherCode.precipitationType(code) { return type }
        if let t = temperatureCelsius, t <= 0 { return .snow }
        return .rain
    }
}

/// The WMO weather interpretation codes Open-Meteo sends as `weather_code`
/// (WMO code table 4677, the subset Open-Meteo documents), in words.
public enum WeatherCode {
    /// The words for `code`, nil for a code outside the documented set.
    public static func words(_ code: Int) -> String? {
        switch code {
        case 0: "clear sky"
        case 1: "mainly clear"
        case 2: "partly cloudy"
        case 3: "overcast"
        case 45: "fog"
        case 48: "depositing rime fog"
        case 51: "light drizzle"
        case 53: "moderate drizzle"
        case 55: "dense drizzle"
        case 56: "light freezing drizzle"
        case 57: "dense freezing drizzle"
        case 61: "slight rain"
        case 63: "moderate rain"
        case 65: "heavy rain"
        case 66: "light freezing rain"
        case 67: "heavy freezing rain"
        case 71: "slight snow fall"
        case 73: "moderate snow fall"
        case 75: "heavy snow fall"
        case 77: "snow grains"
        case 80: "slight rain showers"
        case 81: "moderate rain showers"
        case 82: "violent rain showers"
        case 85: "slight snow showers"
        case 86: "heavy snow showers"
        case 95: "thunderstorm"
        case 96: "thunderstorm with slight hail"
        case 99: "thunderstorm with heavy hail"
        default: nil
        }
    }

    /// What falls for a precipitation code (nil: not a precipitation code).
    public static func precipitationType(_ code: Int) -> PrecipitationType? {
        switch code {
        case 51...67: .rain
        case 71...77, 85, 86: .snow
        case 80...82, 95...99: .showers
        default: nil
        }
    }
}

/// Wind at 10 m as the source gives it: km/h, and the direction it blows
/// from in degrees true.
public struct Wind: Equatable, Sendable {
    public var speedKilometresPerHour: Double?
    public var gustsKilometresPerHour: Double?
    public var directionDegrees: Double?

    public init(speedKilometresPerHour: Double?, gustsKilometresPerHour: Double?, directionDegrees: Double?) {
        self.speedKilometresPerHour = speedKilometresPerHour
        self.gustsKilometresPerHour = gustsKilometresPerHour
        self.directionDegrees = directionDegrees
    }

    /// Kilometres per hour in one knot (1 nautical mile = 1.852 km exactly).
    public static let kilometresPerHourPerKnot = 1.852
}
