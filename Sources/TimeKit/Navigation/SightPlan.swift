import Foundation

/// The bodies well placed for a fix at the next civil twilight: altitude
/// 15°–70°, bright, and a suggested set spread in azimuth.
public struct SightPlan: Equatable, Sendable {
    public enum Twilight: String, Equatable, Sendable { case morning, evening }

    public struct Candidate: Equatable, Sendable {
        public var body: CelestialBody
        public var altitudeDegrees: Double
        public var azimuthDegrees: Double
        public var magnitude: Double
        /// In the suggested set of up to four bodies spread around the horizon.
        public var suggested: Bool
    }

    public var twilight: Twilight
    public var unixSeconds: Double
    /// Brightest first.
    public var candidates: [Candidate]

    /// The Sun's centre at −6° (geometric, from `position`) is civil twilight.
    public static let civilTwilightAltitudeDegrees = -6.0

    /// No civil twilight in 48 hours, and why: the Sun's lowest and highest
    /// geometric altitudes over them say which sights are left.
    public struct NoTwilight: Error, Equatable, CustomStringConvertible {
        public var lowestSunDegrees: Double
        public var highestSunDegrees: Double

        public var description: String {
            let range = String(format: "the Sun stays between %.1f° and %.1f°", lowestSunDegrees, highestSunDegrees)
            if highestSunDegrees < civilTwilightAltitudeDegrees {
                return "no civil twilight in the next 48 hours at this position: polar night (\(range), never up to "
                    + "−6°): no Sun sight and no twilight horizon for stars; only the Moon or stars over a horizon "
                    + "lit by the Moon are left"
            }
            if highestSunDegrees > 0 {
                return "no civil twilight in the next 48 hours at this position: polar day (\(range), never down to "
                    + "−6°): no twilight for stars; plan Sun sights (and the Moon or Venus when they are up)"
            }
            return "no civil twilight in the next 48 hours at this position: \(range), in twilight all day without "
                + "rising; bright stars and planets may be taken whenever the horizon is clear"
        }
    }

    /// The plan for the first civil twilight after `unixSeconds` at `position`.
    public static func next(after unixSeconds: Double, at position: GeoPosition, almanac: Almanac) throws -> SightPlan {
        func sunAltitude(_ t: Double) throws -> Double {
            let sun = try almanac.entry(for: .sun, atUnixSeconds: t)
            return SightReduction.altitudeAndAzimuth(ghaDegrees: sun.ghaDegrees, decDegrees: sun.decDegrees,
                                                     from: position).altitudeDegrees - civilTwilightAltitudeDegrees
        }
        let step = 600.0
        var t0 = unixSeconds
        var a0 = try sunAltitude(t0)
        var found: (Double, Twilight)?
        var lowest = a0, highest = a0
        while t0 < unixSeconds + 48 * 3600 {
            let t1 = t0 + step
            let a1 = try sunAltitude(t1)
            lowest = min(lowest, a1)
            highest = max(highest, a1)
            if (a0 < 0) != (a1 < 0) {
                var lo = t0, hi = t1, alo = a0
                for _ in 0..<30 {
                    let mid = (lo + hi) / 2
                    let am = try sunAltitude(mid)
                    if (am < 0) == (alo < 0) { lo = mid; alo = am } else { hi = mid }
                }
                found = ((lo + hi) / 2, a1 > a0 ? .morning : .evening)
                break
            }
            t0 = t1; a0 = a1
        }
        guard let (time, twilight) = found else {
            throw NoTwilight(lowestSunDegrees: lowest + civilTwilightAltitudeDegrees,
                             highestSunDegrees: highest + civilTwilightAltitudeDegrees)
        }
        let now = try almanac.instant(atUnixSeconds: time)
        var candidates = try almanac.bodies.filter { $0 != .sun }.compactMap { body -> Candidate? in
            let e = try almanac.entry(for: body, at: now)
            let (h, zn) = SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees,
                                                            from: position)
            guard h >= 15, h <= 70 else { return nil }
            return Candidate(body: body, altitudeDegrees: h, azimuthDegrees: zn, magnitude: e.magnitude, suggested: false)
        }.sorted { $0.magnitude < $1.magnitude }
        // Greedy spread: the brightest, then each time the body farthest in
        // azimuth from those already chosen (among the brighter half first).
        var chosen: [Int] = []
        if !candidates.isEmpty { chosen.append(0) }
        while chosen.count < min(4, candidates.count) {
            func gap(_ i: Int) -> Double {
                chosen.map { j -> Double in
                    let d = abs(candidates[i].azimuthDegrees - candidates[j].azimuthDegrees).truncatingRemainder(dividingBy: 360)
                    return min(d, 360 - d)
                }.min() ?? 360
            }
            let pool = candidates.indices.filter { !chosen.contains($0) }
            guard let best = pool.max(by: { gap($0) - candidates[$0].magnitude * 5 < gap($1) - candidates[$1].magnitude * 5 })
            else { break }
            chosen.append(best)
        }
        for i in chosen { candidates[i].suggested = true }
        return SightPlan(twilight: twilight, unixSeconds: time, candidates: candidates)
    }
}
