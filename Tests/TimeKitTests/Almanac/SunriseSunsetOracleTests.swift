import Foundation
import Testing
@testable import TimeKit

/// Sunrise and sunset against Skyfield's `almanac.sunrise_sunset` with JPL
/// DE421 (scripts/sun-oracle.py, issue 34): 12 places from the equator to
/// 78° both ways, 8 dates through the seasons, polar day and night included.
@Suite struct SunriseSunsetOracleTests {
    struct Case: Decodable {
        var place: String; var latitude: Double; var longitude: Double; var at: Double; var dayStart: Double
        var sunrise: Double?; var sunset: Double?; var polar: String?
    }
    struct Fixture: Decodable { var cases: [Case] }

    static let fixture: Fixture? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/sun-oracle.json")
        return try? JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()
    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)

    /// Within 30 s of Skyfield for every event; nil exactly where it has none.
    @Test func matchesSkyfieldWithin30Seconds() throws {
        let fixture = try #require(Self.fixture)
        let almanac = try #require(Self.almanac)
        #expect(fixture.cases.count >= 90)
        #expect(fixture.cases.contains { $0.polar == "day" } && fixture.cases.contains { $0.polar == "night" })
        var worst = 0.0
        for c in fixture.cases {
            let position = try GeoPosition(latitudeDegrees: c.latitude, longitudeDegrees: c.longitude)
            let day = try SunriseSunset.day(containing: c.at, at: position, almanac: almanac)
            let label = "\(c.place) \(ISOInstant.seconds(Date(timeIntervalSince1970: c.at)))"
            #expect(abs(day.dayStartUnixSeconds - c.dayStart) < 1e-3, "\(label): day start")
            #expect(day.polar?.rawValue == c.polar, "\(label): polar \(String(describing: day.polar)) vs \(c.polar ?? "nil")")
            for (mine, theirs, what) in [(day.sunriseUnixSeconds, c.sunrise, "sunrise"), (day.sunsetUnixSeconds, c.sunset, "sunset")] {
                #expect((mine == nil) == (theirs == nil), "\(label): \(what) \(String(describing: mine)) vs \(String(describing: theirs))")
                if let mine, let theirs {
                    worst = max(worst, abs(mine - theirs))
                    #expect(abs(mine - theirs) <= 30, "\(label): \(what) off by \(Int(abs(mine - theirs))) s")
                }
            }
        }
        print("SunriseSunsetOracleTests: worst difference from Skyfield \(String(format: "%.1f", worst)) s")
    }

    /// The day is the mean solar day at the longitude: 00:00 local mean time.
    @Test func theDayStartsAtLocalMeanMidnight() {
        // 2026-11-28T12:00Z at 90° E: local mean time 18:00, the day began at 18:00Z the day before.
        let noon = 1_795_867_200.0
        #expect(SunriseSunset.dayStart(containing: noon, longitudeDegrees: 90) == noon - 18 * 3600)
        #expect(SunriseSunset.dayStart(containing: noon, longitudeDegrees: -90) == noon - 6 * 3600)
        #expect(SunriseSunset.dayStart(containing: noon, longitudeDegrees: 0) == noon - 12 * 3600)
    }
}
