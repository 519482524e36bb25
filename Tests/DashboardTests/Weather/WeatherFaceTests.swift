import Foundation
import Testing
import TestSupport
import TimeKit
@testable import Dashboard

/// Issue 34, item 3: the weather face grows with the panel, its ring is a
/// Braille ring whose thickness (not only its colour) tells moderate from
/// heavy, and the face shows the wind, chance, high and low.
/// Serialized: one test counts how often the one remembered ring is worked out.
@Suite(.serialized) struct WeatherFaceTests {
    /// Quarters stamped from 13:45 UTC (14:45–15:00 Berlin): 14:15–14:30
    /// moderate (1.2 mm, 4.8 mm/h), 14:45–15:00 heavy (3 mm, 12 mm/h). At
    /// 15:07 Berlin on the 60-minute ring (the minute hand's circle) the
    /// first is the 3 o'clock quarter (:15–:30), the second the 9 o'clock
    /// one (:45–:00).
    static let quarters: [Double?] = [0, 0, 1.2, 0, 3.0, 0, 0, 0]

    func state(size: Size, units: WeatherUnits = .metric, language: UILanguage = .en) throws -> AppState {
        var sample = OpenMeteoSample(start: WeatherPanelTests.t1400, hourly: WeatherPanelTests.dry.hours, quarterHourly: Self.quarters)
        sample.extraCurrent = ["wind_speed_10m": 18.52, "wind_gusts_10m": 37.04, "wind_direction_10m": 250]
        sample.extraQuarterHourly = ["precipitation_probability": [10, 20, 70, 40, 90, 30, 10, 5]]
        let series = try OpenMeteoParser.parse(sample.data, asked: WeatherPanelTests.berlin, fetched: WeatherPanelTests.t1400)
        var s = AppState(now: WeatherPanelTests.now, localZone: zone("Europe/Berlin"))
        s.settings.reducedMotion = true
        s.settings.weatherEnabled = true
        s.settings.weatherPosition = "52.52, 13.41"
        s.settings.weatherUnits = units
        if language == .ja { s.settings.language = .ja }
        s.weather.series = series
        s.focus = .weather
        s.screenSize = size
        return s
    }

    static func isBraille(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return v > 0x2800 && v <= 0x28FF
    }

    /// The face's rows in the rendered panel: rows with Braille left of
    /// where the text would start if the face filled the panel's height
    /// (the legend's Braille is right of that).
    func faceRows(_ s: AppState, _ size: Size) -> (rows: Int, panel: Rect) {
        let frame = render(s, size: size)
        let panel = dashboardLayout(s, size: size).panels[.weather]!
        let width = 2 * (panel.height - 3)
        let rows = (panel.y..<panel.maxY).filter { y in
            (panel.x + 2..<panel.x + 2 + width).contains { Self.isBraille(frame[$0, y].character) }
        }.count
        return (rows, panel)
    }

    @Test func theFaceGrowsWithTheTerminalAndFillsTheHeightGiven() throws {
        let small = faceRows(try state(size: Size(columns: 80, rows: 24)), Size(columns: 80, rows: 24))
        let mid = faceRows(try state(size: Size(columns: 120, rows: 45)), Size(columns: 120, rows: 45))
        let big = faceRows(try state(size: Size(columns: 200, rows: 60)), Size(columns: 200, rows: 60))
        #expect(small.rows >= 8)  // at least as it was: 6 rows of face inside a one-cell ring
        #expect(mid.rows > small.rows && big.rows > mid.rows, "\(small.rows) \(mid.rows) \(big.rows)")
        // The face takes every row below the temperature.
        #expect(small.rows == small.panel.height - 3)
        #expect(mid.rows == mid.panel.height - 3)
        #expect(big.rows == big.panel.height - 3)
        // 120×45 with every panel: the face takes the rows the others leave
        // (the call planner keeps its rows beside the big clock): 14.
        #expect(mid.rows >= 14 && big.rows >= 20, "\(mid.rows) \(big.rows)")
    }

