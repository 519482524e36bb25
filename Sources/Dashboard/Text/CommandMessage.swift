import TimeKit

/// The subcommands' text reports (issue 34: the CLI spoke English whatever
/// `display.language` said): the words of `weather` and of the navigator's
/// commands (`fix`, `noon`, `polaris`, `compass`, `identify`, `sights plan`,
/// `sights average`). Numbers, positions and times arrive formatted (the
/// same in every language), so only the words around them are translated;
/// `--json` never comes here.
///
/// English is here and Japanese in `CommandMessage+Japanese.swift`, both
/// exhaustive `switch`es; it is part of the catalog as `UIMessage.command`,
/// so the catalog tests render every case in both languages. The English
/// is the text the commands printed before they spoke Japanese, byte for
/// byte (`CommandEnglishGoldenTests`).
public enum CommandMessage: Hashable, Sendable {
    // MARK: Tables (a header's labels start where the English ones do)
    /// `fix`'s sight table header; with the residual column for a fix.
    case fixHeader(residual: Bool)
    case identifyHeader
    case planHeader
    case averageHeader
    /// A single sight's intercept direction at the end of its row.
    case towardOrAway(toward: Bool)

    // MARK: fix
    case deadReckoning(position: String)
    case oneSightIsALine
    /// `direction`: `035°–215°`; `advancedMiles` when the line was advanced.
    case lineRuns(direction: String, through: String, at: String, advancedMiles: String?)
    case lineEnds(halfLengthMiles: String, ends: [String])
    case fixAt(position: String, at: String)
    /// `rms` nm, `crossing` degrees; the 1σ ellipse when there is one.
    case fixSpread(rms: String, crossing: String, ellipse: String?, axis: String?)
    case fromDeadReckoning(miles: String, bearing: String)
    /// An unsynchronized clock (`ClockDoubt`): the sights by number, its
    /// estimated error (nil: not known), and what it means for longitude;
    /// `line` for one sight's line rather than a fix.
    case clockDoubt(sights: [Int], seconds: String?, arcminutes: String, miles: String, line: Bool)

    /// The sights make no fix (`fix`, `noon`, `sights average` on stderr): what
    /// is wrong and what to blame, as `FixRefusal.description` says it.
    case fixRefused(FixRefusal)

    // MARK: polaris
    case polarisAt(at: String, meridian: String)
    case polarisLatitude(latitude: String)

    // MARK: compass
    case compassBody(body: String, at: String, altitude: String)
    case compassRow(CompassRow, value: String)
    /// `E 12.3° N (rising)`.
    case amplitude(text: String, rising: Bool)

    // MARK: identify
    case identified(body: String)
    case identifiedNone
    case identifiedAmbiguous(bodies: [String])
    /// The body named is a brighter Hipparcos star, not a navigational one.
    case identifiedBrightStar
    /// At the end of a candidate's row.
    case identifyWithin

    // MARK: noon
    case noonPassage(at: String, position: String)
    /// `belowDegrees` when the Sun's centre is below the horizon at the DR, else `altitude`.
    case noonSun(south: Bool, belowDegrees: String?, altitude: String)
    case noonCurve(sights: Int, maxAltitude: String, at: String, seconds: String?, rms: String)
    case noonLatitude(latitude: String, error: String?)
    case noonLongitude(longitude: String, error: String?)
    case noonExactFit

    // MARK: sights average
    case averageRate(body: String, rate: String)
    case averageOutlier
    case averageKept(count: Int, rms: String, mean: String)
    case averageOneSight(sight: String)

    // MARK: sights plan
    /// A twilight plan's title; `from` the DR on the first.
    case planHeading(SightPlan.Twilight, at: String, from: String?)
    /// Why there is no civil twilight: the Sun's lowest and highest.
    case planPolar(SightPlan.Twilight, lowest: Double, highest: Double)
    case planNoBody
    case planDay(start: String, end: String, lowest: String, highest: String)
    case planEvent(DayPlan.Event)
    case planNoneThatDay([DayPlan.Event])
    case planNoDaytimeFix
    case planDaytimeFixes
    case planOpportunity(body: String, start: String, end: String, best: String, sunAzimuth: String, bodyAzimuth: String, apart: String)
    case planLegend

    // MARK: weather
    case weatherHeader(place: String, fetched: String, minutesAgo: Int)
    case weatherTemperature(String)
    /// Sunrise and sunset (local clock text, nil when it does not happen),
    /// or a polar day or night.
    case weatherSunLine(rise: String?, set: String?, polar: SunriseSunset.Polar?)
    case weatherNoQuarterHours(hour: Bool)
    case weatherAmounts(hour: Bool, amounts: String)
    case weatherNoRain
    case weatherNoValues
    /// What falls: now until `end`, or from `start` for `minutes`; `peak` mm/h.
    case weatherComing(kind: PrecipitationType?, start: String, end: String, minutes: Int, peak: String,
                       intensity: PrecipitationIntensity, falling: Bool)

