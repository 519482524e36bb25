import Foundation

/// Which body an unknown sight was of: from its Hs and a rough compass
/// bearing, at a time and DR, among the almanac's stars and planets and,
/// when given, the brighter Hipparcos stars (`BrightStars`).
public struct BodyIdentification: Equatable, Sendable {
    /// Where a candidate comes from: a planet, a star of the almanac (the
    /// 57 navigational stars and Polaris), or one of the brighter Hipparcos
    /// stars (which `fix` and `almanac` take by name too, reading their file
    /// only then: `Almanac.naming`).
    public enum Catalogue: String, Equatable, Sendable {
        case planet, navigational, bright
    }

    public struct Candidate: Equatable, Sendable {
        public var body: CelestialBody
        /// Computed altitude and true azimuth from the DR, degrees.
        public var computedAltitudeDegrees: Double
        public var azimuthDegrees: Double
        /// The sight's Ho (worked for this body) − Hc, degrees.
        public var altitudeOffDegrees: Double
        /// The bearing given − Zn, −180…180 degrees.
        public var azimuthOffDegrees: Double
        public var magnitude: Double
        /// Within both tolerances.
        public var matches: Bool
        /// Distance in tolerance units: √((Δh/2°)² + (ΔZn/5°)²); ≤ 1 is inside the ellipse.
        public var closeness: Double
        public var catalogue: Catalogue
        /// IAU constellation abbreviation, for the brighter stars (`UMa`).
        public var constellation: String?
    }

    /// The body, when exactly one is within the tolerances; nil when none is or more than one is.
    public var body: CelestialBody?
    /// The nearest candidates above the horizon, nearest first (at most `listed`, or every match).
    public var candidates: [Candidate]

    /// A sextant altitude is good to a few arcminutes even taken in haste;
    /// 2° allows for a DR up to ~100 nm off as well.
    public static let altitudeToleranceDegrees = 2.0
    /// A hand-bearing compass or a bearing read off the sextant's line of sight: ±5°.
    public static let azimuthToleranceDegrees = 5.0
    /// Candidates listed.
    public static let listed = 8

    /// Every star and planet of the almanac, and every star of
    /// `brighterStars` (its HIP numbers and names not already there), above
    /// the horizon at `unixSeconds` from `position`, compared with a sight of
    /// Hs `sextantAltitudeDegrees` on bearing `azimuthDegrees` (true). The
    /// brighter stars' places come from the same almanac code
    /// (`Almanac.including`). Any two within the tolerances give no body,
    /// whichever catalogues they are from.
    public static func identify(sextantAltitudeDegrees hs: Double, azimuthDegrees zn: Double, unixSeconds: Double,
                                from position: GeoPosition, corrections: SightCorrections,
                                almanac: Almanac, brighterStars: [NavigationalStar] = []) throws -> BodyIdentification {
        guard hs > 0, hs < 90 else { throw FixError(field: "--hs", problem: "Hs \(hs)° is outside 0°–90°") }
        let navigational = Set(almanac.stars.map(\.name))
        let sky = brighterStars.isEmpty ? almanac : almanac.including(brighterStars)
        let now = try sky.instant(atUnixSeconds: unixSeconds)
        var all: [Candidate] = []
        for body in sky.bodies where body != .sun && body != .moon {
            let e = try sky.entry(for: body, at: now)
            let (hc, z) = SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: position)
            guard hc > 0 else { continue }
            let ho = SightReduction.observedAltitudeDegrees(sextantAltitudeDegrees: hs, limb: .centre, entry: e,
                                                            corrections: corrections, from: position)
            let dh = ho - hc, dz = CompassCheck.normalized(zn - z)
            let closeness = ((dh / altitudeToleranceDegrees) * (dh / altitudeToleranceDegrees)
                             + (dz / azimuthToleranceDegrees) * (dz / azimuthToleranceDegrees)).squareRoot()
            let catalogue: Catalogue = !body.isStar ? .planet : navigational.contains(body.name) ? .navigational : .bright
            all.append(Candidate(body: body, computedAltitudeDegrees: hc, azimuthDegrees: z, altitudeOffDegrees: dh,
                                 azimuthOffDegrees: dz, magnitude: e.magnitude,
                                 matches: abs(dh) <= altitudeToleranceDegrees && abs(dz) <= azimuthToleranceDegrees,
                                 closeness: closeness, catalogue: catalogue,
                                 constellation: catalogue == .bright ? sky.star(named: body.name)?.constellation : nil))
        }
        all.sort { $0.closeness < $1.closeness }
        let matching = all.filter(\.matches)
        return BodyIdentification(body: matching.count == 1 ? matching[0].body : nil,
                                  candidates: Array(all.prefix(max(listed, matching.count))))
    }
}
