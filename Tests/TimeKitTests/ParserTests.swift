import Foundation
import Testing
@testable import TimeKit

@Suite struct InstantParserTests {
    static let landing: Int64 = 1_613_681_700 * 1_000_000_000
    static let valid: [(String, Int64)] = [
        ("2021-02-18T20:55:00Z", landing),
        ("2021-02-18t20:55:00z", landing),
        ("2021-02-18 20:55Z", landing),
        ("2021-02-18T21:55:00+01:00", landing),
        ("2021-02-18T15:10:00-0545", landing),
        ("2021-02-18T22:55:00+02", landing),
        ("2021-02-18T20:55:00.5Z", landing + 500_000_000),
        ("2021-02-18T20:55:00,123456789Z", landing + 123_456_789),
        ("2000-01-06", 947_116_800 * 1_000_000_000),
        ("  2000-01-06T00:00:00Z ", 947_116_800 * 1_000_000_000),
        ("1969-12-31T23:59:59.999Z", -1_000_000),
        ("2024-02-29T00:00:00Z", 1_709_164_800 * 1_000_000_000),
        ("1700-01-01T00:00:00Z", -8_520_336_000 * 1_000_000_000),
        ("2200-12-31T23:59:59.999999999Z", 7_289_654_399 * 1_000_000_000 + 999_999_999),
    ]

    @Test(arguments: valid)
    func accepts(text: String, nanoseconds: Int64) throws {
        #expect(try InstantParser.parse(text).unixNanoseconds == nanoseconds)
    }

    static let invalid: [(String, String)] = [
        ("", "empty"), ("yesterday", "year"), ("2021-02-18T20:55:00", "no zone"),
        ("2021-13-01T00:00Z", "month 13"), ("2021-02-29T00:00Z", "day 29"), ("2021-04-31", "day 31"),
        ("2021-02-18T24:00Z", "hour 24"), ("2021-02-18T20:60Z", "minute 60"),
        ("2016-12-31T23:59:60Z", "leap second"), ("2021-02-18T20:55:00.Z", "digits after"),
        ("2021-02-18T20:55:00.1234567891Z", "9 fractional"), ("2021-02-18T20:55:00+19:00", "offset"),
        ("2021-02-18T20:55:00Zjunk", "unexpected text"), ("1600-01-01", "1700-2200"),
        ("2021-2-18", "month must be 2 digits"), ("2021-02-18X20:55Z", "'T'"), ("2021-02-18T20:55:00+0", "offset hours"),
        ("٢٠٢١-02-18", "year"),
    ]

    @Test(arguments: invalid)
    func rejectsWithAReason(text: String, fragment: String) {
        do {
            _ = try InstantParser.parse(text)
            Issue.record("accepted '\(text)'")
        } catch let error as InputError {
            #expect(error.description.contains(fragment), "\(error)")
            #expect(error.description.contains("Accepted: ISO-8601"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

@Suite struct LongitudeParserTests {
    static let valid: [(String, Double)] = [
        ("137.4", 137.4), ("137.4E", 137.4), ("137.4e", 137.4), ("133.8W", -133.8), ("133.8 W", -133.8),
        ("133.8°W", -133.8), ("-133.8", -133.8), ("+10", 10.0), ("226.2", -133.8), ("360", 0.0),
        ("-180", 180.0), ("180", 180.0), ("0", 0.0), ("184.702W", 175.298), ("350E", -10.0), ("12°", 12.0),
    ]

    @Test(arguments: valid)
    func accepts(text: String, degreesEast: Double) throws {
        #expect(abs(try LongitudeParser.parse(text) - degreesEast) < 1e-9)
    }

    @Test(arguments: ["", "400", "-181", "abc", "1e2", "nan", "inf", "-10W", "+10E", "361E", "1.2.3", "E", "12 34"])
    func rejects(text: String) {
        #expect(throws: InputError.self) { try LongitudeParser.parse(text) }
    }
}

@Suite struct DurationParserTests {
    static let valid: [(String, Int64)] = [
        ("1m", 60_000_000_000), ("90s", 90_000_000_000), ("1h30m", 5_400_000_000_000),
        ("2.5h", 9_000_000_000_000), ("500ms", 500_000_000), ("1d", 86_400_000_000_000),
        ("1w", 604_800_000_000_000), ("1min", 60_000_000_000), ("1sol", 88_775_244_146_880),
        ("2sols", 177_550_488_293_760), ("PT1M", 60_000_000_000), ("P1D", 86_400_000_000_000),
        ("PT1H30M", 5_400_000_000_000), ("P1DT1S", 86_401_000_000_000), (" 1M ", 60_000_000_000),
    ]

    @Test(arguments: valid)
    func accepts(text: String, nanoseconds: Int64) throws {
        #expect(try DurationParser.parse(text) == nanoseconds)
    }

    @Test(arguments: ["", "0s", "-1m", "1", "m", "1x", "1.2.3s", "P", "PT", "P1M", "P1Y", "101y", "1000000w",
                      "0.5ms", ".s", "1h 30m", String(repeating: "1", count: 70) + "s"])
    func rejects(text: String) {
        #expect(throws: InputError.self) { try DurationParser.parse(text) }
    }
}
