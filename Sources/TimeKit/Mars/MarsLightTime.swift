import Foundation

/// One-way light time between Mars and the Earth from the bundled JPL DE421:
/// light leaving Mars's centre at `scetUnixSeconds` (spacecraft event time,
/// UTC) reaches the Earth's geocentre at `ertUnixSeconds` (Earth-received
/// time, UTC) after `owltSeconds` (an interval of TDB).
///
/// Method (Newtonian light time, as Skyfield's `observe` and SPICE's `ltime`
/// without the relativistic term): solve τ_r − τ_e = |M(τ_e) − E(τ_r)| / c
/// for the unknown end by a fixed point in TDB, each step shrinking the error
/// by v/c ≈ 10⁻⁴. Times are carried as TDB seconds since 1970 (a Julian day
/// in a Double resolves only ~40 µs). The Shapiro delay (at most ~0.25 ms,
/// at superior conjunction) is left out. Mars is DE421's Mars barycentre,
/// within a metre of the planet's centre (Phobos and Deimos are tiny).
///
/// `LightPathEnds` moves either end off the centre: a ground station
/// (`EarthStation`, ≤ 21 ms) and a point on Mars (`MarsSurfacePoint`, ≤ 11 ms);
/// then the distance and the Sun angle are between those ends too.
///
/// ERT − SCET in UTC equals `owltSeconds` except across a leap second.
public struct MarsLightTime: Equatable, Sendable {
    /// The instant light leaves Mars (UTC, Unix seconds).
    public var scetUnixSeconds: Double
    /// The instant that light reaches the Earth's centre (UTC, Unix seconds).
    public var ertUnixSeconds: Double
    /// One-way light time in seconds (TDB interval).
    public var owltSeconds: Double
    /// Earth (at ERT) to Mars (at SCET), astronomical units.
    public var earthMarsDistanceAU: Double
    /// Angle at the Earth between the Sun and Mars, degrees (0 at conjunction).
    public var sunEarthMarsAngleDegrees: Double

    /// Under this Sun–Earth–Mars angle operations stop (solar conjunction).
    public static let conjunctionAngleDegrees = 3.0

    /// Whether Mars is within `conjunctionAngleDegrees` of the Sun seen from Earth.
    public var isNearSolarConjunction: Bool { sunEarthMarsAngleDegrees < Self.conjunctionAngleDegrees }

    /// Speed of light, km/s (exact, SI).
    public static let speedOfLightKmPerSecond = 299_792.458

    /// The light-time iteration stops when a step moves the answer by less than this (seconds).
    public static let convergenceSeconds = 1e-9
    static let maximumIterations = 12

    /// An instant the bundled ephemeris does not cover.
    public struct OutOfRange: Error, Hashable, CustomStringConvertible {
        public var unixSeconds: Double
        public var firstUnixSeconds: Double
        public var lastUnixSeconds: Double

        public init(unixSeconds: Double, firstUnixSeconds: Double, lastUnixSeconds: Double) {
            self.unixSeconds = unixSeconds
            self.firstUnixSeconds = firstUnixSeconds
            self.lastUnixSeconds = lastUnixSeconds
        }

        public var description: String {
            "light time needs JPL DE421 as shipped, which covers \(firstDayText) to "
                + "\(lastDayText) (with a day's margin for the light time); "
                + "\(dayText) is outside it. Pick an instant in that range"
        }
        /// The instant's date, `1890-01-01`, and the ephemeris's first and last dates.
        public var dayText: String { Self.day(unixSeconds) }
        public var firstDayText: String { Self.day(firstUnixSeconds) }
        public var lastDayText: String { Self.day(lastUnixSeconds) }

        static func day(_ u: Double) -> String {
            // Checked before conversion: a NaN or 1e300 from outside must not trap.
            guard let ms = Int64(exactly: (u * 1000).rounded(.down)), abs(u) < 1e11 else {
                return "the instant \(u) s since 1970"
            }
            return String(ISOInstant.milliseconds(unixMilliseconds: ms).prefix(10))
        }
    }

