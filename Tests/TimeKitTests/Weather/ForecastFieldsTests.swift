import Foundation
import Testing
import TestSupport
@testable import TimeKit

/// Issue 34, item 2's JSON keys: the precipitation type, probability, WMO
/// code in words, wind (km/h or knots) and the local day's high and low,
/// read from Open-Meteo's fields and range-checked before conversion.
@Suite struct ForecastFieldsTests {
    static let t1400 = OpenMeteoParserTests.t1400
    static let berlin = OpenMeteoParserTests.berlin

    /// Snow at −4 °C in the quarters 14:15–14:45, rain 15:00–16:00 hourly.
    static func sample() -> OpenMeteoSample {
        var quarters = [Double?](repeating: 0, count: 12)
        quarters[2] = 0.5
        quarters[3] = 0.6
        var hours = [Double?](repeating: 0, count: 24)
        hours[2] = 1.2
        var s = OpenMeteoSample(start: t1400, hourly: hours, quarterHourly: quarters)
        s.temperature = -4.6
        var snow = [Double?](repeating: 0, count: 12)
        snow[2] = 0.35
        snow[3] = 0.42
        s.extraQuarterHourly = ["rain": Array(repeating: 0, count: 12), "snowfall": snow,
                                "weather_code": quarters.map { ($0 ?? 0) > 0 ? 73 : 3 }]
        var rain = [Double?](repeating: 0, count: 24)
        rain[2] = 1.2
        var probability = [Double?](repeating: 10, count: 24)
        probability[2] = 85
        s.extraHourly = ["rain": rain, "showers": Array(repeating: 0, count: 24), "snowfall": Array(repeating: 0, count: 24),
                         "precipitation_probability": probability, "weather_code": hours.map { ($0 ?? 0) > 0 ? 61 : 3 }]
        s.extraCurrent = ["weather_code": 73, "wind_speed_10m": 18.52, "wind_gusts_10m": 37.04, "wind_direction_10m": 250]
        // The hours from 13:00 UTC: 14:00 Berlin … the next day.
        s.hourlyTemperatures = (0..<24).map { -6 + Double($0 % 12) * 0.5 }
        return s
    }

    /// Issue 34: sunrise, sunset, polar and place: given values written as
    /// UTC ISO seconds and an escaped string, nulls otherwise.
    @Test func sunAndPlaceKeys() throws {
        let series = try OpenMeteoParser.parse(Self.sample().data, asked: Self.berlin, fetched: Self.t1400)
        let now = Self.t1400.addingTimeInterval(7 * 60)
        let f = series.forecast(at: now)
        let bare = try #require(try JSONSerialization.jsonObject(with: Data(f.json(at: now).utf8)) as? [String: Any])
        for key in ["sunrise", "sunset", "polar", "place"] { #expect(bare[key] is NSNull, "\(key)") }
        let day = SunriseSunset(dayStartUnixSeconds: 0, sunriseUnixSeconds: 1_795_850_338.6, sunsetUnixSeconds: 1_795_879_087.2, polar: nil)
        let text = f.json(at: now, sun: day, place: "Quote \" \u{1B}[2J, XX")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["sunrise"] as? String == "2026-11-28T07:18:59Z" && object["sunset"] as? String == "2026-11-28T15:18:07Z")
        #expect(object["polar"] is NSNull && object["place"] as? String == "Quote \" \u{1B}[2J, XX")
        #expect(!text.contains("\u{1B}"), "a control character stays escaped")
        let night = SunriseSunset(dayStartUnixSeconds: 0, sunriseUnixSeconds: nil, sunsetUnixSeconds: nil, polar: .night)
        let polar = try #require(try JSONSerialization.jsonObject(with: Data(f.json(at: now, sun: night).utf8)) as? [String: Any])
        #expect(polar["sunrise"] is NSNull && polar["sunset"] is NSNull && polar["polar"] as? String == "night")
    }

