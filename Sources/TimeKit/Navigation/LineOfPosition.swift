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
