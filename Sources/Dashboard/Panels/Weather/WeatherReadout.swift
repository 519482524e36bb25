import Foundation
import TimeKit

/// What the weather panel shows, worked out from the state: the position
/// and where it comes from, the forecast as seen now, the ring's span and
/// segments, the coming rain and the forecast's age. Pure; draw, summary
/// and plain mode all read this.
struct WeatherReadout: Equatable {
    /// Where the position comes from: `weather.position`, gpsd's fix, or `marks.position`.
    enum PositionSource: Equatable { case setting, gpsd, marksPosition }

    var position: GeoPosition?
    var source: PositionSource?
    var forecast: WeatherForecast?
    var span: WeatherForecast.RingSpan
    var segments: [PrecipitationSegment]
    var rain: ComingRain?
    /// What falls in the coming spell (nil: dry or unknown).
    var fall: PrecipitationType?
    /// Whole minutes since the forecast arrived.
    var ageMinutes: Int?
    var failure: WeatherProblem?
    /// Where the shown forecast was asked for and how far that is from the
    /// position now, when farther than a move that asks again (5 km).
    var elsewhere: (place: GeoPosition, kilometres: Double)?

    static func == (a: Self, b: Self) -> Bool {
        a.position == b.position && a.source == b.source && a.forecast == b.forecast && a.span == b.span
            && a.segments == b.segments && a.rain == b.rain && a.fall == b.fall && a.ageMinutes == b.ageMinutes && a.failure == b.failure
            && a.elsewhere?.place == b.elsewhere?.place && a.elsewhere?.kilometres == b.elsewhere?.kilometres
    }

    init(_ state: AppState) {
        (position, source) = Self.position(state)
        let w = state.weather
        forecast = w.series?.forecast(at: state.now, zone: state.localZone)
        (span, segments) = forecast?.segments(preferringHour: w.prefersHour) ?? (w.prefersHour ? .nextHour : .next12Hours, [])
        rain = forecast.map { [span] in $0.comingRain(span, at: state.now) }
        fall = forecast?.comingType(span, at: state.now)
        ageMinutes = w.series.map { max(0, Int(state.now.timeIntervalSince($0.fetched) / 60)) }
        failure = w.failure
        if w.series != nil, let asked = w.seriesAsked, let here = position {
            let km = OpenMeteoParser.distanceKilometres(asked, here)
            if km > WeatherPanelState.movedKilometres { elsewhere = (asked, km) }
        }
    }

    /// `weather.position` if set, else gpsd's current fix, else `marks.position`.
    static func position(_ state: AppState) -> (position: GeoPosition?, source: PositionSource?) {
        if let text = state.settings.weatherPosition, let p = parsedSetting.value(for: text, { try? GeoPosition(parsing: $0) }) {
            return (p, .setting)
        }
        if let fix = state.marks.gps?.fix, fix.mode >= 2, let p = fix.position { return (p, .gpsd) }
        if let p = state.markSettings.fixedPosition { return (p, .marksPosition) }
        return (nil, nil)
    }

    /// `weather.position` parsed once, not on every frame and tick (it was
    /// a third of an idle second's work with the panel on).
    static let parsedSetting = Remembered<String, GeoPosition?>()

    /// The forecast's host, for the prompt (`api.open-meteo.com`).
    static func host(_ state: AppState) -> String {
        OpenMeteoRequest.host(of: state.settings.weatherURL) ?? state.settings.weatherURL
    }
}

/// The weather panel's words and numbers: the catalog's messages filled
/// with times in the user's zone and clock style.
enum WeatherText {
    /// `14:15` (or `2:15 PM`) in the display zone.
    static func clock(_ date: Date, _ state: AppState) -> String {
        clock(date, zone: state.localZone, use24Hour: state.use24Hour, state.language)
    }

    static func clock(_ date: Date, zone: ZoneRules, use24Hour: Bool, _ language: UILanguage) -> String {
        ClockStackView.clockText(ZoneClock.reading(date, in: zone), use24Hour: use24Hour, language)
            .trimmingCharacters(in: .whitespaces)
    }

    /// `4.8` mm/h.
    static func rate(_ millimetresPerHour: Double) -> String { String(format: "%.1f", millimetresPerHour) }

    /// The coming rain in words.
    static func rain(_ rain: ComingRain, _ fall: PrecipitationType?, _ state: AppState) -> UIMessage {
        self.rain(rain, fall) { clock($0, state) }
    }