    @Test func snowRainProbabilityCodeAndWind() throws {
        let series = try OpenMeteoParser.parse(Self.sample().data, asked: Self.berlin, fetched: Self.t1400)
        let now = Self.t1400.addingTimeInterval(7 * 60)
        let f = series.forecast(at: now)
        let hour = try #require(f.next60)
        #expect(hour.map(\.type) == [PrecipitationType.none, .snow, .snow, PrecipitationType.none, PrecipitationType.none])
        #expect(f.next12h.prefix(3).map(\.type) == [PrecipitationType.none, .rain, PrecipitationType.none])
        #expect(f.next12h.prefix(3).map(\.probabilityPercent) == [10, 85, 10])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(f.json(at: now).utf8)) as? [String: Any])
        let segments = try #require(object["next60"] as? [[String: Any]])
        #expect(segments.map { $0["type"] as? String } == ["none", "snow", "snow", "none", "none"])
        #expect(segments.allSatisfy { $0["probability"] is NSNull })  // the quarters carry none
        #expect((object["next12h"] as? [[String: Any]])?[1]["probability"] as? Double == 85)
        #expect(object["code"] as? Int == 73 && object["conditions"] as? String == "moderate snow fall")
        let wind = try #require(object["wind"] as? [String: Any])
        #expect(wind["speed"] as? Double == 18.5 && wind["gusts"] as? Double == 37 && wind["direction"] as? Double == 250)
        let knots = try #require(try JSONSerialization.jsonObject(with: Data(f.json(at: now, units: .nautical).utf8)) as? [String: Any])
        #expect((knots["wind"] as? [String: Any])?["speed"] as? Double == 10 && (knots["wind"] as? [String: Any])?["gusts"] as? Double == 20)
        // The UTC day 2026-11-26 holds the hours stamped 14:00 … 23:00: −6 … −1.5 °C.
        #expect(object["high"] as? Double == -1.5 && object["low"] as? Double == -6)
    }

    @Test(arguments: [PrecipitationType.rain, .snow, .mixed, .showers])
    func theTypeFromTheParts(_ expected: PrecipitationType) {
        let parts: (Double, Double, Double) = switch expected {
        case .rain: (1, 0, 0)
        case .snow: (0, 0, 1)
        case .mixed: (1, 0, 1)
        default: (0, 1, 0)
        }
        #expect(PrecipitationType.of(wet: true, rainMillimetres: parts.0, showersMillimetres: parts.1, snowfallCentimetres: parts.2,
                                     weatherCode: nil, temperatureCelsius: 5) == expected)
        // Without the parts: the code, then the temperature.
        #expect(PrecipitationType.of(wet: true, rainMillimetres: nil, showersMillimetres: nil, snowfallCentimetres: nil,
                                     weatherCode: 85, temperatureCelsius: 5) == .snow)
        #expect(PrecipitationType.of(wet: true, rainMillimetres: nil, showersMillimetres: nil, snowfallCentimetres: nil,
                                     weatherCode: nil, temperatureCelsius: -4.6) == .snow)
        #expect(PrecipitationType.of(wet: false, rainMillimetres: 1, showersMillimetres: nil, snowfallCentimetres: nil,
                                     weatherCode: nil, temperatureCelsius: nil) == PrecipitationType.none)
    }

    /// Out-of-range numbers are refused with the field named, never converted.
    @Test(arguments: [("precipitation_probability", 150.0), ("weather_code", 3.5), ("weather_code", 1e300), ("snowfall", -1)])
    func impossibleHourlyValuesAreRefused(_ field: String, _ value: Double) {
        var s = Self.sample()
        s.extraHourly[field]?[4] = value
        #expect(throws: WeatherProblem.self) { try OpenMeteoParser.parse(s.data, asked: Self.berlin, fetched: Self.t1400) }
    }

    @Test func impossibleWindIsRefused() {
        var s = Self.sample()
        s.extraCurrent["wind_speed_10m"] = 1e300
        #expect(throws: WeatherProblem.badValue("current.wind_speed_10m 1e+300 km/h")) {
            try OpenMeteoParser.parse(s.data, asked: Self.berlin, fetched: Self.t1400)
        }
    }
}
