import Foundation

/// Heliocentric positions of Mercury, Venus, the Earth and Mars on the
/// J2000 ecliptic, in AU, for the orbit picture (Mars24's "orbit plot").
///
/// Venus, the Earth (geocentre) and Mars come from the bundled DE421 (the
/// almanac's copy), less the Sun, rotated from the ICRF equator to the
/// ecliptic. The almanac's copy of DE421 leaves Mercury out, so Mercury and
/// every orbit's trace come from JPL's Keplerian elements (Standish,
/// "Keplerian Elements for Approximate Positions of the Major Planets",
/// Table 1, valid 1800–2050; Mercury to about a quarter of a degree): a
/// picture needs no more, and the file stays as the almanac wants it.
public struct InnerPlanets: Equatable, Sendable {
    /// One of the four planets the picture shows.
    public enum Planet: Int, CaseIterable, Equatable, Sendable {
        case mercury, venus, earth, mars
    }

    /// A point on the ecliptic plane (the z above it is dropped for the picture).
    public struct EclipticPoint: Equatable, Sendable {
        public var xAU: Double
        public var yAU: Double
        public init(xAU: Double, yAU: Double) {
            self.xAU = xAU
            self.yAU = yAU
        }
        public var distanceAU: Double { (xAU * xAU + yAU * yAU).squareRoot() }
        /// Heliocentric ecliptic longitude, degrees in [0, 360).
        public var longitudeDegrees: Double { Mars24.normalizedDegrees(atan2(yAU, xAU) * 180 / .pi) }
    }

    /// Positions at the instant, in `Planet` order.
    public var positions: [EclipticPoint]
    /// Heliocentric distances including the part off the ecliptic (AU), in `Planet` order.
    public var distancesAU: [Double]

    public func position(_ planet: Planet) -> EclipticPoint { positions[planet.rawValue] }

    /// J2000 mean obliquity (IAU 1976, 84381.448″): ICRF equator → ecliptic.
    public static let obliquityDegrees = 84381.448 / 3600

    /// The Kepler iteration did not settle (it does for every e below 0.9;
    /// said rather than guessed).
    public struct NotConverged: Error, Equatable, CustomStringConvertible {
        public var planet: Planet
        public var description: String {
            "Kepler's equation did not converge for \(planet); please report the instant"
        }
    }

    /// The four planets at `unixSeconds` (UTC), from `ephemeris`; throws
    /// `MarsLightTime.OutOfRange` outside the ephemeris.
    public static func at(unixSeconds: Double, ephemeris: ChebyshevEphemeris, leapSeconds: LeapSecondTable) throws -> InnerPlanets {
        let tdb = TDBClock(leapSeconds: leapSeconds).tdbSeconds(unixSeconds: unixSeconds)
        let bodies = try MarsLightTime.Bodies(ephemeris: ephemeris, unixSeconds: unixSeconds)
        let sun = try bodies.sun(tdbSeconds: tdb)
        let venus = try bodies.position(ChebyshevEphemeris.Code.venus, tdb)
        let vectors = [try elements(.mercury).position(julianDayTDB: bodies.julianDay(tdb)),
                       ecliptic((venus - sun) * (1 / Almanac.kilometresPerAU)),
                       ecliptic((try bodies.earth(tdbSeconds: tdb) - sun) * (1 / Almanac.kilometresPerAU)),
                       ecliptic((try bodies.mars(tdbSeconds: tdb) - sun) * (1 / Almanac.kilometresPerAU))]
        return InnerPlanets(positions: vectors.map { EclipticPoint(xAU: $0.x, yAU: $0.y) },
                            distancesAU: vectors.map(\.length))
    }

    /// ICRF (equatorial) → J2000 ecliptic: a rotation about x by the obliquity.
    static func ecliptic(_ v: Vector3) -> Vector3 {
        let e = obliquityDegrees * .pi / 180
        return Vector3(v.x, v.y * cos(e) + v.z * sin(e), -v.y * sin(e) + v.z * cos(e))
    }

