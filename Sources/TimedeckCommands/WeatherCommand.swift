import ArgumentParser
import Dashboard
import DeckShell
import Foundation
import TimeKit
import TimeStore

struct WeatherCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather",
        abstract: "The precipitation forecast for your position: the next 60 minutes and 12 hours (Open-Meteo).",
        discussion: """
            Off until you turn it on (it sends your position, rounded to 0.01°, to the forecast service): \
            timedeck config set weather.enabled true, or e in the dashboard's weather panel.
            The position is weather.position if set, else the gpsd fix, else marks.position (stderr says which). \
            A forecast younger than 10 minutes is taken from the store unless --refresh; when a refresh fails, \
            the stored forecast is shown with a notice (exit 0), or the reason with exit 1 if there is none.
            The text and the card's words follow display.language (ja: Japanese); --json is the same in every language.
            Examples:
              timedeck weather
              timedeck weather --json
              timedeck weather --refresh --card rain.svg
            """
    )

    @OptionGroup var output: OutputOptions<WeatherCommand>
    static let jsonHelp = "Print JSON: latitude, longitude, fetched, temperature, next60 (15-min segments overlapping the next 60 min, or null), next12h (12 × 1 h), spell, wind, code, conditions, high, low, sunrise, sunset, polar, place."
    var json: Bool { output.json }

    @Flag(help: "Ask the service even if the stored forecast is younger than 10 minutes.")
    var refresh = false

    @Option(help: "Also write a share card (SVG: the rain ring, temperature, time and place) to this file.")
    var card: String?

    @Flag(help: "With --card: replace the file if it exists.")
    var force = false

    static let freshSeconds: TimeInterval = 600

    func run() throws {
        let loaded = CommandConfig.loadedWarning()
        let settings = loaded.settings
        if let refused = settings.weatherURLRefused {
            Console.error("timedeck: weather is off: \(refused.sentence)\n")
            throw ExitCode(2)
        }
        let host = OpenMeteoRequest.host(of: settings.weatherURL) ?? settings.weatherURL
        guard settings.weatherEnabled else {
            Console.error("timedeck: weather is off: asking would send your position to \(host). Turn it on with "
                          + "timedeck config set weather.enabled true (or e in the dashboard's weather panel).\n")
            throw ExitCode(2)
        }
        if let card {
            do {
                try AtomicOutputFile.check(path: card, replacing: force, option: "--card")
            } catch let failure as AtomicOutputFile.Failure {
                Console.error("timedeck: --card: \(failure.description)" + "\n")
                throw ExitCode(failure.isUsage ? 2 : 1)
            }
        }
        guard let (position, source) = Self.position(settings) else {
            Console.error("timedeck: no position to ask the forecast for: set one with "
                          + "timedeck config set weather.position \"48.8566, 2.3522\" (or marks.position, or run gpsd).\n")
            throw ExitCode(2)
        }
        Console.error("timedeck: forecast for \(position.navigatorText) (\(source)).\n")
        let store = try StoreHandle.atDefaultLocation()
        let now = WallClock.now()
        let stored = try store.existing()?.loadForecast()
        var series = stored?.series
        let request = OpenMeteoRequest(baseURL: settings.weatherURL, position: position, caFile: settings.weatherCAFile)
        let cachedHere = stored?.asked.map { OpenMeteoParser.distanceKilometres($0, request.sentPosition) <= WeatherPanelState.movedKilometres } ?? false
        let fresh = series.map { now.timeIntervalSince($0.fetched) < Self.freshSeconds } ?? false
        if refresh || !fresh || !cachedHere {
            switch WeatherService.fetchAndKeep(request, store: store) {
            case .arrived(let new, _):
                series = new
            case .failed(let problem, _):
                guard let kept = series, cachedHere else {
                    Console.error("timedeck: no forecast: \(problem.sentence) Check weather.url and the network, then try again.\n")
                    throw ExitCode(1)
                }
                let minutes = Int(now.timeIntervalSince(kept.fetched) / 60)
                Console.error("timedeck: forecast not refreshed (\(problem)); showing the stored one, \(minutes) min old.\n")
            case .loaded:
                break
            }
        }
        guard let series else { throw ExitCode(1) }
        let forecast = series.forecast(at: now, zone: LocalZone.current().zone)
        let sun = Self.sun(at: position, now: now)
        let named = Self.place(at: position)
        let place = named?.label
        // Words in the interface language; `--json` stays as it is.
        let language = CommandConfig.language
        let shown = named.map { Self.label($0, language) }
        if json {
            Console.json(forecast.json(at: now, units: settings.weatherUnits, sun: sun, place: place))
        } else {
            for line in Self.lines(forecast, now: now, units: settings.weatherUnits, sun: sun, place: shown, language: language) {
                Console.out(line)
            }
        }
        if let card {
            try writeCard(forecast: series, now: now, settings: settings, language: language,
                          place: shown.map(InertText.display) ?? position.navigatorText, to: card)
        }
    }

    /// A named place counts as "here" within this distance (issue 34): a
    /// town's centre is rarely more than a few km from anywhere in it, and a
    /// boat 10 km off a port is not in it.
    static let placeRadiusKilometres = 10.0

    /// The most populous bundled city within `placeRadiusKilometres` of `position`, else nil.
    static func place(at position: GeoPosition) -> Place? {
        guard let places = try? PlaceDatabase.bundled() else { return nil }
        return places.named(latitudeDegrees: position.latitudeDegrees, longitudeDegrees: position.longitudeDegrees,
                            withinKilometres: placeRadiusKilometres)
    }

    /// `Paris, FR`; in Japanese `パリ, FR` where the place database has a
    /// Japanese name (as the call planner writes places).
    static func label(_ place: Place, _ language: UILanguage) -> String {
        guard language == .ja, let name = (try? PlaceDatabase.bundled())?.japaneseName(of: place) else { return place.label }
        return "\(name), \(place.countryCode)"
    }

    /// Sunrise and sunset at `position` on its local (mean solar) day holding
    /// `now`, from the bundled almanac; nil, with a note on stderr, when the
    /// almanac cannot say (the weather is still shown).
    static func sun(at position: GeoPosition, now: Date) -> SunriseSunset? {
        let leap = LeapSecondList.load(environment: ProcessEnvironment.values,
                                       nowUnixSeconds: Int64(now.timeIntervalSince1970))
        do {
            let almanac = try Almanac.loadBundled(leapSeconds: leap.table)
            return try SunriseSunset.day(containing: now.timeIntervalSince1970, at: position, almanac: almanac)
        } catch {
            Console.error("timedeck: no sunrise or sunset: \(error)\n")
            return nil
        }
    }

    /// `weather.position`, else a gpsd fix (waited for briefly), else `marks.position`.
    static func position(_ settings: Settings) -> (GeoPosition, String)? {
        if let text = settings.weatherPosition, let p = try? GeoPosition(parsing: text) { return (p, "weather.position") }
        let (fix, _) = HerePlace.gpsdFix(settings)
        if let fix { return (fix, "the gpsd fix") }
        if let text = settings.fixedPosition, let p = try? GeoPosition(parsing: text) { return (p, "marks.position") }
        return nil
    }

    /// The forecast for a person: temperature, the coming rain in both spans, the age.
    static func lines(_ forecast: WeatherForecast, now: Date, units: WeatherUnits, sun: SunriseSunset? = nil,
                      place: String? = nil, language l: UILanguage = .en) -> [String] {
        // Times in the user's zone (TZ, else /etc/localtime), labelled.
        let local = LocalZone.current()
        let label = LocalTimeText.offsetLabel(seconds: local.zone.offsetSeconds(at: now))
        let clock = { (date: Date) in LocalTimeText.isoLocal(date, in: local.zone).dropFirst(11).prefix(5) + " " + label }
        var lines = [l.text(.weatherHeader(place: place.map(InertText.display) ?? forecast.position.navigatorText,
                                           fetched: String(clock(forecast.fetched)),
                                           minutesAgo: max(0, Int(now.timeIntervalSince(forecast.fetched) / 60))))]
        if let t = forecast.currentTemperatureCelsius { lines.append(l.text(.weatherTemperature(units.temperatureText(celsius: t)))) }
        if let sun { lines.append(sunLine(sun, clock: { String(clock($0)) }, l)) }
        for (hour, segments, span) in [(true, forecast.next60, WeatherForecast.RingSpan.nextHour),
                                       (false, forecast.next12h as [PrecipitationSegment]?, .next12Hours)] {
            guard let segments else {
                lines.append(l.text(.weatherNoQuarterHours(hour: hour)))
                continue
            }
            let amounts = segments.map { s in "\(clock(s.start).prefix(5)) " + (s.millimetres.map { String(format: "%.1f", $0) } ?? "–") }
            lines.append(l.text(.weatherAmounts(hour: hour, amounts: amounts.joined(separator: "  "))))
            switch forecast.comingRain(span, at: now) {
            case .dry: lines.append("  " + l.text(.weatherNoRain))
            case .unknown: lines.append("  " + l.text(.weatherNoValues))
            case let .rain(start, end, peak, intensity, falling):
                lines.append("  " + l.text(.weatherComing(kind: forecast.comingType(span, at: now), start: String(clock(start)),
                                                          end: String(clock(end)), minutes: Int(end.timeIntervalSince(start) / 60),
                                                          peak: String(format: "%.1f", peak), intensity: intensity, falling: falling)))
            }
        }
        return lines
    }

    /// "Sunrise 07:58 UTC+01:00, sunset 16:58 UTC+01:00" (to the nearest
    /// minute), or why not.
    static func sunLine(_ sun: SunriseSunset, clock: @escaping (Date) -> String, _ l: UILanguage = .en) -> String {
        let minute = { (t: Double) in clock(Date(timeIntervalSince1970: (t / 60).rounded() * 60)) }
        return l.text(.weatherSunLine(rise: sun.sunriseUnixSeconds.map(minute), set: sun.sunsetUnixSeconds.map(minute), polar: sun.polar))
    }

    func writeCard(forecast series: WeatherSeries, now: Date, settings: Settings, language: UILanguage, place: String,
                   to path: String) throws {
        // The card's clock in the user's zone, as the text says it (issue 34:
        // it was always UTC, labelled GMT).
        let local = LocalZone.current()
        let offset = LocalTimeText.offsetLabel(seconds: local.zone.offsetSeconds(at: now))
        var state = AppState(now: now, localZone: local.zone)
        state.localZoneName = local.name == offset ? offset : "\(local.name) \(offset)"
        state.settings = settings
        // The card's words in the commands' language ("auto" reads the locale, as the dashboard does).
        state.language = language
        state.weather = WeatherPanelState(series: series)
        guard let content = WeatherCard.content(state, place: place) else { throw ExitCode(1) }
        do {
            let file = try AtomicOutputFile(path: path, replacing: force, option: "--card")
            try file.write(WeatherCard.svg(content))
            try file.commit()
        } catch {
            Console.error("timedeck: could not write the card to \(path): \(error)\n")
            throw ExitCode(1)
        }
        Console.error("timedeck: share card written to \(path).\n")
    }
}
