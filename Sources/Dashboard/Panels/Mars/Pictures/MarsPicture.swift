import Foundation

/// Which of Mars24's pictures the Mars panel's picture area shows (`p` cycles
/// off → sunclock → orbit → solar path → off). A view choice of this run.
public enum MarsPictureKind: String, CaseIterable, Equatable, Sendable {
    case sunclock, orbit, path

    /// The next picture, or nil (area closed) after the last.
    public var next: MarsPictureKind? {
        let all = Self.allCases
        let i = all.firstIndex(of: self) ?? 0
        return i + 1 < all.count ? all[i + 1] : nil
    }

    public var title: UIText {
        switch self {
        case .sunclock: .marsPictureSunclock
        case .orbit: .marsPictureOrbit
        case .path: .marsPictureSolarPath
        }
    }
}

/// A point of a picture in its own units (degrees of a map, AU of the orbit plot).
public struct PicturePoint: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// A place on the sunclock map.
public struct MapSite: Equatable, Sendable {
    public var name: String
    /// Planetocentric degrees north, degrees east in (−180, 180].
    public var latitude: Double
    public var longitudeEast: Double
    public var isChosen: Bool
    public init(name: String, latitude: Double, longitudeEast: Double, isChosen: Bool = false) {
        self.name = name
        self.latitude = latitude
        self.longitudeEast = longitudeEast
        self.isChosen = isChosen
    }
}

/// The plain numbers a picture is drawn from: computed in `update` from
/// TimeKit at most once a minute and kept in the panel's state, so that
/// drawing is arithmetic on these alone (no ephemeris, no solver).
public enum MarsPictureData: Equatable, Sendable {
    /// Day and night on Mars: the subsolar point (longitude east; latitude
    /// planetographic, the solar declination) and the sites.
    case sunclock(subsolar: PicturePoint, sites: [MapSite])
    /// Heliocentric ecliptic positions (AU) of Mercury, Venus, the Earth and
    /// Mars, in that order, with each orbit's trace.
    case orbit(planets: [PicturePoint], orbits: [[PicturePoint]], earthMarsAU: Double)
    /// The Sun's elevation through the local sol at a site (x: LTST hours,
    /// y: degrees), the present moment on it, and the sol's greatest elevation.
    case path(site: String, samples: [PicturePoint], now: PicturePoint, maximumDegrees: Double?)
    /// Nothing to draw, and why (no ephemeris; no site for a solar path).
    case unavailable(MarsPictureKind, because: UIText)

    public var kind: MarsPictureKind {
        switch self {
        case .sunclock: .sunclock
        case .orbit: .orbit
        case .path: .path
        case .unavailable(let kind, _): kind
        }
    }
}
