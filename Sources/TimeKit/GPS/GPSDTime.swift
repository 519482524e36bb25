/// gpsd's ISO-8601 times, `2026-11-21T23:47:12.345Z`, to Unix nanoseconds.
public enum GPSDTime {
    /// Nanoseconds since the Unix epoch for `YYYY-MM-DDTHH:MM:SS[.fff…]Z`
    /// (UTC only, as gpsd writes them), or nil for anything else. Leap second
    /// 60 is accepted and counted as the first instant of the next minute, as
    /// POSIX time does.
    public static func unixNanoseconds(iso: String) -> Int64? {
        let b = Array(iso.utf8)
        guard b.count >= 20, b.count <= 40, b.last == UInt8(ascii: "Z"),
              b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
              let year = digits(b, 0, 4), let month = digits(b, 5, 2), let day = digits(b, 8, 2),
              let hour = digits(b, 11, 2), let minute = digits(b, 14, 2), let second = digits(b, 17, 2),
              // Int64 nanoseconds reach from 1677-09-21 to 2262-04-11.
              (1678...2261).contains(year),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second <= 60
        else { return nil }
        var nanos: Int64 = 0
        let rest = b[19..<(b.count - 1)]
        if !rest.isEmpty {
            guard rest.first == UInt8(ascii: "."), rest.count >= 2, rest.count <= 10 else { return nil }
            var scale: Int64 = 100_000_000
            for c in rest.dropFirst() {
                guard (0x30...0x39).contains(c) else { return nil }
                nanos += Int64(c - 0x30) * scale
                scale /= 10
            }
        }
        let days = daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return seconds * 1_000_000_000 + nanos
    }

    static func digits(_ b: [UInt8], _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for c in b[start..<(start + count)] {
            guard (0x30...0x39).contains(c) else { return nil }
            value = value * 10 + Int(c - 0x30)
        }
        return value
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Howard Hinnant's `days_from_civil` (proleptic Gregorian).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
