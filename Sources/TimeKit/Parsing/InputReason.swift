import Foundation

/// Which value a refused input was: named in the refusal (`invalid instant
/// '…'`). English here; the commands' catalog has the other languages.
public enum InputField: Equatable, Hashable, Sendable {
    case instant, duration, longitude, station, body
    /// A Mars clock reading, `LMST` or `LTST`.
    case marsTime(MarsLocalTime.Kind)
    /// `1700 13:00` as a whole, and its sol alone.
    case solAndTime, sol
    /// A sextant altitude: plain (`Hs`), `--hs`, or the Hs of sight `n` of a fix.
    case altitude, altitudeOption
    case altitudeOfSight(Int)

    public var english: String {
        switch self {
        case .instant: "instant"
        case .duration: "duration"
        case .longitude: "longitude"
        case .station: "station"
        case .body: "body"
        case .marsTime(let kind): kind.rawValue
        case .solAndTime: "sol and time"
        case .sol: "sol"
        case .altitude: "Hs"
        case .altitudeOption: "--hs"
        case .altitudeOfSight(let n): "Hs of sight \(n)"
        }
    }
}

/// What forms a field accepts, said after `Accepted:`.
public enum InputAccepted: Equatable, Hashable, Sendable, CaseIterable {
    case instant, duration, longitude, marsTime, station, solAndTime, body, altitude

    public var english: String {
        switch self {
        case .instant:
            "ISO-8601 with a zone, e.g. 2021-02-18T20:55:00Z, 2021-02-18T20:55:00.250+01:00, "
                + "2021-02-18 20:55Z, or a date 2021-02-18 (midnight UTC); years 1700-2200"
        case .duration:
            "number+unit parts like 1m, 90s, 1h30m, 2.5h, 500ms, 1d, 1w, 1sol "
                + "(units ms s m min h d w sol), or ISO-8601 like PT1M, P1D; from 1ms to 100 years"
        case .longitude: "degrees east from -180 to 360 (137.4, -133.8, 226.2), or 0-360 with E or W (137.4E, 133.8W)"
        case .marsTime: "HH:MM or HH:MM:SS with optional fraction (00:00 to 23:59:59.999), e.g. 13:00 or 07:05:30"
        case .station:
            "goldstone, canberra or madrid (the DSN's 70 m antennas DSS-14, DSS-43, DSS-63), "
                + "or LAT,LON[,HEIGHT_M]: geodetic degrees north (-90...90, or 35.4N), degrees east (-180...360, or 116.9W) "
                + "and metres above the WGS-84 ellipsoid (-500...100000, default 0)"
        case .solAndTime: "a sol and a time, e.g. 1700 13:00 or 1700 06:30 ltst"
        case .body:
            "Sun LL, Sun UL, Moon LL, Moon UL, Venus, Mars, Jupiter, Saturn, "
                + "one of the 57 navigational stars or Polaris (timedeck almanac --at NOW lists them), "
                + "or a brighter star as identify names it (Mizar, Alhena, HIP 86670)"
        case .altitude: "degrees and minutes \"43 23.8\", \"43-23.8\" or \"43° 23.8′\", or decimal degrees \"43.3967\""
        }
    }
}

/// A part of an instant that must be digits.
public enum InstantPart: String, Equatable, Hashable, Sendable, CaseIterable {
    case year, month, day, hour, minute, second
    case offsetHours = "offset hours"
    case offsetMinutes = "offset minutes"
}

/// A separator an instant needs at its place.
public enum InstantSeparator: Equatable, Hashable, Sendable, CaseIterable {
    /// `-` after the year, after the month; `:` between hours and minutes.
    case afterYear, afterMonth, betweenHoursAndMinutes

    var english: String {
        switch self {
        case .afterYear: "expected '-' after the year (YYYY-MM-DD)"
        case .afterMonth: "expected '-' after the month (YYYY-MM-DD)"
        case .betweenHoursAndMinutes: "expected ':' between hours and minutes (HH:MM)"
        }
    }
}

