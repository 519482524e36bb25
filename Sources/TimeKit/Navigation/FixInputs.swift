import Foundation

/// What a fix from sights stored against marks is worked with: the one
/// place the sights panel and `timedeck fix --marks` take it from, so the
/// same marks and settings give the same fix in both.
public enum FixInputs {
    /// The solver with the `[sights]` settings: height of eye, index error,
    /// temperature, pressure, course and speed.
    public static func solver(almanac: Almanac, settings: Settings) -> FixSolver {
        FixSolver(almanac: almanac, corrections: settings.sightCorrections, courseDegrees: settings.sightsCourseDegrees,
                  speedKnots: settings.sightsSpeedKnots)
    }

    /// A sight stored against a mark: at the mark's corrected instant (to
    /// the millisecond, as `marks list` shows it), carrying the mark's clock
    /// doubt. Throws `InputError` for a body the almanac does not know.
    public static func sight(bodyText: String, sextantAltitudeDegrees: Double, markUnixMilliseconds: Int64,
                             clock: ClockStatus, almanac: Almanac) throws -> Sight {
        let (body, limb) = try SightText.body(bodyText, almanac: almanac)
        return Sight(body: body, limb: limb, sextantAltitudeDegrees: sextantAltitudeDegrees,
                     unixSeconds: Double(markUnixMilliseconds) / 1000,
                     unsynchronizedClockErrorSeconds: unsynchronizedClockErrorSeconds(clock))
    }

    /// The estimated error of a clock the kernel reported as not
    /// synchronized, seconds (its `esterror`, else `maxerror`; 0 when
    /// neither is known); nil when it was synchronized or not read.
    public static func unsynchronizedClockErrorSeconds(_ clock: ClockStatus) -> Double? {
        guard let kernel = clock.kernel, !kernel.synchronized else { return nil }
        let micro = kernel.estimatedErrorMicroseconds > 0 ? kernel.estimatedErrorMicroseconds : kernel.maximumErrorMicroseconds
        return Double(max(micro, 0)) / 1_000_000
    }

    /// The fix time of a round: the newest sight's instant.
    public static func fixUnixSeconds(_ sights: [Sight]) -> Double? { sights.map(\.unixSeconds).max() }
}
