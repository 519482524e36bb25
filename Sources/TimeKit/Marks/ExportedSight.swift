import Foundation

/// A mark's sight as the exports carry it (issue 28): what the user
/// entered (the body as typed, Hs) and, where they can be worked out, the
/// observed altitude Ho and the intercept and azimuth from the mark's own
/// recorded position.
///
/// The derived values need the almanac, the sight corrections
/// (`sights.*` settings) and a position: a mark without a coordinate (no
/// fix, no `marks.position`) or a body the almanac does not know leaves
/// them nil, and the exports write null.
public struct ExportedSight: Equatable, Sendable {
    /// The body as stored (`Sun LL`, `Kaus Australis`).
    public var bodyText: String
    /// Hs, degrees, exactly as stored.
    public var sextantAltitudeDegrees: Double
    public var derived: Derived?

    /// Ho, and the sight reduced from the mark's position.
    public struct Derived: Equatable, Sendable {
        /// Observed altitude Ho, degrees (Hs with the corrections applied).
        public var observedAltitudeDegrees: Double
        /// Ho − Hc in nautical miles, positive toward the body.
        public var interceptNauticalMiles: Double
        /// True azimuth Zn of the body from the mark's position, degrees.
        public var azimuthDegrees: Double

        public init(observedAltitudeDegrees: Double, interceptNauticalMiles: Double, azimuthDegrees: Double) {
            self.observedAltitudeDegrees = observedAltitudeDegrees
            self.interceptNauticalMiles = interceptNauticalMiles
            self.azimuthDegrees = azimuthDegrees
        }
    }

    public init(bodyText: String, sextantAltitudeDegrees: Double, derived: Derived? = nil) {
        self.bodyText = bodyText
        self.sextantAltitudeDegrees = sextantAltitudeDegrees
        self.derived = derived
    }

    /// The sight of `mark` with Ho, intercept and Zn worked out as the sights
    /// panel does (its corrected instant, the almanac, `corrections`), from
    /// the mark's recorded coordinate; `derived` is nil when there is no
    /// almanac, no coordinate, or the body or instant is not the almanac's.
    public static func working(bodyText: String, sextantAltitudeDegrees hs: Double, of mark: SightingMark,
                               almanac: Almanac?, corrections: SightCorrections) -> ExportedSight {
        var sight = ExportedSight(bodyText: bodyText, sextantAltitudeDegrees: hs)
        guard let almanac, let position = mark.position.coordinate,
              let (body, limb) = try? SightText.body(bodyText, almanac: almanac) else { return sight }
        let seconds = Double(mark.correctedUnixMilliseconds) / 1000
        let solver = FixSolver(almanac: almanac, corrections: corrections)
        let observed = Sight(body: body, limb: limb, sextantAltitudeDegrees: hs, unixSeconds: seconds)
        guard let reduced = try? solver.reduce([observed], deadReckoning: position, fixUnixSeconds: seconds).first,
              reduced.observedAltitudeDegrees.isFinite, reduced.interceptNauticalMiles.isFinite else { return sight }
        sight.derived = Derived(observedAltitudeDegrees: reduced.observedAltitudeDegrees,
                                interceptNauticalMiles: reduced.interceptNauticalMiles,
                                azimuthDegrees: reduced.azimuthDegrees)
        return sight
    }
}
