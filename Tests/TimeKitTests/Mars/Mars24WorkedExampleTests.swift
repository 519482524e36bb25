import Foundation
import Testing
@testable import TimeKit

/// The worked examples of NASA GISS, "Mars24 Sunclock — Algorithm and Worked
/// Examples", https://www.giss.nasa.gov/tools/mars24/help/algorithm.html
/// (Allison & McEwen 2000 as revised there).
///
/// The page prints five or six decimals, mostly rounded (ΔtJ2000 4.5007429
/// is printed 4.500743, PBS 0.0014183 as 0.00142) but Ls and EOT cut off
/// (Ls 277.1875894 is printed 277.18758, EOT −5.1877459 as −5.18774; an
/// independent C implementation's six decimals, checked below, agree with
/// ours). So each check is: the page's digits are our value either rounded
/// or truncated to the printed places, and within one unit of the last.
@Suite struct Mars24WorkedExampleTests {
    /// `value` cut to `places` decimals, as text, the way the page prints it.
    static func printed(_ value: Double, _ places: Int) -> String {
        let scale = pow(10.0, Double(places))
        let cut = (value * scale).rounded(.towardZero) / scale
        return FixedText.decimal(cut, places: places)
    }

    static func expectPrinted(_ value: Double, _ page: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let places = page.split(separator: ".").last.map(\.count) ?? 0
        let rounded = FixedText.decimal(value, places: places)
        #expect(printed(value, places) == page || rounded == page, "value \(value) vs page \(page)",
                sourceLocation: sourceLocation)
        let pageValue = Double(page) ?? .nan
        #expect(abs(value - pageValue) < pow(10.0, -Double(places)), sourceLocation: sourceLocation)
    }

    // Example A: 2000-01-06T00:00:00Z (millis 947116800000), prime meridian.
    let a = MarsClock(unixSeconds: 947_116_800, ttMinusUTCSeconds: 64.184, longitudeEast: 0)

    @Test func exampleA_stepA_daysSinceJ2000() {
        #expect(a.julianDateUT == 2_451_549.5)
        Self.expectPrinted(a.julianDateTT, "2451549.500743")
        Self.expectPrinted(a.daysSinceJ2000TT, "4.500743")
    }

    @Test func exampleA_stepB_solarLongitude() {
        Self.expectPrinted(a.meanAnomaly, "21.74558")          // B-1
        Self.expectPrinted(a.fictitiousMeanSun, "272.74566")   // B-2
        Self.expectPrinted(a.perturbers, "0.00142")            // B-3
        Self.expectPrinted(a.equationOfCenter, "4.44193")      // B-4
        Self.expectPrinted(a.solarLongitude, "277.18758")      // B-5
    }

    @Test func exampleA_stepC_marsTime() {
        Self.expectPrinted(a.equationOfTime, "-5.18774")       // C-1, degrees
        Self.expectPrinted(a.equationOfTime / 15, "-0.34585")  // C-1, hours (-0:20:45)
        Self.expectPrinted(a.marsSolDate, "44795.99976")       // C-2
        Self.expectPrinted(a.coordinatedMarsTime, "23.99425")  // C-2
        #expect(FixedText.clock(hours: a.coordinatedMarsTime) == "23:59:39")
        #expect(a.localMeanSolarTime == a.coordinatedMarsTime) // C-3 at Λ = 0
        Self.expectPrinted(a.localTrueSolarTime, "23.64840")   // C-4
        #expect(FixedText.clock(hours: a.localTrueSolarTime) == "23:38:54")
        #expect(a.sol == 44_795)
    }

    @Test func exampleA_sixDecimalValuesOfAnIndependentImplementation() {
        // A C implementation's CUnit test of the same example gives six
        // decimals: Ls 277.187589, EOT -5.187746, MST 23.994249, LTST 23.648400.
        #expect(abs(a.solarLongitude - 277.187_589) < 1e-6)
        #expect(abs(a.equationOfTime - -5.187_746) < 1e-6)
        #expect(abs(a.coordinatedMarsTime - 23.994_249) < 1e-6)
        #expect(abs(a.localTrueSolarTime - 23.648_400) < 1e-6)
    }

    @Test func exampleA_stepD_sunAndOrbit() {
        // D-1 west subsolar longitude MST·15 + EOT + 180 = 174.72600°W.
        #expect(abs(a.subsolarLongitudeEast - -174.726) < 1e-5)
        // D-2 and D-3 by hand from the formulas with Ls and M above.
        #expect(abs(a.solarDeclination - -25.228_24) < 1e-5)
        #expect(abs(a.heliocentricDistance - 1.393_58) < 1e-5)
        #expect(a.northernSeason == .winter)
        #expect(a.marsYear == 24)
    }

    // Example B: 2004-01-03T13:46:31Z (millis 1073137591000) at 184.702°W.
    let b = MarsClock(unixSeconds: 1_073_137_591, ttMinusUTCSeconds: 64.184, longitudeEast: -184.702)

    @Test func exampleB_spiritEpoch() {
        Self.expectPrinted(b.julianDateUT, "2453008.07397")
        Self.expectPrinted(b.meanAnomaly, "66.0686")           // B-1
        Self.expectPrinted(b.equationOfCenter, "10.22959")     // B-4
        Self.expectPrinted(b.solarLongitude, "327.32416")      // B-5
        Self.expectPrinted(b.coordinatedMarsTime, "13.16537")  // C-2
        #expect(abs(b.longitudeEast - 175.298) < 1e-9)         // 184.702°W wrapped
        // C-3 by hand: 13.165369 h − 184.702° / 15 = 0.851902 h.
        #expect(abs(b.localMeanSolarTime - 0.851_902) < 1e-6)
        #expect(FixedText.clock(hours: b.localMeanSolarTime) == "00:51:06")
        #expect(b.marsYear == 26)
    }

    @Test func eachStepFunctionMatchesTheClock() {
        let t = a.daysSinceJ2000TT
        #expect(Mars24.meanAnomaly(daysSinceJ2000TT: t) == a.meanAnomaly)
        #expect(Mars24.marsSolDate(daysSinceJ2000TT: t) == a.marsSolDate)
        #expect(abs(Mars24.julianDateTT(julianDateUT: 2_451_549.5, ttMinusUTCSeconds: 64.184) - a.julianDateTT) < 1e-9)
    }

    @Test func localTimesAdvanceOneHourPer15DegreesEast() {
        let east = MarsClock(unixSeconds: 947_116_800, ttMinusUTCSeconds: 64.184, longitudeEast: 15)
        #expect(abs(Mars24.normalizedHours(east.localMeanSolarTime - a.localMeanSolarTime) - 1) < 1e-9)
        let west = MarsClock(unixSeconds: 947_116_800, ttMinusUTCSeconds: 64.184, longitudeEast: -90)
        #expect(abs(west.localMeanSolarTime - (a.localMeanSolarTime - 6)) < 1e-9)
    }

    /// PyPI `marstime` 0.5.6 (an older Mars24: M = 19.3870 + 0.52402075 t,
    /// αFMS = 270.3863 + 0.52403840 t, sol 1.027491252, MSD offset 0.00096)
    /// at the same TT − UTC. Its output, recorded by
    /// `scripts/mars-compare-marstime.py`; the constants differ, so agreement
    /// is to about 0.002°, not to the last digit.
    @Test(arguments: [
        (947_116_800.0, 64.184, 277.18677000300136, 44_795.99976299437, -5.18764396455442),
        (1_073_137_591.0, 64.184, 327.3232172734337, 46_215.54855921866, -12.775569064181536),
        (1_613_681_700.0, 67.184, 5.646958119690453, 52_304.4545040767, -9.47899827622764),
        (1_700_000_000.0, 67.184, 148.59061712572552, 53_276.77849827441, 8.099011851781684),
    ])
    func agreesWithMarstime(unix: Double, tt: Double, ls: Double, msd: Double, eot: Double) {
        let c = MarsClock(unixSeconds: unix, ttMinusUTCSeconds: tt, longitudeEast: 0)
        #expect(abs(c.solarLongitude - ls) < 0.002)
        #expect(abs(c.marsSolDate - msd) < 5e-6)
        #expect(abs(c.equationOfTime - eot) < 0.0005)
    }
}