    /// The coming rain in words, times written by `clock`.
    static func rain(_ rain: ComingRain, _ fall: PrecipitationType?, clock: (Date) -> String) -> UIMessage {
        switch rain {
        case .dry(let span): .text(span == .nextHour ? .weatherDryHour : .weatherDry12h)
        case .unknown: .text(.weatherNoData)
        case let .rain(start, end, peak, _, isFalling) where fall != nil && fall != .rain && fall != PrecipitationType.none:
            isFalling ? .weatherFallsNow(kind: fall ?? .rain, until: clock(end), peak: rate(peak))
                : .weatherFallsFrom(kind: fall ?? .rain, time: clock(start), minutes: rain.minutes ?? 0, peak: rate(peak))
        case let .rain(start, end, peak, _, isFalling):
            isFalling ? .weatherRainNow(until: clock(end), peak: rate(peak))
                : .weatherRainFrom(time: clock(start), minutes: rain.minutes ?? 0, peak: rate(peak))
        }
    }

    /// The line under the ring: its span, and whether the hour is missing.
    static func span(_ readout: WeatherReadout, prefersHour: Bool) -> UIText {
        switch readout.span {
        case .nextHour: .weatherRingHour
        case .next12Hours: prefersHour && readout.forecast != nil ? .weatherRing12hOnly : .weatherRing12h
        }
    }

    /// The forecast's age and, after a failed ask, why it is not newer;
    /// without a forecast, why there is none or that one is being asked for.
    static func status(_ readout: WeatherReadout, _ state: AppState) -> (UIMessage, isProblem: Bool)? {
        if readout.position == nil { return (.text(.weatherNoPosition), true) }
        if let age = readout.ageMinutes {
            if let failure = readout.failure { return (.weatherStale(minutes: age, problem: failure), true) }
            return (.weatherAge(minutes: age), age >= 60)
        }
        if let failure = readout.failure { return (.weatherNoForecast(problem: failure), true) }
        return (.weatherAsking(host: WeatherReadout.host(state)), false)
    }

    /// "forecast for <place>, N km away" when the forecast shown was asked
    /// for somewhere else (after a move, until a new one arrives).
    static func elsewhere(_ readout: WeatherReadout) -> UIMessage? {
        readout.elsewhere.map { .weatherForecastFor(place: $0.place.navigatorText, kilometres: Int($0.kilometres.rounded())) }
    }

    /// `52° 31'.20 N  013° 24'.60 E (gpsd)`: degrees and decimal minutes,
    /// as every other position on the screen (issue 28: it was decimal).
    static func position(_ readout: WeatherReadout) -> String? {
        guard let p = readout.position, let source = readout.source else { return nil }
        let name = switch source {
        case .setting: "weather.position"
        case .gpsd: "gpsd"
        case .marksPosition: "marks.position"
        }
        return p.navigatorText + " (\(name))"
    }

    /// The role that colours a temperature (the number itself carries it too).
    static func temperatureRole(celsius: Double) -> StyleRole {
        switch celsius {
        case ..<5: .weatherCold
        case ..<15: .weatherMild
        case ..<25: .weatherWarm
        default: .weatherHot
        }
    }

    /// The role (colour) of an intensity on the ring and in the legend. The
    /// ring shows intensity by its thickness in Braille (issue 34); the old
    /// shade cells ░▒▓ are drawn nowhere any more.
    static func intensityRole(_ intensity: PrecipitationIntensity?) -> StyleRole {
        switch intensity {
        case nil: .dim
        case .none?: .weatherDry
        case .light?: .weatherLight
        case .moderate?: .weatherModerate
        case .heavy?: .weatherHeavy
        }
    }

    /// The role of a legend or summary character, if it stands for an intensity.
    static func shadeRole(_ c: Character) -> StyleRole? {
        guard c.unicodeScalars.count == 1, let scalar = c.unicodeScalars.first else { return nil }
        return shadeRole(scalar: scalar.value)
    }

    /// The same, by the scalar a frame cell holds (`Cell.code`): drawing
    /// asks it for every cell of the text column each frame, and comparing
    /// `Character`s was a third of an idle second's work with the panel on.
    static func shadeRole(scalar: UInt32) -> StyleRole? {
        switch scalar {
        case 0x00B7: .weatherDry  // ·
        // The ring's legend: its thickness in Braille.
        case 0x2801: .weatherDry  // ⠁
        case 0x2809: .weatherLight  // ⠉
        case 0x281B: .weatherModerate  // ⠛
        case 0x283F: .weatherHeavy  // ⠿
        default: nil
        }
    }
}
