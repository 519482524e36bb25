import Foundation
import Testing
@testable import TimeKit

/// The shared option parsers' refusals in English, every problem once, byte
/// for byte as they were before the commands spoke Japanese (the reasons
/// became a structured value; the English must not move).
@Suite struct InputErrorEnglishTests {
    static let instant = ". Accepted: ISO-8601 with a zone, e.g. 2021-02-18T20:55:00Z, 2021-02-18T20:55:00.250+01:00, "
        + "2021-02-18 20:55Z, or a date 2021-02-18 (midnight UTC); years 1700-2200"
    static let duration = ". Accepted: number+unit parts like 1m, 90s, 1h30m, 2.5h, 500ms, 1d, 1w, 1sol "
        + "(units ms s m min h d w sol), or ISO-8601 like PT1M, P1D; from 1ms to 100 years"
    static let longitude = ". Accepted: degrees east from -180 to 360 (137.4, -133.8, 226.2), or 0-360 with E or W (137.4E, 133.8W)"
    static let marsTime = ". Accepted: HH:MM or HH:MM:SS with optional fraction (00:00 to 23:59:59.999), e.g. 13:00 or 07:05:30"
    static let station = ". Accepted: goldstone, canberra or madrid (the DSN's 70 m antennas DSS-14, DSS-43, DSS-63), "
        + "or LAT,LON[,HEIGHT_M]: geodetic degrees north (-90...90, or 35.4N), degrees east (-180...360, or 116.9W) "
        + "and metres above the WGS-84 ellipsoid (-500...100000, default 0)"
    static let solAndTime = ". Accepted: a sol and a time, e.g. 1700 13:00 or 1700 06:30 ltst"
    static let altitude = ". Accepted: degrees and minutes \"43 23.8\", \"43-23.8\" or \"43° 23.8′\", or decimal degrees \"43.3967\""

    static let instants: [(String, String)] = [
        ("", "invalid instant '': it is empty"),
        ("20", "invalid instant '20': year is missing or too short"),
        ("yesterday", "invalid instant 'yesterday': year must be 4 digits"),
        ("2021", "invalid instant '2021': expected '-' after the year (YYYY-MM-DD)"),
        ("2021-1", "invalid instant '2021-1': month is missing or too short"),
        ("2021-1x-01", "invalid instant '2021-1x-01': month must be 2 digits"),
        ("2021-01", "invalid instant '2021-01': expected '-' after the month (YYYY-MM-DD)"),
        ("2021-01-", "invalid instant '2021-01-': day is missing or too short"),
        ("2021-01-0x", "invalid instant '2021-01-0x': day must be 2 digits"),
        ("1600-01-01", "invalid instant '1600-01-01': year 1600 is outside 1700-2200"),
        ("2021-13-01", "invalid instant '2021-13-01': month 13 does not exist"),
        ("2021-02-29", "invalid instant '2021-02-29': day 29 does not exist in 2021-02"),
        ("2021-11-31", "invalid instant '2021-11-31': day 31 does not exist in 2021-11"),
        ("2021-02-18X20:55Z", "invalid instant '2021-02-18X20:55Z': expected 'T' between date and time"),
        ("2021-02-18T2", "invalid instant '2021-02-18T2': hour is missing or too short"),
        ("2021-02-18T2x:00Z", "invalid instant '2021-02-18T2x:00Z': hour must be 2 digits"),
        ("2021-02-18T20", "invalid instant '2021-02-18T20': expected ':' between hours and minutes (HH:MM)"),
        ("2021-02-18T20:5", "invalid instant '2021-02-18T20:5': minute is missing or too short"),
        ("2021-02-18T20:5xZ", "invalid instant '2021-02-18T20:5xZ': minute must be 2 digits"),
        ("2021-02-18T20:55:0", "invalid instant '2021-02-18T20:55:0': second is missing or too short"),
        ("2021-02-18T20:55:0xZ", "invalid instant '2021-02-18T20:55:0xZ': second must be 2 digits"),
        ("2021-02-18T20:55:00.1234567891Z", "invalid instant '2021-02-18T20:55:00.1234567891Z': more than 9 fractional digits"),
        ("2021-02-18T20:55:00.Z", "invalid instant '2021-02-18T20:55:00.Z': a decimal point needs digits after it"),
        ("2021-02-18T24:00Z", "invalid instant '2021-02-18T24:00Z': hour 24 is past 23"),
        ("2021-02-18T20:60Z", "invalid instant '2021-02-18T20:60Z': minute 60 is past 59"),
        ("2016-12-31T23:59:60Z", "invalid instant '2016-12-31T23:59:60Z': leap second :60 is not accepted (use :59.999)"),
        ("2021-02-18T20:55:61Z", "invalid instant '2021-02-18T20:55:61Z': second 61 is past 59"),
        ("2021-02-18T20:55:00", "invalid instant '2021-02-18T20:55:00': no zone: add Z for UTC or an offset such as +01:00"),
        ("2021-02-18T20:55:00+0", "invalid instant '2021-02-18T20:55:00+0': offset hours is missing or too short"),
        ("2021-02-18T20:55:00+0x", "invalid instant '2021-02-18T20:55:00+0x': offset hours must be 2 digits"),
        ("2021-02-18T20:55:00+01:3", "invalid instant '2021-02-18T20:55:00+01:3': offset minutes is missing or too short"),
        ("2021-02-18T20:55:00+01:3x", "invalid instant '2021-02-18T20:55:00+01:3x': offset minutes must be 2 digits"),
        ("2021-02-18T20:55:00+19:00", "invalid instant '2021-02-18T20:55:00+19:00': offset is out of range (-18:00 to +18:00)"),
        ("2021-02-18T20:55:00X", "invalid instant '2021-02-18T20:55:00X': expected Z or an offset like +01:00 after the time"),
        ("2021-02-18T20:55:00Zjunk", "invalid instant '2021-02-18T20:55:00Zjunk': unexpected text after the instant"),
        (String(repeating: "9", count: 81), "invalid instant '" + String(repeating: "9", count: 77) + "...': expected '-' after the year (YYYY-MM-DD)"),
    ]

