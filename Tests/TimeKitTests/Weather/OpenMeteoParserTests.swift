import Foundation
import Testing
import TestSupport
@testable import TimeKit

/// Open-Meteo's forecast JSON, read and checked (issue 24).
@Suite struct OpenMeteoParserTests {
    /// 2026-11-26T14:00:00Z.
    static let t1400 = Date(timeIntervalSince1970: 1_795_701_600)
    static let berlin = try! GeoPosition(latitudeDegrees: 52.52, longitudeDegrees: 13.41)

    /// A response as the documentation shows one, written by hand: two
    /// hours from 14:00, four quarter hours from 14:15, times as ISO text.
    static let literal = """
        {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.0629425048828125,"utc_offset_seconds":0,
         "timezone":"GMT","timezone_abbreviation":"GMT","elevation":38.0,
         "current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C","precipitation":"mm"},
         "current":{"time":"2026-11-26T14:00","interval":900,"temperature_2m":7.3,"precipitation":0.0},
         "minutely_15_units":{"time":"iso8601","precipitation":"mm","temperature_2m":"°C"},
         "minutely_15":{"time":["2026-11-26T14:15","2026-11-26T14:30","2026-11-26T14:45","2026-11-26T15:00"],
                        "precipitation":[0.0,0.5,1.2,null],"temperature_2m":[7.3,7.2,7.0,6.9]},
         "hourly_units":{"time":"iso8601","precipitation":"mm","temperature_2m":"°C"},
         "hourly":{"time":["2026-11-26T14:00","2026-11-26T15:00"],"precipitation":[0.0,1.7],"temperature_2m":[7.4,6.9]}}
        """

    @Test func readsTheDocumentedShapeExactly() throws {
        let s = try OpenMeteoParser.parse(Data(Self.literal.utf8), asked: Self.berlin, fetched: Self.t1400)
        #expect(s.position.latitudeDegrees == 52.52)
        #expect(s.position.longitudeDegrees == 13.419998)
        #expect(s.currentTemperatureCelsius == 7.3)
        #expect(s.currentPrecipitationMillimetres == 0.0)
        #expect(s.currentTime == Self.t1400)
        #expect(s.quarterHours.map(\.precipitationMillimetres) == [0.0, 0.5, 1.2, nil])
        #expect(s.quarterHours.first?.time == Self.t1400.addingTimeInterval(900))
        #expect(s.hours.map(\.time) == [Self.t1400, Self.t1400.addingTimeInterval(3600)])
        #expect(s.hours.map(\.temperatureCelsius) == [7.4, 6.9])
    }

    @Test func bothTimeFormatsGiveTheSameSeries() throws {
        var sample = OpenMeteoSample(start: Self.t1400, hourly: [0, 0.4, nil, 3], quarterHourly: [0, 0.2, 0.3, 1, 0])
        let iso = try OpenMeteoParser.parse(sample.data, asked: Self.berlin, fetched: Self.t1400)
        sample.timeFormat = .unixtime
        let unix = try OpenMeteoParser.parse(sample.data, asked: Self.berlin, fetched: Self.t1400)
        #expect(iso == unix)
        #expect(unix.hours.count == 4)
        #expect(unix.quarterHours.count == 5)
    }

    @Test func isoTimesAreReadAsUTCToTheMinuteOrSecond() {
        #expect(OpenMeteoParser.isoSeconds("2026-11-26T14:15") == 1_795_702_500)
        #expect(OpenMeteoParser.isoSeconds("2026-11-26T14:15:30") == 1_795_702_530)
        #expect(OpenMeteoParser.isoSeconds("1970-01-01T00:00") == 0)
        #expect(OpenMeteoParser.isoSeconds("2028-02-29T00:00") != nil)
        for bad in ["2026-02-29T00:00", "2026-11-26 14:15", "2026-11-26T24:00", "2026-13-01T00:00", "26-11-26T14:15", ""] {
            #expect(OpenMeteoParser.isoSeconds(bad) == nil, "\(bad)")
        }
    }

