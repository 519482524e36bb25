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
    public var bodyText: String
    public var sightUnixSeconds: Double
    /// The time the line is drawn for (the fix time).
    public var lineUnixSeconds: Double
    public var sextantAltitudeDegrees: Double
    public var observedAltitudeDegrees: Double
    public var computedAltitudeDegrees: Double
    public var azimuthDegrees: Double
    /// Positive toward the body.
    public var interceptNauticalMiles: Double
    /// The foot of the intercept: the point of the line nearest the DR.
    public var interceptPoint: GeoPosition
    /// The line's two ends, `halfLengthNauticalMiles` each side of the foot
    /// along the circle: the first on the Zn − 90° side.
    public var ends: [GeoPosition]

    /// How far the line runs each side of the foot. 30 nm is what a
    /// universal plotting sheet of one degree of latitude shows either way.
    public static let halfLengthNauticalMiles = 30.0

    /// True when the sight was taken more than a second before the line's time.
    public var isAdvanced: Bool { lineUnixSeconds - sightUnixSeconds > 1 }
    public var isToward: Bool { interceptNauticalMiles >= 0 }

    /// `reduced` from its assumed position (the DR at the sight's time),
    /// drawn for `lineUnixSeconds` when the DR is `deadReckoning`.
    public init(_ reduced: ReducedSight, deadReckoning: GeoPosition, lineUnixSeconds: Double,
                halfLengthNauticalMiles: Double = Self.halfLengthNauticalMiles) {
        bodyText = reduced.sight.bodyText
        sightUnixSeconds = reduced.sight.unixSeconds
        self.lineUnixSeconds = lineUnixSeconds
        sextantAltitudeDegrees = reduced.sight.sextantAltitudeDegrees
        observedAltitudeDegrees = reduced.observedAltitudeDegrees
        computedAltitudeDegrees = reduced.computedAltitudeDegrees
        azimuthDegrees = reduced.azimuthDegrees
        interceptNauticalMiles = reduced.interceptNauticalMiles
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
        let leftOfAzimuth = { (p: GeoPosition) -> Double in
            let b = foot.distanceAndBearing(to: p).bearingDegrees - (zn - 90)
            return abs((b + 540).truncatingRemainder(dividingBy: 360) - 180)
        }
        if leftOfAzimuth(pair[1]) < leftOfAzimuth(pair[0]) { pair.swapAt(0, 1) }
        // Advance with the ship from the AP to the DR at the line's time.
        let (run, course) = ap.distanceAndBearing(to: deadReckoning)
        let advanced = { (p: GeoPosition) in run < 1e-9 ? p : p.sailing(courseDegrees: course, distanceNauticalMiles: run) }
        interceptPoint = advanced(foot)
        ends = pair.map(advanced)
    }
}