    @Test(arguments: instants)
    func instant(text: String, english: String) {
        #expect(Self.refusal { _ = try InstantParser.parse(text) } == english + Self.instant)
    }

    static let durations: [(String, String)] = [
        ("", "invalid duration '': it is empty"),
        (String(repeating: "1", count: 61), "invalid duration '" + String(repeating: "1", count: 61) + "': it is too long"),
        ("0.5ms", "invalid duration '0.5ms': it must be at least 1ms"),
        ("200000w", "invalid duration '200000w': it is longer than 100 years"),
        ("P", "invalid duration 'P': no amount found"),
        ("x", "invalid duration 'x': expected a number at 'x'"),
        ("1.2.3h", "invalid duration '1.2.3h': expected a number at '1.2.3h'"),
        ("5", "invalid duration '5': '5' needs a unit"),
        ("5q", "invalid duration '5q': unknown unit 'q'"),
        ("PT", "invalid duration 'PT': 'T' must be followed by hours, minutes or seconds"),
        ("P1M", "invalid duration 'P1M': years and months vary in length; use days (P30D)"),
    ]

    @Test(arguments: durations)
    func duration(text: String, english: String) {
        #expect(Self.refusal { _ = try DurationParser.parse(text) } == english + Self.duration)
    }

    static let longitudes: [(String, String)] = [
        ("", "invalid longitude '': it is empty"),
        ("abc", "invalid longitude 'abc': not a number of degrees"),
        ("1e5", "invalid longitude '1e5': not a number of degrees"),
        ("-10E", "invalid longitude '-10E': use either a sign or E/W, not both"),
        ("400E", "invalid longitude '400E': 400° is more than 360°"),
        ("400", "invalid longitude '400': 400 is outside -180...360"),
    ]

    @Test(arguments: longitudes)
    func longitude(text: String, english: String) {
        #expect(Self.refusal { _ = try LongitudeParser.parse(text) } == english + Self.longitude)
    }

