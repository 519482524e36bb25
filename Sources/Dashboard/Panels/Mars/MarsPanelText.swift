import TimeKit

/// The Mars panel's content as rows of styled text (pure). `MarsPanel.draw`
/// places them in the panel's box; golden tests compare `lines`.
public enum MarsPanelText {
    /// A run of text with its meaning.
    public struct Segment: Equatable, Sendable {
        public var text: String
        public var role: StyleRole
        public init(_ text: String, _ role: StyleRole = .normal) {
            self.text = text
            self.role = role
        }
    }

    public typealias Row = [Segment]

    /// Everything one frame needs, evaluated at an instant (time is an input).
    public struct Input: Equatable, Sendable {
        public var clock: MarsClock
        public var site: MarsSite?
        public var missionSol: Int?
        public var advanced: Bool
        public var notices: [UIMessage]
        /// Every site's clocks, when the panel shows them all.
        public var allSites: [MarsSiteReading]? = nil
        /// The go-to field's text while it is open.
        public var goToText: String? = nil
        /// What the last go-to did.
        public var goToMessage: UIMessage? = nil
        /// The light arriving at the Earth now (nil without the ephemeris or outside it).
        public var light: MarsLightTime? = nil
        /// The Sun at the site now and the next sunrise or sunset (a site only).
        public var sun: MarsSolarPosition? = nil
        public var nextSunEvent: MarsPanelSunEvent? = nil
    }

    /// Evaluates Mars time at `unixSeconds` for the panel's state (pure).
    public static func input(at unixSeconds: Double, state: MarsPanelState) -> Input {
        let site = state.site
        let longitude = site?.longitudeEast ?? state.longitudeEast
        let leap = state.leapSeconds
        let clock = MarsClock(unixSeconds: unixSeconds, ttMinusUTCSeconds: leap.ttMinusUTC(atUnixSeconds: unixSeconds),
                              longitudeEast: longitude)
        var missionSol: Int?
        if let site, let landing = site.landingUnixSeconds {
            missionSol = site.missionSol(at: clock, landingTTMinusUTCSeconds: leap.ttMinusUTC(atUnixSeconds: landing))
        }
        var input = Input(clock: clock, site: site, missionSol: missionSol, advanced: state.advanced, notices: state.notices,
                          allSites: state.showsAllSites ? MarsSiteReading.all(state.sites, at: unixSeconds, leapSeconds: leap) : nil,
                          goToText: state.goToText, goToMessage: state.goToMessage)
        // Issue 33: the light time and the sol's sunrise and sunset come from
        // the state (solved in `update`); a frame solves nothing.
        if let light = state.sky.light {
            // What the Earth receives now left Mars one light time ago (the
            // light time moves under 5 ms in the minute it is kept).
            input.light = light
            input.light?.ertUnixSeconds = unixSeconds
            input.light?.scetUnixSeconds = unixSeconds - light.owltSeconds
        }
        if let site {
            input.sun = MarsSolarPosition(clock: clock, planetocentricLatitude: site.latitude)
            input.nextSunEvent = MarsPanelSunEvent.next(after: unixSeconds, days: state.sky.days)
        }
        return input
    }

