import Foundation
import Testing
import TestSupport
@testable import TimeKit

/// Choosing the ring's segments from "now", the coming-rain summary, the
/// intensity classes, temperatures and the request URL (issue 24).
@Suite struct WeatherForecastTests {
    static let t1400 = OpenMeteoParserTests.t1400
    static let berlin = OpenMeteoParserTests.berlin

    static func series(hourly: [Double?], quarters: [Double?]) throws -> WeatherSeries {
        try OpenMeteoParser.parse(OpenMeteoSample(start: t1400, hourly: hourly, quarterHourly: quarters).data,
                                  asked: berlin, fetched: t1400)
    }

    /// Quarter hours stamped 14:15, 14:30, … cover 14:00–14:15, 14:15–14:30, …
    /// ("sum of the preceding 15 minutes"): at 14:07 the next 60 minutes
    /// (14:07–15:07) are the five quarters 14:00 … 15:00 (issue 34).
    @Test func nextHourStartsWithTheQuarterUnderWay() throws {
        let s = try Self.series(hourly: Array(repeating: 0, count: 14), quarters: [nil, 0, 0.5, 1.2, 0, 0])
        // The first quarter-hour sample is stamped 14:00 (covers 13:45–14:00).
        let now = Self.t1400.addingTimeInterval(7 * 60)
        let f = s.forecast(at: now)
        let hour = try #require(f.next60)
        #expect(hour.map(\.start) == (0..<5).map { Self.t1400.addingTimeInterval(Double($0) * 900) })
        #expect(hour.map(\.millimetres) == [0, 0.5, 1.2, 0, 0])
        #expect(hour.map(\.minutes) == [15, 15, 15, 15, 15])
    }

    @Test func noNextHourWhenTheQuartersEndTooSoon() throws {
        let s = try Self.series(hourly: Array(repeating: 0, count: 14), quarters: [0, 0, 0, 0])
        #expect(s.forecast(at: Self.t1400.addingTimeInterval(60)).next60 == nil)
        #expect(s.forecast(at: Self.t1400.addingTimeInterval(-14 * 60)).next60 == nil)  // 13:46–14:46: not covered
        #expect(s.forecast(at: Self.t1400.addingTimeInterval(-15 * 60)).next60?.count == 4)  // 13:45–14:45
    }

    @Test func twelveHoursFromTheHourUnderWay() throws {
        let s = try Self.series(hourly: (0..<20).map { Double($0) / 10 }, quarters: [])
        let f = s.forecast(at: Self.t1400.addingTimeInterval(30 * 60))  // 14:30
        #expect(f.next60 == nil)
        #expect(f.next12h.count == 12)
        #expect(f.next12h.first?.start == Self.t1400)  // sample stamped 15:00
        #expect(f.next12h.first?.millimetres == 0.1)
        #expect(f.segments(preferringHour: true).span == .next12Hours)  // best available
        // Near the end of the series: fewer than twelve.
        #expect(s.forecast(at: Self.t1400.addingTimeInterval(15 * 3600)).next12h.count == 4)
    }

