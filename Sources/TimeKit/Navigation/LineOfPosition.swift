import Foundation

/// One sight's line of position: what one sight gives, never a fix.
///
/// The line is drawn through the intercept point (the assumed position
/// moved `intercept` toward or away from the body along Zn) at right
/// angles to Zn, and carried to the line's time by the ship's course and
/// speed (a running line keeps its direction; only its place moves).
public struct LineOfPosition: Equatable, Sendable {
    /// The sight reduced from the DR (moved back to the sight's time).
    public var reduced: ReducedSight
    /// The instant the line is drawn for (the sight's, or later when advanced).
    public var unixSeconds: Double
    /// The intercept point, carried to `unixSeconds`.
    public var interceptPoint: GeoPosition
    /// How far the line was carried from the sight's time, nm (0: not advanced).
    public var advancedNauticalMiles: Double
    /// The line's two ends, `halfLengthNauticalMiles` either side of the
    /// intercept point: the first toward Zn − 90°, the second toward Zn + 90°.
    public var points: [GeoPosition]
    /// Set when the sight's clock was not synchronized: how far the line may be off east or west.
    public var clockDoubt: ClockDoubt?

    /// Half the drawn length of a line, nm. 30 nm each way is the span a
    /// plotting sheet shows around a DR and about the farthest one can
    /// straighten a circle of equal altitude with under 0.1 nm of error
    /// for bodies below 70° (the circle's radius is (90° − Ho)·60 nm).
    public static let halfLengthNauticalMiles = 30.0

    /// The line's direction, degrees true (0..<180).
    public var directionDegrees: Double { (reduced.azimuthDegrees + 90).truncatingRemainder(dividingBy: 180) }
}

extension FixSolver {
    /// The line of position of one sight at `lineUnixSeconds` (the DR is
    /// the ship's position then): the sight is reduced from the DR moved
    /// back to the sight's time, and the intercept point carried forward
    /// by course and speed to `lineUnixSeconds`.
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
        guard let prepared = try prepare([sight]).first else { throw FixError(field: "sight", problem: "no sight given") }
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
        let atSight = reduced.assumedPosition.sailing(courseDegrees: reduced.azimuthDegrees,
                                                      distanceNauticalMiles: reduced.interceptNauticalMiles)
        let advanced = speedKnots * run / 3600
        let point = advanced == 0 ? atSight : atSight.sailing(courseDegrees: courseDegrees, distanceNauticalMiles: advanced)
        let half = LineOfPosition.halfLengthNauticalMiles
        let ends = [reduced.azimuthDegrees - 90, reduced.azimuthDegrees + 90].map {
            point.sailing(courseDegrees: $0, distanceNauticalMiles: half)
        }
        return LineOfPosition(reduced: reduced, unixSeconds: lineUnixSeconds, interceptPoint: point,
                              advancedNauticalMiles: abs(advanced), points: ends,
                              clockDoubt: Self.clockDoubt([sight], latitudeDegrees: point.latitudeDegrees))
    }
}
