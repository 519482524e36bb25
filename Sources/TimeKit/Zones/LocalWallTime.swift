import Foundation

/// A wall-clock date and time with no zone attached: what a user types as
/// `2026-03-08T09:30`, or what a clock on the wall shows.
public struct LocalWallTime: Equatable, Hashable, Sendable, Codable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The wall time shown by `fields` (local fields of some instant).
    public init(_ fields: UTCFields) {
        self.init(year: fields.year, month: fields.month, day: fields.day,
                  hour: fields.hour, minute: fields.minute, second: fields.second)
    }

    /// Days since 1970-01-01 of the date (proleptic Gregorian; Howard
    /// Hinnant's `days_from_civil`).
    public var dayNumber: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = Int64(month > 2 ? month - 3 : month + 9)
        let doy = (153 * mp + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Seconds since 1970-01-01T00:00:00 *as if this wall time were UTC*.
    public var secondsAsIfUTC: Int64 {
        dayNumber * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// True when the fields name a real calendar date and time of day.
    public var isValid: Bool {
        guard (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
              (0...59).contains(second), day >= 1 else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }

    /// `2026-03-08T09:30:00`.
    public var isoText: String {
        "\(ISOInstant.year(year))-\(MarkTime.pad(month))-\(MarkTime.pad(day))T"
            + "\(MarkTime.pad(hour)):\(MarkTime.pad(minute)):\(MarkTime.pad(second))"
    }
}