    /// `11m 22s` (a light time or a wait), `2h 05m` from an hour up.
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.down))
        if s >= 3600 { return "\(s / 3600)h \(MarkTime.pad(s % 3600 / 60))m" }
        return "\(s / 60)m \(MarkTime.pad(s % 60))s"
    }

    /// Light time and the Sun at the site (issue 33): after the core rows.
    public static func skyRows(_ input: Input, width: Int = 100, language l: UILanguage = .en) -> [Row] {
        var rows: [Row] = []
        if let light = input.light {
            var row: Row = [Segment(label(l.text(.owltShort), 5), .dim), Segment(duration(light.owltSeconds))]
            if width >= compactBelowColumns {
                // Formatted only where it is shown (a narrow panel shows none).
                let scet = timeOfDay(unixMilliseconds: Int64((light.scetUnixSeconds * 1000).rounded(.down))) + " UTC"
                row += [Segment("   \(l.text(.seenOnEarthNow)) ", .dim), Segment(scet, .marsTime)]
            }
            rows.append(row)
            if light.isNearSolarConjunction {
                rows.append([Segment("! " + l.text(.solarConjunctionShort) + " (< 3°)", .warning)])
            }
        }
        if let sun = input.sun {
            var row: Row = [Segment(label(l.text(.sunShort), 5), .dim),
                            Segment((sun.elevationDegrees >= 0 ? "+" : "") + FixedText.decimal(sun.elevationDegrees, places: 1) + "°")]
            if width >= compactBelowColumns {
                row.append(Segment("  az " + FixedText.decimal(sun.azimuthDegrees, places: 0) + "°", .dim))
            }
            switch input.nextSunEvent {
            case .sunrise(let wait)?: row += [Segment("   \(l.text(.sunriseIn)) ", .dim), Segment(duration(wait))]
            case .sunset(let wait)?: row += [Segment("   \(l.text(.sunsetIn)) ", .dim), Segment(duration(wait))]
            case .polarDay?: row.append(Segment("   " + l.text(.polarDay)))
            case .polarNight?: row.append(Segment("   " + l.text(.polarNight)))
            case nil: break
            }
            rows.append(row)
        }
        return rows
    }

    /// `HH:MM:SS` of the UTC day holding `unixMilliseconds` (what the ISO
    /// form shows there, without writing the date each second).
    static func timeOfDay(unixMilliseconds ms: Int64) -> String {
        let second = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
        let t = Int(((second % 86_400) + 86_400) % 86_400)
        return MarkTime.pad(t / 3600) + ":" + MarkTime.pad(t % 3600 / 60) + ":" + MarkTime.pad(t % 60)
    }

    /// Inner widths below this get the compact rows.
    public static let compactBelowColumns = 44

    /// The always-shown rows: clocks, sol, season, year and the site
    /// (shorter labels when `width` is below `compactBelowColumns`).
    public static func coreRows(_ input: Input, width: Int = 100, language l: UILanguage = .en) -> [Row] {
        let c = input.clock
        if width < compactBelowColumns { return compactCoreRows(input, l) }
        var rows: [Row] = [
            [Segment("MTC  ", .dim), Segment(FixedText.clock(hours: c.coordinatedMarsTime), .marsTime),
             Segment("   \(l.text(.sol)) ", .dim), Segment(String(c.sol)), Segment("   \(l.text(.marsYear)) ", .dim),
             Segment(String(c.marsYear))],
            [Segment("LMST ", .dim), Segment(FixedText.clock(hours: c.localMeanSolarTime), .marsTime),
             Segment("   LTST ", .dim), Segment(FixedText.clock(hours: c.localTrueSolarTime), .marsTime),
             Segment("   \(l.text(.at)) ", .dim), Segment(MarsLongitude.text(c.longitudeEast))],
            [Segment("Ls   ", .dim), Segment(FixedText.decimal(c.solarLongitude, places: 2) + "°"),
             Segment("  " + l.text(.season(c.northernSeason)))],
        ]
        if let site = input.site {
            var row: Row = [Segment(label(l.text(.site), 5), .dim), Segment(site.name, .title)]
            if let sol = input.missionSol { row += [Segment("   \(l.text(.missionSol)) ", .dim), Segment(String(sol))] }
            rows.append(row)
        }
        return rows
    }

    /// `text` padded with spaces to `width` cells (a column of labels).
    static func label(_ text: String, _ width: Int) -> String {
        text + RepeatedText.spaces(max(1, width - DisplayWidth.of(text)))
    }

    static func compactCoreRows(_ input: Input, _ l: UILanguage = .en) -> [Row] {
        let c = input.clock
        var rows: [Row] = [
            [Segment("MTC ", .dim), Segment(FixedText.clock(hours: c.coordinatedMarsTime), .marsTime),
             Segment("  \(l.text(.sol)) ", .dim), Segment(String(c.sol)), Segment("  \(l.text(.marsYearShort)) ", .dim),
             Segment(String(c.marsYear))],
            [Segment("LMST ", .dim), Segment(FixedText.clock(hours: c.localMeanSolarTime), .marsTime),
             Segment("  LTST ", .dim), Segment(FixedText.clock(hours: c.localTrueSolarTime), .marsTime)],
            [Segment("Ls ", .dim), Segment(FixedText.decimal(c.solarLongitude, places: 1) + "°"),
             Segment(" \(l.text(.northernShort)) \(l.text(.seasonName(c.northernSeason)))"), Segment("  \(l.text(.at)) ", .dim),
             Segment(MarsLongitude.text(c.longitudeEast))],
        ]
        if let site = input.site {
            var row: Row = [Segment(site.name, .title)]
            if let sol = input.missionSol { row += [Segment("  \(l.text(.missionSolShort)) ", .dim), Segment(String(sol))] }
            rows.append(row)
        }
        return rows
    }

    /// The advanced rows (JD, TT − UTC, MSD, EOT, subsolar point, declination,
    /// distance), empty when the view is off.
    public static func advancedRows(_ input: Input, language l: UILanguage = .en) -> [Row] {
        guard input.advanced else { return [] }
        let c = input.clock
        return [
            [Segment("JD   ", .dim), Segment("UT " + FixedText.decimal(c.julianDateUT, places: 5)),
             Segment("  TT " + FixedText.decimal(c.julianDateTT, places: 5))],
            [Segment("TT-UTC ", .dim), Segment(FixedText.decimal(c.ttMinusUTCSeconds, places: 3) + " s"),
             Segment("   MSD ", .dim), Segment(FixedText.decimal(c.marsSolDate, places: 5))],
            [Segment("EOT  ", .dim), Segment(FixedText.decimal(c.equationOfTime, places: 3) + "°"),
             Segment("   \(l.text(.subsolar)) ", .dim), Segment(MarsLongitude.text(c.subsolarLongitudeEast, decimals: 2))],
            [Segment(label(l.text(.declination), 5), .dim), Segment(FixedText.decimal(c.solarDeclination, places: 2) + "°"),
             Segment("   r ", .dim), Segment(FixedText.decimal(c.heliocentricDistance, places: 4) + " AU")],
        ]
    }

    /// Notice rows, marked with `!` as well as colour, word-wrapped to
    /// `width` so that a narrow panel still shows the whole notice.
    public static func noticeRows(_ input: Input, width: Int = 100, language: UILanguage = .en) -> [Row] {
        input.notices.flatMap { notice in
            wrap("! " + language.text(notice), width: max(8, width)).enumerated().map { i, line in
                [Segment(i == 0 ? line : "  " + line, .warning)]
            }
        }
    }

    /// Words of `text` in lines of at most `width` display cells
    /// (continuation lines leave two for the indent). A word wider than a
    /// line is broken where the line ends: Japanese has no spaces to break at.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        func limit() -> Int { max(1, lines.isEmpty ? width : width - 2) }
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var rest = String(word)
            if DisplayWidth.of(rest) > limit(), !current.isEmpty {
                lines.append(current)
                current = ""
            }
            while DisplayWidth.of(rest) > limit() {
                let piece = DisplayWidth.prefix(rest, fitting: limit())
                guard !piece.isEmpty else { break }
                lines.append(piece)
                rest.removeFirst(piece.count)
            }
            if rest.isEmpty { continue }
            if current.isEmpty {
                current = rest
            } else if DisplayWidth.of(current) + 1 + DisplayWidth.of(rest) <= limit() {
                current += " " + rest
            } else {
                lines.append(current)
                current = rest
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// The rows that fit in `height`: core rows first, then notices (never
    /// dropped for the advanced fields), then as many advanced rows as fit,
    /// then the light-time and Sun rows.
    /// The go-to field and its message come before the notices; the
    /// all-sites view replaces the core and advanced rows.
    public static func rows(_ input: Input, height: Int, width: Int = 100, language: UILanguage = .en) -> [Row] {
        if let readings = input.allSites {
            let goTo = goToRows(input, width: width, language: language)
            let notices = noticeRows(input, width: width, language: language)
            let room = max(0, height - goTo.count - notices.count)
            let sites = allSitesRows(readings, selectedID: input.site?.id, height: room, width: width, language: language)
            return Array((sites + goTo + notices).prefix(max(0, height)))
        }
        return sections(input, height: height, width: width, language: language).rows(height: height)
    }

    /// The rows `rows` chooses from, each kind worked out once: a frame
    /// that also places a picture picks from them twice (the whole panel,
    /// then the rows above the picture) without formatting them again.
    public struct Sections: Sendable {
        public var core: [Row]
        /// The go-to field and its message, then the notices.
        public var notices: [Row]
        public var advanced: [Row]
        public var sky: [Row]

        /// The rows that fit in `height`, in `rows`' order.
        public func rows(height: Int) -> [Row] {
            guard height > 0 else { return [] }
            let coreShown = core.prefix(height)
            let noticesShown = notices.prefix(max(0, height - coreShown.count))
            var room = height - coreShown.count - noticesShown.count
            let advancedShown = advanced.prefix(max(0, room))
            room -= advancedShown.count
            return Array(coreShown) + advancedShown + sky.prefix(max(0, room)) + noticesShown
        }
    }

    /// The sections for panels up to `height` rows (not the all-sites view):
    /// what follows the core rows and notices is worked out only when there
    /// is room for it (an idle second at 80×24 has none for the sky rows).
    public static func sections(_ input: Input, height: Int, width: Int = 100, language: UILanguage = .en) -> Sections {
        let core = coreRows(input, width: width, language: language)
        let notices = goToRows(input, width: width, language: language) + noticeRows(input, width: width, language: language)
        var room = height - core.count - notices.count
        let advanced = room > 0 ? Array(advancedRows(input, language: language).prefix(room)) : []
        room -= advanced.count
        // Light time and the Sun fill what is left: the advanced view was asked for.
        let sky = room > 0 ? Array(skyRows(input, width: width, language: language).prefix(room)) : []
        return Sections(core: core, notices: notices, advanced: advanced, sky: sky)
    }

    /// Plain text of `rows(input, height:)`, for golden tests.
    public static func lines(_ input: Input, height: Int = 100, width: Int = 100, language: UILanguage = .en) -> [String] {
        rows(input, height: height, width: width, language: language).map { $0.map(\.text).joined() }
    }
}

