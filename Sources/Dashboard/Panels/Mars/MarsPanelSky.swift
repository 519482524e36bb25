import TimeKit

/// What the Mars panel's frames read instead of solving (issue 33): the light
/// time (solved at most once a minute), this local sol's and the next one's
/// sunrise, noon and sunset (once a sol, or when the site changes) and the
/// picture's numbers (at most once a minute). Filled by
/// `MarsPanelState.refreshSky(at:)` in `update`; drawing only reads it.
public struct MarsPanelSky: Equatable, Sendable {
    /// The light reaching the Earth at the minute it was solved for (nil
    /// without the ephemeris or outside it). What Earth sees now is
    /// `now − owlt`: the light time moves under 5 ms a minute.
    public var light: MarsLightTime?
    /// floor(unix seconds / 60) of the last light-time solve.
    public var lightMinute: Int?
    /// This local sol at the site and the next one (empty without a site).
    public var days: [MarsSolarDay] = []
    /// The site the days are for.
    public var daysSite: SiteKey?
    /// The numbers of the picture shown (nil when the area is closed).
    public var pictureData: MarsPictureData?
    /// What `pictureData` was computed for.
    public var pictureKey: PictureKey?
    /// How often each computation ran (tests check that idle stays idle).
    public var runs = Runs()

    public init() {}

    public struct SiteKey: Equatable, Sendable {
        var id: String
        var latitude: Double
        var longitudeEast: Double
    }

    public struct PictureKey: Equatable, Sendable {
        var kind: MarsPictureKind
        var minute: Int
        var siteID: String?
        var longitudeEast: Double
    }

    public struct Runs: Equatable, Sendable {
        public var lightTime = 0
        public var solarDays = 0
        public var pictures = 0
    }
}

extension MarsPanelState {
    /// Brings the cached sky up to `unixSeconds`, computing only what is
    /// stale (pure; called for every event, so it must be cheap when nothing is).
    public mutating func refreshSky(at unixSeconds: Double) {
        guard unixSeconds.isFinite else { return }
        let minute = Int((unixSeconds / 60).rounded(.down))
        if let ephemeris = ephemeris?.ephemeris {
            if sky.lightMinute != minute {
                sky.light = try? MarsLightTime.received(atUnixSeconds: unixSeconds, ephemeris: ephemeris, leapSeconds: leapSeconds)
                sky.lightMinute = minute
                sky.runs.lightTime += 1
            }
        } else {
            sky.light = nil
            sky.lightMinute = nil
        }
        refreshSolarDays(at: unixSeconds)
        refreshPicture(at: unixSeconds, minute: minute)
    }

    /// The state with its sky brought up to `unixSeconds`.
    public func refreshingSky(at unixSeconds: Double) -> MarsPanelState {
        var next = self
        next.refreshSky(at: unixSeconds)
        return next
    }

    mutating func refreshSolarDays(at unixSeconds: Double) {
        guard let site else {
            sky.days = []
            sky.daysSite = nil
            return
        }
        let key = MarsPanelSky.SiteKey(id: site.id, latitude: site.latitude, longitudeEast: site.longitudeEast)
        let sol = MarsInverse.localSolAt(unixSeconds: unixSeconds, longitudeEast: site.longitudeEast, leapSeconds: leapSeconds)
        guard sky.daysSite != key || sky.days.first?.localSol != sol else { return }
        let today = sky.days.last.flatMap { $0.localSol == sol && sky.daysSite == key ? $0 : nil }
            ?? MarsSolarDay(localSol: sol, planetocentricLatitude: site.latitude, longitudeEast: site.longitudeEast,
                            leapSeconds: leapSeconds)
        sky.days = [today, MarsSolarDay(localSol: sol + 1, planetocentricLatitude: site.latitude,
                                        longitudeEast: site.longitudeEast, leapSeconds: leapSeconds)]
        sky.daysSite = key
        sky.runs.solarDays += 1
    }

