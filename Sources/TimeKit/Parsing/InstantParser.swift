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
    public static func parse(_ text: String) throws -> ParsedInstant {
        let s = Array(Trimmed.whitespace(text).utf8)
        func fail(_ reason: InputReason) -> InputError {
            InputError(field: .instant, input: text, reason: reason, accepted: .instant)
        }
        var i = 0
        func digits(_ count: Int, _ part: InstantPart) throws -> Int {
            guard i + count <= s.count else { throw fail(.missingOrShort(part)) }
            var v = 0
            for k in 0..<count {
                let c = s[i + k]
                guard c >= 48 && c <= 57 else { throw fail(.notDigits(part, count: count)) }
                v = v * 10 + Int(c - 48)
            }
            i += count
            return v
        }
        func expect(_ c: UInt8, _ separator: InstantSeparator) throws {
            guard i < s.count, s[i] == c else { throw fail(.expected(separator)) }
            i += 1
        }
        guard !s.isEmpty else { throw fail(.empty) }
        let year = try digits(4, .year)
        try expect(45, .afterYear)
        let month = try digits(2, .month)
        try expect(45, .afterMonth)
        let day = try digits(2, .day)
        guard (1700...2200).contains(year) else { throw fail(.yearOutside(year)) }
        guard (1...12).contains(month) else { throw fail(.noSuchMonth(month)) }
        guard day >= 1 && day <= daysIn(month: month, year: year) else {
            throw fail(.noSuchDay(day: day, year: year, month: month))
        }
        var hour = 0, minute = 0, second = 0, nanos: Int64 = 0, offsetSeconds = 0
        if i < s.count {
            guard s[i] == 84 || s[i] == 116 || s[i] == 32 else { throw fail(.expectedT) }
            i += 1
            hour = try digits(2, .hour)
            try expect(58, .betweenHoursAndMinutes)
            minute = try digits(2, .minute)
            if i < s.count && s[i] == 58 {
                i += 1
                second = try digits(2, .second)
                if i < s.count && (s[i] == 46 || s[i] == 44) {
                    i += 1
                    var count = 0
                    while i < s.count && s[i] >= 48 && s[i] <= 57 {
                        guard count < 9 else { throw fail(.tooManyFractionDigits) }
                        nanos = nanos * 10 + Int64(s[i] - 48)
                        count += 1
                        i += 1
                    }
                    guard count > 0 else { throw fail(.pointWithoutDigits) }
                    for _ in count..<9 { nanos *= 10 }
                }
            }
            guard hour <= 23 else { throw fail(.hourPast23(hour)) }
            guard minute <= 59 else { throw fail(.minutePast59(minute)) }
            guard second <= 59 else {
                throw fail(second == 60 ? .leapSecond : .secondPast59(second))
            }
            guard i < s.count else {
                throw fail(.noZone)
            }
            if s[i] == 90 || s[i] == 122 {
                i += 1
            } else if s[i] == 43 || s[i] == 45 {
                let sign = s[i] == 45 ? -1 : 1
                i += 1
                let oh = try digits(2, .offsetHours)
                var om = 0
                if i < s.count {
                    if s[i] == 58 { i += 1 }
                    om = try digits(2, .offsetMinutes)
                }
                guard oh <= 18, om <= 59 else { throw fail(.offsetOutOfRange) }
                offsetSeconds = sign * (oh * 3600 + om * 60)
            } else {
                throw fail(.expectedZone)
            }
        }
        guard i == s.count else { throw fail(.textAfterInstant) }
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
