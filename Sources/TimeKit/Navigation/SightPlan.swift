import Foundation

/// The bodies well placed for a fix at a civil twilight: altitude 15°–70°
/// (the Moon's topocentric), bright, and a suggested set spread in azimuth.
///
/// Where there is no civil twilight (issue 32 item 7) the plan says why and
/// still plans: in polar night at the Sun's highest of the day (stars are up
/// all day, and the horizon is lightest then), in a day of twilight without
/// sunrise at the Sun's lowest (the darkest sky that still has a horizon);
/// in polar day it has no bodies, only Sun lines.
public struct SightPlan: Equatable, Sendable {
    public enum Twilight: String, Equatable, Sendable {
        case morning, evening
        /// The Sun never up to −6°: planned at its highest.
        case polarNight
        /// The Sun between −6° and the horizon all day: planned at its lowest.
        case allDayTwilight
        /// The Sun never down to −6°: no star plan.
        case polarDay
    }

    public struct Candidate: Equatable, Sendable {
        public var body: CelestialBody
        /// Seen from the surface (the Moon's parallax taken off), degrees.
        public var altitudeDegrees: Double
        public var azimuthDegrees: Double
        public var magnitude: Double
        /// In the suggested set of up to four bodies spread around the horizon.
        public var suggested: Bool
        /// 1 for the first chosen of the suggested set (brightness weighed
        /// with spread), nil outside it.
        public var rank: Int?
    }

    public var twilight: Twilight
    public var unixSeconds: Double
    /// Brightest first.
    public var candidates: [Candidate]
    /// The Sun's lowest and highest geometric altitudes over the 24 hours
    /// searched, when no civil twilight was found in 48 hours.
    public var sunRangeDegrees: ClosedRange<Double>?

    /// The Sun's centre at −6° (geometric, from `position`) is civil twilight.
    public static let civilTwilightAltitudeDegrees = -6.0

    /// True when there is no civil twilight (polar night, a day of
    /// twilight, polar day): `sunRangeDegrees` then says why. The sentence
    /// itself lives in the catalog (`CommandMessage.planPolar`), one source
    /// for the text, the JSON `polar` field and every language.
    public var isPolar: Bool {
        sunRangeDegrees != nil && twilight != .morning && twilight != .evening
    }

    /// The plan for the first civil twilight after `unixSeconds` at
    /// `position`, or, when there is none in 48 hours, the polar plan.
    public static func next(after unixSeconds: Double, at position: GeoPosition, almanac: Almanac) throws -> SightPlan {
        func sunAltitude(_ t: Double) throws -> Double {
            let sun = try almanac.entry(for: .sun, atUnixSeconds: t)
            return SightReduction.altitudeAndAzimuth(ghaDegrees: sun.ghaDegrees, decDegrees: sun.decDegrees,
                                                     from: position).altitudeDegrees - civilTwilightAltitudeDegrees
        }
        let step = 600.0
        var t0 = unixSeconds
        var a0 = try sunAltitude(t0)
        var samples = [(t0, a0)]
        while t0 < unixSeconds + 48 * 3600 {
            let t1 = t0 + step
            let a1 = try sunAltitude(t1)
            samples.append((t1, a1))
            if (a0 < 0) != (a1 < 0) {
                var lo = t0, hi = t1, alo = a0
                for _ in 0..<30 {
                    let mid = (lo + hi) / 2
                    let am = try sunAltitude(mid)
                    if (am < 0) == (alo < 0) { lo = mid; alo = am } else { hi = mid }
                }
                let twilight: Twilight = a1 > a0 ? .morning : .evening
                return try plan(at: (lo + hi) / 2, twilight: twilight, position: position, almanac: almanac)
            }
            t0 = t1; a0 = a1
        }
        // No twilight: the first day's extreme says when to plan.
        let day = samples.filter { $0.0 <= unixSeconds + 86400 }
        guard let low = day.min(by: { $0.1 < $1.1 }), let high = day.max(by: { $0.1 < $1.1 }) else {
            throw FixError(field: "sight plan", problem: "no Sun altitudes were sampled; give another --at")
        }
        let range = (low.1 + civilTwilightAltitudeDegrees)...(high.1 + civilTwilightAltitudeDegrees)
        var result: SightPlan
        if range.upperBound < civilTwilightAltitudeDegrees {
            result = try plan(at: high.0, twilight: .polarNight, position: position, almanac: almanac)
        } else if range.upperBound < SunriseSunset.horizonAltitudeDegrees {
            result = try plan(at: low.0, twilight: .allDayTwilight, position: position, almanac: almanac)
        } else {
            result = SightPlan(twilight: .polarDay, unixSeconds: low.0, candidates: [])
        }
        result.sunRangeDegrees = range
        return result
    }

    /// The candidates at `unixSeconds`: bodies other than the Sun at 15°–70°
    /// seen from the surface, brightest first, up to four suggested.
    public static func plan(at unixSeconds: Double, twilight: Twilight, position: GeoPosition,
                            almanac: Almanac) throws -> SightPlan {
        let now = try almanac.instant(atUnixSeconds: unixSeconds)
        var candidates = try almanac.bodies.filter { $0 != .sun }.compactMap { body -> Candidate? in
            let e = try almanac.entry(for: body, at: now)
            let (h, zn) = SightReduction.topocentricAltitudeAndAzimuth(e, from: position)
            guard h >= 15, h <= 70 else { return nil }
            return Candidate(body: body, altitudeDegrees: h, azimuthDegrees: zn, magnitude: e.magnitude, suggested: false)
        }.sorted { $0.magnitude < $1.magnitude }
        // Greedy spread: the brightest, then each time the body that best
        // weighs its azimuth gap to those chosen (degrees) against its
        // magnitude (5° of gap per magnitude).
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
        for (rank, i) in chosen.enumerated() {
            candidates[i].suggested = true
            candidates[i].rank = rank + 1
        }
        return SightPlan(twilight: twilight, unixSeconds: unixSeconds, candidates: candidates)
    }
}
