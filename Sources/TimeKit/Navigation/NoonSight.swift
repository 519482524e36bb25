import Foundation

/// Local apparent noon: when the Sun crosses the meridian of a moving ship,
/// and the latitude and longitude a run of Sun sights around it gives.
///
/// The run is fitted, not read for its largest altitude: the unknowns are
/// the ship's latitude and longitude at the run's mean instant, every sight
/// is the Sun's altitude seen from the ship moved by its course and speed to
/// the sight's instant (so the run toward or away from the Sun and the
/// change of declination are in the model, not corrected by hand), and the
/// best pair in least squares gives the curve. Its top is the meridian
/// passage of that ship: the time (→ longitude) and the meridian altitude
/// (→ latitude), each with the standard error the sights' scatter supports.
public enum NoonSight {
    /// The Sun's upper meridian passage at the ship.
    public struct Passage: Equatable, Sendable {
        public var unixSeconds: Double
        /// The ship's DR at that instant.
        public var position: GeoPosition
        /// The Sun's centre's true altitude there and then, degrees (what Ho
        /// of the centre will be at noon if the DR is right); negative below
        /// the horizon (polar night).
        public var altitudeDegrees: Double
        /// 180 when the Sun culminates to the south, 0 to the north.
        public var azimuthDegrees: Double
    }

    /// What a fitted run of sights says.
    public struct Result: Equatable, Sendable {
        public var maxUnixSeconds: Double
        /// The fitted maximum Ho, degrees.
        public var maxAltitudeDegrees: Double
        /// The ship's position at the time of the maximum.
        public var position: GeoPosition
        /// Standard errors from the fit's scatter; nil with three sights
        /// (an exact fit says nothing of its error).
        public var timeUncertaintySeconds: Double?
        public var latitudeUncertaintyArcminutes: Double?
        public var longitudeUncertaintyArcminutes: Double?
        /// Root-mean-square of the fit's residuals, arcminutes.
        public var rmsResidualArcminutes: Double
        public var sightCount: Int
    }

    /// The ship moves `courseDegrees`/`speedKnots` and is at `deadReckoning`
    /// at `drUnixSeconds`; the passage is the one nearest `nearUnixSeconds`.
    /// Solved by iteration on the Sun's local hour angle; throws `FixError`
    /// when it does not converge (it does, to a millisecond, in 4–5 steps).
    public static func meridianPassage(almanac: Almanac, deadReckoning: GeoPosition, drUnixSeconds: Double,
                                       courseDegrees: Double, speedKnots: Double,
                                       nearUnixSeconds: Double) throws -> Passage {
        let ship = FixSolver(almanac: almanac, courseDegrees: courseDegrees, speedKnots: speedKnots)
        var t = nearUnixSeconds
        for _ in 0..<20 {
            let p = ship.position(deadReckoning, at: drUnixSeconds, movedTo: t)
            let sun = try almanac.entry(for: .sun, atUnixSeconds: t)
            // LHA in −180…180; the Sun's hour angle grows ~15° an hour, less
            // what the ship makes good to the east.
            var lha = (sun.ghaDegrees + p.longitudeDegrees).truncatingRemainder(dividingBy: 360)
            if lha > 180 { lha -= 360 } else if lha < -180 { lha += 360 }
            let eastKnots = speedKnots * sin(courseDegrees * .pi / 180)
            let degreesPerSecond = (360.0 / 86400) + eastKnots / 3600 / (60 * max(cos(p.latitudeDegrees * .pi / 180), 1e-6))
            let step = -lha / degreesPerSecond
            t += step
            if abs(step) < 0.001 {
                let at = ship.position(deadReckoning, at: drUnixSeconds, movedTo: t)
                let entry = try almanac.entry(for: .sun, atUnixSeconds: t)
                let (h, zn) = SightReduction.altitudeAndAzimuth(ghaDegrees: entry.ghaDegrees, decDegrees: entry.decDegrees, from: at)
                return Passage(unixSeconds: t, position: at, altitudeDegrees: h, azimuthDegrees: zn > 90 && zn < 270 ? 180 : 0)
            }
        }
        throw FixError(field: "meridian passage", problem: "the Sun's hour angle did not settle at the DR; check the DR, course and speed")
    }