/// What was wrong with a typed value, with the values the sentence needs
/// (text from the input arrives as typed; the printer makes it inert).
/// `english` is the parsers' sentence as it always was; the commands'
/// catalog says it in the interface language.
public enum InputReason: Equatable, Hashable, Sendable {
    case empty
    // MARK: instants
    case missingOrShort(InstantPart)
    case notDigits(InstantPart, count: Int)
    case expected(InstantSeparator)
    case yearOutside(Int)
    case noSuchMonth(Int)
    case noSuchDay(day: Int, year: Int, month: Int)
    case expectedT
    case tooManyFractionDigits
    case pointWithoutDigits
    case hourPast23(Int)
    case minutePast59(Int)
    case leapSecond
    case secondPast59(Int)
    case noZone
    case offsetOutOfRange
    case expectedZone
    case textAfterInstant
    // MARK: durations
    case tooLong
    case underOneMillisecond
    case overHundredYears
    case noAmount
    case expectedNumber(at: String)
    case needsUnit(String)
    case unknownUnit(String)
    case emptyTimePart
    case yearsOrMonths
    // MARK: longitudes
    case notDegrees
    case signAndEastWest
    case over360(String)
    case outsideLongitudes(String)
    // MARK: Mars clock readings
    case expectedHoursAndMinutes
    case hoursDigits
    case minutesDigits
    case secondsDigits
    case marsSecondsRange
    case fractionDigits
    case minutesRange
    case marsMidnight
    case hoursRange
    // MARK: Earth stations
    case notAStation
    case stationNumbers
    case signAndNorthSouth
    case latitudeNotDegrees
    case latitudeOutside(String)
    case stationLongitude
    case heightNotMetres
    case heightOutside(String)
    // MARK: a sol and a time
    case expectedSolAndTime
    case notWholeNumber
    // MARK: sights
    case notABody(closeNames: [String])
    case notAnAltitude
    case altitudeOutside
    case minutesOver60(String)

    public var english: String {
        switch self {
        case .empty: "it is empty"
        case .missingOrShort(let part): "\(part.rawValue) is missing or too short"
        case let .notDigits(part, count): "\(part.rawValue) must be \(count) digits"
        case .expected(let separator): separator.english
        case .yearOutside(let year): "year \(year) is outside 1700-2200"
        case .noSuchMonth(let month): "month \(month) does not exist"
        case let .noSuchDay(day, year, month): "day \(day) does not exist in \(year)-\(month < 10 ? "0" : "")\(month)"
        case .expectedT: "expected 'T' between date and time"
        case .tooManyFractionDigits: "more than 9 fractional digits"
        case .pointWithoutDigits: "a decimal point needs digits after it"
        case .hourPast23(let hour): "hour \(hour) is past 23"
        case .minutePast59(let minute): "minute \(minute) is past 59"
        case .leapSecond: "leap second :60 is not accepted (use :59.999)"
        case .secondPast59(let second): "second \(second) is past 59"
        case .noZone: "no zone: add Z for UTC or an offset such as +01:00"
        case .offsetOutOfRange: "offset is out of range (-18:00 to +18:00)"
        case .expectedZone: "expected Z or an offset like +01:00 after the time"
        case .textAfterInstant: "unexpected text after the instant"
        case .tooLong: "it is too long"
        case .underOneMillisecond: "it must be at least 1ms"
        case .overHundredYears: "it is longer than 100 years"
        case .noAmount: "no amount found"
        case .expectedNumber(let at): "expected a number at '\(at)'"
        case .needsUnit(let number): "'\(number)' needs a unit"
        case .unknownUnit(let unit): "unknown unit '\(unit)'"
        case .emptyTimePart: "'T' must be followed by hours, minutes or seconds"
        case .yearsOrMonths: "years and months vary in length; use days (P30D)"
        case .notDegrees: "not a number of degrees"
        case .signAndEastWest: "use either a sign or E/W, not both"
        case .over360(let number): "\(number)° is more than 360°"
        case .outsideLongitudes(let number): "\(number) is outside -180...360"
        case .expectedHoursAndMinutes: "expected hours and minutes separated by ':'"
        case .hoursDigits: "hours must be one or two digits"
        case .minutesDigits: "minutes must be two digits"
        case .secondsDigits: "seconds must be two digits"
        case .marsSecondsRange: "a Mars minute has seconds 00 to 59 (no leap seconds)"
        case .fractionDigits: "the fraction of a second must be 1 to 9 digits"
        case .minutesRange: "minutes run from 00 to 59"
        case .marsMidnight:
            "24:00 does not exist on a Mars clock: the sol ends at 23:59:59.999…; midnight is 00:00 of the next sol"
        case .hoursRange: "hours run from 00 to 23"
        case .notAStation: "not a known station"
        case .stationNumbers: "give two or three numbers separated by commas"
        case .signAndNorthSouth: "use either a sign or N/S, not both"
        case .latitudeNotDegrees: "the latitude is not a number of degrees"
        case .latitudeOutside(let number): "the latitude \(number) is outside -90...90"
        case .stationLongitude: "the longitude is not degrees east from -180 to 360 (or with E/W)"
        case .heightNotMetres: "the height is not a number of metres"
        case .heightOutside(let number): "the height \(number) m is outside -500...100000"
        case .expectedSolAndTime: "expected a sol and a time"
        case .notWholeNumber: "not a whole number"
        case .notABody(let close): "not a body of the almanac (close names: " + close.joined(separator: ", ") + ")"
        case .notAnAltitude: "not an altitude"
        case .altitudeOutside: "Hs is outside 0°–90°"
        case .minutesOver60(let number): "minutes must be under 60 (\(number) is not)"
        }
    }
}
