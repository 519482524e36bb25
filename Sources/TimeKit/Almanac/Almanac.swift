import Foundation

/// The almanac: apparent places of the navigational bodies from JPL DE421,
/// Hipparcos, IAU 2006/2000B precession-nutation and IERS UT1.
///
/// Pure once loaded: every answer is a function of the instant passed in.
/// Method (as the Astronomical Almanac and NOVAS/Skyfield do it): barycentric
/// body at t − light time minus barycentric Earth at t, relativistic
/// aberration from Earth's barycentric velocity, rotation to the true
/// equator and equinox of date; GHA = GAST − RA. Gravitational deflection
/// (under 0.03″ more than 15° from the Sun) is left out.
public struct Almanac: Sendable {
    public var ephemeris: ChebyshevEphemeris
    public var stars: [NavigationalStar]
    public var leapSeconds: LeapSecondTable
    public var ut1: UT1Table

    public static let kilometresPerAU = 149_597_870.700
    public static let lightKilometresPerDay = 299_792.458 * 86400
    /// Equatorial radius (WGS 84 / IERS), for horizontal parallax.
    public static let earthRadiusKm = 6378.137
    /// Solar radius behind the almanac's 15.99′ at 1 au (Explanatory Supplement).
    public static let sunRadiusKm = 696_000.0
    /// Moon radius in Earth radii (IAU), for the Moon's semi-diameter.
    public static let moonRadiusInEarthRadii = 0.2725076

