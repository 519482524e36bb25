import Foundation

/// A position from two or more lines of position, by least squares, with
/// earlier lines advanced to the fix time by the ship's course and speed.
public struct CelestialFix: Equatable, Sendable {
    public var position: GeoPosition
    public var unixSeconds: Double
    /// Each sight reduced from the fix itself (moved back to the sight's time):
    /// its intercept is the sight's residual.
    public var sights: [ReducedSight]
    /// Each sight reduced from the DR (what a plotting sheet shows).
    public var fromDeadReckoning: [ReducedSight]
    /// Root-mean-square residual, nautical miles (0 with two sights).
    public var rmsResidualNauticalMiles: Double
    /// Error ellipse (1σ) from the residuals; nil with only two sights.
    public var ellipse: ErrorEllipse?
    /// The widest angle at which two of the lines of position cross, degrees (90 is best).
    public var bestCrossingAngleDegrees: Double
    /// Set when the residuals are too large for sights that agree.
    public var disagreement: Disagreement?

    public struct ErrorEllipse: Equatable, Sendable {
        public var semiMajorNauticalMiles: Double
        public var semiMinorNauticalMiles: Double
        /// Direction of the major axis, degrees true (0..<180).
        public var majorAxisDegrees: Double
    }

    /// "The sights disagree": which sight stands out and by how much.
    public struct Disagreement: Equatable, Sendable, CustomStringConvertible {
        public var sightIndex: Int
        public var bodyText: String
        public var residualNauticalMiles: Double
        public var description: String {
            String(format: "sights disagree: %@ (sight %d) misses the fix by %.1f nm; check the body name, Hs and time",
                   bodyText, sightIndex + 1, abs(residualNauticalMiles))
        }
    }

    /// Residuals above this (nm) make the verdict "sights disagree".
    public static let disagreementNauticalMiles = 3.0
}

/// Why no fix could be made; the CLI prints it and exits 2.
public struct FixError: Error, Equatable, Sendable, CustomStringConvertible {
    public var field: String
    public var problem: String
    public var description: String { "\(field): \(problem)" }
}

/// Solves for a fix. Pure: every instant and condition is a parameter.
public struct FixSolver: Sendable {
    public var almanac: Almanac
    public var corrections: SightCorrections
    /// Course made good, degrees true, and speed, knots (0 for a ship at rest).
    public var courseDegrees: Double
    public var speedKnots: Double

    public init(almanac: Almanac, corrections: SightCorrections = .standard, courseDegrees: Double = 0,
                speedKnots: Double = 0) {
        self.almanac = almanac
        self.corrections = corrections
        self.courseDegrees = courseDegrees
        self.speedKnots = speedKnots
    }

    /// Where the ship was at `unixSeconds` if it is at `position` at `fixUnixSeconds`.
    public func position(_ position: GeoPosition, at fixUnixSeconds: Double, movedTo unixSeconds: Double) -> GeoPosition {
        let hours = (fixUnixSeconds - unixSeconds) / 3600
        guard speedKnots != 0, hours != 0 else { return position }
        return position.sailing(courseDegrees: courseDegrees + 180, distanceNauticalMiles: speedKnots * hours)
    }

    struct Prepared {
        var sight: Sight
        var entry: AlmanacEntry
        var observedAltitudeDegrees: Double
    }

    func prepare(_ sights: [Sight]) throws -> [Prepared] {
        try sights.enumerated().map { index, sight in
            let field = "sight \(index + 1) (\(sight.bodyText))"
            guard sight.sextantAltitudeDegrees > 0, sight.sextantAltitudeDegrees < 90 else {
                throw FixError(field: field, problem: "Hs \(sight.sextantAltitudeDegrees)° is outside 0°–90°")
            }
            let entry = try almanac.entry(for: sight.body, atUnixSeconds: sight.unixSeconds)
            let ho = SightReduction.observedAltitudeDegrees(sextantAltitudeDegrees: sight.sextantAltitudeDegrees,
                                                            limb: sight.limb, entry: entry, corrections: corrections)
            return Prepared(sight: sight, entry: entry, observedAltitudeDegrees: ho)
        }
    }

    func reduce(_ p: Prepared, from fixPosition: GeoPosition, fixUnixSeconds: Double) -> ReducedSight {
        let at = position(fixPosition, at: fixUnixSeconds, movedTo: p.sight.unixSeconds)
        let (hc, zn) = SightReduction.altitudeAndAzimuth(ghaDegrees: p.entry.ghaDegrees, decDegrees: p.entry.decDegrees,
                                                         from: at)
        return ReducedSight(sight: p.sight, observedAltitudeDegrees: p.observedAltitudeDegrees,
                            computedAltitudeDegrees: hc, azimuthDegrees: zn,
                            interceptNauticalMiles: (p.observedAltitudeDegrees - hc) * 60, assumedPosition: at)
    }

    /// Each sight reduced from `deadReckoning` (the DR at `fixUnixSeconds`).
    public func reduce(_ sights: [Sight], deadReckoning: GeoPosition, fixUnixSeconds: Double) throws -> [ReducedSight] {
        try prepare(sights).map { reduce($0, from: deadReckoning, fixUnixSeconds: fixUnixSeconds) }
    }

