import Foundation

/// Parallax for an observer on the WGS-84 ellipsoid at sea level (issue 32
/// item 8): the topocentric altitude of a body turned into the altitude of
/// its geocentric direction above the observer's own (geodetic) horizon,
/// which is what the navigational triangle's Hc is.
///
/// In the local east–north–up frame at geodetic latitude φ, the observer
/// sits at ρ = (0, (S − C)·sin φ·cos φ, C·cos²φ + S·sin²φ) equatorial radii
/// from the Earth's centre, with C = 1/√(1 − e²·sin²φ) and S = (1 − e²)·C
/// (the standard geodetic-to-geocentric relations). The body's geocentric
/// distance is 1/sin HP. Exact vector geometry, no series: the spherical
/// case (ρ straight up, length 1) gives back asin(sin HP·cos H) to rounding.
public struct ObserverParallax: Equatable, Sendable {
    /// WGS-84 flattening.
    public static let flattening = 1 / 298.257223563
    static let eccentricitySquared = flattening * (2 - flattening)

    /// The observer's offset from the Earth's centre, equatorial radii, in
    /// the local frame: north and up components (east is zero).
    public var northEquatorialRadii: Double
    public var upEquatorialRadii: Double
    /// The body's azimuth (true, degrees) and geocentric distance (equatorial radii).
    public var azimuthDegrees: Double
    public var distanceEquatorialRadii: Double

    public init(latitudeDegrees: Double, azimuthDegrees: Double, horizontalParallaxArcminutes: Double) {
        let phi = latitudeDegrees * .pi / 180
        let c = 1 / (1 - Self.eccentricitySquared * sin(phi) * sin(phi)).squareRoot()
        let s = (1 - Self.eccentricitySquared) * c
        northEquatorialRadii = (s - c) * sin(phi) * cos(phi)
        upEquatorialRadii = c * cos(phi) * cos(phi) + s * sin(phi) * sin(phi)
        self.azimuthDegrees = azimuthDegrees
        distanceEquatorialRadii = 1 / sin(horizontalParallaxArcminutes / 60 * .pi / 180)
    }

    /// The observer's geocentric radius, equatorial radii (1 at the equator,
    /// 1 − f at the poles): the factor that reduces HP for latitude.
    public var geocentricRadius: Double {
        (northEquatorialRadii * northEquatorialRadii + upEquatorialRadii * upEquatorialRadii).squareRoot()
    }

    /// The unit vector towards the body at a topocentric altitude, local frame.
    func direction(_ altitudeDegrees: Double) -> (east: Double, north: Double, up: Double) {
        let h = altitudeDegrees * .pi / 180, a = azimuthDegrees * .pi / 180
        return (cos(h) * sin(a), cos(h) * cos(a), sin(h))
    }

    /// Topocentric distance of the body, equatorial radii, along a
    /// topocentric altitude: t with |t·u + ρ| = d.
    func topocentricDistance(_ altitudeDegrees: Double) -> Double {
        let u = direction(altitudeDegrees)
        let along = u.north * northEquatorialRadii + u.up * upEquatorialRadii
        let rho2 = northEquatorialRadii * northEquatorialRadii + upEquatorialRadii * upEquatorialRadii
        let d = distanceEquatorialRadii
        return -along + (along * along - rho2 + d * d).squareRoot()
    }

    /// Geocentric over topocentric distance: how much nearer the observer
    /// is than the Earth's centre (the Moon's augmentation of semi-diameter).
    public func distanceRatio(topocentricAltitudeDegrees h: Double) -> Double {
        distanceEquatorialRadii / topocentricDistance(h)
    }

    /// The altitude of the body's geocentric direction above the observer's
    /// horizon, degrees, from its topocentric (airless) altitude.
    public func geocentricAltitudeDegrees(topocentricAltitudeDegrees h: Double) -> Double {
        let u = direction(h), t = topocentricDistance(h)
        let up = t * u.up + upEquatorialRadii
        return asin(max(-1, min(1, up / distanceEquatorialRadii))) * 180 / .pi
    }

    /// The inverse: the topocentric (airless) altitude, degrees, and the
    /// distance from the observer (equatorial radii) of a body whose
    /// geocentric direction stands at `h` above the observer's horizon.
    /// The azimuth is taken as the same (the shift is under 0.1′ for the Moon).
    public func topocentric(geocentricAltitudeDegrees h: Double) -> (altitudeDegrees: Double, distanceEquatorialRadii: Double) {
        let u = direction(h), d = distanceEquatorialRadii
        let east = d * u.east, north = d * u.north - northEquatorialRadii, up = d * u.up - upEquatorialRadii
        let distance = (east * east + north * north + up * up).squareRoot()
        return (asin(max(-1, min(1, up / distance))) * 180 / .pi, distance)
    }
}