    @Test func theErrorShapeKeepsItsReasonInertAndBounded() {
        let plain = OpenMeteoSample.error("Parameter 'latitude' and 'longitude' must have the same number of elements")
        #expect(throws: WeatherProblem.serverRefused(reason: "Parameter 'latitude' and 'longitude' must have the same number of elements")) {
            try OpenMeteoParser.parse(plain, asked: nil, fetched: Self.t1400)
        }
        let hostile = OpenMeteoSample.error("\u{1B}]0;pwned\u{07}\u{1B}[2J" + String(repeating: "x", count: 5000))
        do {
            _ = try OpenMeteoParser.parse(hostile, asked: nil, fetched: Self.t1400)
            Issue.record("a refusal must throw")
        } catch {
            guard case .serverRefused(let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.count == OpenMeteoParser.reasonLimit)
            #expect(reason.hasPrefix("␛]0;pwned␇␛[2J"))
            #expect(reason.hasSuffix("…"))
            #expect(!reason.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        }
    }

    @Test(arguments: ["", "{", "[1,2]", "{\"latitude\":52.5,", "null", "\u{FF}\u{FE}", "{\"hourly\":[]}"])
    func malformedInputIsRefusedNeverACrash(_ text: String) {
        #expect(throws: WeatherProblem.self) { try OpenMeteoParser.parse(Data(text.utf8), asked: nil, fetched: Self.t1400) }
    }