    // MARK: now
    /// `timedeck now`'s four lines; `local` is `2021-02-18T21:55:00 UTC+01:00 Europe/Berlin`.
    case nowReport(utc: String, markTime: String, unix: String, local: String)

    // MARK: mars (MarsMessage.swift, MarsUsage.swift)
    /// `mars`'s reports, schedules and notes.
    case marsReport(MarsMessage)
    /// `mars`'s refusals of bad input.
    case marsUsage(MarsUsage)

    // MARK: input (InputMessage.swift)
    /// A value the shared option parsers could not read (exit 2), after
    /// `source` when the command names where it came from.
    case inputRefused(InputError, source: InputSource?)

    // MARK: places (PlaceMessage.swift)
    /// What the place resolver assumed (`call`, `calls`, `places search`; after `note: `).
    case placeNote(PlaceNote)
    /// The note as a line on stderr: `note: …`.
    case placeNoteLine(PlaceNote)
    /// A place that cannot be used (exit 2).
    case placeRefused(PlaceRefusal)

    // MARK: options and call notes (OptionMessage.swift)
    /// A position that cannot be read, after where it came from (`--dr`, `sights.dr`).
    case positionRefused(GeoPosition.ParseError, source: String)
    /// A `--sight` (number `number`, as typed) not written as `BODY, HS, ISO`.
    case sightShape(number: Int, text: String)
    /// `--eye`, `--ie`, `--temp`, `--pressure`, `--course`, `--speed` out of range.
    case sightConditionRefused(SightConditionRefusal)
    /// What `call`/`calls` assumed about "here", "local", a clock change or a past start.
    case callNote(CallNote)
    /// The note as a line on stderr: `note: …`.
    case callNoteLine(CallNote)
    /// "here" with neither a gpsd fix nor `marks.position` (exit 2).
    case hereNeedsPosition
    /// "local" (as typed) when this machine's zone (`zone`) is not one a call can keep (exit 2).
    case localNotAZone(query: String, zone: String)

    /// The rows of `compass`, each label padded to the same width.
    public enum CompassRow: Hashable, Sendable, CaseIterable {
        case trueAzimuth, compass, error, variation, deviation, amplitude
    }