    /// The face grows only into spare rows: with a call of 2 or 10 places
    /// at 120×45 every panel the 8-row face left on screen stays, and the
    /// big clock stays as it was.
    @Test(arguments: [2, 10]) func growingNeverPushesAnotherPanelOff(places count: Int) throws {
        let size = Size(columns: 120, rows: 45)
        var s = try state(size: size)
        let db = try PlaceDatabase.bundled()
        let places = ["London, GB", "Tokyo", "Berlin", "Sydney", "New York", "Paris", "Lima", "Delhi", "Cairo", "Oslo"]
        let call = CallPlan(id: 7, name: "Team", participants: places.prefix(count).map { CallParticipant(place: db.bestMatch($0)!.place) },
                            start: s.now.addingTimeInterval(3600), durationMinutes: 60, createdAt: s.now)
        s.calls = CallPlannerState(calls: [call])
        s.focus = .marks
        var wanted: [PanelID: Int] = [:]
        for panel in PanelRegistry.all { wanted[panel.id] = panel.wantedRows(s) }
        let grown = Layout(size: size, panels: shownPanels(s), focus: s.focus, wanted: wanted)
        wanted[.weather] = WeatherPanel.faceRows + 3
        let fixed = Layout(size: size, panels: shownPanels(s), focus: s.focus, wanted: wanted)
        #expect(Set(grown.panels.keys) == Set(fixed.panels.keys))
        #expect(grown.isBigClock == fixed.isBigClock)
        if let calls = grown.panels[.calls] { #expect(calls.height >= wanted[.calls]!) }
        if count == 2 { #expect(grown.panels[.weather]!.height > fixed.panels[.weather]!.height) }
    }

    /// Dots of the face read back from its characters (the frame's text
    /// alone: what a mono terminal shows).
    static func dots(_ face: WeatherFace) -> (Int, Int) -> Bool {
        let lines = face.canvas.lines.map(Array.init)
        return { x, y in
            guard y / 4 < lines.count, x / 2 < lines[y / 4].count,
                  let v = lines[y / 4][x / 2].unicodeScalars.first?.value, v >= 0x2800 else { return false }
            return (v - 0x2800) & UInt32(BrailleCanvas.dotBit[x % 2][y % 4]) != 0
        }
    }

    /// How deep (dots in from the outer edge) the ring's set dots reach
    /// within 15° of `turns` on the dial (the clock's rim inside the band
    /// left out).
    static func depth(_ isSet: (Int, Int) -> Bool, heightCells h: Int, turns: Double) -> Double {
        let centre = Double(4 * h - 1) / 2
        let band = Double(4 * WeatherFace.bandCells(heightCells: h))
        var deepest = 0.0
        for y in 0..<4 * h {
            for x in 0..<4 * h where isSet(x, y) {
                let dx = Double(x) - centre, dy = Double(y) - centre
                let depth = centre + 0.5 - (dx * dx + dy * dy).squareRoot()
                var t = atan2(dx, -dy) / (2 * .pi)
                if t < 0 { t += 1 }
                guard depth < band - 0.5, abs(t - turns) < 15.0 / 360 else { continue }
                deepest = max(deepest, depth)
            }
        }
        return deepest
    }

    @Test(arguments: [8, 15, 20]) func rainLandsWhereTheForecastSaysAndHeavyIsThickerWithoutColour(rows h: Int) throws {
        let s = try state(size: Size(columns: 120, rows: 45))
        let readout = WeatherReadout(s)
        #expect(readout.span == .nextHour)
        let face = WeatherFace.draw(heightCells: h, now: s.now, zone: s.localZone, span: readout.span, segments: readout.segments)
        // Colours: moderate only right of the centre, heavy only left.
        var moderate: [Int] = [], heavy: [Int] = []
        for (row, roles) in face.roles.enumerated() {
            for (column, role) in roles.enumerated() {
                if role == .weatherModerate { moderate.append(column) }
                if role == .weatherHeavy { heavy.append(column) }
                if role == .weatherModerate || role == .weatherHeavy { #expect(row >= 0) }
            }
        }
        #expect(!moderate.isEmpty && moderate.allSatisfy { $0 >= h }, "\(moderate)")
        #expect(!heavy.isEmpty && heavy.allSatisfy { $0 < h }, "\(heavy)")
        // Without colour, from the characters alone: in the middle of each
        // quarter the ring reaches 2 units in (moderate, 4:30) and 3 units
        // (heavy, 10:30); at 12 (dry) a dotted hairline, one unit.
        let isSet = Self.dots(face)
        let unit = Double(WeatherFace.unit(heightCells: h))
        let moderateDepth = Self.depth(isSet, heightCells: h, turns: 0.375)
        let heavyDepth = Self.depth(isSet, heightCells: h, turns: 0.875)
        let dryDepth = Self.depth(isSet, heightCells: h, turns: 0.0)
        #expect(moderateDepth > 2 * unit - 1 && moderateDepth <= 2 * unit, "\(moderateDepth)")
        #expect(heavyDepth > 3 * unit - 1 && heavyDepth <= 3 * unit, "\(heavyDepth)")
        #expect(dryDepth > 0 && dryDepth <= unit, "\(dryDepth)")
        #expect((0..<4 * h).filter { isSet($0, 0) }.count < h)
    }

    @Test func theRingIsWorkedOutOncePerMinuteNotPerSecond() throws {
        let s = try state(size: Size(columns: 120, rows: 45))
        let r = WeatherReadout(s)
        func key(_ t: Date, _ segments: [PrecipitationSegment]) -> WeatherFace.Memo.Key {
            WeatherFace.Memo.Key(heightCells: 10, minute: (t.timeIntervalSince1970 / 60).rounded(.down),
                                 offsetSeconds: s.localZone.offsetSeconds(at: t), span: r.span, segments: segments)
        }
        let minuteStart = Date(timeIntervalSince1970: (s.now.timeIntervalSince1970 / 60).rounded(.down) * 60)
        // Every second of a minute draws the same ring as its first.
        let first = WeatherFace.ring(heightCells: 10, now: minuteStart, zone: s.localZone, span: r.span, segments: r.segments)
        for second in [1.0, 17, 59] {
            let t = minuteStart.addingTimeInterval(second)
            #expect(key(t, r.segments) == key(minuteStart, r.segments))
            #expect(WeatherFace.ring(heightCells: 10, now: t, zone: s.localZone, span: r.span, segments: r.segments) == first)
        }
        // Sixty frames of one minute work the ring out once (more only if
        // tests of other suites draw faces at the same time), not 60 times.
        let before = WeatherFace.Memo.last.computed
        for second in 0..<60 {
            _ = WeatherFace.draw(heightCells: 37, now: minuteStart.addingTimeInterval(Double(second)), zone: s.localZone,
                                 span: r.span, segments: r.segments)
        }
        #expect(WeatherFace.Memo.last.computed - before <= 30)
        #expect(key(minuteStart.addingTimeInterval(60), r.segments) != key(minuteStart, r.segments))
        #expect(key(minuteStart, Array(r.segments.dropLast())) != key(minuteStart, r.segments))
    }

    @Test func theFaceShowsWindChanceAndTheDaysRange() throws {
        let size = Size(columns: 120, rows: 45)
        let text = render(try state(size: size), size: size).lines.joined(separator: "\n")
        #expect(text.contains("wind WSW (250°) 19 km/h, gusts 37"))
        // The ring's quarters now…now+60 min: the highest chance among them.
        #expect(text.contains("chance of precipitation up to 90%"))
        #expect(text.contains("today high"))
        let knots = render(try state(size: size, units: .nautical), size: size).lines.joined(separator: "\n")
        #expect(knots.contains("wind WSW (250°) 10 kn, gusts 20"))
        let ja = render(try state(size: size, language: .ja), size: size).lines.joined(separator: "\n")
        #expect(ja.contains("風 西南西 (250°) 19 km/h、最大瞬間 37"))
        #expect(ja.contains("降水確率 最大 90%"))
        // 80×24: the wind still fits.
        let small = Size(columns: 80, rows: 24)
        #expect(render(try state(size: small), size: small).lines.contains { $0.contains("wind WSW (250°) 19 km/h") })
    }

    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)

    /// Sunrise and sunset from the almanac, in the local zone: Berlin on
    /// 2026-11-26 rises about 07:48 and sets about 15:57 CET (published
    /// tables); at 78° N in late November the Sun stays down.
    @Test func sunriseAndSunsetOnTheFace() throws {
        let almanac = try #require(Self.almanac)
        let size = Size(columns: 120, rows: 45)
        var s = try state(size: size)
        s.sights = SightsPanelState(almanac: LoadedAlmanac(almanac))
        let line = try #require(render(s, size: size).lines.first { $0.contains("sunrise") })
        let times = line.split(separator: " ").filter { $0.count >= 5 && $0.dropLast($0.hasSuffix(",") ? 1 : 0).contains(":") }
            .map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }
        #expect(times.count == 2, "\(line)")
        #expect(times.first.map { $0 >= "07:44" && $0 <= "07:52" } == true, "\(line)")
        #expect(times.last.map { $0 >= "15:53" && $0 <= "16:01" } == true, "\(line)")
        s.settings.language = .ja
        #expect(render(s, size: size).lines.contains { $0.contains("日の出 \(times[0])、日の入り \(times[1])") })
        var north = s
        north.settings.language = .en
        north.settings.weatherPosition = "78.22, 15.65"
        #expect(render(north, size: size).lines.contains { $0.contains("polar night") })
    }

    @Test func plainModeSaysTheReadings() throws {
        var s = try state(size: Size(columns: 80, rows: 24))
        s.panels = [.marks, .weather]
        let greeting = PlainAnnouncer.greeting(s)
        #expect(greeting.contains { $0.hasPrefix("Weather: wind WSW (250°) 19 km/h, gusts 37 · chance of precipitation up to 90%") },
                "\(greeting)")
    }

