// Weather benchmarks (docs/PERFORMANCE.md, "Weather: parsing a forecast").
// Goal (issue 24): a 16-day hourly + 15-minute response parses in < 2 ms.
import Benchmark
import Foundation
import TimeKit

/// A 16-day answer in Open-Meteo's shape: 384 hourly and 1536 quarter-hour
/// values of precipitation and temperature, times in either format.
func sixteenDays(unixTime: Bool, allFields: Bool = false) -> Data {
    let start = 1_795_651_200  // 2026-11-26T00:00Z
    func time(_ s: Int) -> String {
        guard !unixTime else { return "\(s)" }
        let days = s / 86_400, rest = s % 86_400
        // 2026-11-26 plus `days` (the benchmark stays within Nov–Dec 2026).
        let (month, day) = 26 + days <= 30 ? (11, 26 + days) : (12, 26 + days - 30)
        return String(format: "\"2026-%02d-%02dT%02d:%02d\"", month, day, rest / 3600, rest % 3600 / 60)
    }
    func series(_ name: String, _ n: Int, _ value: (Int) -> String) -> String {
        ",\"\(name)\":[\((0..<n).map(value).joined(separator: ","))]"
    }
    func block(_ n: Int, _ step: Int, hourly: Bool) -> String {
        var text = "{\"time\":[\((0..<n).map { time(start + $0 * step) }.joined(separator: ","))]"
            + series("precipitation", n) { "\(Double($0 % 37) / 10)" }
            + series("temperature_2m", n) { "\(Double($0 % 200) / 10 - 5)" }
        if allFields {
            // The fields the app asks for since issue 34 (type, chance, code).
            text += series("rain", n) { "\(Double($0 % 29) / 10)" }
                + series("snowfall", n) { "\(Double($0 % 7) / 10)" }
                + series("weather_code", n) { "\([0, 3, 61, 63, 71, 80, 95][$0 % 7])" }
            if hourly {
                text += series("showers", n) { "\(Double($0 % 11) / 10)" }
                    + series("precipitation_probability", n) { "\($0 % 101)" }
            }
        }
        return text + "}"
    }
    let json = "{\"latitude\":52.52,\"longitude\":13.419998,\"generationtime_ms\":0.1,\"utc_offset_seconds\":0,"
        + "\"timezone\":\"GMT\",\"timezone_abbreviation\":\"GMT\",\"elevation\":38.0,"
        + "\"current\":{\"time\":\(time(start)),\"interval\":900,\"temperature_2m\":7.3,\"precipitation\":0.0"
        + (allFields ? ",\"weather_code\":61,\"wind_speed_10m\":19.4,\"wind_gusts_10m\":37.1,\"wind_direction_10m\":250" : "")
        + "},\"minutely_15\":\(block(1536, 900, hourly: false)),\"hourly\":\(block(384, 3600, hourly: true))}"
    return Data(json.utf8)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 3,
        maxDuration: .seconds(3),
        maxIterations: .kilo(10)
    )
    let asked = try? GeoPosition(latitudeDegrees: 52.52, longitudeDegrees: 13.41)
    let fetched = Date(timeIntervalSince1970: 1_795_651_200)
    for (unixTime, allFields) in [(true, false), (false, false), (true, true), (false, true)] {
        let data = sixteenDays(unixTime: unixTime, allFields: allFields)
        let fields = allFields ? ", every field asked (rain, snow, showers, chance, code, wind)" : ""
        Benchmark("Open-Meteo 16 days (384 h + 1536 quarter hours), \(unixTime ? "unixtime" : "iso8601")\(fields), \(data.count) bytes") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? OpenMeteoParser.parse(data, asked: asked, fetched: fetched))
            }
        }
    }
}
