import Foundation

/// A line of position as a plotting sheet draws it: from the assumed
/// position, the intercept laid off along the body's azimuth (toward when
/// Ho > Hc, away otherwise) to the foot; the line runs through the foot at
/// right angles to the azimuth.
///
/// Every point given lies exactly on the circle of equal altitude (centred
/// on the body's geographical position, radius 90° − Ho): the foot on the
/// great circle from the assumed position to the GP, the ends 30 nm each
/// way along the circle. A plotter's straight line between them is a chord
/// of the circle, within 0.1′ of it for altitudes up to 70°.
///
/// A sight taken before `lineUnixSeconds` is advanced: each point moves
/// with the ship from the assumed position (the DR at the sight's time) to
/// the DR at the line's time (Bowditch, "the running fix").
public struct LineOfPosition: Equatable, Sendable {
    /// The sight reduced from the DR (moved back to the sight's time).
    public var reduced: ReducedSight
    /// The instant the line is drawn for (the sight's, or later when advanced).
    public var unixSeconds: Double
    /// The foot of the intercept, carried to `unixSeconds`: the point of
    /// the line nearest the DR.
    public var interceptPoint: GeoPosition
    /// How far the line was carried from the sight's time, nm (0: not advanced).
    public var advancedNauticalMiles: Double
    /// The line's two ends, `halfLengthNauticalMiles` either side of the
    /// foot along the circle: the first on the Zn − 90° side.
    public var points: [GeoPosition]
    /// Set when the sight's clock was not synchronized: how far the line may be off east or west.
    public var clockDoubt: ClockDoubt?

    /// How far the line runs each side of the foot. 30 nm is what a
    /// universal plotting sheet of one degree of latitude shows either way.
    public static let halfLengthNauticalMiles = 30.0

    /// The line's direction, degrees true (0..<180).
    public var directionDegrees: Double { (reduced.azimuthDegrees + 90).truncatingRemainder(dividingBy: 180) }
    public var bodyText: String { reduced.sight.bodyText }
    public var sightUnixSeconds: Double { reduced.sight.unixSeconds }
    /// True when the ship moved between the sight and the line's time.
    public var isAdvanced: Bool { advancedNauticalMiles > 0.001 }
    public var isToward: Bool { reduced.interceptNauticalMiles >= 0 }

    /// `reduced` from its assumed position (the DR at the sight's time),
    /// drawn for `lineUnixSeconds` when the DR is `deadReckoning`.
    public init(_ reduced: ReducedSight, deadReckoning: GeoPosition, lineUnixSeconds: Double, clockDoubt: ClockDoubt? = nil,
                halfLengthNauticalMiles: Double = Self.halfLengthNauticalMiles) {
        self.reduced = reduced
        unixSeconds = lineUnixSeconds
        self.clockDoubt = clockDoubt
        let ap = reduced.assumedPosition
        let zn = reduced.azimuthDegrees
        // The GP lies along Zn at the zenith distance 90° − Hc from the AP.
        let gp = ap.greatCircle(bearingDegrees: zn, arcDegrees: 90 - reduced.computedAltitudeDegrees)
        let foot = ap.greatCircle(bearingDegrees: zn, arcDegrees: reduced.interceptNauticalMiles / 60)
        let rho = (90 - reduced.observedAltitudeDegrees) * .pi / 180
        // Turning about the GP by α moves sin ρ · α along the circle; at most
        // a third of the way round for a body near the zenith.
        let alpha = min(halfLengthNauticalMiles / 60 * .pi / 180 / max(sin(rho), 1e-9), .pi / 3) * 180 / .pi
        let fromGP = gp.distanceAndBearing(to: foot).bearingDegrees
        var pair = [gp.greatCircle(bearingDegrees: fromGP - alpha, arcDegrees: rho * 180 / .pi),
                    gp.greatCircle(bearingDegrees: fromGP + alpha, arcDegrees: rho * 180 / .pi)]
        let offLeft = { (p: GeoPosition) -> Double in
            let b = foot.distanceAndBearing(to: p).bearingDegrees - (zn - 90)
            return abs((b + 540).truncatingRemainder(dividingBy: 360) - 180)
        }
        if offLeft(pair[1]) < offLeft(pair[0]) { pair.swapAt(0, 1) }
        // Advance with the ship from the AP to the DR at the line's time.
        let (run, course) = ap.distanceAndBearing(to: deadReckoning)
        let advanced = { (p: GeoPosition) in run < 1e-9 ? p : p.sailing(courseDegrees: course, distanceNauticalMiles: run) }
        advancedNauticalMiles = run < 1e-9 ? 0 : run
        interceptPoint = advanced(foot)
        points = pair.map(advanced)
    }
}

extension FixSolver {
    /// The line of position of one sight at `lineUnixSeconds` (the DR is
    /// the ship's position then): the sight is reduced from the DR moved
    /// back to the sight's time, and the line (its points on the circle of
    /// equal altitude) carried forward by course and speed to `lineUnixSeconds`.
    ///
    /// Throws `FixError` for a sight that cannot be worked: Hs outside 0°–90°,
    /// the body below the horizon from the DR, or a line carried more
    /// than `CelestialFix.longestRunSeconds`, or an intercept over
    /// `CelestialFix.farFromDeadReckoningNauticalMiles` (a line that far
    /// from the DR is a blunder more often than a position).
    public func line(_ sight: Sight, deadReckoning: GeoPosition, lineUnixSeconds: Double) throws -> LineOfPosition {
        let run = lineUnixSeconds - sight.unixSeconds
        guard abs(run) <= CelestialFix.longestRunSeconds else {
            throw FixError(field: "line time", problem: String(
                format: "it is %.1f hours from the sight (%@); a line is carried at most %.0f hours: "
                    + "give a time within that", abs(run) / 3600, sight.bodyText, CelestialFix.longestRunSeconds / 3600))
        }
        guard let prepared = try prepare([sight], deadReckoning: deadReckoning, fixUnixSeconds: lineUnixSeconds).first else { throw FixError(field: "sight", problem: "no sight given") }
        let reduced = reduce(prepared, from: deadReckoning, fixUnixSeconds: lineUnixSeconds)
        guard reduced.computedAltitudeDegrees >= -1 else {
            throw FixError(field: "sight 1 (\(sight.bodyText))",
                           problem: String(format: "the body is below the horizon at that time from the DR "
                                + "(computed altitude %.1f°); check the body name, the time and the DR",
                                reduced.computedAltitudeDegrees))
        }
        let far = CelestialFix.farFromDeadReckoningNauticalMiles
        guard abs(reduced.interceptNauticalMiles) <= far else {
            throw FixError(field: "sight 1 (\(sight.bodyText))", problem: String(
                format: "the intercept is %.0f nm (Ho %.1f°, Hc %.1f° from the DR; more than %.0f nm): check the body, "
                    + "Hs (a degree misread?), the time and the DR; if the DR really is that far off, give it nearer",
                abs(reduced.interceptNauticalMiles), reduced.observedAltitudeDegrees, reduced.computedAltitudeDegrees, far))
        }
        return LineOfPosition(reduced, deadReckoning: deadReckoning, lineUnixSeconds: lineUnixSeconds,
                              clockDoubt: Self.clockDoubt([sight], latitudeDegrees: deadReckoning.latitudeDegrees))
    }
}