    /// The least-squares fix at `fixUnixSeconds`, starting from the DR.
    ///
    /// Each line of position is Ho − Hc(P moved to the sight's time) = 0; the
    /// solver linearises (∂Hc/∂north = cos Zn, ∂Hc/∂east = sin Zn per mile)
    /// and iterates Gauss–Newton until the step is under 0.0001 nm.
    public func fix(_ sights: [Sight], deadReckoning: GeoPosition, fixUnixSeconds: Double) throws -> CelestialFix {
        guard sights.count >= 2 else {
            throw FixError(field: "sights", problem: "a fix needs at least two sights; \(sights.count) given")
        }
        let prepared = try prepare(sights)
        let fromDR = prepared.map { reduce($0, from: deadReckoning, fixUnixSeconds: fixUnixSeconds) }
        for (index, reduced) in fromDR.enumerated() where reduced.computedAltitudeDegrees < -1 {
            throw FixError(field: "sight \(index + 1) (\(reduced.sight.bodyText))",
                           problem: String(format: "the body is below the horizon at that time from the DR "
                                + "(computed altitude %.1f°); check the body name, the time and the DR",
                                reduced.computedAltitudeDegrees))
        }
        let crossing = Self.bestCrossingAngle(fromDR.map(\.azimuthDegrees))
        guard crossing >= 5 else {
            throw FixError(field: "sights", problem: String(format: "the lines of position do not cross (azimuths "
                + "within %.1f° of each other or opposite); add a sight of a body at a different bearing", crossing))
        }
        var position = deadReckoning
        var reduced = fromDR
        for _ in 0..<30 {
            var ann = 0.0, ane = 0.0, aee = 0.0, bn = 0.0, be = 0.0
            for r in reduced {
                let n = cos(r.azimuthDegrees * .pi / 180), e = sin(r.azimuthDegrees * .pi / 180)
                ann += n * n; ane += n * e; aee += e * e
                bn += n * r.interceptNauticalMiles; be += e * r.interceptNauticalMiles
            }
            let det = ann * aee - ane * ane
            guard abs(det) > 1e-9 else { break }
            let dn = (aee * bn - ane * be) / det
            let de = (ann * be - ane * bn) / det
            position = position.offset(northNauticalMiles: dn, eastNauticalMiles: de)
            reduced = prepared.map { reduce($0, from: position, fixUnixSeconds: fixUnixSeconds) }
            if (dn * dn + de * de).squareRoot() < 1e-4 { break }
        }
        return summarize(position: position, reduced: reduced, fromDR: fromDR, crossing: crossing,
                         fixUnixSeconds: fixUnixSeconds)
    }

    func summarize(position: GeoPosition, reduced: [ReducedSight], fromDR: [ReducedSight], crossing: Double,
                   fixUnixSeconds: Double) -> CelestialFix {
        let residuals = reduced.map(\.interceptNauticalMiles)
        let n = Double(reduced.count)
        let sumSquares = residuals.reduce(0) { $0 + $1 * $1 }
        let rms = (sumSquares / n).squareRoot()
        var ellipse: CelestialFix.ErrorEllipse?
        if reduced.count > 2 {
            // Covariance σ²(AᵀA)⁻¹ with σ² = Σr²/(n − 2); its eigen-decomposition.
            let sigma2 = sumSquares / (n - 2)
            var ann = 0.0, ane = 0.0, aee = 0.0
            for r in reduced {
                let a = r.azimuthDegrees * .pi / 180
                ann += cos(a) * cos(a); ane += cos(a) * sin(a); aee += sin(a) * sin(a)
            }
            let det = ann * aee - ane * ane
            let cnn = sigma2 * aee / det, cee = sigma2 * ann / det, cne = -sigma2 * ane / det
            let mean = (cnn + cee) / 2
            let spread = (((cnn - cee) / 2) * ((cnn - cee) / 2) + cne * cne).squareRoot()
            var axis = 0.5 * atan2(2 * cne, cnn - cee) * 180 / .pi  // from north toward east
            if axis < 0 { axis += 180 }
            ellipse = .init(semiMajorNauticalMiles: max(mean + spread, 0).squareRoot(),
                            semiMinorNauticalMiles: max(mean - spread, 0).squareRoot(), majorAxisDegrees: axis)
        }
        var disagreement: CelestialFix.Disagreement?
        if let worst = residuals.indices.max(by: { abs(residuals[$0]) < abs(residuals[$1]) }),
           abs(residuals[worst]) > CelestialFix.disagreementNauticalMiles {
            disagreement = .init(sightIndex: worst, bodyText: reduced[worst].sight.bodyText,
                                 residualNauticalMiles: residuals[worst])
        }
        return CelestialFix(position: position, unixSeconds: fixUnixSeconds, sights: reduced, fromDeadReckoning: fromDR,
                            rmsResidualNauticalMiles: rms, ellipse: ellipse, bestCrossingAngleDegrees: crossing,
                            disagreement: disagreement)
    }

    /// The largest crossing angle (0–90°) between any two azimuths.
    public static func bestCrossingAngle(_ azimuths: [Double]) -> Double {
        var best = 0.0
        for i in azimuths.indices {
            for j in azimuths.indices where j > i {
                var d = abs(azimuths[i] - azimuths[j]).truncatingRemainder(dividingBy: 180)
                if d > 90 { d = 180 - d }
                best = max(best, d)
            }
        }
        return best
    }
}
