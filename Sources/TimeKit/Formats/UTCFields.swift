import Foundation

/// The calendar fields of a UTC instant, decomposed with integer arithmetic.
///
/// Foundation's `Calendar` costs ~500 ns per call; this costs a few dozen and
/// never depends on the process time zone. The civil-date conversion is
/// Howard Hinnant's `civil_from_days` (proleptic Gregorian calendar).
public struct UTCFields: Equatable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var millisecond: Int
    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int

    /// Fields of the instant `unixMilliseconds` after 1970-01-01T00:00:00Z.
    public init(unixMilliseconds: Int64) {
        let msPerDay: Int64 = 86_400_000
        let days = Self.floorDiv(unixMilliseconds, msPerDay)
        let msOfDay = Int(unixMilliseconds - days * msPerDay)
        hour = msOfDay / 3_600_000
        minute = msOfDay / 60_000 % 60
        second = msOfDay / 1000 % 60
        millisecond = msOfDay % 1000
        // 1970-01-01 was a Thursday (ISO 4).
        isoWeekday = Int(Self.floorMod(days + 3, 7)) + 1
        (year, month, day) = Self.civil(fromDays: days)
    }

    /// Fields of `date`, rounded to the nearest millisecond first so that the
    /// carry reaches minutes, hours and days (never "60.000s").
    public init(_ date: Date) {
        self.init(unixMilliseconds: Self.unixMilliseconds(date))
    }

    /// The instant rounded half-up to whole milliseconds since the Unix epoch.
    public static func unixMilliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.toNearestOrAwayFromZero))
    }

    /// The instant truncated (floored) to whole seconds since the Unix epoch.
    public static func unixSeconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }

    /// Short English weekday name.
    public var weekdayName: String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][isoWeekday - 1]
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    static func floorMod(_ a: Int64, _ b: Int64) -> Int64 {
        a - floorDiv(a, b) * b
    }

    /// Days since 1970-01-01 to (year, month, day), proleptic Gregorian.
    static func civil(fromDays days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return (Int(y), Int(m), Int(d))
    }
}
