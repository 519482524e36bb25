import Foundation

/// Everything the user can configure, with the defaults timedeck uses when
/// the config file is absent, and for each key the file gets wrong. Each
/// property's initial value is its key's declared default (`DisplayKeys`,
/// `WeatherKeys`, … listed in `SettingKey.groups`), written only there;
/// `periods` and `sightCorrections` start as the domain's standard tables,
/// which their keys' defaults are read from.
public struct Settings: Equatable, Sendable {
    public enum ThemeName: String, CaseIterable, Sendable { case mission, sunlight, mono }
    public enum ClockStyle: String, CaseIterable, Sendable { case twentyFourHour = "24h", twelveHour = "12h" }
    public enum Language: String, CaseIterable, Sendable { case auto, en, ja }

    public var theme: ThemeName = DisplayKeys.theme.defaultValue
    public var clock: ClockStyle = DisplayKeys.clock.defaultValue
    public var reducedMotion: Bool = DisplayKeys.reducedMotion.defaultValue
    public var language: Language = DisplayKeys.language.defaultValue
    /// Double beep when a mark is recorded.
    public var bell: Bool = MarksKeys.bell.defaultValue
    /// Flash the new mark's row.
    public var flash: Bool = MarksKeys.flash.defaultValue
    /// Watch error / reaction offset added to each mark's corrected instant.
    public var watchErrorSeconds: Double = MarksKeys.watchErrorSeconds.defaultValue
    /// A fixed position attached to marks when gpsd has no fix, as typed.
    public var fixedPosition: String? = MarksKeys.position.defaultValue
    /// gpsd as `host:port`; nil when turned off.
    public var gpsdAddress: String? = MarksKeys.gpsd.defaultValue
    /// The team log (`team.url`, a `postgresql://` URL), or nil: no team.
    /// May hold a password: a `ConnectionString`, whose printed forms hide it.
    public var teamURL: ConnectionString? = TeamKeys.url.defaultValue
    /// This station's name in the team log; nil means the host name.
    public var teamStation: String? = TeamKeys.station.defaultValue
    public var marsLongitudeEast: Double? = MarsKeys.longitude.defaultValue
    public var marsSite: String? = MarsKeys.site.defaultValue
    /// The user's own Mars sites (`[mars-site-<id>]` tables), in file order.
    public var marsSites: [MarsSite] = []
    public var periods: PeriodTable = .standard
    /// Minutes before a call that its reminder comes (`calls.remind`);
    /// nil for off. A call's own `--remind` overrides it.
    public var callRemindMinutes: Int? = CallsKeys.remind.defaultValue
    /// Height of eye, index error and weather for the sights panel
    /// (`[sights]`); the defaults are `timedeck fix`'s, so the panel and the
    /// CLI give the same numbers for the same sights.
    public var sightCorrections = SightCorrections.standard
    /// The sights panel's DR as typed (`sights.dr`); nil: gpsd's fix, else
    /// `marks.position`.
    public var sightsDeadReckoning: String? = SightsKeys.deadReckoning.defaultValue
    /// Course made good (degrees true) and speed (knots) that carry earlier
    /// sights to the fix time (a running fix); 0 knots: at rest.
    public var sightsCourseDegrees: Double = SightsKeys.courseDegrees.defaultValue
    public var sightsSpeedKnots: Double = SightsKeys.speedKnots.defaultValue
    /// Weather (issue 24) is off until the user turns it on: a clock does
    /// not send its position to a web service unasked.
    public var weatherEnabled: Bool = WeatherKeys.enabled.defaultValue
    /// The forecast API (`weather.url`): Open-Meteo's, or a self-hosted one.
    public var weatherURL: String = WeatherKeys.url.defaultValue
    /// Set when the config's `weather.url` was refused: `weatherURL` is
    /// then empty (no host at all, never the default in its place) and
    /// weather asks nothing until the value is corrected.
    public var weatherURLRefused: WeatherProblem?
    /// The position to ask for as typed (`weather.position`); nil: gpsd's
    /// fix, else `marks.position`.
    public var weatherPosition: String? = WeatherKeys.position.defaultValue
    /// Temperatures in °C (metric) or °F (imperial).
    public var weatherUnits: WeatherUnits = WeatherKeys.units.defaultValue
    /// A PEM file of extra CAs to trust for the forecast server beside the
    /// system's (`weather.ca_file`); nil: the system's alone.
    public var weatherCAFile: String? = WeatherKeys.caFile.defaultValue

    public init() {}
}

/// A problem with the config: where it is (line, key), what is wrong and
/// what to do about it. Only the line or key it names is set aside; every
/// other setting stays in force.
public struct ConfigProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int?
    /// The key as `table.key` (or a table name, or nil for the whole file).
    public var key: String?
    /// What is wrong.
    public var message: String
    /// What to do about it (empty when the message says it all).
    public var advice: String

    public init(line: Int?, key: String? = nil, message: String, advice: String = "") {
        self.line = line
        self.key = key
        self.message = message
        self.advice = advice
    }

    /// Line, key and what is wrong, without the advice: for a status line.
    public var brief: String {
        ([line.map { "line \($0)" }, key].compactMap { $0 } + [message]).joined(separator: ": ")
    }

    public var description: String { advice.isEmpty ? brief : "\(brief); \(advice)" }
}

