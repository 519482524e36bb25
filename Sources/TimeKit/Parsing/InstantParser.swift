import Foundation

/// An instant to the nanosecond, as whole nanoseconds since the Unix epoch.
public struct ParsedInstant: Equatable, Hashable, Sendable, Comparable {
    public var unixNanoseconds: Int64
    public init(unixNanoseconds: Int64) { self.unixNanoseconds = unixNanoseconds }
    /// Seconds since the Unix epoch (a Double keeps ~0.2 µs at today's dates).
    public var unixSeconds: Double { Double(unixNanoseconds) / 1e9 }
    public var date: Date { Date(timeIntervalSince1970: unixSeconds) }
    public static func < (a: ParsedInstant, b: ParsedInstant) -> Bool { a.unixNanoseconds < b.unixNanoseconds }
}

/// Parses ISO-8601 instants typed by a user (pure; never traps).
///
/// Accepted: `2021-02-18T20:55:00Z`, with `T`, `t` or one space between date
/// and time; minutes-only `20:55Z`; fractional seconds up to 9 digits
/// (`.5`, `.123456789`, comma allowed); a `Z` or an offset `+05:45`,
/// `-0330`, `+01`; a bare date `2021-02-18` meaning midnight UTC.
/// Years 1700–2200 (the range an Int64 of nanoseconds covers with margin,
/// and far wider than Mars24 is meant for).
public enum InstantParser {
    static let accepted = "ISO-8601 with a zone, e.g. 2021-02-18T20:55:00Z, 2021-02-18T20:55:00.250+01:00, "
        + "2021-02-18 20:55Z, or a date 2021-02-18 (midnight UTC); years 1700-2200"

    public static func parse(_ text: String) throws -> ParsedInstant {
        let s = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        func fail(_ problem: String) -> InputError {
            InputError(field: "instant", input: text, problem: problem, accepted: accepted)
        }
        var i = 0
        func digits(_ count: Int, _ name: String) throws -> Int {
            guard i + count <= s.count else { throw fail("\(name) is missing or too short") }
            var v = 0
            for k in 0..<count {
                let c = s[i + k]
                guard c >= 48 && c <= 57 else { throw fail("\(name) must be \(count) digits") }
                v = v * 10 + Int(c - 48)
            }
            i += count
            return v
        }
        func expect(_ c: UInt8, _ what: String) throws {
            guard i < s.count, s[i] == c else { throw fail("expected '\(Character(UnicodeScalar(c)))' \(what)") }
            i += 1
        }
        guard !s.isEmpty else { throw fail("it is empty") }
        let year = try digits(4, "year")
        try expect(45, "after the year (YYYY-MM-DD)")
        let month = try digits(2, "month")
        try expect(45, "after the month (YYYY-MM-DD)")
        let day = try digits(2, "day")
        guard (1700...2200).contains(year) else { throw fail("year \(year) is outside 1700-2200") }
        guard (1...12).contains(month) else { throw fail("month \(month) does not exist") }
        guard day >= 1 && day <= daysIn(month: month, year: year) else {
            throw fail("day \(day) does not exist in \(year)-\(month < 10 ? "0" : "")\(month)")
        }
        var hour = 0, minute = 0, second = 0, nanos: Int64 = 0, offsetSeconds = 0
        if i < s.count {
            guard s[i] == 84 || s[i] == 116 || s[i] == 32 else { throw fail("expected 'T' between date and time") }
            i += 1
            hour = try digits(2, "hour")
            try expect(58, "between hours and minutes (HH:MM)")
            minute = try digits(2, "minute")
            if i < s.count && s[i] == 58 {
                i += 1
                second = try digits(2, "second")
                if i < s.count && (s[i] == 46 || s[i] == 44) {
                    i += 1
                    var count = 0
                    while i < s.count && s[i] >= 48 && s[i] <= 57 {
                        guard count < 9 else { throw fail("more than 9 fractional digits") }
                        nanos = nanos * 10 + Int64(s[i] - 48)
                        count += 1
                        i += 1
                    }
                    guard count > 0 else { throw fail("a decimal point needs digits after it") }
                    for _ in count..<9 { nanos *= 10 }
                }
            }
            guard hour <= 23 else { throw fail("hour \(hour) is past 23") }
            guard minute <= 59 else { throw fail("minute \(minute) is past 59") }
            guard second <= 59 else {
                throw fail(second == 60 ? "leap second :60 is not accepted (use :59.999)" : "second \(second) is past 59")
            }
            guard i < s.count else {
                throw fail("no zone: add Z for UTC or an offset such as +01:00")
            }
            if s[i] == 90 || s[i] == 122 {
                i += 1
            } else if s[i] == 43 || s[i] == 45 {
                let sign = s[i] == 45 ? -1 : 1
                i += 1
                let oh = try digits(2, "offset hours")
                var om = 0
                if i < s.count {
                    if s[i] == 58 { i += 1 }
                    om = try digits(2, "offset minutes")
                }
                guard oh <= 18, om <= 59 else { throw fail("offset is out of range (-18:00 to +18:00)") }
                offsetSeconds = sign * (oh * 3600 + om * 60)
            } else {
                throw fail("expected Z or an offset like +01:00 after the time")
            }
        }
        guard i == s.count else { throw fail("unexpected text after the instant") }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        return ParsedInstant(unixNanoseconds: seconds * 1_000_000_000 + nanos)
    }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
