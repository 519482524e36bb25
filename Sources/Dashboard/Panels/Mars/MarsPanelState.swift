import TimeKit

/// What the Mars panel remembers: the longitude it shows, the site chosen
/// from the library (if any), and whether the advanced fields are shown.
///
/// Changing the longitude by hand leaves the site; cycling picks the next
/// site and takes its longitude. The pair (longitude, site id) is what is
/// saved between runs.
public struct MarsPanelState: Equatable, Sendable, Codable {
    /// Degrees east in (−180, 180].
    public var longitudeEast: Double
    /// `MarsSite.id` of the chosen site, nil when the longitude was set by hand.
    public var siteID: String?
    /// Show JD, TT − UTC, MSD to 5 decimals, EOT, subsolar longitude,
    /// declination and distance.
    public var advanced: Bool

    public init(longitudeEast: Double = 0, siteID: String? = nil, advanced: Bool = false) {
        self.longitudeEast = MarsLongitude.normalized(longitudeEast)
        self.siteID = siteID
        self.advanced = advanced
    }

    /// Fine longitude step (degrees).
    public static let fineStepDegrees = 0.1
    /// Coarse longitude step (degrees).
    public static let coarseStepDegrees = 10.0

    /// Moves the longitude by `degrees` (wrapping at ±180) and drops the site.
    public func steppingLongitude(by degrees: Double) -> MarsPanelState {
        var next = self
        next.longitudeEast = MarsLongitude.stepped(longitudeEast, by: degrees)
        next.siteID = nil
        return next
    }

    /// The next site of `library` after the current one (the first when none
    /// is chosen, back to "no site" after the last), with its longitude.
    public func cyclingSite(in library: [MarsSite]) -> MarsPanelState {
        guard !library.isEmpty else { return self }
        var next = self
        let index = siteID.flatMap { id in library.firstIndex { $0.id == id } }
        switch index {
        case nil:
            next.siteID = library[0].id
            next.longitudeEast = library[0].longitudeEast
        case let i? where i + 1 < library.count:
            next.siteID = library[i + 1].id
            next.longitudeEast = library[i + 1].longitudeEast
        default:
            next.siteID = nil  // keep the last site's longitude, as a plain longitude
        }
        return next
    }

    /// Flips the advanced fields.
    public func togglingAdvanced() -> MarsPanelState {
        var next = self
        next.advanced.toggle()
        return next
    }
}