    /// The fixed point did not settle (should not happen with DE421; said rather than guessed).
    public struct NotConverged: Error, Hashable, CustomStringConvertible {
        public var unixSeconds: Double
        public var lastStepSeconds: Double

        public init(unixSeconds: Double, lastStepSeconds: Double) {
            self.unixSeconds = unixSeconds
            self.lastStepSeconds = lastStepSeconds
        }

        public var description: String {
            "the light-time iteration did not converge at \(unixSeconds) s since 1970 "
                + "(last step \(lastStepSeconds) s); please report this instant"
        }
    }

    /// The light that leaves Mars at `scetUnixSeconds`: when it reaches the Earth.
    /// `ends` picks a Mars site and an Earth station instead of the centres.
    public static func emitted(atUnixSeconds scet: Double, ephemeris: ChebyshevEphemeris,
                               leapSeconds: LeapSecondTable, ends: LightPathEnds = .centres) throws -> MarsLightTime {
        let clock = TDBClock(leapSeconds: leapSeconds)
        let emit = clock.tdbSeconds(unixSeconds: scet)
        let bodies = try Bodies(ephemeris: ephemeris, unixSeconds: scet)
        let mars = try bodies.mars(tdbSeconds: emit) + ends.marsOffsetKm(tdbSeconds: emit)
        // The station's Earth orientation once, near the answer; each step adds only the Earth's turn.
        let track = ends.station?.track(near: scet + 750, leapSeconds: leapSeconds, ut1: ends.ut1 ?? LightPathEnds.noUT1)
        func earth(_ tdb: Double) throws -> Vector3 {
            let centre = try bodies.earth(tdbSeconds: tdb)
            guard let track else { return centre }
            return centre + track.gcrsKm(unixSeconds: clock.unixSeconds(tdbSeconds: tdb))
        }
        var receive = emit
        var step = Double.infinity
        for _ in 0..<maximumIterations {
            let next = emit + (mars - (try earth(receive))).length / speedOfLightKmPerSecond
            step = abs(next - receive)
            receive = next
            if step < convergenceSeconds { break }
        }
        guard step < convergenceSeconds else { throw NotConverged(unixSeconds: scet, lastStepSeconds: step) }
        let ert = clock.unixSeconds(tdbSeconds: receive)
        return try finish(emit: emit, receive: receive, scet: scet, ert: ert, bodies: bodies,
                          marsEnd: mars, earthEnd: try earth(receive))
    }

    /// The light that reaches the Earth at `ertUnixSeconds`: when it left Mars.
    /// `ends` picks a Mars site and an Earth station instead of the centres.
    public static func received(atUnixSeconds ert: Double, ephemeris: ChebyshevEphemeris,
                                leapSeconds: LeapSecondTable, ends: LightPathEnds = .centres) throws -> MarsLightTime {
        let clock = TDBClock(leapSeconds: leapSeconds)
        let receive = clock.tdbSeconds(unixSeconds: ert)
        let bodies = try Bodies(ephemeris: ephemeris, unixSeconds: ert)
        let earth = try bodies.earth(tdbSeconds: receive) + ends.earthOffsetKm(unixSeconds: ert, leapSeconds: leapSeconds)
        func mars(_ tdb: Double) throws -> Vector3 {
            try bodies.mars(tdbSeconds: tdb) + ends.marsOffsetKm(tdbSeconds: tdb)
        }
        var emit = receive
        var step = Double.infinity
        for _ in 0..<maximumIterations {
            let next = receive - ((try mars(emit)) - earth).length / speedOfLightKmPerSecond
            step = abs(next - emit)
            emit = next
            if step < convergenceSeconds { break }
        }
        guard step < convergenceSeconds else { throw NotConverged(unixSeconds: ert, lastStepSeconds: step) }
        return try finish(emit: emit, receive: receive, scet: clock.unixSeconds(tdbSeconds: emit), ert: ert,
                          bodies: bodies, marsEnd: try mars(emit), earthEnd: earth)
    }