    @Test func notJSONIsSaidSo() {
        #expect(throws: WeatherProblem.malformed("not JSON")) {
            try OpenMeteoParser.parse(Data("<html>502 Bad Gateway</html>".utf8), asked: nil, fetched: Self.t1400)
        }
    }

    @Test func unequalArraysAreRefused() {
        let text = Self.literal.replacingOccurrences(of: "\"precipitation\":[0.0,1.7]", with: "\"precipitation\":[0.0]")
        #expect(throws: WeatherProblem.unequalLengths(block: "hourly")) {
            try OpenMeteoParser.parse(Data(text.utf8), asked: nil, fetched: Self.t1400)
        }
    }

    @Test func aMissingBlockIsNamed() {
        let text = Self.literal.replacingOccurrences(of: "\"hourly\":{", with: "\"hourly_x\":{")
        #expect(throws: WeatherProblem.missingField("hourly")) {
            try OpenMeteoParser.parse(Data(text.utf8), asked: nil, fetched: Self.t1400)
        }
    }

    /// The API snaps to its grid (a few km); a response for Paris when
    /// Berlin was asked is another place.
    @Test func anAnswerForAnotherPlaceIsRefusedAGridSnapIsNot() throws {
        var sample = OpenMeteoSample(start: Self.t1400, hourly: [0, 0], quarterHourly: [])
        sample.latitude = 52.6
        sample.longitude = 13.5  // about 10 km from the asked point
        _ = try OpenMeteoParser.parse(sample.data, asked: Self.berlin, fetched: Self.t1400)
        sample.latitude = 48.85
        sample.longitude = 2.35
        do {
            _ = try OpenMeteoParser.parse(sample.data, asked: Self.berlin, fetched: Self.t1400)
            Issue.record("Paris for Berlin must be refused")
        } catch {
            guard case .otherPlace(let km) = error else { Issue.record("\(error)"); return }
            #expect(abs(km - 878) < 5)  // Berlin–Paris great circle ≈ 878 km
        }
    }

    @Test func timesAllInThePastAreRefused() {
        let sample = OpenMeteoSample(start: Self.t1400, hourly: [0, 0], quarterHourly: [0])
        let later = Self.t1400.addingTimeInterval(2 * 3600)
        #expect(throws: WeatherProblem.allInPast(last: Self.t1400.addingTimeInterval(3600))) {
            try OpenMeteoParser.parse(sample.data, asked: nil, fetched: later)
        }
    }

    @Test func localTimesAreRefused() {
        var sample = OpenMeteoSample(start: Self.t1400, hourly: [0, 0], quarterHourly: [])
        sample.utcOffsetSeconds = 3600
        #expect(throws: WeatherProblem.notUTC(offsetSeconds: 3600)) {
            try OpenMeteoParser.parse(sample.data, asked: nil, fetched: Self.t1400)
        }
    }

    @Test func otherUnitsAreRefused() {
        let text = Self.literal.replacingOccurrences(of: "\"precipitation\":\"mm\",\"temperature_2m\":\"°C\"}", with: "\"precipitation\":\"inch\",\"temperature_2m\":\"°C\"}")
        #expect(throws: WeatherProblem.unexpectedUnits("inch")) {
            try OpenMeteoParser.parse(Data(text.utf8), asked: nil, fetched: Self.t1400)
        }
    }

    @Test func impossibleValuesAndUnevenStepsAreRefused() {
        for (from, to) in [("[0.0,1.7]", "[0.0,-1.7]"), ("[7.4,6.9]", "[7.4,96.9]"),
                           ("\"2026-11-26T15:00\"],\"precipitation\":[0.0,1.7]", "\"2026-11-26T15:30\"],\"precipitation\":[0.0,1.7]"),
                           ("[0.0,1.7]", "[0.0,\"1.7\"]")] {
            let text = Self.literal.replacingOccurrences(of: from, with: to)
            #expect(text != Self.literal)
            #expect(throws: WeatherProblem.self, "\(to)") { try OpenMeteoParser.parse(Data(text.utf8), asked: nil, fetched: Self.t1400) }
        }
    }

    @Test func oversizedInputIsRefusedBeforeParsing() {
        let big = Data(count: OpenMeteoParser.maximumBytes + 1)
        #expect(throws: WeatherProblem.tooLarge(bytes: OpenMeteoParser.maximumBytes + 1)) {
            try OpenMeteoParser.parse(big, asked: nil, fetched: Self.t1400)
        }
    }

    @Test func sixteenDaysParse() throws {
        var rng = SplitMix64(seed: 24)
        let sample = OpenMeteoSample(start: Self.t1400,
                                     hourly: (0..<384).map { _ in Double(rng.next() % 50) / 10 },
                                     quarterHourly: (0..<1536).map { _ in Double(rng.next() % 20) / 10 })
        let s = try OpenMeteoParser.parse(sample.data, asked: Self.berlin, fetched: Self.t1400)
        #expect(s.hours.count == 384)
        #expect(s.quarterHours.count == 1536)
    }

    @Test func httpAnswersAreInterpreted() throws {
        let request = OpenMeteoRequest(position: Self.berlin)
        let ok = OpenMeteoSample(start: Self.t1400, hourly: [0, 0], quarterHourly: [])
        #expect((try? OpenMeteoParser.interpret(status: 200, body: ok.data, request: request, fetched: Self.t1400).get()) != nil)
        let refused = OpenMeteoSample.error("Latitude must be in range of -90 to 90°. Given: 152.52.")
        #expect(OpenMeteoParser.interpret(status: 400, body: refused, request: request, fetched: Self.t1400)
                == .failure(.serverRefused(reason: "Latitude must be in range of -90 to 90°. Given: 152.52.")))
        #expect(OpenMeteoParser.interpret(status: 502, body: Data("<html>Bad Gateway</html>".utf8), request: request,
                                          fetched: Self.t1400) == .failure(.httpStatus(502, reason: nil)))
        // The error shape with a 200 is still a refusal.
        #expect(OpenMeteoParser.interpret(status: 200, body: refused, request: request, fetched: Self.t1400)
                == .failure(.serverRefused(reason: "Latitude must be in range of -90 to 90°. Given: 152.52.")))
    }
}
