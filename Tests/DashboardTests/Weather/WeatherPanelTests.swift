import Foundation
import Testing
import TestSupport
import TimeKit
@testable import Dashboard

/// Issue 24, the weather panel: off until turned on, polite asking, the
/// ring, the words, plain mode and the screens.
@Suite struct WeatherPanelTests {
    /// 2026-11-26T14:00:00Z; the clock shows 14:07 UTC, 15:07 in Berlin.
    static let t1400 = Date(timeIntervalSince1970: 1_795_701_600)
    static let now = t1400.addingTimeInterval(7 * 60)
    static let berlin = try! GeoPosition(latitudeDegrees: 52.52, longitudeDegrees: 13.41)

    /// A forecast fetched at 14:00: quarter hours from 13:45 (stamped 14:00)
    /// and hours from 13:00 (stamped 14:00), as Open-Meteo sums precipitation
    /// over the step before each time.
    static func series(quarters: [Double?], hours: [Double?], temperature: Double? = 7.3,
                       fetched: Date = t1400) throws -> WeatherSeries {
        var sample = OpenMeteoSample(start: t1400, hourly: hours, quarterHourly: quarters)
        sample.temperature = temperature
        return try OpenMeteoParser.parse(sample.data, asked: berlin, fetched: fetched)
    }

    static let dry = (quarters: [Double?](repeating: 0, count: 8), hours: [Double?](repeating: 0, count: 16))
    /// Quarters (UTC): 14:15–14:30 light, 14:30–14:45 moderate (0.5 mm and
    /// 1.2 mm a quarter: 2.0 and 4.8 mm/h). Hours: 14:00–15:00 1.7 mm,
    /// 15:00–16:00 0.3 mm.
    static let showers = (quarters: [0, 0, 0.5, 1.2, 0, 0, 0, 0] as [Double?],
                          hours: [0, 1.7, 0.3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] as [Double?])

    func state(enabled: Bool = true, series: WeatherSeries? = nil, language: UILanguage? = nil,
               zone id: String = "Europe/Berlin", focus: PanelID? = .weather) -> AppState {
        var s = AppState(now: Self.now, localZone: zone(id))
        s.settings.reducedMotion = true
        s.settings.weatherEnabled = enabled
        s.settings.weatherPosition = "52.52, 13.41"
        if language == .ja { s.settings.language = .ja }
        s.weather.series = series
        s.focus = focus
        return s
    }

    func press(_ s: AppState, _ keys: Key...) -> (AppState, [Effect]) {
        keys.reduce((s, [Effect]())) { acc, key in
            let (next, e) = update(acc.0, .key(key, at: acc.0.now))
            return (next, acc.1 + e)
        }
    }

    func tick(_ s: AppState, at instant: Date) -> (AppState, [Effect]) { update(s, .tick(instant)) }

    static func fetches(_ effects: [Effect]) -> [OpenMeteoRequest] {
        effects.compactMap { if case .weather(.fetch(let r)) = $0 { r } else { nil } }
    }

    // MARK: Off until turned on

    @Test func offItTakesNoRoomAndAsksNothing() {
        let size = Size(columns: 100, rows: 40)
        var off = state(enabled: false, focus: .marks)
        var without = off
        without.panels = [.marks, .mars, .calls, .sights]
        #expect(render(off, size: size).lines == render(without, size: size).lines)
        for second in 0..<1200 where second % 60 == 0 {
            let (next, effects) = tick(off, at: Self.now.addingTimeInterval(Double(second)))
            #expect(Self.fetches(effects).isEmpty)
            off = next
        }
    }