    /// `count` points round `planet`'s orbit at `unixSeconds` (its osculating
    /// ellipse from the elements), on the ecliptic.
    public static func orbit(_ planet: Planet, unixSeconds: Double, count: Int = 120) -> [EclipticPoint] {
        let jd = AlmanacTime.unixEpochJulianDay + unixSeconds / 86400
        let e = elements(planet).at(julianDayTDB: jd)
        return (0..<max(3, count)).map { k in
            let anomaly = 2 * Double.pi * Double(k) / Double(max(3, count))  // eccentric anomaly
            let v = e.rotated(x: e.a * (cos(anomaly) - e.e), y: e.a * (1 - e.e * e.e).squareRoot() * sin(anomaly))
            return EclipticPoint(xAU: v.x, yAU: v.y)
        }
    }

    /// Standish's Table 1 elements at J2000 and their rates per Julian century.
    struct Elements {
        /// a (AU), e, I, L, ϖ (longitude of perihelion), Ω (degrees).
        var base: [Double]
        var rates: [Double]

        /// The elements at a Julian day, angles in radians.
        struct Now {
            var a, e, i, meanLongitude, perihelion, node: Double

            /// Orbit-plane (x toward perihelion) → J2000 ecliptic.
            func rotated(x: Double, y: Double) -> Vector3 {
                let w = perihelion - node
                let (cw, sw, cn, sn, ci, si) = (cos(w), sin(w), cos(node), sin(node), cos(i), sin(i))
                return Vector3((cw * cn - sw * sn * ci) * x + (-sw * cn - cw * sn * ci) * y,
                               (cw * sn + sw * cn * ci) * x + (-sw * sn + cw * cn * ci) * y,
                               sw * si * x + cw * si * y)
            }
        }

        func at(julianDayTDB jd: Double) -> Now {
            let t = (jd - 2_451_545.0) / 36525
            let v = zip(base, rates).map { $0 + $1 * t }
            let r = Double.pi / 180
            return Now(a: v[0], e: v[1], i: v[2] * r, meanLongitude: v[3] * r, perihelion: v[4] * r, node: v[5] * r)
        }

        /// Heliocentric ecliptic position (AU): Kepler's equation by Newton's method.
        func position(julianDayTDB jd: Double, planet: Planet = .mercury) throws -> Vector3 {
            let n = at(julianDayTDB: jd)
            var m = (n.meanLongitude - n.perihelion).truncatingRemainder(dividingBy: 2 * .pi)
            if m > .pi { m -= 2 * .pi } else if m < -.pi { m += 2 * .pi }
            var anomaly = m + n.e * sin(m)
            var step = Double.infinity
            for _ in 0..<30 where abs(step) > 1e-12 {
                step = (anomaly - n.e * sin(anomaly) - m) / (1 - n.e * cos(anomaly))
                anomaly -= step
            }
            guard abs(step) <= 1e-12 else { throw NotConverged(planet: planet) }
            return n.rotated(x: n.a * (cos(anomaly) - n.e), y: n.a * (1 - n.e * n.e).squareRoot() * sin(anomaly))
        }
    }

    /// Standish (JPL), Table 1 (1800 AD–2050 AD); the Earth row is the Earth–Moon barycentre.
    static func elements(_ planet: Planet) -> Elements {
        switch planet {
        case .mercury:
            Elements(base: [0.38709927, 0.20563593, 7.00497902, 252.25032350, 77.45779628, 48.33076593],
                     rates: [0.00000037, 0.00001906, -0.00594749, 149472.67411175, 0.16047689, -0.12534081])
        case .venus:
            Elements(base: [0.72333566, 0.00677672, 3.39467605, 181.97909950, 131.60246718, 76.67984255],
                     rates: [0.00000390, -0.00004107, -0.00078890, 58517.81538729, 0.00268329, -0.27769418])
        case .earth:
            Elements(base: [1.00000261, 0.01671123, -0.00001531, 100.46457166, 102.93768193, 0],
                     rates: [0.00000562, -0.00004392, -0.01294668, 35999.37244981, 0.32327364, 0])
        case .mars:
            Elements(base: [1.52371034, 0.09339410, 1.84969142, -4.55343205, -23.94362959, 49.55953891],
                     rates: [0.00001847, 0.00007882, -0.00813131, 19140.30268499, 0.44441088, -0.29257343])
        }
    }
}
