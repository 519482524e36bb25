import Foundation

/// ISO-8601 text for UTC instants, with the precision each use needs.
public enum ISOInstant {
    /// `2026-11-21T23:47:12.345Z`, rounded to the nearest millisecond.
    public static func milliseconds(_ date: Date) -> String {
        milliseconds(unixMilliseconds: UTCFields.unixMilliseconds(date))
    }

    /// `2026-11-21T23:47:12.345Z` for whole milliseconds since the epoch.
    public static func milliseconds(unixMilliseconds: Int64) -> String {
        let f = UTCFields(unixMilliseconds: unixMilliseconds)
        return "\(year(f.year))-\(MarkTime.pad(f.month))-\(MarkTime.pad(f.day))T"
            + "\(MarkTime.pad(f.hour)):\(MarkTime.pad(f.minute)):\(MarkTime.pad(f.second))."
            + "\(MarkTime.pad3(f.millisecond))Z"
    }

    /// `2026-11-21T23:47:12Z`, truncated to the second.
    public static func seconds(_ date: Date) -> String {
        let f = UTCFields(unixMilliseconds: UTCFields.unixSeconds(date) * 1000)
        return "\(year(f.year))-\(MarkTime.pad(f.month))-\(MarkTime.pad(f.day))T"
            + "\(MarkTime.pad(f.hour)):\(MarkTime.pad(f.minute)):\(MarkTime.pad(f.second))Z"
    }

    static func year(_ y: Int) -> String {
        let s = String(abs(y))
        let padded = RepeatedText.ascii(UInt8(ascii: "0"), count: 4 - s.count) + s
        return y < 0 ? "-" + padded : padded
    }
}
