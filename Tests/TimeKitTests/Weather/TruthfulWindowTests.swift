import Foundation
import Testing
import TestSupport
@testable import TimeKit

/// Issue 34, item 1: "next 60 minutes" is now … now + 60 min, a spell's end
/// and peak are not cut at the ring's edge, the words come from the finest
/// data covering the time, and all-null quarter hours fall back to hours.
@Suite struct TruthfulWindowTests {
    static let t1400 = OpenMeteoParserTests.t1400
    static let berlin = OpenMeteoParserTests.berlin

    static func at(_ hhmm: (Int, Int)) -> Date {
        t1400.addingTimeInterval(Double((hhmm.0 - 14) * 3600 + hhmm.1 * 60))
    }

    /// Quarter hours covering `from` (UTC hh:mm, on a quarter) get `values`;
    /// the first quarter-hour sample is stamped 14:00 (covers 13:45–14:00).
    static func quarters(_ values: [Double?], from start: (Int, Int), count: Int = 40) -> [Double?] {
        var q = [Double?](repeating: 0, count: count)
        let first = Int(at(start).timeIntervalSince(t1400.addingTimeInterval(-900)) / 900)
        for (i, v) in values.enumerated() { q[first + i] = v }
        return q
    }

    static func series(quarters: [Double?], hours: [Double?] = Array(repeating: 0, count: 16)) throws -> WeatherSeries {
        try OpenMeteoParser.parse(OpenMeteoSample(start: t1400, hourly: hours, quarterHourly: quarters).data,
                                  asked: berlin, fetched: t1400)
    }

    /// At 14:33, rain from 15:30 (57 minutes ahead) is within the next 60
    /// minutes: the hour holds the five quarters 14:30 … 15:30.
    @Test func theNextSixtyMinutesReachNowPlusSixty() throws {
        let s = try Self.series(quarters: Self.quarters([0.5], from: (15, 30)))
        let f = s.forecast(at: Self.at((14, 33)))
        let hour = try #require(f.next60)
        #expect(hour.map(\.start) == [(14, 30), (14, 45), (15, 0), (15, 15), (15, 30)].map(Self.at))
        #expect(f.comingRain(.nextHour, at: Self.at((14, 33)))
            == .rain(start: Self.at((15, 30)), end: Self.at((15, 45)), peakMillimetresPerHour: 2, peak: .light, isFalling: false))
        // On a quarter, exactly four.
        #expect(s.forecast(at: Self.at((14, 30))).next60?.count == 4)
        // Rain from 15:45 is beyond 14:33 + 60 min.
        let later = try Self.series(quarters: Self.quarters([0.5], from: (15, 45)))
        #expect(later.forecast(at: Self.at((14, 33))).comingRain(.nextHour, at: Self.at((14, 33))) == .dry(.nextHour))
    }

    /// The spell, moved to 14:30–15:45 UTC, peaking at 9.1 mm/h in
    /// 15:00–15:15: the same start, end and peak at 14:06 and 14:15, then
    /// "now until 15:45" once it falls.
    @Test func aSpellIsFollowedBeyondTheRing() throws {
        let s = try Self.series(quarters: Self.quarters([0.5, 1.2, 2.275, 1.0, 0.3], from: (14, 30)))
        let expected = ComingRain.rain(start: Self.at((14, 30)), end: Self.at((15, 45)), peakMillimetresPerHour: 9.1,
                                       peak: .heavy, isFalling: false)
        for minute in [6, 15] {
            let now = Self.at((14, minute))
            #expect(s.forecast(at: now).comingRain(.nextHour, at: now) == expected, "14:\(minute)")
            #expect(s.forecast(at: now).spell(at: now) == expected, "14:\(minute)")
        }
        let falling = Self.at((14, 30))
        #expect(s.forecast(at: falling).comingRain(.nextHour, at: falling)
            == .rain(start: Self.at((14, 30)), end: Self.at((15, 45)), peakMillimetresPerHour: 9.1, peak: .heavy, isFalling: true))
    }

    /// Hourly data wet for 14:00–16:00, quarter hours dry until 14:30: the
    /// twelve-hour words say "from 14:30", never "rain now".
    @Test func wordsComeFromTheFinestDataCoveringTheTime() throws {
        var hours = [Double?](repeating: 0, count: 16)
        hours[1] = 1.7
        hours[2] = 4.0
        let s = try Self.series(quarters: Self.quarters([0.5, 0.5, 1, 1, 1, 1], from: (14, 30), count: 12), hours: hours)
        let now = Self.at((14, 6))
        let rain = s.forecast(at: now).comingRain(.next12Hours, at: now)
        // Quarters reach 16:45 (12 samples); 14:30–16:00 wet in them.
        #expect(rain == .rain(start: Self.at((14, 30)), end: Self.at((16, 0)), peakMillimetresPerHour: 4, peak: .moderate,
                              isFalling: false))
        // Past the quarter hours, the hours speak: 15 minutes of 16:00–17:00 at its rate.
        let finest = s.forecast(at: now).finest
        #expect(finest.first?.start == Self.at((14, 0)) && finest.first?.minutes == 15)
        #expect(finest.contains { $0.start == Self.at((17, 0)) && $0.minutes == 60 })
    }

    /// All-null quarter hours: no hour ring (the 12 hours are shown, as
    /// documented), and the words come from the hours.
    @Test func allNullQuarterHoursFallBackToTwelveHours() throws {
        var hours = [Double?](repeating: 0, count: 16)
        hours[3] = 2.0
        let s = try Self.series(quarters: [Double?](repeating: nil, count: 40), hours: hours)
        let now = Self.at((14, 6))
        let f = s.forecast(at: now)
        #expect(f.next60 == nil)
        #expect(f.segments(preferringHour: true).span == .next12Hours)
        #expect(f.comingRain(.next12Hours, at: now)
            == .rain(start: Self.at((16, 0)), end: Self.at((17, 0)), peakMillimetresPerHour: 2, peak: .light, isFalling: false))
        #expect(f.comingRain(.nextHour, at: now) == .dry(.nextHour))
    }

    /// `"next60"` holds 5 segments off the quarter; `"spell"` its start, end
    /// and peak; null when dry.
    @Test func theJSONSaysTheWindowAndTheSpell() throws {
        let s = try Self.series(quarters: Self.quarters([0.5, 1.2, 2.275, 1.0, 0.3], from: (14, 30)))
        let now = Self.at((14, 33))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(s.forecast(at: now).json(at: now).utf8)) as? [String: Any])
        #expect((object["next60"] as? [Any])?.count == 5)
        let spell = try #require(object["spell"] as? [String: Any])
        #expect(spell["start"] as? String == "2026-11-26T14:30:00Z")
        #expect(spell["end"] as? String == "2026-11-26T15:45:00Z")
        #expect(spell["peak"] as? Double == 9.1)
        let dry = try Self.series(quarters: [Double?](repeating: 0, count: 40))
        #expect(dry.forecast(at: now).json(at: now).contains("\"spell\":null,"))
    }
}