    @Test func comingRainAsTheIssueWordsIt() throws {
        // 14:15–14:30 0.5 mm (2.0 mm/h), 14:30–14:45 1.2 mm (4.8 mm/h).
        let segments = [0, 0, 0.5, 1.2].enumerated().map {
            PrecipitationSegment(start: Self.t1400.addingTimeInterval(Double($0.offset - 1) * 900 ), minutes: 15, millimetres: $0.element)
        }
        let rain = ComingRain(segments, span: .nextHour, now: Self.t1400.addingTimeInterval(-10 * 60))
        #expect(rain == .rain(start: Self.t1400.addingTimeInterval(900), end: Self.t1400.addingTimeInterval(2700),
                              peakMillimetresPerHour: 4.8, peak: .moderate, isFalling: false))
        #expect(rain.minutes == 30)
        #expect(ComingRain(segments.map { PrecipitationSegment(start: $0.start, minutes: 15, millimetres: 0) },
                           span: .nextHour, now: Self.t1400) == .dry(.nextHour))
        #expect(ComingRain(segments.map { PrecipitationSegment(start: $0.start, minutes: 15, millimetres: nil) },
                           span: .nextHour, now: Self.t1400) == .unknown)
    }

    @Test func rainAlreadyFallingIsSaidToBeFalling() {
        let segments = [2.0, 3.0, 0].enumerated().map {
            PrecipitationSegment(start: Self.t1400.addingTimeInterval(Double($0.offset) * 3600), minutes: 60, millimetres: $0.element)
        }
        let rain = ComingRain(segments, span: .next12Hours, now: Self.t1400.addingTimeInterval(1800))
        #expect(rain == .rain(start: Self.t1400, end: Self.t1400.addingTimeInterval(7200), peakMillimetresPerHour: 3,
                              peak: .moderate, isFalling: true))
        // The same a minute later: plain mode announces a change, not a tick.
        #expect(rain == ComingRain(segments, span: .next12Hours, now: Self.t1400.addingTimeInterval(1860)))
    }

    /// AMS glossary classes: light < 2.5 mm/h, moderate < 7.6, heavy ≥ 7.6;
    /// a quarter hour's 0.6 mm is 2.4 mm/h.
    @Test(arguments: [(0.0, 15, PrecipitationIntensity.none), (0.04, 15, .none), (0.1, 60, .light), (0.6, 15, .light),
                      (0.625, 15, .moderate), (2.5, 60, .moderate), (1.9, 15, .heavy), (7.6, 60, .heavy), (30, 60, .heavy)])
    func intensityClasses(_ mm: Double, _ minutes: Int, _ expected: PrecipitationIntensity) {
        #expect(PrecipitationIntensity(millimetres: mm, minutes: minutes) == expected)
    }

    @Test func temperaturesWithOneDecimal() {
        #expect(WeatherUnits.metric.temperatureText(celsius: 7.3) == "7.3 °C")
        #expect(WeatherUnits.imperial.temperatureText(celsius: 7.3) == "45.1 °F")
        #expect(WeatherUnits.imperial.temperatureText(celsius: -40) == "-40.0 °F")
        #expect(WeatherUnits.metric.temperatureText(celsius: -0.04) == "0.0 °C")
    }

    @Test func theRequestAsksForWhatTheParserReads() throws {
        let request = OpenMeteoRequest(position: try GeoPosition(latitudeDegrees: -27.4672, longitudeDegrees: 153.3812))
        #expect(request.url?.absoluteString == "https://api.open-meteo.com/v1/forecast?latitude=-27.47&longitude=153.38"
            + "&current=temperature_2m,precipitation,weather_code,wind_speed_10m,wind_gusts_10m,wind_direction_10m"
            + "&minutely_15=precipitation,temperature_2m,rain,snowfall,weather_code"
            + "&hourly=precipitation,temperature_2m,rain,showers,snowfall,precipitation_probability,weather_code"
            + "&timezone=GMT&timeformat=unixtime&forecast_days=2")
        var local = request
        local.baseURL = "http://127.0.0.1:8080/v1/forecast?apikey=abc"
        local.timeFormat = .iso8601
        #expect(local.url?.absoluteString.hasPrefix("http://127.0.0.1:8080/v1/forecast?apikey=abc&latitude=-27.47&") == true)
        #expect(local.url?.absoluteString.contains("timeformat=iso8601") == true)
        #expect(OpenMeteoRequest.host(of: local.baseURL) == "127.0.0.1")
        for bad in ["ftp://example.org/", "example.org/v1", "https://user:pw@example.org/", "https://exa mple.org/", "", "https:///x"] {
            var r = request
            r.baseURL = bad
            #expect(r.url == nil, "\(bad)")
            #expect(OpenMeteoRequest.check(baseURL: bad) != nil, "\(bad)")
        }
    }

    @Test func weatherSettingsAreCheckedLikeTheOthers() {
        let (s, problems) = Settings.parse("""
            [weather]
            enabled = true
            url = "http://127.0.0.1:8080/v1/forecast"
            position = "52 31.2 N 13 24.6 E"
            units = "imperial"
            """)
        #expect(problems.isEmpty, "\(problems)")
        #expect(s.weatherEnabled)
        #expect(s.weatherURL == "http://127.0.0.1:8080/v1/forecast")
        #expect(s.weatherPosition == "52 31.2 N 13 24.6 E")
        #expect(s.weatherUnits == .imperial)
        #expect(!Settings().weatherEnabled)  // off until turned on
        let (bad, badProblems) = Settings.parse("""
            [weather]
            url = "ftp://example.org"
            units = "kelvin"
            position = "nowhere"
            """)
        #expect(badProblems.map(\.key) == ["weather.url", "weather.units", "weather.position"])
        #expect(badProblems.first?.message.contains("http://") == true)
        // A refused URL never falls back to the public service (issue 29):
        // no address at all, and the refusal kept for the panel and CLI.
        #expect(bad.weatherURL == "")
        #expect(bad.weatherURLRefused == .addressRefused(url: "ftp://example.org", reason: badProblems[0].message))
    }

    /// The CLI's JSON (issue 24, item 4), exactly.
    @Test func theForecastAsTheCLIWritesIt() throws {
        var s = try Self.series(hourly: [0, 1.7, nil] + Array(repeating: 0, count: 12), quarters: [0, 0, 0.5, 1.2, 0, 0])
        s.fetched = Self.t1400.addingTimeInterval(30.4)
        let json = s.forecast(at: Self.t1400.addingTimeInterval(7 * 60)).json(at: Self.t1400.addingTimeInterval(7 * 60))
        #expect(json.hasPrefix("{\"latitude\":52.52,\"longitude\":13.419998,\"fetched\":\"2026-11-26T14:00:30Z\",\"temperature\":7.3,"
            + "\"next60\":[{\"start\":\"2026-11-26T14:00:00Z\",\"precipitation\":0,\"type\":\"none\",\"probability\":null},{\"start\":\"2026-11-26T14:15:00Z\",\"precipitation\":0.5,\"type\":\"rain\",\"probability\":null},"
            + "{\"start\":\"2026-11-26T14:30:00Z\",\"precipitation\":1.2,\"type\":\"rain\",\"probability\":null},{\"start\":\"2026-11-26T14:45:00Z\",\"precipitation\":0,\"type\":\"none\",\"probability\":null},"
            + "{\"start\":\"2026-11-26T15:00:00Z\",\"precipitation\":0,\"type\":\"none\",\"probability\":null}],"
            + "\"next12h\":[{\"start\":\"2026-11-26T14:00:00Z\",\"precipitation\":1.7,\"type\":\"rain\",\"probability\":null},{\"start\":\"2026-11-26T15:00:00Z\",\"precipitation\":null,\"type\":null,\"probability\":null},"))
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect((parsed?["next12h"] as? [Any])?.count == 12)
        #expect(s.forecast(at: Self.t1400.addingTimeInterval(3600)).json(at: Self.t1400.addingTimeInterval(3600)).contains("\"next60\":null,"))
    }
}
