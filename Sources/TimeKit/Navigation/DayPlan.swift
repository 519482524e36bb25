import Foundation

/// A navigator's day at a position (issue 32 item 7): twilights, sunrise and
/// sunset, moonrise and moonset, the Sun's meridian passage, the daytime
/// chances of a two-body fix with the Sun, and the star plans at the day's
/// twilights.
///
/// The day is SunriseSunset's: the mean solar day at the position's
/// longitude holding the instant. Sun events use the Sun's geometric
/// altitude (centre at −12°, −6°, −0.833°); moonrise and moonset put the
/// Moon's upper limb on the horizon with 34′ of refraction, seen from the
/// surface (parallax on the WGS-84 ellipsoid, semi-diameter augmented).
/// Found by sampling every 10 minutes and bisecting a sign change to under
/// a millisecond: an event pair less than 10 minutes apart (a graze) can
/// be missed.
public struct DayPlan: Equatable, Sendable {
    public enum Event: String, CaseIterable, Equatable, Sendable {
        case morningNauticalTwilight, morningCivilTwilight, sunrise, meridianPassage, sunset
        case eveningCivilTwilight, eveningNauticalTwilight, moonrise, moonset

        /// The words the CLI prints.
        public var text: String {
            switch self {
            case .morningNauticalTwilight: "morning nautical twilight (Sun −12°)"
            case .morningCivilTwilight: "morning civil twilight (Sun −6°)"
            case .sunrise: "sunrise"
            case .meridianPassage: "Sun's meridian passage (noon)"
            case .sunset: "sunset"
            case .eveningCivilTwilight: "evening civil twilight (Sun −6°)"
            case .eveningNauticalTwilight: "evening nautical twilight (Sun −12°)"
            case .moonrise: "moonrise"
            case .moonset: "moonset"
            }
        }
    }

    public struct TimedEvent: Equatable, Sendable {
        public var event: Event
        public var unixSeconds: Double
    }

    /// A span of the day in which the Sun and `body` are both at least
    /// `DayPlan.lowestAltitudeDegrees` up and 45°–135° apart in azimuth:
    /// two lines that cut well, a fix by day.
    public struct Opportunity: Equatable, Sendable {
        public var body: CelestialBody
        public var startUnixSeconds: Double
        public var endUnixSeconds: Double
        /// The sample nearest 90° apart.
        public var bestUnixSeconds: Double
        public var sunAzimuthDegrees: Double
        public var bodyAzimuthDegrees: Double
        public var sunAltitudeDegrees: Double
        public var bodyAltitudeDegrees: Double
        public var azimuthDifferenceDegrees: Double
    }

    /// Both bodies this high (degrees) for a daytime fix: refraction is
    /// small and the Moon or Venus stands clear of the horizon haze.
    public static let lowestAltitudeDegrees = 10.0
    /// Lines crossing at less than this (or more than 180° less it) cut badly.
    public static let smallestCutDegrees = 45.0
    static let stepSeconds = 600.0

    /// `dayStart ..< dayStart + 86400`, Unix seconds.
    public var dayStartUnixSeconds: Double
    /// In time order; an event that does not happen that day is absent.
    public var events: [TimedEvent]
    public var opportunities: [Opportunity]
    /// The star plans of the day: at morning and evening civil twilight, or
    /// the one polar plan (its `sunRangeDegrees` says why).
    public var twilights: [SightPlan]
    public var sunLowestDegrees: Double
    public var sunHighestDegrees: Double

    public func time(of event: Event) -> Double? { events.first { $0.event == event }?.unixSeconds }

    /// The plan for the mean solar day holding `unixSeconds` at `position`.
    public static func day(containing unixSeconds: Double, at position: GeoPosition, almanac: Almanac) throws -> DayPlan {
        let start = SunriseSunset.dayStart(containing: unixSeconds, longitudeDegrees: position.longitudeDegrees)
        let times = stride(from: start, through: start + 86400, by: stepSeconds).map { $0 }
        func sky(_ body: CelestialBody, _ t: Double) throws -> (h: Double, zn: Double, entry: AlmanacEntry) {
            let e = try almanac.entry(for: body, atUnixSeconds: t)
            let (h, zn) = body == .sun
                ? SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: position)
                : SightReduction.topocentricAltitudeAndAzimuth(e, from: position)
            return (h, zn, e)
        }
        let sun = try times.map { try sky(.sun, $0) }
        let moon = try times.map { try sky(.moon, $0) }
        let venus = try times.map { try sky(.venus, $0) }