    /// The message in English.
    var english: String {
        switch self {
        case .fixHeader(let residual):
            Self.columns([("sight", 0), ("UTC", 17), ("Ho", 44), ("Hc", 57), ("Zn", 70), ("intercept", 77)]
                         + (residual ? [("residual", 89)] : []))
        case .identifyHeader: Self.columns([("candidate", 0), ("Hc", 21), ("Zn", 32), ("Ho−Hc", 40), ("ΔZn", 49), ("mag", 56)])
        case .planHeader: Self.columns([("body", 2), ("altitude", 19), ("Zn", 31), ("mag", 38)])
        case .averageHeader: Self.columns([("UTC", 0), ("Hs", 27), ("intercept", 40), ("from the run", 52)])
        case .towardOrAway(let toward): toward ? "toward" : "away"
        case .deadReckoning(let position): "DR  \(position)"
        case .oneSightIsALine: "one sight: a LINE of position, not a fix (the ship is somewhere on it; cross it with another sight)"
        case let .lineRuns(direction, through, at, advanced):
            "line runs \(direction) through \(through) at \(at)" + (advanced.map { " (advanced \($0) nm from the sight's time)" } ?? "")
        case let .lineEnds(half, ends): "ends (±\(half) nm): " + ends.joined(separator: "  and  ")
        case let .fixAt(position, at): "fix  \(position)  at \(at)"
        case let .fixSpread(rms, crossing, ellipse, axis):
            "spread: rms residual \(rms) nm, lines cross at up to \(crossing)°"
                + (ellipse.map { ", 1σ ellipse \($0) nm along \(axis ?? "")" } ?? "")
        case let .fromDeadReckoning(miles, bearing): "from DR: \(miles) nm \(bearing)"
        case let .clockDoubt(sights, seconds, arcminutes, miles, line):
            Self.englishClockDoubt(sights: sights, seconds: seconds, arcminutes: arcminutes, miles: miles, line: line)
        case .fixRefused(let refusal): refusal.description
        case let .polarisAt(at, meridian): "Polaris at \(at), on the DR's meridian \(meridian)"
        case .polarisLatitude(let latitude): "lat  \(latitude)   (a latitude, not a fix: the longitude is the DR's)"
        case let .compassBody(body, at, altitude): "\(body) at \(at), altitude \(altitude)"
        case let .compassRow(row, value): Self.padded(Self.englishLabel(row), 14) + value
        case let .amplitude(text, rising): "\(text) (\(rising ? "rising" : "setting"))"
        case .identified(let body): "the body is \(body)"
        case .identifiedNone:
            "no body is within 2° of altitude and 5° of azimuth: check Hs, the time, the DR and the bearing "
                + "(or it is a star fainter than magnitude 3.5)"
        case .identifiedAmbiguous(let bodies):
            "NOT identified: \(bodies.joined(separator: " and ")) are within 2° of "
                + "altitude and 5° of azimuth; compare their magnitudes with what you saw, take a better bearing "
                + "or another sight"
        case .identifiedBrightStar:
            "(a Hipparcos star, not one of the navigational stars: fix and the almanac take it by this name, "
                + "without the constellation)"
        case .identifyWithin: "within"
        case let .noonPassage(at, position): "meridian passage (LAN)  \(at)  at DR \(position)"
        case let .noonSun(south, below, altitude):
            "the Sun bears \(south ? "south (180°)" : "north (000°)"), "
                + (below.map { "its centre \($0)° below the horizon at the DR: no noon sight today" }
                    ?? "Ho of its centre at the DR \(altitude)")
        case let .noonCurve(sights, maxAltitude, at, seconds, rms):
            "noon curve of \(sights) sights: max Ho \(maxAltitude) at \(at)" + (seconds.map { " ± \($0) s" } ?? "") + ", rms \(rms)′"
        case let .noonLatitude(latitude, error): "latitude  \(latitude)" + (error.map { " ± \($0)′" } ?? "")
        case let .noonLongitude(longitude, error):
            "longitude \(longitude)" + (error.map { " ± \($0)′" } ?? "") + " (from the time of the maximum)"
        case .noonExactFit: "three sights fit the curve exactly: no error can be estimated; take more"
        case let .averageRate(body, rate): "\(body): the almanac's altitude changes \(rate)′ a minute at the middle of the run"
        case .averageOutlier: "OUTLIER: left out"
        case let .averageKept(count, rms, mean): "\(count) sights kept, rms \(rms)′ about their mean intercept \(mean)′"
        case .averageOneSight(let sight): "one sight:  --sight \"\(sight)\""
        case let .planHeading(twilight, at, from):
            Self.englishHeading(twilight, at: at) + (from.map { " from " + $0 } ?? "")
        case let .planPolar(twilight, lowest, highest): Self.englishPolar(twilight, lowest: lowest, highest: highest)
        case .planNoBody: "no body at 15°–70°"
        case let .planDay(start, end, lowest, highest):
            "the day at the DR (local mean time): \(start) to \(end); the Sun from \(lowest)° to \(highest)°"
        case .planEvent(let event): event.text
        case .planNoneThatDay(let events): "none that day: " + events.map(\.text).joined(separator: ", ")
        case .planNoDaytimeFix: "daytime fixes: none (the Sun and the Moon or Venus are not both 10° up and 45°–135° apart)"
        case .planDaytimeFixes: "daytime fixes (both 10° up, 45°–135° apart in azimuth):"
        case let .planOpportunity(body, start, end, best, sunAzimuth, bodyAzimuth, apart):
            "Sun–\(body)  \(start) to \(end), best \(best) (Sun \(sunAzimuth)°, \(body) \(bodyAzimuth)°: \(apart)° apart)"
        case .planLegend: "1–4: a suggested set, in the order chosen: brightness weighed with spread around the horizon"
        case let .weatherHeader(place, fetched, minutes): "Forecast for \(place), fetched \(fetched) (\(minutes) min ago)"
        case .weatherTemperature(let t): "Temperature \(t)"
        case .weatherSunLine(_, _, .day?): "No sunrise or sunset today: polar day (the Sun stays up)"
        case .weatherSunLine(_, _, .night?): "No sunrise or sunset today: polar night (the Sun stays down)"
        case let .weatherSunLine(rise, set, nil):
            (rise.map { "Sunrise " + $0 } ?? "No sunrise today") + ", " + (set.map { "sunset " + $0 } ?? "no sunset today")
        case .weatherNoQuarterHours(let hour):
            "\(Self.englishSpan(hour)): no 15-minute forecast here (the 12 hours below are the best available)"
        case let .weatherAmounts(hour, amounts): "\(Self.englishSpan(hour)) (mm): " + amounts
        case .weatherNoRain: "no rain"
        case .weatherNoValues: "no values"
        case let .weatherComing(kind, start, end, minutes, peak, intensity, falling):
            falling ? "\(UIMessage.englishFall(kind ?? .rain)) now until \(end), up to \(peak) mm/h (\(intensity))"
                : "\(UIMessage.englishFall(kind ?? .rain)) from \(start) for \(UIMessage.englishDuration(minutes)), up to \(peak) mm/h (\(intensity))"
        case let .nowReport(utc, markTime, unix, local):
            "UTC        \(utc)\nMark Time  \(markTime)\nUnix       \(unix)\nLocal      \(local)"
        case .marsReport(let message): message.english
        case .marsUsage(let usage): usage.english
        case let .inputRefused(error, source): InputMessage.english(error, source: source)
        case .placeNote(let note): note.description
        case .placeNoteLine(let note): "note: " + note.description
        case .placeRefused(let refusal): refusal.english
        case let .positionRefused(error, source): "\(source): \(error)"
        case let .sightShape(number, text):
            "--sight \(number) \"\(text)\": write it as \"BODY, HS, ISO\", e.g. \"Sun LL, 43 23.8, 2024-03-21T10:02:40Z\""
        case .sightConditionRefused(let refusal): refusal.option + ": " + refusal.english
        case .callNote(let note): note.english
        case .callNoteLine(let note): "note: " + note.english
        case .hereNeedsPosition:
            "\"here\" needs a position: run gpsd with a fix, or set marks.position in the config "
                + "file (e.g. position = \"51.5074, -0.1278\"; see `timedeck config path`), or name the place."
        case let .localNotAZone(query, zone):
            "\"\(query)\" means this machine's zone, but TZ=\"\(zone)\" is not a tz zone name "
                + "a call can keep; name your city or a zone such as Europe/Paris instead."
        }
    }
}