    @Test(arguments: [(80, 24), (120, 45), (200, 60)]) func golden(columns: Int, rows: Int) throws {
        let size = Size(columns: columns, rows: rows)
        expectSnapshot(render(try state(size: size), size: size), named: "weather-face-\(columns)x\(rows)")
    }

    /// A new forecast that changes the wind says the readings once; the
    /// clock moving over it (across local midnight too) says nothing.
    @Test func plainModeAnnouncesNewReadingsOnlyWithANewForecast() throws {
        let s0 = try state(size: Size(columns: 80, rows: 24))
        var sample = OpenMeteoSample(start: WeatherPanelTests.t1400, hourly: WeatherPanelTests.dry.hours, quarterHourly: Self.quarters)
        sample.extraCurrent = ["wind_speed_10m": 40, "wind_gusts_10m": 61, "wind_direction_10m": 10]
        sample.extraQuarterHourly = ["precipitation_probability": [10, 20, 70, 40, 90, 30, 10, 5]]
        let windier = try OpenMeteoParser.parse(sample.data, asked: WeatherPanelTests.berlin, fetched: WeatherPanelTests.t1400)
        let s1 = update(s0, .weather(.arrived(windier, asked: WeatherPanelTests.berlin))).0
        let said = PlainAnnouncer.changes(from: s0, to: s1)
        #expect(said.contains { $0.hasPrefix("Weather: wind N (010°) 40 km/h, gusts 61") }, "\(said)")
        let s2 = update(s1, .tick(s1.now.addingTimeInterval(1))).0
        #expect(!PlainAnnouncer.changes(from: s1, to: s2).contains { $0.hasPrefix("Weather:") })
        var late = s1
        late.now = s1.now.addingTimeInterval(9 * 3600)  // past local midnight: a new day's high and low
        let s3 = update(late, .tick(late.now.addingTimeInterval(1))).0
        #expect(!PlainAnnouncer.changes(from: late, to: s3).contains { $0.contains("wind") })
    }

    @Test func compassPoints() {
        #expect([0, 11, 12, 45, 250, 349, 350, 360, -10].map(CompassPoint.english)
            == ["N", "N", "NNE", "NE", "WSW", "N", "N", "N", "N"])
        #expect(CompassPoint.japanese(135) == "南東")
        #expect(CompassPoint.degreesText(5) == "(005°)")
    }
}