    /// Distance and Sun angle between the ends actually used (the centres, or a site and a station).
    static func finish(emit: Double, receive: Double, scet: Double, ert: Double, bodies: Bodies,
                       marsEnd: Vector3, earthEnd: Vector3) throws -> MarsLightTime {
        let toMars = marsEnd - earthEnd
        // The Sun as seen from Earth: its own light time (~8.3 min), two steps are plenty.
        var toSun = try bodies.sun(tdbSeconds: receive) - earthEnd
        for _ in 0..<2 {
            toSun = try bodies.sun(tdbSeconds: receive - toSun.length / speedOfLightKmPerSecond) - earthEnd
        }
        let cosine = max(-1, min(1, toMars.unit.dot(toSun.unit)))
        return MarsLightTime(scetUnixSeconds: scet, ertUnixSeconds: ert, owltSeconds: receive - emit,
                             earthMarsDistanceAU: toMars.length / Almanac.kilometresPerAU,
                             sunEarthMarsAngleDegrees: acos(cosine) * 180 / .pi)
    }

    /// Barycentric positions (km) by TDB seconds since 1970.
    struct Bodies {
        var ephemeris: ChebyshevEphemeris
        var unixSeconds: Double
        var coverage: ClosedRange<Double>

        init(ephemeris: ChebyshevEphemeris, unixSeconds: Double) throws {
            self.ephemeris = ephemeris
            self.unixSeconds = unixSeconds
            let days = ephemeris.coverageJulianDaysTDB
            // A day of margin each side: the light time and TDB − UTC stay inside.
            coverage = (days.lowerBound + 1 - AlmanacTime.unixEpochJulianDay) * 86400
                ... (days.upperBound - 1 - AlmanacTime.unixEpochJulianDay) * 86400
            guard unixSeconds.isFinite, coverage.contains(unixSeconds) else { throw outOfRange }
        }

        var outOfRange: OutOfRange {
            OutOfRange(unixSeconds: unixSeconds, firstUnixSeconds: coverage.lowerBound,
                       lastUnixSeconds: coverage.upperBound)
        }

        func julianDay(_ tdbSeconds: Double) -> Double { AlmanacTime.unixEpochJulianDay + tdbSeconds / 86400 }

        func position(_ code: Int, _ tdbSeconds: Double) throws -> Vector3 {
            guard let p = ephemeris.series[code]?.state(atJulianDayTDB: julianDay(tdbSeconds))?.position
            else { throw outOfRange }
            return p
        }

        func mars(tdbSeconds: Double) throws -> Vector3 { try position(ChebyshevEphemeris.Code.mars, tdbSeconds) }
        func sun(tdbSeconds: Double) throws -> Vector3 { try position(ChebyshevEphemeris.Code.sun, tdbSeconds) }

        /// The geocentre: the Earth–Moon barycentre less the Moon's share.
        func earth(tdbSeconds: Double) throws -> Vector3 {
            let emb = try position(ChebyshevEphemeris.Code.earthMoonBarycentre, tdbSeconds)
            let moon = try position(ChebyshevEphemeris.Code.moonGeocentric, tdbSeconds)
            return emb - moon * (1 / (1 + ephemeris.earthMoonMassRatio))
        }
    }
}

/// UTC ↔ TDB in seconds since 1970 (TDB "Unix seconds"), with leap seconds.
public struct TDBClock: Sendable {
    public var leapSeconds: LeapSecondTable

    public init(leapSeconds: LeapSecondTable) { self.leapSeconds = leapSeconds }

    /// TDB seconds since 1970-01-01T00:00:00 TDB-equivalent at a UTC instant.
    public func tdbSeconds(unixSeconds u: Double) -> Double {
        let tt = u + leapSeconds.ttMinusUTC(atUnixSeconds: u)
        return tt + AlmanacTime.tdbMinusTTSeconds(julianDayTT: AlmanacTime.unixEpochJulianDay + tt / 86400)
    }

    /// The UTC instant at TDB seconds `tdb`: a fixed point on the leap-second
    /// step and TDB − TT (under 2 ms, so two or three steps settle it).
    public func unixSeconds(tdbSeconds tdb: Double) -> Double {
        var u = tdb - 69.184
        for _ in 0..<6 {
            let next = u + (tdb - tdbSeconds(unixSeconds: u))
            if next == u { break }
            u = next
        }
        return u
    }
}
