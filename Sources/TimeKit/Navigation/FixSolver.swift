import Foundation

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

    /// Each sight's Ho, the parallax worked from `deadReckoning` (the DR at
    /// `fixUnixSeconds`) moved back to the sight's instant.
    func prepare(_ sights: [Sight], deadReckoning: GeoPosition, fixUnixSeconds: Double) throws -> [Prepared] {
        try sights.enumerated().map { index, sight in
            let field = "sight \(index + 1) (\(sight.bodyText))"
            guard sight.sextantAltitudeDegrees > 0, sight.sextantAltitudeDegrees < 90 else {
                throw FixError(field: field, problem: "Hs \(sight.sextantAltitudeDegrees)° is outside 0°–90°")
            }
            let entry = try almanac.entry(for: sight.body, atUnixSeconds: sight.unixSeconds)
            let ho = SightReduction.observedAltitudeDegrees(sextantAltitudeDegrees: sight.sextantAltitudeDegrees,
                                                            limb: sight.limb, entry: entry, corrections: corrections,
                                                            from: position(deadReckoning, at: fixUnixSeconds,
                                                                           movedTo: sight.unixSeconds))
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
        try prepare(sights, deadReckoning: deadReckoning, fixUnixSeconds: fixUnixSeconds).map { reduce($0, from: deadReckoning, fixUnixSeconds: fixUnixSeconds) }
    }

    /// The least-squares fix at `fixUnixSeconds`, starting from the DR.
    ///
    /// Throws `FixError` for sights that cannot be worked (too few, a body
    /// below the horizon, a fix time too far from a sight) and
    /// `FixRefusal` for sights that make no fix (lines that do not cross,
    /// no convergence, residuals beyond sextant error, far from the DR).
    public func fix(_ sights: [Sight], deadReckoning: GeoPosition, fixUnixSeconds: Double) throws -> CelestialFix {
        guard sights.count >= 2 else {
            throw FixError(field: "sights", problem: "a fix needs at least two sights; \(sights.count) given")
        }
        for (index, sight) in sights.enumerated()
        where abs(sight.unixSeconds - fixUnixSeconds) > CelestialFix.longestRunSeconds {
            throw FixError(field: "fix time", problem: String(
                format: "it is %.1f hours from sight %d (%@); a running fix carries sights at most %.0f hours: "
                    + "give a fix time within the sights' span", abs(sight.unixSeconds - fixUnixSeconds) / 3600,
                index + 1, sight.bodyText, CelestialFix.longestRunSeconds / 3600))
        }
        let prepared = try prepare(sights, deadReckoning: deadReckoning, fixUnixSeconds: fixUnixSeconds)
        let fromDR = prepared.map { reduce($0, from: deadReckoning, fixUnixSeconds: fixUnixSeconds) }
        for (index, reduced) in fromDR.enumerated() where reduced.computedAltitudeDegrees < -1 {
            throw FixError(field: "sight \(index + 1) (\(reduced.sight.bodyText))",
                           problem: String(format: "the body is below the horizon at that time from the DR "
                                + "(computed altitude %.1f°); check the body name, the time and the DR",
                                reduced.computedAltitudeDegrees))
        }
        let bodies = sights.map(\.bodyText)
        let cutAtDR = Self.bestCrossingAngle(fromDR.map(\.azimuthDegrees))
        guard cutAtDR >= CelestialFix.smallestCrossingDegrees else {
            throw FixRefusal(reason: .poorCut(degrees: cutAtDR), bodies: bodies)
        }
        // Two circles of equal altitude that never meet have no crossing to
        // find, however the least squares wander (once: the North Pole).
        let gap = prepared.count == 2 ? circleGap(prepared, fixUnixSeconds: fixUnixSeconds) : nil
        let solution = gap.map { $0 > 0.05 } == true ? nil : solve(prepared, from: deadReckoning, fixUnixSeconds: fixUnixSeconds)
        func refuse(_ reason: FixRefusal.Reason, sightsAgree: Bool = false) -> FixRefusal {
            var refusal = sightsAgree ? FixRefusal(reason: reason, bodies: bodies)
                : blame(reason, prepared, deadReckoning: deadReckoning, fixUnixSeconds: fixUnixSeconds)
            if let solution, abs(solution.position.latitudeDegrees) < 89.9 {
                let (d, b) = deadReckoning.distanceAndBearing(to: solution.position)
                refusal.fromDeadReckoningNauticalMiles = d
                refusal.fromDeadReckoningBearingDegrees = b
            }
            return refusal
        }
        guard let solution else {
            if let gap, gap > 0.05 { throw refuse(.circlesDoNotMeet(gapNauticalMiles: gap)) }
            throw refuse(.didNotConverge)
        }
        let worst = solution.reduced.map { abs($0.interceptNauticalMiles) }.max() ?? 0
        if worst > CelestialFix.disagreementNauticalMiles {
            if prepared.count == 2 { throw refuse(.circlesDoNotMeet(gapNauticalMiles: worst)) }
            throw refuse(.sightsDisagree(worstResidualNauticalMiles: worst))
        }
        let (distance, bearing) = deadReckoning.distanceAndBearing(to: solution.position)
        if distance > CelestialFix.farFromDeadReckoningNauticalMiles {
            throw refuse(.farFromDeadReckoning, sightsAgree: prepared.count >= 3)
        }
        // The lines cross at other angles where they meet than at the DR.
        let cut = Self.bestCrossingAngle(solution.reduced.map(\.azimuthDegrees))
        guard cut >= CelestialFix.smallestCrossingDegrees else {
            throw FixRefusal(reason: .poorCut(degrees: cut), bodies: bodies)
        }
        var fix = summarize(position: solution.position, reduced: solution.reduced, fromDR: fromDR, crossing: cut,
                            fixUnixSeconds: fixUnixSeconds)
        fix.fromDeadReckoningNauticalMiles = distance
        fix.fromDeadReckoningBearingDegrees = bearing
        fix.clockDoubt = Self.clockDoubt(sights, latitudeDegrees: solution.position.latitudeDegrees)
        return fix
    }

    /// Gauss–Newton from `start`: each line of position is Ho − Hc(P moved
    /// to the sight's time) = 0, linearised with ∂Hc/∂north = cos Zn and
    /// ∂Hc/∂east = sin Zn per mile, until the step is under 0.0001 nm.
    /// nil when it does not settle in 30 steps, runs toward a pole or
    /// steps farther than a quarter of the Earth.
    func solve(_ prepared: [Prepared], from start: GeoPosition,
               fixUnixSeconds: Double) -> (position: GeoPosition, reduced: [ReducedSight])? {
        var position = start
        var reduced = prepared.map { reduce($0, from: position, fixUnixSeconds: fixUnixSeconds) }
        for _ in 0..<30 {
            var ann = 0.0, ane = 0.0, aee = 0.0, bn = 0.0, be = 0.0
            for r in reduced {
                let n = cos(r.azimuthDegrees * .pi / 180), e = sin(r.azimuthDegrees * .pi / 180)
                ann += n * n; ane += n * e; aee += e * e
                bn += n * r.interceptNauticalMiles; be += e * r.interceptNauticalMiles
            }
            let det = ann * aee - ane * ane
            guard abs(det) > 1e-9 else { return nil }
            let dn = (aee * bn - ane * be) / det
            let de = (ann * be - ane * bn) / det
            let step = (dn * dn + de * de).squareRoot()
            guard step.isFinite, step < 5400 else { return nil }
            position = position.offset(northNauticalMiles: dn, eastNauticalMiles: de)
            guard abs(position.latitudeDegrees) < 89.9 else { return nil }
            reduced = prepared.map { reduce($0, from: position, fixUnixSeconds: fixUnixSeconds) }
            if step < 1e-4 { return (position, reduced) }
        }
        return nil
    }

    /// How far apart two circles of equal altitude stay, nm (≤ 0 when they
    /// meet): each circle is centred on the body's geographical position
    /// (moved with the ship to the fix time) with radius 90° − Ho.
    func circleGap(_ prepared: [Prepared], fixUnixSeconds: Double) -> Double? {
        let circles = prepared.compactMap { p -> (centre: GeoPosition, radius: Double)? in
            let gp = GeoPosition(wrappingLatitude: p.entry.decDegrees, longitude: -p.entry.ghaDegrees)
            // The circle moves with the ship from the sight's time to the fix time.
            let hours = (fixUnixSeconds - p.sight.unixSeconds) / 3600
            let moved = speedKnots == 0 || hours == 0 ? gp
                : gp.sailing(courseDegrees: courseDegrees, distanceNauticalMiles: speedKnots * hours)
            return (moved, (90 - p.observedAltitudeDegrees) * 60)
        }
        guard circles.count == 2 else { return nil }
        let d = circles[0].centre.distanceAndBearing(to: circles[1].centre).nauticalMiles
        let (r1, r2) = (circles[0].radius, circles[1].radius)
        return max(d - (r1 + r2), abs(r1 - r2) - d)
    }

    static func clockDoubt(_ sights: [Sight], latitudeDegrees: Double) -> ClockDoubt? {
        let unsynced = sights.indices.filter { sights[$0].unsynchronizedClockErrorSeconds != nil }
        guard !unsynced.isEmpty else { return nil }
        let seconds = unsynced.compactMap { sights[$0].unsynchronizedClockErrorSeconds }.max() ?? 0
        return ClockDoubt(sightIndices: unsynced, seconds: seconds, latitudeDegrees: latitudeDegrees)
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
        return CelestialFix(position: position, unixSeconds: fixUnixSeconds, sights: reduced, fromDeadReckoning: fromDR,
                            rmsResidualNauticalMiles: rms, ellipse: ellipse, bestCrossingAngleDegrees: crossing,
                            fromDeadReckoningNauticalMiles: 0, fromDeadReckoningBearingDegrees: 0, clockDoubt: nil)
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
