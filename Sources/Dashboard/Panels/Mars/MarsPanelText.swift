import TimeKit

/// The Mars panel's lines, as plain text (pure). The renderer places them and
/// colours them by role; golden tests compare them directly.
public enum MarsPanelText {
    /// Everything the panel needs for one frame, computed by the caller from
    /// the instant (time is an input).
    public struct Input: Equatable, Sendable {
        public var clock: MarsClock
        public var site: MarsSite?
        public var missionSol: Int?
        public var advanced: Bool
        public var leapNotice: String?

        public init(clock: MarsClock, site: MarsSite?, missionSol: Int?, advanced: Bool, leapNotice: String?) {
            self.clock = clock
            self.site = site
            self.missionSol = missionSol
            self.advanced = advanced
            self.leapNotice = leapNotice
        }
    }

    /// Evaluates Mars time at `unixSeconds` for `state` (pure).
    public static func input(at unixSeconds: Double, state: MarsPanelState, sites: [MarsSite],
                             leapSeconds: LeapSecondTable, leapNotice: String?) -> Input {
        let site = state.siteID.flatMap { id in sites.first { $0.id == id } }
        let longitude = site?.longitudeEast ?? state.longitudeEast
        let clock = MarsClock(unixSeconds: unixSeconds, ttMinusUTCSeconds: leapSeconds.ttMinusUTC(atUnixSeconds: unixSeconds),
                              longitudeEast: longitude)
        var missionSol: Int?
        if let site, let landing = site.landingUnixSeconds {
            missionSol = site.missionSol(at: clock, landingTTMinusUTCSeconds: leapSeconds.ttMinusUTC(atUnixSeconds: landing))
        }
        return Input(clock: clock, site: site, missionSol: missionSol, advanced: state.advanced, leapNotice: leapNotice)
    }

    /// The panel's lines, each at most `width` characters (cut with `…`).
    public static func lines(_ input: Input, width: Int) -> [String] {
        let c = input.clock
        let place = MarsLongitude.text(c.longitudeEast)
        var lines = [
            "MTC  \(FixedText.clock(hours: c.coordinatedMarsTime))   Sol \(c.sol)   Mars Year \(c.marsYear)",
            "LMST \(FixedText.clock(hours: c.localMeanSolarTime))   LTST \(FixedText.clock(hours: c.localTrueSolarTime))   at \(place)",
            "Ls   \(FixedText.decimal(c.solarLongitude, places: 2))°  \(c.northernSeason.northernText)",
        ]
        if let site = input.site {
            var line = "Site \(site.name)"
            if let sol = input.missionSol { line += "   mission sol \(sol)" }
            lines.append(line)
        }
        if input.advanced {
            lines.append("JD   UT \(FixedText.decimal(c.julianDateUT, places: 5))  TT \(FixedText.decimal(c.julianDateTT, places: 5))")
            lines.append("TT-UTC \(FixedText.decimal(c.ttMinusUTCSeconds, places: 3)) s   MSD \(FixedText.decimal(c.marsSolDate, places: 5))")
            lines.append("EOT  \(FixedText.decimal(c.equationOfTime, places: 3))°   subsolar \(MarsLongitude.text(c.subsolarLongitudeEast, decimals: 2))")
            lines.append("Decl \(FixedText.decimal(c.solarDeclination, places: 2))°   r \(FixedText.decimal(c.heliocentricDistance, places: 4)) AU")
        }
        if let notice = input.leapNotice { lines.append("! " + notice) }
        return lines.map { fit($0, width: width) }
    }

    /// `s` cut to `width` characters, ending in `…` when cut.
    static func fit(_ s: String, width: Int) -> String {
        guard width > 0 else { return "" }
        guard s.count > width else { return s }
        return String(s.prefix(max(0, width - 1))) + "…"
    }
}
