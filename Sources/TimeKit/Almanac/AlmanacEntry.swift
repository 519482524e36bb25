import Foundation

/// Where a body is at one instant: geocentric apparent GHA and declination
/// (true equator and equinox of date), with SHA for stars and semi-diameter
/// and horizontal parallax where they apply.
public struct AlmanacEntry: Equatable, Sendable {
    public var body: CelestialBody
    public var unixSeconds: Double
    /// Greenwich hour angle, degrees westward in 0..<360.
    public var ghaDegrees: Double
    /// Declination, degrees north positive.
    public var decDegrees: Double
    /// Sidereal hour angle (360° − RA), stars only.
    public var shaDegrees: Double?
    /// Semi-diameter (Sun and Moon), arcminutes.
    public var semiDiameterArcminutes: Double?
    /// Equatorial horizontal parallax (Sun, Moon, planets), arcminutes.
    public var horizontalParallaxArcminutes: Double?
    /// Visual magnitude (typical for planets).
    public var magnitude: Double
}