/// What the Sun does next at a site: rises or sets in so many seconds, or
/// neither (polar day or night on this sol).
public enum MarsPanelSunEvent: Equatable, Sendable {
    case sunrise(inSeconds: Double)
    case sunset(inSeconds: Double)
    case polarDay
    case polarNight

    /// The next sunrise or sunset after `unixSeconds` among `days` (this
    /// local sol and the next, as the panel keeps them); nil without them.
    public static func next(after unixSeconds: Double, days: [MarsSolarDay]) -> MarsPanelSunEvent? {
        for day in days {
            guard let rise = day.sunrise, let set = day.sunset else {
                return (day.maximumElevationDegrees ?? 0) > 0 ? .polarDay : .polarNight
            }
            if unixSeconds < rise.unixSeconds { return .sunrise(inSeconds: rise.unixSeconds - unixSeconds) }
            if unixSeconds < set.unixSeconds { return .sunset(inSeconds: set.unixSeconds - unixSeconds) }
        }
        return nil
    }

    /// The next sunrise or sunset after `unixSeconds` (this local sol or the next), solved now.
    public static func next(after unixSeconds: Double, site: MarsSite, leapSeconds: LeapSecondTable) -> MarsPanelSunEvent {
        let today = MarsSolarDay.containing(unixSeconds: unixSeconds, planetocentricLatitude: site.latitude,
                                            longitudeEast: site.longitudeEast, leapSeconds: leapSeconds)
        let tomorrow = MarsSolarDay(localSol: today.localSol + 1, planetocentricLatitude: site.latitude,
                                    longitudeEast: site.longitudeEast, leapSeconds: leapSeconds)
        return next(after: unixSeconds, days: [today, tomorrow]) ?? .polarNight
    }
}