    @Test func wFocusesThePanelWhichPromptsAndETurnsItOn() throws {
        let off = state(enabled: false, focus: .marks)
        let (focused, none) = press(off, .character("W"))
        #expect(none.isEmpty)
        #expect(focused.focus == .weather)
        #expect(render(focused, size: Size(columns: 100, rows: 40)).lines.contains {
            $0.contains("Weather is off — it would send your position to api.open-meteo.com. Press e to turn it on")
        })
        let (on, effects) = press(focused, .character("e"))
        #expect(on.settings.weatherEnabled)
        #expect(effects.first == .saveSetting(.weatherEnabled(true)))
        let request = try #require(Self.fetches(effects).first)
        #expect(request.baseURL == OpenMeteoRequest.defaultBaseURL)
        #expect(request.sentPosition == Self.berlin)
        #expect(on.weather.askSent == Self.now)
        // e again turns it off and saves that.
        let (offAgain, saved) = press(on, .character("e"))
        #expect(!offAgain.settings.weatherEnabled)
        #expect(saved == [.saveSetting(.weatherEnabled(false))])
    }

    @Test func theSettingChangeIsTheDocumentedKey() {
        let change = SettingChange.weatherEnabled(true)
        #expect("\(change.table).\(change.key)" == "weather.enabled")
        #expect(SettingKey.all.contains { $0.path == "weather.enabled" })
        #expect(change.value == .boolean(true))
    }

    // MARK: Polite asking

    @Test func asksAtMostOnceInTenMinutesWhileThePositionStays() {
        var s = state()
        var asks: [Date] = []
        for second in stride(from: 0, to: 3600, by: 1) {
            let at = Self.now.addingTimeInterval(Double(second))
            let (next, effects) = tick(s, at: at)
            s = next
            if !Self.fetches(effects).isEmpty {
                asks.append(at)
                s = update(s, .weather(.failed(.timedOut(seconds: 10), at: at.addingTimeInterval(10)))).0
            }
        }
        #expect(asks.count == 6)
        for (a, b) in zip(asks, asks.dropFirst()) { #expect(b.timeIntervalSince(a) >= 600) }
    }

    @Test func anUnansweredAskHoldsTheNextBack() {
        var s = tick(state(), at: Self.now).0
        #expect(s.weather.askSent == Self.now)
        s.weather.lastAsked = Self.now.addingTimeInterval(-3600)  // due again…
        #expect(Self.fetches(tick(s, at: Self.now.addingTimeInterval(30)).1).isEmpty)  // …but one is under way
        #expect(!Self.fetches(tick(s, at: Self.now.addingTimeInterval(121)).1).isEmpty)  // lost: ask again
    }

    @Test func aMoveOfMoreThanFiveKilometresAsksAgainAfterAMinute() {
        var s = tick(state(), at: Self.now).0
        s = update(s, .weather(.arrived(try! Self.series(quarters: Self.dry.quarters, hours: Self.dry.hours), asked: Self.berlin))).0
        s.settings.weatherPosition = "52.52, 13.45"  // 2.7 km east: not yet
        #expect(Self.fetches(tick(s, at: Self.now.addingTimeInterval(90)).1).isEmpty)
        s.settings.weatherPosition = "52.60, 13.41"  // 8.9 km north
        #expect(Self.fetches(tick(s, at: Self.now.addingTimeInterval(30)).1).isEmpty)
        let request = Self.fetches(tick(s, at: Self.now.addingTimeInterval(61)).1).first
        #expect(request?.sentPosition.latitudeDegrees == 52.6)
    }

    @Test func noPositionNoAskAndTheReasonShown() {
        var s = state()
        s.settings.weatherPosition = nil
        #expect(Self.fetches(tick(s, at: Self.now).1).isEmpty)
        #expect(render(s, size: Size(columns: 100, rows: 40)).lines.contains { $0.contains("No position: set weather.position") })
    }

    @Test func aStoredForecastFromFiveMinutesAgoIsNotAskedAgainAtStart() throws {
        let stored = try Self.series(quarters: Self.dry.quarters, hours: Self.dry.hours, fetched: Self.now.addingTimeInterval(-300))
        var s = update(state(), .weather(.loaded(series: stored, asked: Self.berlin, failure: nil, failedAt: nil))).0
        #expect(Self.fetches(tick(s, at: Self.now).1).isEmpty)
        (s, _) = tick(s, at: Self.now.addingTimeInterval(301))
        #expect(s.weather.askSent != nil)
    }

    @Test func aFailureKeepsTheForecastASuccessClearsTheFailure() throws {
        let first = try Self.series(quarters: Self.showers.quarters, hours: Self.showers.hours)
        var s = update(state(), .weather(.arrived(first, asked: Self.berlin))).0
        s = update(s, .weather(.failed(.httpStatus(502, reason: nil), at: Self.now))).0
        #expect(s.weather.series == first)
        #expect(s.weather.failure == .httpStatus(502, reason: nil))
        s = update(s, .weather(.arrived(first, asked: Self.berlin))).0
        #expect(s.weather.failure == nil && s.weather.askSent == nil)
    }

    // MARK: What it says

    /// Issue 28: plain mode never said the forecast it started with (the
    /// stored one is in the first state, so no change announced it).
    @Test func plainModeSaysTheStoredForecastAtTheStart() throws {
        var s = state(series: try Self.series(quarters: Self.showers.quarters, hours: Self.showers.hours))
        s.panels = [.marks, .weather]
        let greeting = PlainAnnouncer.greeting(s)
        #expect(greeting.contains { $0.hasPrefix("Weather: rain from 15:15 for 30 min") }, "\(greeting)")
        s.settings.weatherEnabled = false
        #expect(!PlainAnnouncer.greeting(s).contains { $0.hasPrefix("Weather:") })
    }

    @Test func theComingRainInWordsInTheDisplayZone() throws {
        let s = state(series: try Self.series(quarters: Self.showers.quarters, hours: Self.showers.hours))
        let lines = WeatherPanel.textLines(s, WeatherReadout(s)).map(\.text)
        #expect(lines.first == "rain from 15:15 for 30 min, up to 4.8 mm/h")
        #expect(lines.contains("⠁ dry  ⠉ light <2.5  ⠛ moderate <7.6  ⠿ heavy ≥7.6 mm/h"))
        #expect(lines.contains("forecast 7 min old"))
        #expect(lines.contains("52° 31'.20 N  013° 24'.60 E (weather.position)"), "\(lines)")
        var utc = s
        utc.localZone = zone("UTC").rules
        #expect(WeatherPanel.textLines(utc, WeatherReadout(utc)).first?.text == "rain from 14:15 for 30 min, up to 4.8 mm/h")
        var twelve = utc
        twelve.settings.clock = .twelveHour
        #expect(WeatherPanel.textLines(twelve, WeatherReadout(twelve)).first?.text == "rain from 2:15 PM for 30 min, up to 4.8 mm/h")
    }

    @Test func hSwitchesToTwelveHoursAndTheHourFallsBackWhenMissing() throws {
        let s = state(series: try Self.series(quarters: Self.showers.quarters, hours: Self.showers.hours))
        #expect(WeatherReadout(s).span == .nextHour)
        let (twelve, _) = press(s, .character("h"))
        let readout = WeatherReadout(twelve)
        #expect(readout.span == .next12Hours)
        #expect(readout.segments.count == 12)
        // The hours say 14:00–16:00 UTC wet, but the quarter hours covering
        // 14:00–15:45 say dry until 14:15: the finest data speak (issue 34).
        #expect(WeatherPanel.textLines(twelve, readout).first?.text == "rain from 15:15 for 30 min, up to 4.8 mm/h")
        let noQuarters = state(series: try Self.series(quarters: [], hours: Self.showers.hours))
        #expect(WeatherReadout(noQuarters).span == .next12Hours)
        #expect(WeatherPanel.textLines(noQuarters, WeatherReadout(noQuarters)).contains {
            $0.text == "ring: next 12 h (no 15-minute forecast here)"
        })
    }

    @Test func staleForecastSaysItsAgeAndTheServersReasonInert() throws {
        var s = state(series: try Self.series(quarters: Self.dry.quarters, hours: Self.dry.hours))
        s.now = Self.t1400.addingTimeInterval(42 * 60)
        let hostile = OpenMeteoParser.inertReason("Latitude must be in range\u{1B}[2J of -90 to 90°.")
        s = update(s, .weather(.failed(.serverRefused(reason: hostile), at: s.now))).0
        let lines = WeatherPanel.textLines(s, WeatherReadout(s))
        let status = try #require(lines.first { $0.text.hasPrefix("forecast 42 min old") })
        #expect(status.text == "forecast 42 min old: server said Latitude must be in range␛[2J of -90 to 90°.")
        #expect(status.role == .warning)
    }

    @Test func temperaturesByUnitsAndRole() throws {
        var s = state(series: try Self.series(quarters: Self.dry.quarters, hours: Self.dry.hours, temperature: 27.5))
        #expect(WeatherPanel.temperatureText(s, WeatherReadout(s)) == ("27.5 °C", .weatherHot))
        s.settings.weatherUnits = .imperial
        #expect(WeatherPanel.temperatureText(s, WeatherReadout(s)) == ("81.5 °F", .weatherHot))
        s.weather.series?.currentTemperatureCelsius = -3
        #expect(WeatherPanel.temperatureText(s, WeatherReadout(s)) == ("26.6 °F", .weatherCold))
    }

    /// The ring colours each intensity by its role (its thickness is
    /// `WeatherFaceTests`'); the legend's Braille samples take the same roles.
    @Test func theRingShadesByIntensity() throws {
        let s = state(series: try Self.series(quarters: Self.showers.quarters, hours: Self.showers.hours))
        let frame = render(s, size: Size(columns: 100, rows: 40))
        var ring: Set<StyleRole> = [], legend: [Character: StyleRole] = [:]
        for y in 0..<frame.size.rows {
            for x in 0..<frame.size.columns {
                let cell = frame[x, y]
                guard let v = cell.character.unicodeScalars.first?.value, v > 0x2800, v <= 0x28FF else { continue }
                // The face is left of column 20, the legend right of it.
                if x < 20 { ring.insert(cell.role) } else { legend[cell.character] = cell.role }
            }
        }
        #expect(ring.isSuperset(of: [.weatherDry, .weatherLight, .weatherModerate]), "\(ring)")
        #expect(!ring.contains(.weatherHeavy))
        #expect(legend["⠁"] == .weatherDry && legend["⠉"] == .weatherLight)
        #expect(legend["⠛"] == .weatherModerate && legend["⠿"] == .weatherHeavy)
    }

    // MARK: Plain mode

    @Test func plainModeAnnouncesAChangeInTheComingRainNotEveryTick() throws {
        let dry = try Self.series(quarters: Self.dry.quarters, hours: Self.dry.hours)
        let wet = try Self.series(quarters: Self.showers.quarters, hours: Self.showers.hours)
        let s0 = state(series: dry, zone: "UTC")
        let s1 = update(s0, .weather(.arrived(wet, asked: Self.berlin))).0
        #expect(PlainAnnouncer.changes(from: s0, to: s1).contains("Weather: rain from 14:15 for 30 min, up to 4.8 mm/h · 7.3 °C"))
        let s2 = update(s1, .tick(Self.now.addingTimeInterval(1))).0
        #expect(!PlainAnnouncer.changes(from: s1, to: s2).contains { $0.hasPrefix("Weather:") })
        let ja0 = state(series: dry, language: .ja, zone: "UTC")
        let ja1 = update(ja0, .weather(.arrived(wet, asked: Self.berlin))).0
        #expect(PlainAnnouncer.changes(from: ja0, to: ja1).contains("天気: 14:15 から 30 分間の雨、最大 4.8 mm/h · 7.3 °C"))
    }

    /// Issue 34: the clock moving over the same forecast announces nothing
    /// (14:07 → 14:16 turns "rain from 14:15" into "rain now"); a new
    /// forecast that changes the words does.
    @Test func plainModeAnnouncesOnlyWhatANewForecastChanges() throws {
        let wet = try Self.series(quarters: Self.showers.quarters, hours: Self.showers.hours)
        let s0 = state(series: wet, zone: "UTC")
        let s1 = update(s0, .tick(Self.now.addingTimeInterval(9 * 60))).0
        #expect(!PlainAnnouncer.changes(from: s0, to: s1).contains { $0.hasPrefix("Weather:") })
        let same = try Self.series(quarters: Self.showers.quarters, hours: Self.showers.hours, fetched: s1.now)
        let s2 = update(s1, .weather(.arrived(same, asked: Self.berlin))).0
        #expect(!PlainAnnouncer.changes(from: s1, to: s2).contains { $0.hasPrefix("Weather:") })
        var later = Self.showers.quarters
        later[4] = 0.5  // 14:45–15:00 wet too
        let longer = try Self.series(quarters: later, hours: Self.showers.hours, fetched: s1.now)
        let s3 = update(s2, .weather(.arrived(longer, asked: Self.berlin))).0
        #expect(PlainAnnouncer.changes(from: s2, to: s3).contains("Weather: rain now until 15:00, up to 4.8 mm/h · 7.3 °C"))
    }

    /// Issue 34: after a move the panel says where the forecast is for
    /// until one for here arrives.
    @Test func aMovedPositionSaysWhereTheForecastIsFor() throws {
        var s = state(series: try Self.series(quarters: Self.dry.quarters, hours: Self.dry.hours))
        s = update(s, .weather(.arrived(s.weather.series!, asked: Self.berlin))).0
        #expect(!WeatherPanel.textLines(s, WeatherReadout(s)).contains { $0.text.hasPrefix("forecast for") })
        s.settings.weatherPosition = "52.62, 13.41"  // 11 km north
        let lines = WeatherPanel.textLines(s, WeatherReadout(s))
        #expect(lines.contains { $0.text == "forecast for 52° 31'.20 N  013° 24'.60 E, 11 km away" && $0.role == .warning }, "\(lines)")
        #expect(WeatherPanel.summary(s).contains("  forecast for 52° 31'.20 N  013° 24'.60 E, 11 km away"))
        let here = try GeoPosition(latitudeDegrees: 52.62, longitudeDegrees: 13.41)
        s = update(s, .weather(.arrived(s.weather.series!, asked: here))).0
        #expect(!WeatherPanel.textLines(s, WeatherReadout(s)).contains { $0.text.hasPrefix("forecast for") })
    }

    /// Issue 34: at −4.6 °C with Open-Meteo's snowfall, the words say snow
    /// (they said "rain"), in both languages and in plain mode.
    @Test func snowIsCalledSnow() throws {
        var sample = OpenMeteoSample(start: Self.t1400, hourly: Self.showers.hours, quarterHourly: Self.showers.quarters)
        sample.temperature = -4.6
        sample.extraQuarterHourly = ["rain": Array(repeating: 0, count: 8), "snowfall": Self.showers.quarters.map { ($0 ?? 0) > 0 ? 0.6 : 0 }]
        let series = try OpenMeteoParser.parse(sample.data, asked: Self.berlin, fetched: Self.t1400)
        let s = state(series: series)
        #expect(WeatherPanel.textLines(s, WeatherReadout(s)).first?.text == "snow from 15:15 for 30 min, up to 4.8 mm/h")
        let ja = state(series: series, language: .ja)
        #expect(WeatherPanel.textLines(ja, WeatherReadout(ja)).first?.text == "15:15 から 30 分間の雪、最大 4.8 mm/h")
        var plain = s
        plain.panels = [.marks, .weather]
        #expect(PlainAnnouncer.greeting(plain).contains { $0.hasPrefix("Weather: snow from 15:15") })
    }

    // MARK: Screens

    @Test func goldenOffPrompt() {
        var s = state(enabled: false)
        s.panels = PanelID.allCases
        expectSnapshot(render(s, size: Size(columns: 80, rows: 24)), named: "weather-off-80x24")
    }

    @Test func goldenDry() throws {
        let s = state(series: try Self.series(quarters: Self.dry.quarters, hours: Self.dry.hours))
        expectSnapshot(render(s, size: Size(columns: 80, rows: 24)), named: "weather-dry-80x24")
    }

    @Test func goldenLightShowersWide() throws {
        let s = state(series: try Self.series(quarters: Self.showers.quarters, hours: Self.showers.hours))
        expectSnapshot(render(s, size: Size(columns: 120, rows: 40)), named: "weather-showers-120x40")
    }

    @Test func goldenHeavyTwelveHours() throws {
        let heavy: [Double?] = [0, 0, 2, 9.5, 12, 4, 0.5, 0, 0, nil, nil, 0, 0, 0, 0, 0]
        var s = state(series: try Self.series(quarters: [], hours: heavy, temperature: 18.2))
        s.settings.weatherUnits = .imperial
        expectSnapshot(render(s, size: Size(columns: 80, rows: 24)), named: "weather-heavy-12h-80x24")
    }

    @Test func goldenStale() throws {
        var s = state(series: try Self.series(quarters: Self.dry.quarters, hours: Self.dry.hours))
        s.now = Self.t1400.addingTimeInterval(42 * 60)
        s = update(s, .weather(.failed(.serverRefused(reason: "Latitude must be in range of -90 to 90°."), at: s.now))).0
        expectSnapshot(render(s, size: Size(columns: 100, rows: 30)), named: "weather-stale-100x30")
    }

    @Test func goldenJapanese() throws {
        let s = state(series: try Self.series(quarters: Self.showers.quarters, hours: Self.showers.hours), language: .ja)
        let frame = render(s, size: Size(columns: 80, rows: 24))
        expectSnapshot(frame, named: "weather-ja-80x24")
        for line in frame.lines { #expect(!EnglishDetector.hasEnglishSentence(line), "\(line)") }
    }
}

