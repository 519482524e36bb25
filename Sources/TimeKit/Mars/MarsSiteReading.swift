import Foundation

/// One site's Mars clock at an instant: what `timedeck mars --all` and the
/// Mars panel's all-sites rows show.
public struct MarsSiteReading: Equatable, Sendable {
    public var site: MarsSite
    public var clock: MarsClock
    /// floor(MSD + λ/360°): the sol at the site, counted from MSD 0.
    public var localSol: Int
    /// The mission's own sol number, nil for landmarks.
    public var missionSol: Int?

    /// `site`'s clock at `unixSeconds` (pure).
    public init(site: MarsSite, unixSeconds: Double, leapSeconds: LeapSecondTable) {
        self.site = site
        clock = MarsClock(unixSeconds: unixSeconds, ttMinusUTCSeconds: leapSeconds.ttMinusUTC(atUnixSeconds: unixSeconds),
                          longitudeEast: site.longitudeEast)
        localSol = Int(clock.localMarsSolDate.rounded(.down))
        missionSol = site.landingUnixSeconds.flatMap { landing in
            site.missionSol(at: clock, landingTTMinusUTCSeconds: leapSeconds.ttMinusUTC(atUnixSeconds: landing))
        }
    }

    /// Every site, in library order.
    public static func all(_ sites: [MarsSite], at unixSeconds: Double, leapSeconds: LeapSecondTable) -> [MarsSiteReading] {
        sites.map { MarsSiteReading(site: $0, unixSeconds: unixSeconds, leapSeconds: leapSeconds) }
    }
}
