import Foundation
import Testing
@testable import TimeKit

/// Mars Years (Clancy et al. 2000; year 1 began 1955-04-11). Start dates of
/// later years as published in the Mars Climate Database / Piqueux et al.
/// (2015) calendar and reproduced by PyPI `marstime`'s table of Ls = 0 dates.
@Suite struct MarsYearTests {
    static func clock(_ iso: String, tt: Double = 69.184) throws -> MarsClock {
        let instant = try InstantParser.parse(iso)
        return MarsClock(unixSeconds: instant.unixSeconds, ttMinusUTCSeconds: tt, longitudeEast: 0)
    }

    @Test func yearOneStartsAtTheEquinoxOf1955() {
        let t = MarsYear.yearOneStartDaysSinceJ2000TT
        let alpha = Mars24.fictitiousMeanSun(daysSinceJ2000TT: t)
        let m = Mars24.meanAnomaly(daysSinceJ2000TT: t)
        let nu = Mars24.equationOfCenter(daysSinceJ2000TT: t, meanAnomaly: m,
                                         perturbers: Mars24.perturbers(daysSinceJ2000TT: t))
        let ls = Mars24.solarLongitude(fictitiousMeanSun: alpha, equationOfCenter: nu)
        // Within 0.001° (about an hour) of Ls 0.
        #expect(min(ls, 360 - ls) < 0.001)
        #expect(MarsYear.number(daysSinceJ2000TT: t + 0.1, solarLongitude: 0.05) == 1)
        #expect(MarsYear.number(daysSinceJ2000TT: t - 0.1, solarLongitude: 359.95) == 0)
    }

    /// Day on which Ls passes 0° (UTC), and the year it begins.
    @Test(arguments: [
        ("1955-04-11", 1), ("1998-07-14", 24), ("2021-02-07", 36), ("2022-12-26", 37),
        ("2024-11-12", 38), ("2026-09-30", 39),
    ])
    func yearStartsOnThePublishedDay(day: String, year: Int) throws {
        let before = try Self.clock(day + "T00:00:00Z")
        let after = try Self.clock(day + "T23:59:59Z")
        #expect(before.marsYear == year - 1)
        #expect(before.solarLongitude > 359)
        #expect(after.marsYear == year)
        #expect(after.solarLongitude < 1)
    }

    @Test func boundaryFollowsLsNotTheMeanYear() throws {
        // 2024-11-12: the equinox falls at about 09:45 TT. One hour either side.
        let early = try Self.clock("2024-11-12T08:30:00Z")
        let late = try Self.clock("2024-11-12T11:00:00Z")
        #expect(early.solarLongitude > 359.9 && early.marsYear == 37)
        #expect(late.solarLongitude < 0.1 && late.marsYear == 38)
    }

    @Test func everyInstantInTwoCenturiesAgreesWithLs() {
        // Walk 1900–2100 in 10-day steps: the year must go up by one exactly
        // where Ls wraps from ~360 to ~0, and nowhere else.
        var previous = MarsClock(unixSeconds: -2_208_988_800, ttMinusUTCSeconds: 42.184, longitudeEast: 0)
        var t = previous.unixSeconds
        while t < 4_102_444_800 {
            t += 10 * 86_400
            let c = MarsClock(unixSeconds: t, ttMinusUTCSeconds: 69.184, longitudeEast: 0)
            let wrapped = c.solarLongitude < previous.solarLongitude
            #expect(c.marsYear == previous.marsYear + (wrapped ? 1 : 0))
            previous = c
        }
        #expect(previous.marsYear == 77)  // MY 78 begins 2100-02-05 (marstime table)
    }

    @Test(arguments: [(0.0, MarsSeason.spring), (89.99, .spring), (90, .summer), (180, .autumn),
                      (269.9, .autumn), (270, .winter), (359.99, .winter), (360, .spring), (-1, .winter)])
    func northernSeason(ls: Double, season: MarsSeason) {
        #expect(MarsSeason(solarLongitude: ls) == season)
    }
}