    public init(ephemeris: ChebyshevEphemeris, stars: [NavigationalStar], leapSeconds: LeapSecondTable,
                ut1: UT1Table) {
        self.ephemeris = ephemeris
        self.stars = stars
        self.leapSeconds = leapSeconds
        self.ut1 = ut1
        starIndex = Dictionary(stars.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        starVectors = stars.map { ($0.positionKm, $0.velocityKmPerDay) }
    }

    var starIndex: [String: Int]
    var starVectors: [(position: Vector3, velocity: Vector3)]

    /// Every body: Sun, Moon, planets, then the stars in catalogue order.
    public var bodies: [CelestialBody] { CelestialBody.solarSystem + stars.map { .star($0.name) } }

    /// Loads the bundled ephemeris, star catalogue and UT1 table.
    public static func loadBundled(leapSeconds: LeapSecondTable) throws -> Almanac {
        let starText = try String(contentsOf: ResourceLocator.url(for: "almanac-stars.tsv"), encoding: .utf8)
        return Almanac(ephemeris: try ChebyshevEphemeris.loadBundled(),
                       stars: try NavigationalStar.parseCatalogue(starText),
                       leapSeconds: leapSeconds, ut1: try UT1Table.loadBundled())
    }

    /// This almanac with `more` stars after its own, each skipped when its
    /// HIP number or name is already here: their apparent places come from
    /// the same code as the navigational stars'. The brighter Hipparcos
    /// stars are added this way: by `identify`, by `Almanac.naming` for a
    /// command that names one, and by the sights panel when a sight does.
    public func including(_ more: [NavigationalStar]) -> Almanac {
        let numbers = Set(stars.map(\.hipparcosNumber)), names = Set(stars.map(\.name))
        let added = more.filter { !numbers.contains($0.hipparcosNumber) && !names.contains($0.name) }
        return Almanac(ephemeris: ephemeris, stars: stars + added, leapSeconds: leapSeconds, ut1: ut1)
    }

    /// The catalogue star of that name, if this almanac holds it.
    public func star(named name: String) -> NavigationalStar? {
        starIndex[name].map { stars[$0] }
    }

    /// An instant outside the ephemeris.
    public struct OutOfRange: Error, CustomStringConvertible {
        public var unixSeconds: Double
        public var coverage: ClosedRange<Double>
        public var description: String {
            func day(_ jd: Double) -> String {
                String(ISOInstant.milliseconds(unixMilliseconds: Int64((jd - 2440587.5) * 86_400_000)).prefix(10))
            }
            return "the almanac's data (JPL DE421, as shipped) cover \(day(coverage.lowerBound + 1)) to "
                + "\(day(coverage.upperBound)); pick an instant in that range"
        }
    }

    /// The per-instant quantities shared by every body.
    public struct Instant: Sendable {
        public var time: AlmanacTime
        public var orientation: EarthOrientation
        var earthPosition: Vector3
        var earthVelocityPerDay: Vector3
    }

    public func instant(atUnixSeconds unixSeconds: Double) throws -> Instant {
        let time = AlmanacTime(unixSeconds: unixSeconds, leapSeconds: leapSeconds, ut1: ut1)
        let coverage = ephemeris.coverageJulianDaysTDB
        // One day of margin for the light time to the outer planets.
        guard time.julianDayTDB >= coverage.lowerBound + 1, time.julianDayTDB <= coverage.upperBound
        else { throw OutOfRange(unixSeconds: unixSeconds, coverage: coverage) }
        guard let earth = earthState(atJulianDayTDB: time.julianDayTDB) else {
            throw OutOfRange(unixSeconds: unixSeconds, coverage: coverage)
        }
        return Instant(time: time, orientation: EarthOrientation(time: time), earthPosition: earth.position,
                       earthVelocityPerDay: earth.velocityPerDay)
    }

    func earthState(atJulianDayTDB jd: Double) -> (position: Vector3, velocityPerDay: Vector3)? {
        guard let emb = ephemeris.series[ChebyshevEphemeris.Code.earthMoonBarycentre]?.state(atJulianDayTDB: jd),
              let moon = ephemeris.series[ChebyshevEphemeris.Code.moonGeocentric]?.state(atJulianDayTDB: jd)
        else { return nil }
        let share = 1 / (1 + ephemeris.earthMoonMassRatio)
        return (emb.position - moon.position * share, emb.velocityPerDay - moon.velocityPerDay * share)
    }

    /// Barycentric position (km) of a solar-system body at `jd` (TDB).
    func barycentricPosition(of body: CelestialBody, atJulianDayTDB jd: Double) -> Vector3? {
        let code: Int
        switch body {
        case .moon:
            guard let emb = ephemeris.series[ChebyshevEphemeris.Code.earthMoonBarycentre]?.state(atJulianDayTDB: jd),
                  let moon = ephemeris.series[ChebyshevEphemeris.Code.moonGeocentric]?.state(atJulianDayTDB: jd)
            else { return nil }
            let mu = ephemeris.earthMoonMassRatio
            return emb.position + moon.position * (mu / (1 + mu))
        case .sun: code = ChebyshevEphemeris.Code.sun
        case .venus: code = ChebyshevEphemeris.Code.venus
        case .mars: code = ChebyshevEphemeris.Code.mars
        case .jupiter: code = ChebyshevEphemeris.Code.jupiter
        case .saturn: code = ChebyshevEphemeris.Code.saturn
        case .star: return nil
        }
        return ephemeris.series[code]?.state(atJulianDayTDB: jd)?.position
    }

    /// An unknown star name (the CLI resolves names first; this guards the API).
    public struct UnknownBody: Error, CustomStringConvertible {
        public var name: String
        public var description: String { "no body named '\(name)' in the almanac" }
    }

    /// The apparent place of `body` at `unixSeconds` (UTC).
    public func entry(for body: CelestialBody, atUnixSeconds unixSeconds: Double) throws -> AlmanacEntry {
        try entry(for: body, at: instant(atUnixSeconds: unixSeconds))
    }

    /// Every body at one instant, sharing the Earth's state and the rotation.
    public func allEntries(atUnixSeconds unixSeconds: Double) throws -> [AlmanacEntry] {
        let now = try instant(atUnixSeconds: unixSeconds)
        return try bodies.map { try entry(for: $0, at: now) }
    }

    public func entry(for body: CelestialBody, at now: Instant) throws -> AlmanacEntry {
        let (geocentric, magnitude) = try astrometric(body, at: now)
        let apparent = Self.aberrated(geocentric, observerVelocityPerDay: now.earthVelocityPerDay)
        let ofDate = now.orientation.trueOfDate * apparent
        let distance = ofDate.length
        var ra = atan2(ofDate.y, ofDate.x) * 180 / .pi
        if ra < 0 { ra += 360 }
        let dec = asin(ofDate.z / distance) * 180 / .pi
        var gha = (now.orientation.gastDegrees - ra).truncatingRemainder(dividingBy: 360)
        if gha < 0 { gha += 360 }
        var entry = AlmanacEntry(body: body, unixSeconds: now.time.unixSeconds, ghaDegrees: gha, decDegrees: dec,
                                 magnitude: magnitude)
        let arcminutes = 180 / Double.pi * 60
        switch body {
        case .star:
            entry.shaDegrees = ra == 0 ? 0 : 360 - ra
        default:
            let hp = asin(Self.earthRadiusKm / distance)
            entry.horizontalParallaxArcminutes = hp * arcminutes
            if body == .sun { entry.semiDiameterArcminutes = asin(Self.sunRadiusKm / distance) * arcminutes }
            if body == .moon {
                entry.semiDiameterArcminutes = asin(Self.moonRadiusInEarthRadii * sin(hp)) * arcminutes
            }
        }
        return entry
    }

    /// Geocentric astrometric vector (km, GCRS axes), light time included.
    func astrometric(_ body: CelestialBody, at now: Instant) throws -> (Vector3, Double) {
        let earth = now.earthPosition
        let jd = now.time.julianDayTDB
        if case .star(let name) = body {
            guard let index = starIndex[name] else { throw UnknownBody(name: name) }
            let (p0, v) = starVectors[index]
            // Skyfield/NOVAS: the catalogue place moves with the space motion to
            // the time the light reaching the barycentre would reach the Earth.
            let dt = p0.unit.dot(earth) / Self.lightKilometresPerDay
            let p = p0 + v * (jd + dt - NavigationalStar.epochJulianDayTDB)
            return (p - earth, stars[index].magnitude)
        }
        guard var target = barycentricPosition(of: body, atJulianDayTDB: jd) else {
            throw OutOfRange(unixSeconds: now.time.unixSeconds, coverage: ephemeris.coverageJulianDaysTDB)
        }
        for _ in 0..<3 {
            let lightTimeDays = (target - earth).length / Self.lightKilometresPerDay
            guard let moved = barycentricPosition(of: body, atJulianDayTDB: jd - lightTimeDays) else { break }
            target = moved
        }
        return (target - earth, body.typicalMagnitude)
    }

    /// Relativistic annual aberration (NOVAS `aberration`, as Skyfield applies it).
    static func aberrated(_ p: Vector3, observerVelocityPerDay v: Vector3) -> Vector3 {
        let c = lightKilometresPerDay
        let distance = p.length
        let lightTime = distance / c
        let speed = v.length
        guard speed > 0 else { return p }
        let beta = speed / c
        let cosD = p.dot(v) / (distance * speed)
        let gammaInverse = (1 - beta * beta).squareRoot()
        let pp = beta * cosD
        let q = (1 + pp / (1 + gammaInverse)) * lightTime
        let r = 1 + pp
        return (p * gammaInverse + v * q) * (1 / r)
    }
}
