import Foundation

/// A point on the surface of Mars as the end of a light path: planetocentric
/// latitude and east longitude (as `MarsSite` carries them) on the IAU 2000
/// ellipsoid (3396.19 × 3376.20 km), turned into the ICRF with the IAU
/// rotation model of Mars (`MarsOrientation`).
///
/// The radius is the ellipsoid's, not the terrain's: relief (−8 to +21 km
/// about it) moves the light time by at most ~70 µs.
public struct MarsSurfacePoint: Equatable, Sendable {
    /// The site's display name (`Perseverance`), if it has one.
    public var name: String?
    public var planetocentricLatitude: Double
    public var longitudeEast: Double
    public var radiusKm: Double

    public init(planetocentricLatitude: Double, longitudeEast: Double, radiusKm: Double? = nil, name: String? = nil) {
        self.name = name
        self.planetocentricLatitude = planetocentricLatitude
        self.longitudeEast = longitudeEast
        self.radiusKm = radiusKm ?? Self.ellipsoidRadiusKm(planetocentricLatitude: planetocentricLatitude)
    }

    public init(site: MarsSite) {
        self.init(planetocentricLatitude: site.latitude, longitudeEast: site.longitudeEast, name: site.name)
    }

    /// The IAU 2000 ellipsoid's radius at a planetocentric latitude.
    public static func ellipsoidRadiusKm(planetocentricLatitude latitude: Double) -> Double {
        let a = MarsSolarPosition.equatorialRadiusKm, b = MarsSolarPosition.polarRadiusKm
        let phi = latitude * .pi / 180
        return a * b / ((b * cos(phi)) * (b * cos(phi)) + (a * sin(phi)) * (a * sin(phi))).squareRoot()
    }

    /// Mars-fixed Cartesian position (km).
    public var bodyFixedKm: Vector3 {
        let phi = planetocentricLatitude * .pi / 180, lambda = longitudeEast * .pi / 180
        return Vector3(radiusKm * cos(phi) * cos(lambda), radiusKm * cos(phi) * sin(lambda), radiusKm * sin(phi))
    }

    /// The point relative to Mars's centre in the ICRF (km) at TDB seconds since 1970.
    public func icrfKm(tdbSeconds: Double) -> Vector3 {
        MarsOrientation.icrfFromBodyFixed(daysSinceJ2000TDB: tdbSeconds / 86400 - 10957.5) * bodyFixedKm
    }
}

/// The orientation of Mars: the IAU WGCCRE 2009 model (Archinal et al. 2011,
/// Celest. Mech. Dyn. Astr. 109, 101–135, Table 2; the values of NAIF's
/// pck00010.tpc): the pole at α₀ = 317.68143 − 0.1061 T, δ₀ = 52.88650 −
/// 0.0609 T (ICRF, degrees; T in Julian centuries TDB from J2000), the prime
/// meridian (through Airy-0) at W = 176.630 + 350.89198226 d (d in days TDB).
///
/// The 2015 report's periodic terms move the surface by well under a
/// kilometre (under 3 µs of light time). Mars24's own prime meridian (its MTC)
/// is not used here: this is where the site is in space, not the solar time.
public enum MarsOrientation {
    public static let poleRightAscension = (atJ2000: 317.68143, perCentury: -0.1061)
    public static let poleDeclination = (atJ2000: 52.88650, perCentury: -0.0609)
    public static let primeMeridian = (atJ2000: 176.630, perDay: 350.89198226)

    /// The rotation from Mars-fixed axes to the ICRF at `d` days TDB since J2000.
    public static func icrfFromBodyFixed(daysSinceJ2000TDB d: Double) -> Matrix3 {
        let t = d / 36525
        let radians = Double.pi / 180
        let alpha = (poleRightAscension.atJ2000 + poleRightAscension.perCentury * t) * radians
        let delta = (poleDeclination.atJ2000 + poleDeclination.perCentury * t) * radians
        // Split W so the big daily term keeps its precision.
        let turns = (primeMeridian.perDay * d).truncatingRemainder(dividingBy: 360)
        let w = (primeMeridian.atJ2000 + turns) * radians
        let bodyFromICRF = Matrix3.rz(w) * Matrix3.rx(.pi / 2 - delta) * Matrix3.rz(.pi / 2 + alpha)
        return bodyFromICRF.transposed
    }
}
