import Foundation
import Testing
@testable import TimeKit

/// A published noon sight reproduced (issue 32, "Must show"): "Solution
/// to: Eagle Noon Sight", Ocean Navigator, July/August 2007
/// (oceannavigator.com/July-August-2007/Solution-to-Eagle-Noon-Sight/).
///
/// Given there: 26 October 2006, DR 30° 31′ N 76° 47′ W, height of eye
/// 30 ft, no sextant error, the Sun's lower limb at local apparent noon,
/// Hs 47° 01.6′. Worked there with the printed Nautical Almanac: LAN at the
/// DR 16:51 UTC (meridian passage 11:44 plus 5 h 07 m 08 s for the
/// longitude, "forget the 8 seconds"); dip −5.3′, the Sun's main correction
/// +15.3′, Ho 47° 11.6′; declination S 12° 32.8′ at 16h plus d 0.8′,
/// S 12° 33.6′; latitude = (90° − Ho) − Dec = 42° 48.4′ − 12° 33.6′ =
/// 30° 14.8′ N (the page's own formula with its own Ho and Dec).
///
/// Tolerances, from how the printed almanac rounds: the meridian passage
/// column is to the minute (so LAN ±30 s, and the published time drops 8
/// s): 60 s. Dec is the hourly value (to 0.1′) plus d × 51/60 (d to 0.1′),
/// rounded again: three roundings of 0.05′, 0.15′. The main correction is
/// to 0.1′ and assumes a mean semi-diameter (16.1′ from October to March)
/// and mean refraction: Ho 0.15′. The latitude is Ho and Dec combined:
/// 0.3′. Found (2026-12-04): LAN 2 s, Dec 0.11′, Ho 0.06′, latitude 0.17′.
@Suite struct PublishedNoonSightTests {
    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)

    @Test func theEagleNoonSightOf26October2006() throws {
        let almanac = try #require(Self.almanac)
        let dr = try GeoPosition(latitudeDegrees: 30 + 31.0 / 60, longitudeDegrees: -(76 + 47.0 / 60))
        let publishedLAN = try InstantParser.parse("2006-10-26T16:51:08Z").unixSeconds
        let passage = try NoonSight.meridianPassage(almanac: almanac, deadReckoning: dr, drUnixSeconds: publishedLAN,
                                                    courseDegrees: 0, speedKnots: 0, nearUnixSeconds: publishedLAN)
        #expect(abs(passage.unixSeconds - publishedLAN) < 60, "LAN \(passage.unixSeconds - publishedLAN) s from 16:51:08")
        #expect(passage.azimuthDegrees == 180)

        let sun = try almanac.entry(for: .sun, atUnixSeconds: passage.unixSeconds)
        #expect(abs(sun.decDegrees * 60 - -(12 * 60 + 33.6)) <= 0.15, "Dec \(sun.decDegrees * 60)′")

        // 30 ft = 9.144 m; no index error; the almanac's mean conditions.
        let corrections = SightCorrections(heightOfEyeMetres: 9.144, indexErrorArcminutes: 0, temperatureCelsius: 10,
                                           pressureHectopascals: 1010)
        #expect(abs(corrections.dipArcminutes - 5.3) <= 0.05)
        let solver = FixSolver(almanac: almanac, corrections: corrections, courseDegrees: 0, speedKnots: 0)
        let sight = Sight(body: .sun, limb: .lower, sextantAltitudeDegrees: 47 + 1.6 / 60, unixSeconds: passage.unixSeconds)
        let line = try solver.line(sight, deadReckoning: dr, lineUnixSeconds: passage.unixSeconds)
        let ho = line.reduced.observedAltitudeDegrees * 60
        #expect(abs(ho - (47 * 60 + 11.6)) <= 0.15, "Ho \(ho)′")
        // At noon the line of position runs east–west: its latitude is the noon latitude.
        #expect(abs(CompassCheck.normalized(line.reduced.azimuthDegrees - 180)) < 0.05)
        let latitude = line.interceptPoint.latitudeDegrees * 60
        #expect(abs(latitude - (30 * 60 + 14.8)) <= 0.3, "latitude \(latitude)′")
    }
}
