import Foundation
import Synchronization
import Testing
import TestSupport
import TimeKit

/// `timedeck weather` against a local server speaking Open-Meteo's format
/// (no network here): values reported exactly, the cache, errors and a dead
/// server keeping the last forecast with its age, bad answers never a crash.
@Suite struct WeatherCLITests {
    /// A forecast starting at the current UTC hour: rain in the second and
    /// third quarter hours, and in hours 3–4.
    static func sample(at now: Date = Date()) -> OpenMeteoSample {
        let hour = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
        var quarters = [Double?](repeating: 0, count: 48 * 4)
        var hours = [Double?](repeating: 0, count: 48)
        // Values stamped T cover T − step … T: fill the quarters after now.
        let firstQuarter = Int(now.timeIntervalSince(hour) / 900) + 1
        quarters[firstQuarter + 1] = 0.4
        quarters[firstQuarter + 2] = 1.2
        hours[4] = 2.5
        hours[5] = 9.0
        var sample = OpenMeteoSample(start: hour, hourly: hours, quarterHourly: quarters)
        sample.latitude = 48.86
        sample.longitude = 2.35
        sample.temperature = 7.3
        sample.timeFormat = .unixtime
        return sample
    }

    final class Answer: Sendable {
        let reply = Mutex<LocalHTTPServer.Reply>(.hangUp)
    }

    static func setUp(_ p: MarksProcess, server: LocalHTTPServer, enabled: Bool = true, extra: String = "",
                      position: String = "48.8566, 2.3522") throws {
        try """
            [weather]
            enabled = \(enabled)
            url = "\(server.baseURL)/v1/forecast"
            position = "\(position)"
            \(extra)
            [marks]
            gpsd = ""
            """.write(toFile: p.configPath, atomically: true, encoding: .utf8)
    }

