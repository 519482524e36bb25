import Foundation
import TimeKit

/// What a weather glance needs beside the rain (issue 34): the wind, the
/// chance of precipitation, the day's high and low, sunrise and sunset.
/// Worked out from the state (pure, but for a remembered sunrise: the
/// almanac's search is too slow for every frame).
struct WeatherReadings: Equatable {
    var wind: Wind?
    /// The highest probability of precipitation in the ring's segments.
    var chancePercent: Int?
    var highCelsius: Double?
    var lowCelsius: Double?
    /// The almanac's day at the position (nil without an almanac or position).
    var sun: SunriseSunset?

    init(_ state: AppState, _ readout: WeatherReadout) {
        wind = readout.forecast?.currentWind
        chancePercent = readout.segments.compactMap(\.probabilityPercent).filter(\.isFinite).max().map { Int($0.rounded()) }
        highCelsius = readout.forecast?.highCelsius
        lowCelsius = readout.forecast?.lowCelsius
        if let position = readout.position, let almanac = state.sights.almanac {
            sun = Self.sun(at: position, now: state.now, almanac: almanac)
        }
    }

    /// Sunrise and sunset on the position's local day holding `now`,
    /// remembered by the position and the day (nil when the almanac cannot say).
    static func sun(at position: GeoPosition, now: Date, almanac: LoadedAlmanac) -> SunriseSunset? {
        let day = SunriseSunset.dayStart(containing: now.timeIntervalSince1970, longitudeDegrees: position.longitudeDegrees)
        let key = SunMemo.Key(latitude: position.latitudeDegrees, longitude: position.longitudeDegrees, dayStart: day, almanac: almanac)
        return SunMemo.last.value(for: key) { _ in
            try? SunriseSunset.day(containing: now.timeIntervalSince1970, at: position, almanac: almanac.almanac)
        }
    }

    enum SunMemo {
        struct Key: Equatable, Sendable {
            var latitude: Double
            var longitude: Double
            var dayStart: Double
            var almanac: LoadedAlmanac
        }
        static let last = Remembered<Key, SunriseSunset?>()
    }

    /// The readings as messages, most wanted first (the panel shows as many
    /// as fit): wind, chance, high and low, sunrise and sunset.
    func messages(_ state: AppState) -> [UIMessage] {
        var lines: [UIMessage] = []
        if let wind, wind.speedKilometresPerHour != nil || wind.directionDegrees != nil {
            let units = state.settings.weatherUnits
            let speed = wind.speedKilometresPerHour.map { Int(units.windSpeed(kilometresPerHour: $0).rounded()) }
            let gusts = wind.gustsKilometresPerHour.map { Int(units.windSpeed(kilometresPerHour: $0).rounded()) }
            lines.append(.weatherWind(degrees: wind.directionDegrees.map { Int($0.rounded()) }, speed: speed, gusts: gusts,
                                      knots: units == .nautical))
        }
        if let chancePercent { lines.append(.weatherChance(percent: chancePercent)) }
        if let highCelsius, let lowCelsius {
            let units = state.settings.weatherUnits
            lines.append(.weatherHighLow(high: units.temperatureText(celsius: highCelsius), low: units.temperatureText(celsius: lowCelsius)))
        }
        if let sun {
            switch sun.polar {
            case .day?: lines.append(.text(.polarDay))
            case .night?: lines.append(.text(.polarNight))
            case nil:
                let clock = { (t: Double) in WeatherText.clock(Date(timeIntervalSince1970: (t / 60).rounded() * 60), state) }
                lines.append(.weatherSun(rise: sun.sunriseUnixSeconds.map(clock), set: sun.sunsetUnixSeconds.map(clock)))
            }
        }
        return lines
    }
}
