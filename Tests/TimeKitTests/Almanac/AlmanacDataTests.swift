import Foundation
import Testing
@testable import TimeKit

/// The bundled data behind the almanac: coverage, UT1 across a leap second,
/// and the choice between the system and the bundled leap-second lists.
@Suite struct AlmanacDataTests {
    @Test func ephemerisCovers1972To2100() throws {
        let ephemeris = try ChebyshevEphemeris.loadBundled()
        let coverage = ephemeris.coverageJulianDaysTDB
        #expect(coverage.lowerBound <= 2441317.5 + 1)  // 1972-01-01
        #expect(coverage.upperBound >= 2488434.5 - 1)  // 2101-01-01
        #expect(abs(ephemeris.earthMoonMassRatio - 81.30056907) < 1e-6)
    }

    @Test func ut1InterpolatesAcrossTheLeapSecondOf2016() throws {
        let table = try UT1Table.loadBundled()
        // 2016-12-31 (MJD 57753) UT1 − UTC −0.407 s; 2017-01-01 +0.591 s.
        let before = table.ut1MinusUTCSeconds(atMJD: 57753.0)
        let after = table.ut1MinusUTCSeconds(atMJD: 57754.0)
        #expect(before < -0.4 && after > 0.5)
        // Late on 2016-12-31 it stays near −0.41 s, not halfway to +0.59 s.
        #expect(abs(table.ut1MinusUTCSeconds(atMJD: 57753.9) - before) < 0.01)
        #expect(table.coverage(atMJD: 58000) == .measured)
        #expect(table.coverage(atMJD: 40000) == .beforeTable)
    }

    /// Issue 28: 1972 took the first value of 1973 (+0.81 s) for every
    /// day; IERS EOP 20 C04 gives −0.045 s on 1972-01-01, −0.19 s on
    /// 1972-12-31, and the leap second of 1972-06-30 in between.
    @Test func ut1For1972ComesFromC04() throws {
        let table = try UT1Table.loadBundled()
        #expect(table.coverage(atMJD: 41317.5) == .measured)  // 1972-01-01 12:00
        #expect(abs(table.ut1MinusUTCSeconds(atMJD: 41317) - -0.0454859) < 1e-6)
        #expect(abs(table.ut1MinusUTCSeconds(atMJD: 41682) - -0.1865687) < 1e-6)  // 1972-12-31
        // Across the leap second at the end of 1972-06-30 (MJD 41498): from near −0.6 s to near +0.4 s.
        let june30 = table.ut1MinusUTCSeconds(atMJD: 41498), july1 = table.ut1MinusUTCSeconds(atMJD: 41499)
        #expect(june30 < -0.5 && july1 > 0.3, "\(june30) \(july1)")
        #expect(abs(table.ut1MinusUTCSeconds(atMJD: 41498.9) - june30) < 0.01)
        for day in 41317...41682 { #expect(table.ut1MinusUTCSeconds(atMJD: Double(day)) < 0.5 || day > 41498) }
        #expect(table.notice(atMJD: 41400) == nil)
    }

    @Test func theLaterExpiringLeapListWins() throws {
        let url = try ResourceLocator.url(for: LeapSecondList.bundledName)
        let bundled = LeapSecondList.load(path: url.path, nowUnixSeconds: 1_795_305_600)  // 2026-11-22
        #expect(bundled.status == .ok)
        #expect(bundled.table.latestTAIMinusUTC == 37)
        let expired = LeapSecondList.resolve(path: LeapSecondList.systemPath, text: LeapSecondTests.sample,
                                             nowUnixSeconds: 1_795_305_600)
        #expect(LeapSecondList.newer(expired, bundled) == bundled)
        #expect(LeapSecondList.newer(bundled, expired) == bundled)
        #expect(bundled.versionLine.contains("bundled IERS list"))
        #expect(bundled.versionLine.contains("expires 2027-06-28"))
    }
}
