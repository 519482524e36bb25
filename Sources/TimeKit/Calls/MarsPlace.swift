import Foundation

/// A Mars site as a place of a call: its "zone" is `Mars/<site id>`, and its
/// clock is Local Mean Solar Time at the site (Mars24), classified into the
/// same periods as an Earth day (a sol's 24 Mars hours stand for 00–24).
extension Place {
    public static let marsZonePrefix = "Mars/"

    /// The place for `site`.
    public static func mars(_ site: MarsSite) -> Place {
        Place(geonameID: -1, name: site.name, asciiName: site.name, countryCode: "", countryName: "Mars",
              admin1Code: "", latitudeDegrees: site.latitude, longitudeDegrees: site.longitudeEast, population: 0,
              zoneIdentifier: marsZonePrefix + site.id)
    }

    /// True for a Mars site.
    public var isMars: Bool { zoneIdentifier.hasPrefix(Self.marsZonePrefix) }

    /// The site's id (`perseverance`), for a Mars site.
    public var marsSiteID: String? { isMars ? String(zoneIdentifier.dropFirst(Self.marsZonePrefix.count)) : nil }
}

/// What a Mars site's clock shows at an instant.
public struct MarsReading: Equatable, Sendable {
    /// Mars Sol Date, whole sols (the prime meridian's sol count).
    public var sol: Int
    /// Local Mean Solar Time at the site, in Mars hours (0 ≤ h < 24).
    public var localMeanSolarHours: Double
    /// The mission's own sol number (Perseverance's 2049), when the site
    /// is a mission's and was known to the reading.
    public var missionSol: Int?

    /// The sol people at the site count by: the mission sol when there is
    /// one, else the local sol.
    public var shownSol: Int { missionSol ?? sol }

    /// LMST as minutes of the sol (0…1439), for the period table.
    public var minuteOfSol: Int { min(1439, max(0, Int(localMeanSolarHours * 60))) }

    /// `14:05`.
    public var clockText: String {
        let m = minuteOfSol
        return "\(m / 60 < 10 ? "0" : "")\(m / 60):\(m % 60 < 10 ? "0" : "")\(m % 60)"
    }

    /// The site's clock at `instant` (leap seconds from the built-in table:
    /// a second's error moves LMST by about a second, invisible here).
    public init(at instant: Date, longitudeEast: Double, site: MarsSite? = nil) {
        let clock = MarsClock(at: instant, ttMinusUTCSeconds: LeapSecondTable.builtIn.ttMinusUTC(at: instant),
                              longitudeEast: longitudeEast)
        localMeanSolarHours = clock.localMeanSolarTime
        sol = Int(clock.localMarsSolDate.rounded(.down))
        missionSol = site?.landingUnixSeconds.flatMap { landing in
            site?.missionSol(at: clock, landingTTMinusUTCSeconds: LeapSecondTable.builtIn.ttMinusUTC(atUnixSeconds: landing))
        }
    }

    public init(sol: Int, localMeanSolarHours: Double) {
        self.sol = sol
        self.localMeanSolarHours = localMeanSolarHours
    }
}

extension MarsSiteLibrary {
    /// Sites whose name, id or alias starts with `query` (folded); `mars`
    /// alone, or `mars` and a name, lists them too.
    public func sites(matching query: String) -> [MarsSite] {
        var key = SearchFolding.fold(query)
        if key.hasPrefix("mars") { key = String(key.dropFirst(4)).trimmingCharacters(in: .whitespaces) }
        else if key.count < 3 { return [] }
        if key.isEmpty { return sites }
        return sites.filter { site in
            ([site.id, site.name] + site.aliases).contains { SearchFolding.fold($0).hasPrefix(key) }
        }
    }
}