extension CommandMessage {
    /// `labels`, each starting at its column (in terminal cells; a label
    /// that would overlap the one before is moved one space after it).
    static func columns(_ labels: [(String, Int)]) -> String {
        var line = "", used = 0
        for (label, column) in labels {
            if !line.isEmpty || column > 0 {
                let gap = max(line.isEmpty ? column : 1, column - used)
                line += RepeatedText.spaces(gap)
                used += gap
            }
            line += label
            used += DisplayWidth.of(label)
        }
        return line
    }

    /// `text` with spaces after it to `cells` terminal cells (at least one
    /// when it is that wide already).
    public static func padded(_ text: String, _ cells: Int) -> String {
        let width = DisplayWidth.of(text)
        return text + RepeatedText.spaces(width < cells ? cells - width : 1)
    }

    static func englishLabel(_ row: CompassRow) -> String {
        switch row {
        case .trueAzimuth: "true azimuth"
        case .compass: "compass"
        case .error: "compass error"
        case .variation: "variation"
        case .deviation: "deviation"
        case .amplitude: "amplitude"
        }
    }

    static func englishSpan(_ hour: Bool) -> String { hour ? "Next 60 min" : "Next 12 h" }

    /// As `ClockDoubt.description` says it (with "the line" for one sight).
    static func englishClockDoubt(sights: [Int], seconds: String?, arcminutes: String, miles: String, line: Bool) -> String {
        let which = sights.map(String.init).joined(separator: ", ")
        let subject = sights.count == 1 ? "sight \(which)" : "sights \(which)"
        let what = line ? "the line" : "the fix"
        guard let seconds else {
            return "clock NOT synchronized for \(subject) (error not known): \(what)'s longitude is only as good as that clock"
        }
        return "clock NOT synchronized for \(subject), estimated error \(seconds) s: \(what) may be off by \(arcminutes)′ of "
            + "longitude (\(miles) nm east or west)"
    }

    static func englishHeading(_ twilight: SightPlan.Twilight, at: String) -> String {
        switch twilight {
        case .morning, .evening: "\(twilight.rawValue) civil twilight at \(at)"
        case .polarNight: "polar night: stars all day; at the Sun's highest, \(at)"
        case .allDayTwilight: "twilight all day; at the Sun's lowest, \(at)"
        case .polarDay: "no civil twilight (the Sun never below −6°): Sun lines only"
        }
    }

    /// Why a plan has no civil twilight: the one source of this sentence
    /// (`sights plan`'s text and its JSON `polar` field both come here).
    static func englishPolar(_ twilight: SightPlan.Twilight, lowest: Double, highest: Double) -> String {
        let span = String(format: "the Sun stays between %.1f° and %.1f°", lowest, highest)
        switch twilight {
        case .polarNight:
            return "polar night: \(span), never up to −6°: stars all day, no Sun sight; "
                + "planned at the Sun's highest, when the horizon is lightest"
        case .allDayTwilight:
            return "twilight all day without sunrise: \(span); stars whenever the horizon is clear, "
                + "planned at the Sun's lowest"
        case .polarDay:
            return "no civil twilight: \(span), never down to −6°: no stars with a horizon; "
                + "Sun lines only (and the Moon or Venus when they are up)"
        case .morning, .evening:
            return span
        }
    }
}

extension UILanguage {
    /// A command's text in this language.
    public func text(_ message: CommandMessage) -> String { text(UIMessage.command(message)) }
}