    /// Fits `sights` (all of the Sun, reduced with `solver`'s corrections,
    /// course and speed) with the DR `deadReckoning` at `drUnixSeconds`.
    /// Throws `FixError` when the run does not bracket the meridian passage,
    /// is too short, does not converge, mixes bodies, or lands far from the DR.
    public static func fit(_ sights: [Sight], solver: FixSolver, deadReckoning: GeoPosition,
                           drUnixSeconds: Double) throws -> Result {
        guard sights.count >= 3 else {
            throw FixError(field: "sights", problem: "a noon curve needs at least three Sun sights around the meridian passage; \(sights.count) given")
        }
        if let other = sights.first(where: { $0.body != .sun }) {
            throw FixError(field: "sights", problem: "\(other.bodyText) is not the Sun; a noon sight is a run of Sun sights")
        }
        let times = sights.map(\.unixSeconds)
        let span = (times.max() ?? 0) - (times.min() ?? 0)
        guard span >= 240 else {
            throw FixError(field: "sights", problem: String(format: "the sights span %.1f minutes; take them over at least 4 minutes "
                                                            + "(10–30 around the meridian passage is usual)", span / 60))
        }
        let reference = times.reduce(0, +) / Double(times.count)
        let observed = try sights.map { sight -> (gha: Double, dec: Double, ho: Double, t: Double) in
            let e = try solver.almanac.entry(for: .sun, atUnixSeconds: sight.unixSeconds)
            let ho = SightReduction.observedAltitudeDegrees(sextantAltitudeDegrees: sight.sextantAltitudeDegrees, limb: sight.limb,
                                                            entry: e, corrections: solver.corrections,
                                                            from: solver.position(deadReckoning, at: drUnixSeconds,
                                                                                  movedTo: sight.unixSeconds))
            return (e.ghaDegrees, e.decDegrees, ho, sight.unixSeconds)
        }
        // The model: sight i is the Sun's altitude at its instant from the
        // ship, which is at (φ, λ) at the reference instant and moves on
        // the course and speed. Unknowns φ, λ; Gauss–Newton with numerical
        // partials (the almanac is read once per sight).
        func residuals(_ p: GeoPosition) -> [Double] {
            observed.map { o in
                let at = solver.position(p, at: reference, movedTo: o.t)
                return (o.ho - SightReduction.altitudeAndAzimuth(ghaDegrees: o.gha, decDegrees: o.dec, from: at).altitudeDegrees) * 60
            }
        }
        var p = solver.position(deadReckoning, at: drUnixSeconds, movedTo: reference)
        var converged = false
        var normal = [[0.0, 0.0], [0.0, 0.0]]
        for _ in 0..<30 {
            let r0 = residuals(p)
            let h = 1e-4  // degrees
            let north = residuals(GeoPosition(wrappingLatitude: p.latitudeDegrees + h, longitude: p.longitudeDegrees))
            let east = residuals(GeoPosition(wrappingLatitude: p.latitudeDegrees, longitude: p.longitudeDegrees + h))
            // Columns: ∂(Hc)/∂φ and ∂(Hc)/∂λ in arcminutes per arcminute.
            let jn = zip(r0, north).map { ($0 - $1) / (h * 60) }
            let je = zip(r0, east).map { ($0 - $1) / (h * 60) }
            normal = [[dot(jn, jn), dot(jn, je)], [dot(jn, je), dot(je, je)]]
            let det = normal[0][0] * normal[1][1] - normal[0][1] * normal[1][0]
            guard det > 1e-9 * max(normal[0][0] * normal[1][1], 1e-30) else {
                throw FixError(field: "sights", problem: "the sights cannot tell latitude from longitude (the run is too short or "
                               + "too far from noon); take sights from before to after the meridian passage")
            }
            let (gn, ge) = (dot(jn, r0), dot(je, r0))
            let dLat = (normal[1][1] * gn - normal[0][1] * ge) / det
            let dLon = (normal[0][0] * ge - normal[1][0] * gn) / det
            p = GeoPosition(wrappingLatitude: p.latitudeDegrees + dLat / 60, longitude: p.longitudeDegrees + dLon / 60)
            if abs(dLat) < 1e-5 && abs(dLon) < 1e-5 { converged = true; break }
        }
        guard converged else {
            throw FixError(field: "sights", problem: "the noon curve did not converge; check the sights' times and altitudes")
        }
        let final = residuals(p)
        let ssr = final.reduce(0) { $0 + $1 * $1 }
        let rms = (ssr / Double(final.count)).squareRoot()
        guard rms <= CelestialFix.disagreementNauticalMiles else {
            throw FixError(field: "sights", problem: String(format: "the sights scatter %.1f′ (rms) about the best noon curve, more than "
                                                            + "sextant error; check each sight's time and altitude", rms))
        }
        // The meridian passage of the fitted ship, and the Sun's altitude then.
        let passage = try meridianPassage(almanac: solver.almanac, deadReckoning: p, drUnixSeconds: reference,
                                          courseDegrees: solver.courseDegrees, speedKnots: solver.speedKnots,
                                          nearUnixSeconds: reference)
        guard times.contains(where: { $0 < passage.unixSeconds }), times.contains(where: { $0 > passage.unixSeconds }) else {
            throw FixError(field: "sights", problem: "every sight is on one side of the meridian passage (\(ISOInstant.milliseconds(unixMilliseconds: Int64(passage.unixSeconds * 1000)))); "
                           + "take sights from before to after it")
        }
        var latError: Double?, lonError: Double?
        if final.count > 2 {
            let s2 = ssr / Double(final.count - 2)
            let det = normal[0][0] * normal[1][1] - normal[0][1] * normal[1][0]
            latError = (s2 * normal[1][1] / det).squareRoot()
            lonError = (s2 * normal[0][0] / det).squareRoot()
        }
        let (miles, _) = solver.position(deadReckoning, at: drUnixSeconds, movedTo: passage.unixSeconds)
            .distanceAndBearing(to: passage.position)
        guard miles <= CelestialFix.farFromDeadReckoningNauticalMiles else {
            throw FixError(field: "sights", problem: String(format: "the noon position is %.0f nm from the DR; check the sights' times and "
                                                            + "altitudes, the date and the DR", miles))
        }
        // λ error in minutes of arc of longitude; the passage moves 4 s of time per minute of arc.
        return Result(maxUnixSeconds: passage.unixSeconds, maxAltitudeDegrees: passage.altitudeDegrees, position: passage.position,
                      timeUncertaintySeconds: lonError.map { $0 * 4 }, latitudeUncertaintyArcminutes: latError,
                      longitudeUncertaintyArcminutes: lonError, rmsResidualArcminutes: rms, sightCount: sights.count)
    }

    static func dot(_ a: [Double], _ b: [Double]) -> Double { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }
}