extension Settings {
    /// Settings from config text: the defaults with every valid key applied,
    /// plus every problem found (lines that cannot be read, unknown keys,
    /// wrong types, bad values). A problem sets aside only its own line or
    /// key: everything else in the file stays in force.
    public static func parse(_ text: String) -> (settings: Settings, problems: [ConfigProblem]) {
        let document = ConfigDocument(readingAround: text)
        let (settings, problems) = apply(document)
        let syntax = document.syntaxErrors.map { error in
            ConfigProblem(line: error.line, key: error.key, message: error.message,
                          advice: "this line is ignored; correct it or delete it")
        }
        return (settings, (syntax + problems).sorted { ($0.line ?? 0) < ($1.line ?? 0) })
    }

    static func apply(_ document: ConfigDocument) -> (settings: Settings, problems: [ConfigProblem]) {
        var settings = Settings()
        var problems: [ConfigProblem] = []
        for entry in document.entries {
            if MarsSiteConfig.id(fromTable: entry.table) != nil { continue }  // below, a table at a time
            let path = entry.table.isEmpty ? entry.key : "\(entry.table).\(entry.key)"
            guard let key = SettingKey.all.first(where: { $0.table == entry.table && $0.key == entry.key }) else {
                problems.append(ConfigProblem(line: entry.line, key: path, message: unknownKeyMessage(entry),
                                              advice: "check the spelling (timedeck config keys lists them) or delete the line"))
                continue
            }
            do {
                try key.apply(entry.value, to: &settings)
            } catch where key.path == WeatherKeys.url.path {
                // Falling back to the default would send the position to a
                // host the user did not choose: weather stays off instead.
                settings.refuseWeatherURL(entry.value, reason: error.message)
                problems.append(ConfigProblem(line: entry.line, key: key.path, message: error.message,
                                              advice: "weather stays off (nothing is sent) until you correct the value or delete the line"))
            } catch {
                problems.append(ConfigProblem(line: entry.line, key: key.path, message: error.message,
                                              advice: "correct the value or delete the line; until then the default, \(key.defaultText), is used"))
            }
        }
        let custom = MarsSiteConfig.sites(from: document.entries)
        settings.marsSites = custom.sites
        problems += custom.problems
        if let problem = settings.periods.orderProblem() {
            let line = document.entries.first { $0.table == "periods" }?.line
            problems.append(ConfigProblem(line: line, key: "[periods]", message: problem,
                                          advice: "correct the times; until then the standard periods are used"))
            settings.periods = .standard
        }
        return (settings, problems)
    }

    static func unknownKeyMessage(_ entry: ConfigDocument.Entry) -> String {
        let known = SettingKey.all.filter { $0.table == entry.table }.map(\.key)
        let place = entry.table.isEmpty ? "at the top level" : "in [\(entry.table)]"
        if known.isEmpty {
            let tables = (Array(Set(SettingKey.all.map(\.table))).sorted().map { "[\($0)]" }
                + ["[\(MarsSiteConfig.tablePrefix)<id>]"]).joined(separator: ", ")
            return "unknown key '\(entry.key)' \(place); the tables are \(tables)"
        }
        return "unknown key '\(entry.key)' \(place); known keys there: \(known.joined(separator: ", "))"
    }
}

extension Settings {
    /// Keeps weather from asking anyone: `weatherURL` empty, the refusal
    /// kept with the value as messages may show it (password hidden,
    /// controls made visible, bounded).
    mutating func refuseWeatherURL(_ value: ConfigDocument.Value, reason: String) {
        let text: String
        if case .string(let s) = value { text = s } else { text = "\(value)" }
        weatherURL = ""
        weatherURLRefused = .addressRefused(url: OpenMeteoParser.inertReason(RedactedValue.shown(text)), reason: reason)
    }
}

extension PeriodTable {
    /// Why the boundaries are unusable, if they are: each period must start
    /// after the one before it, before dawn at midnight.
    func orderProblem() -> String? {
        let order = DayPeriod.allCases
        let starts = order.map { period in boundaries.first { $0.period == period }?.startMinute ?? -1 }
        for i in 1..<starts.count where starts[i] <= starts[i - 1] {
            return "[periods] must increase through the day: \(order[i].title) starts at or before \(order[i - 1].title)"
        }
        return nil
    }
}

extension Settings {
    /// Sets `table.key` from its text as the dashboard offers it ("true",
    /// "false", or a choice such as "12h"), checked like the config file's
    /// value. Used by every in-app toggle, so each changes this one value.
    public mutating func set(_ table: String, _ key: String, text: String) throws(SettingKey.Invalid) {
        guard let setting = SettingKey.all.first(where: { $0.table == table && $0.key == key }) else {
            throw SettingKey.Invalid(message: "unknown key \(table).\(key)")
        }
        try setting.apply(ConfigDocument.Value(dashboardText: text), to: &self)
    }
}

extension ConfigDocument.Value {
    /// "true"/"false" as a boolean, anything else as a string: how the
    /// dashboard's toggles write their values.
    public init(dashboardText text: String) {
        self = text == "true" || text == "false" ? .boolean(text == "true") : .string(text)
    }
}