/// Smaller pieces of the weather panel.
@Suite struct WeatherPanelPartsTests {
    @Test func thePromptWrapsAtSpacesAndCutsJapanese() {
        #expect(WeatherPanel.wrapped("Weather is off — press e", width: 12) == ["Weather is", "off — press", "e"])
        #expect(WeatherPanel.wrapped("天気はオフです", width: 6) == ["天気は", "オフで", "す"])
        #expect(WeatherPanel.wrapped("anything", width: 0).isEmpty)
    }

    @Test func durationsReadAsPeopleSayThem() {
        #expect(UILanguage.en.text(.weatherRainFrom(time: "16:00", minutes: 300, peak: "12.0")) == "rain from 16:00 for 5 h, up to 12.0 mm/h")
        #expect(UILanguage.en.text(.weatherRainFrom(time: "16:00", minutes: 90, peak: "1.0")) == "rain from 16:00 for 1 h 30 min, up to 1.0 mm/h")
        #expect(UILanguage.ja.text(.weatherRainFrom(time: "16:00", minutes: 45, peak: "1.0")) == "16:00 から 45 分間の雨、最大 1.0 mm/h")
    }

    @Test func theHelpListsTheWeatherKeys() {
        var s = AppState(now: WeatherPanelTests.now, localZone: zone("UTC"))
        s.overlay = .help(scroll: 0)
        let text = render(s, size: Size(columns: 100, rows: 60)).lines.joined(separator: "\n")
        #expect(text.contains("Show the weather panel"))
    }
}

/// On a narrow screen the face shrinks and long lines wrap rather than lose their ends.
@Suite struct WeatherPanelNarrowTests {
    @Test func goldenNarrow() throws {
        var s = AppState(now: WeatherPanelTests.now, localZone: zone("UTC"))
        s.settings.weatherEnabled = true
        s.settings.weatherPosition = "52.52, 13.41"
        s.weather.series = try WeatherPanelTests.series(quarters: WeatherPanelTests.showers.quarters, hours: WeatherPanelTests.showers.hours)
        s.focus = .weather
        let frame = render(s, size: Size(columns: 48, rows: 14))
        expectSnapshot(frame, named: "weather-narrow-48x14")
        let text = frame.lines.joined(separator: "\n")
        #expect(text.contains("mm/h"))
        #expect(text.contains("heavy"))
    }
}
