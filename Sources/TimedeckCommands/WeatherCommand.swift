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
        let place = Self.placeName(at: position)
        if json {
            Console.json(forecast.json(at: now, units: settings.weatherUnits, sun: sun, place: place))
        } else {
            for line in Self.lines(forecast, now: now, units: settings.weatherUnits, sun: sun, place: place) { Console.out(line) }
        }
        if let card {
            try writeCard(forecast: series, now: now, settings: settings, place: place.map(InertText.display) ?? position.navigatorText, to: card)
        }
    }

    /// A named place counts as "here" within this distance (issue 34): a
    /// town's centre is rarely more than a few km from anywhere in it, and a
    /// boat 10 km off a port is not in it.
    static let placeRadiusKilometres = 10.0

    /// The display name (`Paris, FR`) of the most populous bundled city
    /// within `placeRadiusKilometres` of `position`, else nil.
    static func placeName(at position: GeoPosition) -> String? {
        guard let places = try? PlaceDatabase.bundled() else { return nil }
        return places.named(latitudeDegrees: position.latitudeDegrees, longitudeDegrees: position.longitudeDegrees,
                            withinKilometres: placeRadiusKilometres)?.label
    }

    /// Sunrise and sunset at `position` on its local (mean solar) day holding
    /// `now`, from the bundled almanac; nil, with a note on stderr, when the
    /// almanac cannot say (the weather is still shown).
    static func sun(at position: GeoPosition, now: Date) -> SunriseSunset? {
        let leap = LeapSecondList.load(environment: ProcessInfo.processInfo.environment,
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
                      place: String? = nil) -> [String] {
        // Times in the user's zone (TZ, else /etc/localtime), labelled.
        let local = LocalZone.current()
        let label = LocalTimeText.offsetLabel(seconds: local.zone.offsetSeconds(at: now))
        let clock = { (date: Date) in LocalTimeText.isoLocal(date, in: local.zone).dropFirst(11).prefix(5) + " " + label }
        let duration = { (minutes: Int) in
            minutes < 90 ? "\(minutes) min" : "\(minutes / 60) h" + (minutes % 60 == 0 ? "" : " \(minutes % 60) min")
        }
        var lines = ["Forecast for \(place.map(InertText.display) ?? forecast.position.navigatorText), fetched \(clock(forecast.fetched)) "
                     + "(\(max(0, Int(now.timeIntervalSince(forecast.fetched) / 60))) min ago)"]
        if let t = forecast.currentTemperatureCelsius { lines.append("Temperature \(units.temperatureText(celsius: t))") }
        if let sun { lines.append(sunLine(sun, clock: { String(clock($0)) })) }
        for (name, segments, span) in [("Next 60 min", forecast.next60, WeatherForecast.RingSpan.nextHour),
                                       ("Next 12 h", forecast.next12h as [PrecipitationSegment]?, .next12Hours)] {
            guard let segments else {
                lines.append("\(name): no 15-minute forecast here (the 12 hours below are the best available)")
                continue
            }
            let amounts = segments.map { s in "\(clock(s.start).prefix(5)) " + (s.millimetres.map { String(format: "%.1f", $0) } ?? "–") }
            lines.append("\(name) (mm): " + amounts.joined(separator: "  "))
            switch forecast.comingRain(span, at: now) {
            case .dry: lines.append("  no rain")
            case .unknown: lines.append("  no values")
            case let .rain(start, end, peak, intensity, falling):
                let minutes = Int(end.timeIntervalSince(start) / 60)
                let noun = switch forecast.comingType(span, at: now) {
                case .snow?: "snow"
                case .showers?: "showers"
                case .mixed?: "rain and snow"
                default: "rain"
                }
                lines.append(falling ? "  \(noun) now until \(clock(end)), up to \(String(format: "%.1f", peak)) mm/h (\(intensity))"
                                     : "  \(noun) from \(clock(start)) for \(duration(minutes)), up to \(String(format: "%.1f", peak)) mm/h (\(intensity))")
            }
        }
        return lines
    }

    /// "Sunrise 07:58 UTC+01:00, sunset 16:58 UTC+01:00" (to the nearest
    /// minute), or why not.
    static func sunLine(_ sun: SunriseSunset, clock: @escaping (Date) -> String) -> String {
        let minute = { (t: Double) in clock(Date(timeIntervalSince1970: (t / 60).rounded() * 60)) }
        switch (sun.sunriseUnixSeconds, sun.sunsetUnixSeconds, sun.polar) {
        case (_, _, .day?): return "No sunrise or sunset today: polar day (the Sun stays up)"
        case (_, _, .night?): return "No sunrise or sunset today: polar night (the Sun stays down)"
        case let (rise, set, nil):
            let riseText = rise.map { "Sunrise " + minute($0) } ?? "No sunrise today"
            let setText = set.map { "sunset " + minute($0) } ?? "no sunset today"
            return riseText + ", " + setText
        }
    }

    func writeCard(forecast series: WeatherSeries, now: Date, settings: Settings, place: String, to path: String) throws {
        // The card's clock in the user's zone, as the text says it (issue 34:
        // it was always UTC, labelled GMT).
        let local = LocalZone.current()
        let offset = LocalTimeText.offsetLabel(seconds: local.zone.offsetSeconds(at: now))
        var state = AppState(now: now, localZone: local.zone)
        state.localZoneName = local.name == offset ? offset : "\(local.name) \(offset)"
        state.settings = settings
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
