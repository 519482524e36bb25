import Foundation

/// Wall-clock text in a time zone, and UTC offsets written as `UTC+05:45`.
public enum LocalTimeText {
    /// `UTC+05:45`, `UTC−03:30` (with an ASCII hyphen), `UTC+00:00`.
    public static func offset(seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let a = abs(seconds)
        return "UTC\(sign)\(MarkTime.pad(a / 3600)):\(MarkTime.pad(a / 60 % 60))"
    }

    /// The offset as a label beside a local time: `UTC` for zero (one form
    /// for every zone at UTC+00:00, issue 34), else `UTC+01:00`.
    public static func offsetLabel(seconds: Int) -> String {
        seconds == 0 ? "UTC" : offset(seconds: seconds)
    }

    /// Local calendar fields of `date` in `zone` (via the zone's UTC offset at
    /// that instant, then integer arithmetic).
    public static func fields(_ date: Date, in zone: TimeZone) -> UTCFields {
        fields(date, in: zone.rules)
    }

    public static func fields(_ date: Date, in zone: ZoneRules) -> UTCFields {
        let offset = Int64(zone.offsetSeconds(at: date))
        return UTCFields(unixMilliseconds: (UTCFields.unixSeconds(date) + offset) * 1000)
    }

    /// `Sun 00:55:04`, the local weekday and time to the second.
    public static func weekdayTime(_ date: Date, in zone: TimeZone) -> String {
        weekdayTime(date, in: zone.rules)
    }

    public static func weekdayTime(_ date: Date, in zone: ZoneRules) -> String {
        let f = fields(date, in: zone)
        return "\(f.weekdayName) \(MarkTime.pad(f.hour)):\(MarkTime.pad(f.minute)):\(MarkTime.pad(f.second))"
    }

    /// `2026-11-22T00:55:04`, ISO local date and time without an offset.
    public static func isoLocal(_ date: Date, in zone: TimeZone) -> String {
        isoLocal(date, in: zone.rules)
    }

    public static func isoLocal(_ date: Date, in zone: ZoneRules) -> String {
        let f = fields(date, in: zone)
        return "\(ISOInstant.year(f.year))-\(MarkTime.pad(f.month))-\(MarkTime.pad(f.day))T"
            + "\(MarkTime.pad(f.hour)):\(MarkTime.pad(f.minute)):\(MarkTime.pad(f.second))"
    }
}
