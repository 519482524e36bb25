import TimeKit

/// What the Mars panel holds: the user's choices (longitude, site, advanced
/// view, saved between runs as `MarsSettings`) and the data loaded at start
/// (site library, leap-second table, notices).
///
/// Changing the longitude by hand drops the site; cycling picks the next site
/// and takes its longitude.
public struct MarsPanelState: Equatable, Sendable {
    /// Degrees east in (−180, 180].
    public var longitudeEast: Double
    /// `MarsSite.id` of the chosen site, nil when the longitude was set by hand.
    public var siteID: String?
    /// Show JD, TT − UTC, MSD to 5 decimals, EOT, subsolar longitude,
    /// declination and distance.
    public var advanced: Bool
    /// The site library, in cycling order.
    public var sites: [MarsSite]
    /// Leap seconds for TT − UTC.
    public var leapSeconds: LeapSecondTable
    /// One-line notices shown at the panel's foot (leap-second list expired,
    /// settings not saved, site list missing).
    public var notices: [UIMessage]
    /// The config file's `[mars]` values this state started from; saved with
    /// the choices so that a later change to the config takes over again.
    public var configBasis: MarsConfigBasis?
    /// Rows for every site (LMST, LTST, sol, mission sol) instead of the
    /// one-site view. A view choice of this run, not remembered.
    public var showsAllSites = false
    /// The "go to sol and local time" field while it is open (what is typed).
    public var goToText: String?
    /// What the last go-to did (call moved, or why not); cleared by the next key.
    public var goToMessage: UIMessage?
    /// JPL DE421 (the almanac's copy) for the light time; nil when it could not be read.
    public var ephemeris: MarsPanelEphemeris?
    /// The picture area's picture (`p`), nil when closed. A view choice of this run.
    public var picture: MarsPictureKind?
    /// Light time, the sol's Sun and the picture's numbers, computed in
    /// `update` when stale (`refreshSky(at:)`); frames only read them.
    public var sky = MarsPanelSky()

    public init(longitudeEast: Double = 0, siteID: String? = nil, advanced: Bool = false,
                sites: [MarsSite] = [], leapSeconds: LeapSecondTable = .builtIn, notices: [UIMessage] = []) {
        self.longitudeEast = MarsLongitude.normalized(longitudeEast)
        self.siteID = siteID
        self.advanced = advanced
        self.sites = sites
        self.leapSeconds = leapSeconds
        self.notices = notices
    }

    /// Fine longitude step (degrees).
    public static let fineStepDegrees = 0.1
    /// Coarse longitude step (degrees).
    public static let coarseStepDegrees = 10.0

    /// The chosen site, if it is in the library.
    public var site: MarsSite? { siteID.flatMap { id in sites.first { $0.id == id } } }

    /// The choices to remember between runs.
    public var settings: MarsSettings {
        MarsSettings(longitudeEast: longitudeEast, siteID: siteID, advanced: advanced, configBasis: configBasis)
    }

    /// Applies remembered choices; an unknown site id (library changed) is
    /// dropped but its longitude kept.
    public mutating func apply(_ saved: MarsSettings) {
        longitudeEast = saved.longitudeEast.isFinite ? MarsLongitude.normalized(saved.longitudeEast) : 0
        siteID = saved.siteID.flatMap { id in sites.contains { $0.id == id } ? id : nil }
        if let site { longitudeEast = site.longitudeEast }
        advanced = saved.advanced ?? false
    }

    /// Moves the longitude by `degrees` (wrapping at ±180) and drops the site.
    public func steppingLongitude(by degrees: Double) -> MarsPanelState {
        var next = self
        next.longitudeEast = MarsLongitude.stepped(longitudeEast, by: degrees)
        next.siteID = nil
        return next
    }

    /// The next site of the library after the current one (the first when
    /// none is chosen, back to "no site" after the last), with its longitude.
    public func cyclingSite() -> MarsPanelState {
        guard !sites.isEmpty else { return self }
        var next = self
        let index = siteID.flatMap { id in sites.firstIndex { $0.id == id } }
        switch index {
        case nil:
            next.siteID = sites[0].id
            next.longitudeEast = sites[0].longitudeEast
        case let i? where i + 1 < sites.count:
            next.siteID = sites[i + 1].id
            next.longitudeEast = sites[i + 1].longitudeEast
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

/// The ephemeris the panel reads the light time from, compared by what it
/// covers (the state is compared often; the file is 3.4 MB).
public struct MarsPanelEphemeris: Equatable, Sendable {
    public var ephemeris: ChebyshevEphemeris
    public init(_ ephemeris: ChebyshevEphemeris) { self.ephemeris = ephemeris }
    public static func == (a: MarsPanelEphemeris, b: MarsPanelEphemeris) -> Bool {
        a.ephemeris.coverageJulianDaysTDB == b.ephemeris.coverageJulianDaysTDB
            && a.ephemeris.series.count == b.ephemeris.series.count
    }
}

extension MarsPanelState {
    /// The panel's starting choices (pure): the remembered ones, unless the
    /// config's `[mars]` keys changed since they were saved (or nothing was
    /// saved), in which case the config's. Returns a notice for a config site
    /// name that is not in the library.
    public mutating func start(config: MarsConfigBasis, saved: MarsSettings?) -> UIMessage? {
        configBasis = config
        if let saved, (saved.configBasis ?? MarsConfigBasis(longitudeEast: nil, site: nil)) == config {
            apply(saved)
            configBasis = config
            return nil
        }
        advanced = saved?.advanced ?? false
        siteID = nil
        longitudeEast = MarsLongitude.normalized(config.longitudeEast ?? 0)
        guard let name = config.site else { return nil }
        let library = MarsSiteLibrary(sites: sites)
        guard let site = library.site(named: name) else {
            return .unknownMarsSite(name: name, suggestions: library.suggestions(for: name).joined(separator: ", "))
        }
        siteID = site.id
        longitudeEast = site.longitudeEast
        return nil
    }
}