        var events: [TimedEvent] = []
        let sunLevels: [(Double, Event, Event)] = [(-12, .morningNauticalTwilight, .eveningNauticalTwilight),
                                                   (SightPlan.civilTwilightAltitudeDegrees, .morningCivilTwilight, .eveningCivilTwilight),
                                                   (SunriseSunset.horizonAltitudeDegrees, .sunrise, .sunset)]
        for (level, rise, set) in sunLevels {
            events += try crossings(times, sun.map { $0.h - level }) { try sky(.sun, $0).h - level }
                .firstOfEach(rising: rise, setting: set)
        }
        func moonLimb(_ s: (h: Double, zn: Double, entry: AlmanacEntry)) -> Double {
            // Upper limb with 34′ of refraction: the centre's altitude plus the
            // semi-diameter seen from the surface.
            let hp = s.entry.horizontalParallaxArcminutes ?? 0
            let parallax = ObserverParallax(latitudeDegrees: position.latitudeDegrees, azimuthDegrees: s.zn,
                                            horizontalParallaxArcminutes: hp)
            let sinSD = Almanac.moonRadiusInEarthRadii / parallax.distanceEquatorialRadii
                * parallax.distanceRatio(topocentricAltitudeDegrees: s.h)
            return s.h + asin(min(1, sinSD)) * 180 / .pi + 34.0 / 60
        }
        events += try crossings(times, moon.map(moonLimb)) { try moonLimb(sky(.moon, $0)) }
            .firstOfEach(rising: .moonrise, setting: .moonset)
        let passage = try NoonSight.meridianPassage(almanac: almanac, deadReckoning: position, drUnixSeconds: start + 43200,
                                                    courseDegrees: 0, speedKnots: 0, nearUnixSeconds: start + 43200)
        if passage.unixSeconds >= start, passage.unixSeconds < start + 86400 {
            events.append(TimedEvent(event: .meridianPassage, unixSeconds: passage.unixSeconds))
        }
        events.sort { $0.unixSeconds < $1.unixSeconds }

        let opportunities = opportunitiesWithSun(times: times, sun: sun.map { ($0.h, $0.zn) },
                                                 bodies: [(.moon, moon.map { ($0.h, $0.zn) }),
                                                          (.venus, venus.map { ($0.h, $0.zn) })])
        let lowest = sun.map(\.h).min() ?? 0, highest = sun.map(\.h).max() ?? 0
        var twilights: [SightPlan] = []
        for (event, kind) in [(Event.morningCivilTwilight, SightPlan.Twilight.morning), (.eveningCivilTwilight, .evening)] {
            if let t = events.first(where: { $0.event == event })?.unixSeconds {
                twilights.append(try SightPlan.plan(at: t, twilight: kind, position: position, almanac: almanac))
            }
        }
        if twilights.isEmpty {
            twilights.append(try SightPlan.next(after: start, at: position, almanac: almanac))
        }
        return DayPlan(dayStartUnixSeconds: start, events: events, opportunities: opportunities, twilights: twilights,
                       sunLowestDegrees: lowest, sunHighestDegrees: highest)
    }

    /// Sign changes of sampled `values` at `times`, each bisected with `f`
    /// to under a millisecond: (instant, rising).
    static func crossings(_ times: [Double], _ values: [Double],
                          _ f: (Double) throws -> Double) throws -> [(Double, Bool)] {
        var out: [(Double, Bool)] = []
        for i in 0..<(times.count - 1) where (values[i] < 0) != (values[i + 1] < 0) {
            var lo = times[i], hi = times[i + 1], vlo = values[i]
            for _ in 0..<20 {   // 600 s / 2^20 ≈ 0.6 ms
                let mid = (lo + hi) / 2
                let v = try f(mid)
                if (v < 0) == (vlo < 0) { lo = mid; vlo = v } else { hi = mid }
            }
            out.append(((lo + hi) / 2, values[i + 1] > values[i]))
        }
        return out
    }

    /// Runs of samples where the Sun and a body are both up and cut well.
    static func opportunitiesWithSun(times: [Double], sun: [(h: Double, zn: Double)],
                                     bodies: [(CelestialBody, [(h: Double, zn: Double)])]) -> [Opportunity] {
        var out: [Opportunity] = []
        for (body, sky) in bodies {
            func cut(_ i: Int) -> Double {
                let d = abs(sun[i].zn - sky[i].zn).truncatingRemainder(dividingBy: 360)
                return min(d, 360 - d)
            }
            func good(_ i: Int) -> Bool {
                sun[i].h >= lowestAltitudeDegrees && sky[i].h >= lowestAltitudeDegrees
                    && cut(i) >= smallestCutDegrees && cut(i) <= 180 - smallestCutDegrees
            }
            var i = 0
            while i < times.count {
                guard good(i) else { i += 1; continue }
                var j = i
                while j + 1 < times.count, good(j + 1) { j += 1 }
                let best = (i...j).min { abs(cut($0) - 90) < abs(cut($1) - 90) } ?? i
                out.append(Opportunity(body: body, startUnixSeconds: times[i], endUnixSeconds: times[j],
                                       bestUnixSeconds: times[best], sunAzimuthDegrees: sun[best].zn,
                                       bodyAzimuthDegrees: sky[best].zn, sunAltitudeDegrees: sun[best].h,
                                       bodyAltitudeDegrees: sky[best].h, azimuthDifferenceDegrees: cut(best)))
                i = j + 1
            }
        }
        return out.sorted { $0.startUnixSeconds < $1.startUnixSeconds }
    }
}

extension Array where Element == (Double, Bool) {
    /// The first rising as `rising` and the first setting as `setting`.
    func firstOfEach(rising: DayPlan.Event, setting: DayPlan.Event) -> [DayPlan.TimedEvent] {
        var out: [DayPlan.TimedEvent] = []
        if let r = first(where: { $0.1 }) { out.append(DayPlan.TimedEvent(event: rising, unixSeconds: r.0)) }
        if let s = first(where: { !$0.1 }) { out.append(DayPlan.TimedEvent(event: setting, unixSeconds: s.0)) }
        return out
    }
}