    mutating func refreshPicture(at unixSeconds: Double, minute: Int) {
        guard let kind = picture else {
            sky.pictureData = nil
            sky.pictureKey = nil
            return
        }
        let key = MarsPanelSky.PictureKey(kind: kind, minute: minute, siteID: siteID, longitudeEast: longitudeEast)
        guard sky.pictureKey != key else { return }
        // Drawn for the start of the minute, so that every frame of the minute is the same picture.
        sky.pictureData = MarsPictureSource.data(kind, at: Double(minute) * 60, state: self)
        sky.pictureKey = key
        sky.runs.pictures += 1
    }
}

/// The pictures' numbers from TimeKit (the one place the pictures meet the
/// ephemeris and the Mars clock; the drawing sees only `MarsPictureData`).
public enum MarsPictureSource {
    public static func data(_ kind: MarsPictureKind, at unixSeconds: Double, state: MarsPanelState) -> MarsPictureData {
        let leap = state.leapSeconds
        switch kind {
        case .sunclock:
            let clock = MarsClock(unixSeconds: unixSeconds, ttMinusUTCSeconds: leap.ttMinusUTC(atUnixSeconds: unixSeconds),
                                  longitudeEast: 0)
            let sites = state.sites.map {
                MapSite(name: $0.name, latitude: $0.latitude, longitudeEast: $0.longitudeEast, isChosen: $0.id == state.siteID)
            }
            return .sunclock(subsolar: PicturePoint(MarsLongitude.normalized(clock.subsolarLongitudeEast), clock.solarDeclination),
                             sites: sites)
        case .orbit:
            guard let ephemeris = state.ephemeris?.ephemeris,
                  let planets = try? InnerPlanets.at(unixSeconds: unixSeconds, ephemeris: ephemeris, leapSeconds: leap)
            else { return .unavailable(.orbit, because: .marsPictureNeedsEphemeris) }
            let orbits = InnerPlanets.Planet.allCases.map { p in
                InnerPlanets.orbit(p, unixSeconds: unixSeconds, count: 96).map { PicturePoint($0.xAU, $0.yAU) }
            }
            let e = planets.position(.earth), m = planets.position(.mars)
            return .orbit(planets: planets.positions.map { PicturePoint($0.xAU, $0.yAU) }, orbits: orbits,
                          earthMarsAU: ((m.xAU - e.xAU) * (m.xAU - e.xAU) + (m.yAU - e.yAU) * (m.yAU - e.yAU)).squareRoot())
        case .path:
            guard let site = state.site else { return .unavailable(.path, because: .marsPictureNeedsSite) }
            let day = state.sky.days.first.flatMap { $0.localSol == MarsInverse.localSolAt(
                unixSeconds: unixSeconds, longitudeEast: site.longitudeEast, leapSeconds: leap) ? $0 : nil }
                ?? MarsSolarDay.containing(unixSeconds: unixSeconds, planetocentricLatitude: site.latitude,
                                           longitudeEast: site.longitudeEast, leapSeconds: leap)
            guard let noon = day.localNoon?.unixSeconds else { return .unavailable(.path, because: .marsPictureNeedsSite) }
            let path = MarsSolarPath(noonUnixSeconds: noon, planetocentricLatitude: site.latitude,
                                     longitudeEast: site.longitudeEast, leapSeconds: leap)
            let clock = MarsClock(unixSeconds: unixSeconds, ttMinusUTCSeconds: leap.ttMinusUTC(atUnixSeconds: unixSeconds),
                                  longitudeEast: site.longitudeEast)
            let now = MarsSolarPosition(clock: clock, planetocentricLatitude: site.latitude)
            return .path(site: site.name, samples: path.samples.map { PicturePoint($0.ltstHours, $0.elevationDegrees) },
                         now: PicturePoint(clock.localTrueSolarTime, now.elevationDegrees),
                         maximumDegrees: day.maximumElevationDegrees)
        }
    }
}
