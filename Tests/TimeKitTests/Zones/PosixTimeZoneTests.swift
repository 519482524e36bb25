import Foundation
import Testing
@testable import TimeKit

/// POSIX TZ strings against `TZ=… date` on this machine: every day of
/// 2024–2027 at 00:00 and 12:00 UTC, 2100, and a second either side of
/// each change we find.
@Suite struct PosixTimeZoneTests {
    static let strings = [
        "GMT+3", "UTC+3", "UTC-5:30", "JST-9", "<+0330>-3:30", "<-03>3", "<+0545>-5:45", "XXX-5:45:30",
        "EST5EDT,M3.2.0,M11.1.0", "NZST-12NZDT,M9.5.0,M4.1.0/3", "AEST-10AEDT,M10.1.0,M4.1.0/3",
        "<-04>4<-03>,M9.1.6/24,M4.1.6/24",           // Chile: southern, 24:00 rule times
        "<-02>2<-01>,M3.5.0/-1,M10.5.0/0",            // Nuuk: a −1 hour rule time
        "IST-1GMT0,M10.5.0,M3.5.0/1",                 // Dublin: "negative" DST in winter
        "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",       // Lord Howe: half-hour DST
        "CET-1CEST,M3.5.0,M10.5.0/3", "EET-2EEST,M3.5.0/3,M10.5.0/4",
        "AAA3BBB,J60,J300", "AAA3BBB,59,299", "AAA3BBB,60,300",   // Jn and n forms, leap years
        "AAA-3BBB-4:30,M3.5.0/-22,M10.5.0/167",       // RFC 8536 extended times
        "EST5EDT,M3.2.0/+2:30:15,M11.1.0/01:00:00",
    ]

    static func utcDays() -> [Int64] {
        let start: Int64 = 1_704_067_200   // 2024-01-01
        var list: [Int64] = []
        for d in 0..<Int64(4 * 366) {
            list.append(start + d * 86_400)
            list.append(start + d * 86_400 + 43_200)
        }
        return list + [4_102_444_800, 4_118_083_200]   // 2100-01-01, 2100-07-01
    }

    @Test(arguments: strings)
    func agreesWithDate(_ text: String) throws {
        let rules = try #require(PosixTimeZone(text), "\(text) should parse")
        var instants = Self.utcDays()
        var t: Int64 = 1_704_067_200
        while let next = rules.nextChange(after: t), next < 1_830_297_600 {   // to 2028
            instants += [next - 1, next]
            t = next
        }
        let date = try SystemZoneOracle.date(tz: text, instants: instants)
        var wrong: [String] = []
        for (t, expected) in zip(instants, date) {
            let p = rules.period(at: t)
            if p.utcOffsetSeconds != expected.offsetSeconds || p.abbreviation != expected.abbreviation {
                wrong.append("@\(t): ours \(p.utcOffsetSeconds) \(p.abbreviation), date \(expected)")
            }
        }
        #expect(wrong.isEmpty, "\(text): \(wrong.count) disagreements: \(wrong.prefix(6))")
    }

    /// POSIX counts west as positive: `GMT+3` is three hours behind UTC.
    @Test func theSignIsWestPositive() throws {
        #expect(PosixTimeZone("GMT+3")?.standard.utcOffsetSeconds == -10_800)
        #expect(PosixTimeZone("UTC-5:30")?.standard.utcOffsetSeconds == 19_800)
        #expect(PosixTimeZone("<+0330>-3:30")?.standard.abbreviation == "+0330")
        let nz = try #require(PosixTimeZone("NZST-12NZDT,M9.5.0,M4.1.0/3"))
        #expect(nz.daylight?.utcOffsetSeconds == 13 * 3600)
        // 2026-11-28 is summer in New Zealand; 2026-07-01 winter.
        #expect(nz.period(at: 1_795_858_622) == ZonePeriod(utcOffsetSeconds: 46_800, isDaylightSaving: true, abbreviation: "NZDT"))
        #expect(nz.period(at: 1_782_864_000).abbreviation == "NZST")
        // Clocks go back on the first Sunday of April 2027 at 03:00 NZDT = 2027-04-03T14:00Z.
        #expect(nz.nextChange(after: 1_795_858_622) == 1_806_760_800)
    }

    /// A change within a few hours of New Year: glibc computes the changes
    /// of the UTC year, so `TZ=AAA3BBB,J60/2,J365/23 date` says AAA at
    /// 2024-01-01T00:00Z (2023-12-31 22:00 BBB by the rule, before its
    /// 23:00 end); RFC 8536 and Python's zoneinfo apply the rule of the
    /// local year, as we do. No tz zone has such a rule.
    @Test func aChangeNearNewYearFollowsTheLocalYear() throws {
        let rules = try #require(PosixTimeZone("AAA3BBB,J60/2,J365/23"))
        #expect(rules.period(at: 1_704_067_200).abbreviation == "BBB")
        #expect(rules.period(at: 1_704_074_400).abbreviation == "AAA")   // an hour after the change
        #expect(rules.nextChange(after: 1_704_067_200) == 1_704_070_800)
        // All-year DST (RFC 8536 §3.3.1's example): never leaves EDT.
        let always = try #require(PosixTimeZone("EST5EDT,0/0,J365/25"))
        for t: Int64 in [1_704_067_200, 1_719_792_000, 1_735_689_600 - 1, 1_735_689_600] {
            #expect(always.period(at: t).abbreviation == "EDT", "\(t)")
        }
        #expect(always.nextChange(after: 1_704_067_200) == nil)
    }

    @Test func aRuleWithoutDSTNeverChanges() {
        #expect(PosixTimeZone("JST-9")?.nextChange(after: 0) == nil)
        #expect(PosixTimeZone("JST-9")?.daylight == nil)
    }

    @Test(arguments: ["", "GMT", "AB3", "GMT+25", "GMT+3:60", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.6.0,M11.1.0",
                      "EST5EDT,M3.2.7,M11.1.0", "EST5EDT,M3.2.0", "EST5EDT,J0,J300", "EST5EDT,J366,J300", "EST5EDT,366,300",
                      "EST5EDT,M3.2.0/168,M11.1.0", "<AB>3", "<+03", "GMT+3ju", "Europe/Paris", "EST5EDT,M3.2.0,M11.1.0,",
                      "ÄÖÜ3", "GMT+3\u{1B}", "EST5\u{0}EDT"])
    func notATZString(_ text: String) {
        #expect(PosixTimeZone(text) == nil, "\(text)")
    }
}