    static let marsTimes: [(String, String)] = [
        ("1300", "invalid LMST '1300': expected hours and minutes separated by ':'"),
        ("123:00", "invalid LMST '123:00': hours must be one or two digits"),
        ("13:0", "invalid LMST '13:0': minutes must be two digits"),
        ("13:00:0", "invalid LMST '13:00:0': seconds must be two digits"),
        ("13:00:60", "invalid LMST '13:00:60': a Mars minute has seconds 00 to 59 (no leap seconds)"),
        ("13:00:00.", "invalid LMST '13:00:00.': the fraction of a second must be 1 to 9 digits"),
        ("13:60", "invalid LMST '13:60': minutes run from 00 to 59"),
        ("24:00", "invalid LMST '24:00': 24:00 does not exist on a Mars clock: the sol ends at 23:59:59.999…; "
            + "midnight is 00:00 of the next sol"),
        ("25:00", "invalid LMST '25:00': hours run from 00 to 23"),
    ]

    @Test(arguments: marsTimes)
    func marsTime(text: String, english: String) {
        #expect(Self.refusal { _ = try MarsLocalTime.parse(text, kind: .mean) } == english + Self.marsTime)
        #expect(Self.refusal { _ = try MarsLocalTime.parse(text, kind: .solar) }
                == english.replacingOccurrences(of: "invalid LMST", with: "invalid LTST") + Self.marsTime)
    }

    static let stations: [(String, String)] = [
        ("", "invalid station '': it is empty"),
        ("mars", "invalid station 'mars': not a known station"),
        ("1,2,3,4", "invalid station '1,2,3,4': give two or three numbers separated by commas"),
        ("-10n,5", "invalid station '-10n,5': use either a sign or N/S, not both"),
        ("x,5", "invalid station 'x,5': the latitude is not a number of degrees"),
        ("91,5", "invalid station '91,5': the latitude 91 is outside -90...90"),
        ("10,abc", "invalid station '10,abc': the longitude is not degrees east from -180 to 360 (or with E/W)"),
        ("10,5,x", "invalid station '10,5,x': the height is not a number of metres"),
        ("10,5,200000", "invalid station '10,5,200000': the height 200000 m is outside -500...100000"),
    ]

    @Test(arguments: stations)
    func station(text: String, english: String) {
        #expect(Self.refusal { _ = try EarthStation.parse(text) } == english + Self.station)
    }

    static let solTimes: [(String, String)] = [
        ("1700", "invalid sol and time '1700': expected a sol and a time" + solAndTime),
        ("x 13:00", "invalid sol 'x': not a whole number" + solAndTime),
        ("1700 25:00 ltst", "invalid LTST '25:00': hours run from 00 to 23" + marsTime),
    ]

    @Test(arguments: solTimes)
    func solAndTime(text: String, english: String) {
        #expect(Self.refusal { _ = try MarsTimeQuery.parse(text, site: nil, longitudeEast: 0) } == english)
    }

    static let altitudes: [(String, String)] = [
        ("abc", "invalid Hs 'abc': not an altitude"),
        ("-5", "invalid Hs '-5': Hs is outside 0°–90°"),
        ("43 75", "invalid Hs '43 75': minutes must be under 60 (75 is not)"),
        ("95", "invalid Hs '95': Hs is outside 0°–90°"),
    ]

    @Test(arguments: altitudes)
    func altitude(text: String, english: String) {
        #expect(Self.refusal { _ = try SightText.altitudeDegrees(text) } == english + Self.altitude)
    }

    @Test func body() throws {
        let almanac = try Almanac.loadBundled(leapSeconds: .builtIn)
        #expect(Self.refusal { _ = try SightText.body("Vegga", almanac: almanac) }
                == "invalid body 'Vegga': not a body of the almanac (close names: Vega, Venus, Ankaa). Accepted: "
                + "Sun LL, Sun UL, Moon LL, Moon UL, Venus, Mars, Jupiter, Saturn, one of the 57 navigational stars "
                + "or Polaris (timedeck almanac --at NOW lists them), or a brighter star as identify names it "
                + "(Mizar, Alhena, HIP 86670)")
    }

    /// What `body` threw, as the commands print it (`description`).
    static func refusal(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as InputError {
            return error.description
        } catch {
            return "not an InputError: \(error)"
        }
    }
}
