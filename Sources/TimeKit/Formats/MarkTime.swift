import Foundation

/// The Mark Time notation navigators use for sight times: UTC day of month,
/// hours, minutes and seconds, e.g. `21d 23h 47m 12s`.
///
/// The day is the UTC day of the month, not of the year; month and year are
/// shown elsewhere (the full date line) because a sight is worked the same day.
public enum MarkTime {
    /// Whole-second clock text, `21d 23h 47m 12s`. Seconds are truncated, the
    /// way a clock shows 12 s until the instant 13 s begins.
    public static func clock(_ date: Date) -> String {
        let f = UTCFields(unixMilliseconds: UTCFields.unixSeconds(date) * 1000)
        // Fifteen ASCII bytes written in place (the header draws this every
        // second); every field is two digits, day 1–31 and the rest 0–59.
        return String(unsafeUninitializedCapacity: 15) { b in
            @inline(__always) func field(_ value: Int, _ unit: Unicode.Scalar, at i: Int) {
                b[i] = 0x30 + UInt8(value / 10)
                b[i + 1] = 0x30 + UInt8(value % 10)
                b[i + 2] = UInt8(unit.value)
                if i + 3 < 15 { b[i + 3] = UInt8(ascii: " ") }
            }
            field(f.day, "d", at: 0)
            field(f.hour, "h", at: 4)
            field(f.minute, "m", at: 8)
            field(f.second, "s", at: 12)
            return 15
        }
    }

    /// Mark text with milliseconds, `12d 13h 01m 46.654s`. The instant is
    /// rounded to the nearest millisecond before it is split into fields, so
    /// 59.9996 s carries into the next minute (and day, and month) instead of
    /// ever showing `60.000s`.
    public static func mark(_ date: Date) -> String {
        mark(unixMilliseconds: UTCFields.unixMilliseconds(date))
    }

    /// Mark text for an instant given in whole milliseconds since the epoch.
    public static func mark(unixMilliseconds: Int64) -> String {
        let f = UTCFields(unixMilliseconds: unixMilliseconds)
        return "\(pad(f.day))d \(pad(f.hour))h \(pad(f.minute))m \(pad(f.second)).\(pad3(f.millisecond))s"
    }

    /// Full UTC date with weekday, `Sat 2026-11-21`.
    public static func date(_ date: Date) -> String {
        let f = UTCFields(unixMilliseconds: UTCFields.unixSeconds(date) * 1000)
        return "\(f.weekdayName) \(f.year)-\(pad(f.month))-\(pad(f.day))"
    }

    /// Two-digit zero padding (`7` → `07`).
    public static func pad(_ n: Int) -> String {
        guard n >= 0, n < 100 else { return n < 10 ? "0\(n)" : "\(n)" }
        return String(unsafeUninitializedCapacity: 2) { b in
            b[0] = 0x30 + UInt8(n / 10)
            b[1] = 0x30 + UInt8(n % 10)
            return 2
        }
    }
    /// Three-digit zero padding (`7` → `007`).
    public static func pad3(_ n: Int) -> String { n < 10 ? "00\(n)" : n < 100 ? "0\(n)" : "\(n)" }
}
