import Foundation

/// Where the Sun stands in a Mars site's sky, by the published Mars24 method
/// (NASA GISS, "Mars24 Sunclock — Algorithm and Worked Examples", after
/// Allison & McEwen 2000): the planetographic latitude φ, the planetographic
/// solar declination δs (step D-2) and the true solar hour angle
/// H = 15° × (LTST − 12 h) (the site's longitude less the subsolar one, D-1):
/// sin e = sin φ sin δs + cos φ cos δs cos H. The Sun's centre, no
/// atmospheric refraction (Mars24 applies none either).
public struct MarsSolarPosition: Equatable, Sendable {
    /// Angle of the Sun's centre above the horizon, degrees (negative below).
    public var elevationDegrees: Double
    /// Azimuth from north through east, degrees in [0, 360).
    public var azimuthDegrees: Double

    /// IAU 2000 Mars radii (km) for planetocentric → planetographic latitude.
    public static let equatorialRadiusKm = 3396.19
    public static let polarRadiusKm = 3376.20

    /// Planetographic latitude from planetocentric: tan φg = (a/b)² tan φc.
    public static func planetographicLatitude(planetocentric latitude: Double) -> Double {
        let ratio = equatorialRadiusKm / polarRadiusKm
        return atan(tan(latitude * .pi / 180) * ratio * ratio) * 180 / .pi
    }

    /// The Sun at `clock`'s instant, for a site at `clock.longitudeEast` and
    /// planetocentric `latitude` (degrees north, as `MarsSite` carries it).
    public init(clock: MarsClock, planetocentricLatitude latitude: Double) {
        let phi = Self.planetographicLatitude(planetocentric: latitude) * .pi / 180
        let delta = clock.solarDeclination * .pi / 180
        let h = 15 * (clock.localTrueSolarTime - 12) * .pi / 180
        let sinE = sin(phi) * sin(delta) + cos(phi) * cos(delta) * cos(h)
        elevationDegrees = asin(max(-1, min(1, sinE))) * 180 / .pi
        // Positive H (afternoon) puts the Sun in the west.
        let azimuth = atan2(-sin(h), cos(phi) * tan(delta) - sin(phi) * cos(h)) * 180 / .pi
        azimuthDegrees = Mars24.normalizedDegrees(azimuth)
    }
}

/// One local sol's sunrise, local noon and sunset at a Mars site, and the
/// Sun's greatest elevation. The sol is a mean local sol (it begins at local
/// mean midnight, as `MarsInverse` and mission sol counts have it).
public struct MarsSolarDay: Equatable, Sendable {
    /// One moment of the sol on the three clocks a user reads.
    public struct Event: Equatable, Sendable {
        public var unixSeconds: Double
        /// Local true solar time, hours.
        public var ltstHours: Double
        /// Local mean solar time, hours.
        public var lmstHours: Double
    }

    /// floor(MSD + longitude/360°).
    public var localSol: Int
    /// Nil in polar day or polar night (the Sun's centre does not cross the horizon).
    public var sunrise: Event?
    /// LTST 12:00: the Sun on the meridian.
    public var localNoon: Event?
    public var sunset: Event?
    /// The Sun's elevation at local noon, degrees.
    public var maximumElevationDegrees: Double?

    /// The local sol containing `unixSeconds` at a site.
    public static func containing(unixSeconds: Double, planetocentricLatitude latitude: Double, longitudeEast: Double,
                                  leapSeconds: LeapSecondTable) -> MarsSolarDay {
        let sol = MarsInverse.localSolAt(unixSeconds: unixSeconds, longitudeEast: longitudeEast, leapSeconds: leapSeconds)
        return MarsSolarDay(localSol: sol, planetocentricLatitude: latitude, longitudeEast: longitudeEast,
                            leapSeconds: leapSeconds)
    }

    /// Sunrise, noon and sunset of local sol `localSol`.
    public init(localSol: Int, planetocentricLatitude latitude: Double, longitudeEast: Double,
                leapSeconds: LeapSecondTable) {
        self.localSol = localSol
        func clock(_ u: Double) -> MarsClock {
            MarsClock(unixSeconds: u, ttMinusUTCSeconds: leapSeconds.ttMinusUTC(atUnixSeconds: u),
                      longitudeEast: longitudeEast)
        }
        func event(ltst hours: Double) -> Event? {
            guard let u = MarsInverse.unixSecondsForLTST(localSol: localSol, hours: hours, longitudeEast: longitudeEast,
                                                         leapSeconds: leapSeconds).first else { return nil }
            let c = clock(u)
            // To the Mars millisecond, so that noon reads 12:00:00 and not 11:59:59.999999.
            func ms(_ h: Double) -> Double { Mars24.normalizedHours((h * 3_600_000).rounded() / 3_600_000) }
            return Event(unixSeconds: u, ltstHours: ms(c.localTrueSolarTime), lmstHours: ms(c.localMeanSolarTime))
        }
        let noon = event(ltst: 12)
        localNoon = noon
        let phi = MarsSolarPosition.planetographicLatitude(planetocentric: latitude) * .pi / 180
        maximumElevationDegrees = noon.map {
            MarsSolarPosition(clock: clock($0.unixSeconds), planetocentricLatitude: latitude).elevationDegrees
        }
        /// The horizon crossing on one side of noon: the semi-diurnal arc
        /// cos H₀ = −tan φ tan δs, with δs taken at the crossing itself (it
        /// moves up to ~0.4° a sol), by a fixed point that settles in 2–3 steps.
        func crossing(sign: Double) -> Event? {
            guard let noon else { return nil }
            var declination = clock(noon.unixSeconds).solarDeclination
            var found: Event?
            for _ in 0..<5 {
                let cosH0 = -tan(phi) * tan(declination * .pi / 180)
                guard abs(cosH0) <= 1 else { return nil }
                let hours = 12 + sign * acos(cosH0) * 180 / .pi / 15
                guard hours >= 0, hours < 24, let next = event(ltst: hours) else { return nil }
                let settled = found.map { abs($0.unixSeconds - next.unixSeconds) < 0.01 } ?? false
                found = next
                if settled { break }
                declination = clock(next.unixSeconds).solarDeclination
            }
            return found
        }
        sunrise = crossing(sign: -1)
        sunset = crossing(sign: 1)
        if sunrise == nil || sunset == nil { sunrise = nil; sunset = nil }
    }

    /// `{"utc":…,"ltst":…,"lmst":…}` or `null` (ms-rounded UTC, clock times HH:MM:SS).
    public static func json(_ event: Event?) -> String {
        guard let event else { return "null" }
        let ms = Int64((event.unixSeconds * 1000).rounded(.toNearestOrAwayFromZero))
        return "{\"utc\":\"\(ISOInstant.milliseconds(unixMilliseconds: ms))\","
            + "\"ltst\":\"\(FixedText.clock(hours: event.ltstHours))\","
            + "\"lmst\":\"\(FixedText.clock(hours: event.lmstHours))\"}"
    }
}