    @Test func offUntilTurnedOnAndNothingIsSent() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let server = try LocalHTTPServer { _ in .answer(status: 200, body: Self.sample().json) }
        defer { server.stop() }
        try Self.setUp(p, server: server, enabled: false)
        let out = try p.run(["weather"])
        #expect(out.status == 2)
        #expect(out.stderr.contains("weather is off") && out.stderr.contains("timedeck config set weather.enabled true"), "\(out.stderr)")
        #expect(out.stdout.isEmpty)
        #expect(server.requests.isEmpty, "a clock must not send the position unasked")
    }

    @Test func valuesAreReportedExactlyAndTheRequestIsPolite() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let sample = Self.sample()
        let server = try LocalHTTPServer { _ in .answer(status: 200, body: sample.json) }
        defer { server.stop() }
        try Self.setUp(p, server: server)
        let out = try p.run(["weather", "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        #expect(object["temperature"] as? Double == 7.3)
        #expect(object["latitude"] as? Double == 48.86 && object["longitude"] as? Double == 2.35)
        let next60 = try #require(object["next60"] as? [[String: Any]])
        // Every quarter overlapping now … now + 60 min: 5, or 4 exactly on a quarter (issue 34).
        #expect(next60.prefix(4).map { $0["precipitation"] as? Double } == [0, 0.4, 1.2, 0])
        #expect((4...5).contains(next60.count))
        let next12 = try #require(object["next12h"] as? [[String: Any]])
        #expect(next12.count == 12)
        #expect(next12.contains { $0["precipitation"] as? Double == 9.0 })
        // One ask, for the rounded position, with our User-Agent and UTC times.
        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(request.headers["user-agent"]?.hasPrefix("timedeck/") == true)
        #expect(request.query["latitude"] == "48.86" && request.query["longitude"] == "2.35")
        #expect(request.query["timezone"] == "GMT")
        #expect(request.query["hourly"]?.contains("precipitation") == true && request.query["minutely_15"]?.contains("precipitation") == true)
        #expect(out.stderr.contains("weather.position"), "stderr says which position: \(out.stderr)")
    }

    @Test func aFreshForecastComesFromTheStoreUnlessRefreshIsAsked() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let sample = Self.sample()
        let server = try LocalHTTPServer { _ in .answer(status: 200, body: sample.json) }
        defer { server.stop() }
        try Self.setUp(p, server: server)
        #expect(try p.run(["weather"]).status == 0)
        let cached = try p.run(["weather"])
        #expect(cached.status == 0 && cached.stdout.contains("Temperature 7.3 °C"), "\(cached.stdout)\(cached.stderr)")
        #expect(server.requests.count == 1)
        #expect(try p.run(["weather", "--refresh"]).status == 0)
        #expect(server.requests.count == 2)
    }

    @Test func aFailedRefreshKeepsTheLastForecastWithItsAge() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let answer = Answer()
        answer.reply.withLock { $0 = .answer(status: 200, body: Self.sample().json) }
        let server = try LocalHTTPServer { _ in answer.reply.withLock { $0 } }
        defer { server.stop() }
        try Self.setUp(p, server: server)
        #expect(try p.run(["weather"]).status == 0)
        // The server's error shape: said, the stored forecast shown, exit 0.
        answer.reply.withLock { $0 = .answer(status: 400, body: String(decoding: OpenMeteoSample.error("Cannot initialize WeatherVariable from invalid String value tempeture_2m"), as: UTF8.self)) }
        let refused = try p.run(["weather", "--refresh", "--json"])
        #expect(refused.status == 0, "\(refused.stderr)")
        #expect(refused.stderr.contains("server said: Cannot initialize WeatherVariable") && refused.stderr.contains("min old"), "\(refused.stderr)")
        #expect(refused.stdout.contains("\"temperature\":7.3"))
        // Malformed JSON: a notice, no crash.
        answer.reply.withLock { $0 = .answer(status: 200, body: "{\"latitude\": 48.8, \"hourly\": [1, 2,") }
        let malformed = try p.run(["weather", "--refresh"])
        #expect(malformed.status == 0 && malformed.stderr.contains("malformed"), "\(malformed.stderr)")
        // A dead server: the same.
        server.stop()
        let dead = try p.run(["weather", "--refresh"])
        #expect(dead.status == 0 && dead.stderr.contains("unreachable") && dead.stdout.contains("Temperature 7.3 °C"), "\(dead.stderr)")
    }

    @Test func withNoForecastKeptAFailureExitsOne() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        var other = Self.sample()
        other.latitude = -33.87  // Sydney: another place
        other.longitude = 151.21
        let body = other.json
        let server = try LocalHTTPServer { _ in .answer(status: 200, body: body) }
        defer { server.stop() }
        try Self.setUp(p, server: server)
        let out = try p.run(["weather"])
        #expect(out.status == 1)
        #expect(out.stderr.contains("no forecast") && out.stdout.isEmpty, "\(out.stderr)")
    }

    @Test func aHostileReasonReachesTheTerminalInert() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let server = try LocalHTTPServer { _ in
            .answer(status: 400, body: String(decoding: OpenMeteoSample.error("bad\u{1B}]0;pwned\u{07}\u{1B}[2J" + String(repeating: "x", count: 5000)), as: UTF8.self))
        }
        defer { server.stop() }
        try Self.setUp(p, server: server)
        let out = try p.run(["weather"])
        #expect(out.status == 1)
        #expect(!out.stderr.contains("\u{1B}") && !out.stderr.contains("\u{07}"))
        #expect(out.stderr.count < 1000, "the server's reason is bounded")
    }

    /// Issue 34, item 2 against the local server: snow at −4.6 °C in the two
    /// wet quarters, the code in words, the wind in knots when nautical,
    /// the day's high and low; the request asks for the fields.
    @Test func snowWindAndTheDayInTheJSON() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        var sample = Self.sample()
        sample.temperature = -4.6
        sample.extraQuarterHourly = ["rain": Array(repeating: 0, count: sample.quarterHourly.count),
                                     "snowfall": sample.quarterHourly.map { ($0 ?? 0) > 0 ? 0.5 : 0 }]
        sample.extraCurrent = ["weather_code": 73, "wind_speed_10m": 18.52, "wind_gusts_10m": 37.04, "wind_direction_10m": 250]
        sample.extraHourly = ["precipitation_probability": Array(repeating: 40, count: sample.hourly.count)]
        let body = sample.json
        let server = try LocalHTTPServer { _ in .answer(status: 200, body: body) }
        defer { server.stop() }
        try Self.setUp(p, server: server, extra: "units = \"nautical\"")
        let out = try p.run(["weather", "--json"], extraEnvironment: ["TZ": "UTC"])
        #expect(out.status == 0, "\(out.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let next60 = try #require(object["next60"] as? [[String: Any]])
        #expect(next60.prefix(4).map { $0["type"] as? String } == ["none", "snow", "snow", "none"], "\(next60)")
        #expect((object["next12h"] as? [[String: Any]])?.first?["probability"] as? Double == 40)
        #expect(object["code"] as? Int == 73 && object["conditions"] as? String == "moderate snow fall")
        let wind = try #require(object["wind"] as? [String: Any])
        #expect(wind["speed"] as? Double == 10 && wind["gusts"] as? Double == 20 && wind["direction"] as? Double == 250)
        #expect(object["high"] is Double && object["low"] is Double)
        let query = try #require(server.requests.first).query
        #expect(query["minutely_15"]?.contains("snowfall") == true && query["hourly"]?.contains("precipitation_probability") == true)
        #expect(query["current"]?.contains("wind_gusts_10m") == true)
    }

    /// Issue 34: sunrise and sunset from the almanac for the position's
    /// day, and the named place within 10 km (else null and the DDM
    /// coordinates in the text); polar day or night as nulls with `"polar"`.
    @Test func sunriseSunsetAndThePlace() throws {
        let almanac = try Almanac.loadBundled(leapSeconds: .builtIn)
        func iso(_ t: Double?) -> String? { t.map { ISOInstant.seconds(Date(timeIntervalSince1970: $0.rounded())) } }
        // Central Paris; mid-Atlantic (no city within 10 km); near each pole.
        for (text, place) in [("48.8566, 2.3522", "Paris, FR"), ("40, -40", nil), ("89, 0", nil), ("-89, 0", nil)] {
            let position = try GeoPosition(parsing: text)
            var sample = Self.sample()
            sample.latitude = position.latitudeDegrees
            sample.longitude = position.longitudeDegrees
            let body = sample.json
            let server = try LocalHTTPServer { _ in .answer(status: 200, body: body) }
            defer { server.stop() }
            let p = try MarksProcess()
            defer { p.remove() }
            try Self.setUp(p, server: server, position: text)
            let before = Date()
            let out = try p.run(["weather", "--json"], extraEnvironment: ["TZ": "UTC"])
            #expect(out.status == 0, "\(out.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
            #expect(object["place"] as? String == place, "\(text): \(String(describing: object["place"]))")
            #expect(place != nil || object["place"] is NSNull)
            let day = try SunriseSunset.day(containing: before.timeIntervalSince1970, at: position, almanac: almanac)
            #expect(object["sunrise"] as? String == iso(day.sunriseUnixSeconds), "\(text) \(out.stdout)")
            #expect(object["sunset"] as? String == iso(day.sunsetUnixSeconds), "\(text)")
            #expect(object["polar"] as? String == day.polar?.rawValue, "\(text)")
            if day.polar != nil { #expect(object["sunrise"] is NSNull && object["sunset"] is NSNull) }
            if text.hasPrefix("48") {
                #expect(day.polar == nil && day.sunriseUnixSeconds != nil && day.sunsetUnixSeconds != nil)
                let words = try p.run(["weather"], extraEnvironment: ["TZ": "UTC"])
                #expect(words.stdout.hasPrefix("Forecast for Paris, FR, fetched"), "\(words.stdout)")
                let rise = Date(timeIntervalSince1970: ((day.sunriseUnixSeconds ?? 0) / 60).rounded() * 60)
                let hhmm = String(ISOInstant.seconds(rise).dropFirst(11).prefix(5))
                #expect(words.stdout.contains("Sunrise \(hhmm) UTC, sunset "), "\(words.stdout)")
            }
            if text.hasPrefix("40") {
                let words = try p.run(["weather"], extraEnvironment: ["TZ": "UTC"])
                #expect(words.stdout.hasPrefix("Forecast for 40°"), "\(words.stdout)")
            }
        }
    }

    /// Issue 34: `TZ=Europe/Berlin weather --card` shows Berlin's time with
    /// the same offset label as the text; UTC+00:00 is written `UTC`.
    @Test func theShareCardShowsTheLocalZone() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let server = try LocalHTTPServer { _ in .answer(status: 200, body: Self.sample().json) }
        defer { server.stop() }
        try Self.setUp(p, server: server)
        let card = p.home.appendingPathComponent("card.svg").path
        let before = Date()
        let out = try p.run(["weather", "--card", card], extraEnvironment: ["TZ": "Europe/Berlin"])
        #expect(out.status == 0, "\(out.stderr)")
        let svg = try String(contentsOfFile: card, encoding: .utf8)
        let berlin = try #require(ZoneDatabase.system.rules(named: "Europe/Berlin"))
        let offset = LocalTimeText.offsetLabel(seconds: berlin.offsetSeconds(at: before))
        let times = [before, Date()].map { String(LocalTimeText.isoLocal($0, in: berlin).dropFirst(11).prefix(5)) }
        #expect(times.contains { svg.contains(">\($0)  Europe/Berlin \(offset)<") }, "\(times) \(offset)")
        #expect(out.stdout.contains(offset), "\(out.stdout)")
        let london = try p.run(["weather"], extraEnvironment: ["TZ": "Europe/London"])
        let utc = try p.run(["weather"], extraEnvironment: ["TZ": "UTC"])
        #expect(!london.stdout.contains("UTC+00:00") && london.stdout.contains(" UTC "), "\(london.stdout)")
        #expect(utc.stdout.contains(" UTC "), "\(utc.stdout)")
    }

    /// Issue 34: a server's reason that ends in a full stop is not followed by another.
    @Test func aReasonEndingInAFullStopGetsNoSecond() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let server = try LocalHTTPServer { _ in
            .answer(status: 400, body: String(decoding: OpenMeteoSample.error("Latitude must be in range of -90 to 90°."), as: UTF8.self))
        }
        defer { server.stop() }
        try Self.setUp(p, server: server)
        let out = try p.run(["weather"])
        #expect(out.status == 1)
        #expect(out.stderr.contains("server said: Latitude must be in range of -90 to 90°. Check weather.url"), "\(out.stderr)")
        #expect(!out.stderr.contains(".."), "\(out.stderr)")
    }

    @Test func theShareCardIsAValidSVG() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let server = try LocalHTTPServer { _ in .answer(status: 200, body: Self.sample().json) }
        defer { server.stop() }
        try Self.setUp(p, server: server)
        let card = p.home.appendingPathComponent("card.svg").path
        let out = try p.run(["weather", "--card", card])
        #expect(out.status == 0, "\(out.stderr)")
        let svg = try String(contentsOfFile: card, encoding: .utf8)
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        #expect(svg.contains("7.3") && svg.hasSuffix("</svg>\n") || svg.hasSuffix("</svg>"))
        // Not over an existing file without --force.
        let again = try p.run(["weather", "--card", card])
        #expect(again.status != 0 && again.stderr.contains("--force"), "\(again.stderr)")
    }
}
