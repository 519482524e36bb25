// Weather benchmarks (docs/PERFORMANCE.md, "Weather: parsing a forecast").
// Goal (issue 24): a 16-day hourly + 15-minute response parses in < 2 ms.
import Benchmark
import Foundation
import TimeKit

/// A 16-day answer in Open-Meteo's shape: 384 hourly and 1536 quarter-hour
/// values of precipitation and temperature, times in either format.
func sixteenDays(unixTime: Bool) -> Data {
    let start = 1_795_651_200  // 2026-11-26T00:00Z
    func time(_ s: Int) -> String {
        guard !unixTime else { return "\(s)" }
        let days = s / 86_400, rest = s % 86_400
        // 2026-11-26 plus `days` (the benchmark stays within Nov–Dec 2026).
        let (month, day) = 26 + days <= 30 ? (11, 26 + days) : (12, 26 + days - 30)
        return String(format: "\"2026-%02d-%02dT%02d:%02d\"", month, day, rest / 3600, rest % 3600 / 60)
    }
    func block(_ n: Int, _ step: Int) -> String {
        "{\"time\":[\((0..<n).map { time(start + $0 * step) }.joined(separator: ","))],"
            + "\"precipitation\":[\((0..<n).map { "\(Double($0 % 37) / 10)" }.joined(separator: ","))],"
            + "\"temperature_2m\":[\((0..<n).map { "\(Double($0 % 200) / 10 - 5)" }.joined(separator: ","))]}"
    }
    let json = "{\"latitude\":52.52,\"longitude\":13.419998,\"generationtime_ms\":0.1,\"utc_offset_seconds\":0,"
        + "\"timezone\":\"GMT\",\"timezone_abbreviation\":\"GMT\",\"elevation\":38.0,"
        + "\"current\":{\"time\":\(time(start)),\"interval\":900,\"temperature_2m\":7.3,\"precipitation\":0.0},"
        + "\"minutely_15\":\(block(1536, 900)),\"hourly\":\(block(384, 3600))}"
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
    for unixTime in [true, false] {
        let data = sixteenDays(unixTime: unixTime)
        Benchmark("Open-Meteo 16 days (384 h + 1536 quarter hours), \(unixTime ? "unixtime" : "iso8601"), \(data.count) bytes") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? OpenMeteoParser.parse(data, asked: asked, fetched: fetched))
            }
        }
    }
}
