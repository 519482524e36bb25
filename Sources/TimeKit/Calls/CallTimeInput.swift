import Foundation

/// A call's start as typed: the `--at` argument of `timedeck call` and
/// `timedeck calls add`, and the `g` input of the call planner. One of
/// - an ISO-8601 instant with a zone (`2026-03-08T14:00:00Z`, `2026-03-08T15:00+01:00`);
/// - a wall time in the source place (`09:30`, `2026-03-08T09:30`, `2026-03-08 09:30:15`);
/// - `today 14:00` or `tomorrow 09:00` there;
/// - a shift from the current start (`+3d`, `-1w`, `+2h`, `+30m`, `+1h30m`,
///   `+1w2d`): days and weeks keep the source's wall time across a clock change;
/// - `now`;
/// - 12-hour times (`9am`, `9:30pm`, `12am` is midnight), alone or after
///   today/tomorrow, as the 12-hour display shows them.
public enum CallTimeInput: Equatable, Sendable {
    case instant(Date)
    /// The present instant (`now`), whatever the call's start.
    case now
    /// A wall time; `date` is `nil` for "today" in the source place.
    case wall(hour: Int, minute: Int, second: Int, date: (year: Int, month: Int, day: Int)?)
    /// A wall time `days` after today in the source place (1: tomorrow).
    case dayRelative(days: Int, hour: Int, minute: Int)
    /// A shift of the current start.
    case shift(amount: Int, unit: ShiftUnit)

    public enum ShiftUnit: String, Equatable, Sendable {
        case minutes = "m", hours = "h", days = "d", weeks = "w"
    }

    public struct ParseError: Error, CustomStringConvertible, Equatable {
        public var text: String
        public var description: String {
            "cannot read the time \"\(text)\". Use HH:MM or 9:30pm (today in the first place), "
                + "YYYY-MM-DD HH:MM (a local date and time there), today/tomorrow HH:MM, now, a shift such as +3d, -1w, +2h, +1h30m, "
                + "or an instant with its zone such as 2026-03-08T14:00:00Z or 2026-03-08T15:00+01:00."
        }
    }

    public static func == (a: CallTimeInput, b: CallTimeInput) -> Bool {
        switch (a, b) {
        case let (.instant(x), .instant(y)): return x == y
        case let (.wall(h1, m1, s1, d1), .wall(h2, m2, s2, d2)):
            return h1 == h2 && m1 == m2 && s1 == s2 && d1?.year == d2?.year && d1?.month == d2?.month && d1?.day == d2?.day
        case let (.dayRelative(d1, h1, m1), .dayRelative(d2, h2, m2)): return d1 == d2 && h1 == h2 && m1 == m2
        case let (.shift(a1, u1), .shift(a2, u2)): return a1 == a2 && u1 == u2
        case (.now, .now): return true
        default: return false
        }
    }

    public static func parse(_ text: String) throws -> CallTimeInput {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.lowercased() == "now" { return .now }
        if let m = t.wholeMatch(of: /([+-])(\d{1,4})\s*([mhdw])/.asciiOnlyDigits()) {
            guard let n = Int(m.2), let unit = ShiftUnit(rawValue: String(m.3)) else { throw ParseError(text: text) }
            return .shift(amount: m.1 == "-" ? -n : n, unit: unit)
        }
        if let shift = compoundShift(t) { return shift }
        if let m = t.lowercased().wholeMatch(of: /(today|tomorrow)\s+(.+)/) {
            guard let (h, mi) = clockTime(String(m.2)) else { throw ParseError(text: text) }
            return .dayRelative(days: m.1 == "tomorrow" ? 1 : 0, hour: h, minute: mi)
        }
        if let (h, mi) = twelveHour(t) { return .wall(hour: h, minute: mi, second: 0, date: nil) }
        // ASCII digits only: `\d` alone matches any Unicode digit, and a
        // digit carrying a combining mark is one Character, which `Int`
        // cannot read (found by fuzzing, issue 8).
        if let m = t.wholeMatch(of: /(\d{1,2}):(\d{2})(?::(\d{2}))?/.asciiOnlyDigits()) {
            guard let h = Int(m.1), let mi = Int(m.2) else { throw ParseError(text: text) }
            let s = m.3.flatMap { Int($0) } ?? 0
            guard h < 24, mi < 60, s < 60 else { throw ParseError(text: text) }
            return .wall(hour: h, minute: mi, second: s, date: nil)
        }
        let full = /(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|z|[+-]\d{2}:?\d{2})?/
        guard let m = t.wholeMatch(of: full.asciiOnlyDigits()),
              let year = Int(m.1), let month = Int(m.2), let day = Int(m.3), let hour = Int(m.4), let minute = Int(m.5)
        else { throw ParseError(text: text) }
        let wall = LocalWallTime(year: year, month: month, day: day,
                                 hour: hour, minute: minute, second: m.6.flatMap { Int($0) } ?? 0)
        guard wall.isValid else { throw ParseError(text: text) }
        guard let zone = m.7 else {
            return .wall(hour: wall.hour, minute: wall.minute, second: wall.second,
                         date: (wall.year, wall.month, wall.day))
        }
        var offset = 0
        if zone != "Z" && zone != "z" {
            let digits = zone.dropFirst().filter(\.isNumber)
            guard let hh = Int(digits.prefix(2)), let mm = Int(digits.suffix(2)), hh <= 14, mm < 60 else {
                throw ParseError(text: text)
            }
            offset = (hh * 3600 + mm * 60) * (zone.first == "-" ? -1 : 1)
        }
        return .instant(Date(timeIntervalSince1970: TimeInterval(wall.secondsAsIfUTC - Int64(offset))))
    }

    /// `+1h30m` (hours and minutes, as minutes) or `+1w2d` (weeks and
    /// days, as days); each part once, largest first.
    static func compoundShift(_ t: String) -> CallTimeInput? {
        if let m = t.wholeMatch(of: /([+-])(\d{1,3})h(\d{1,4})m/.asciiOnlyDigits()), let h = Int(m.2), let mi = Int(m.3) {
            return .shift(amount: (h * 60 + mi) * (m.1 == "-" ? -1 : 1), unit: .minutes)
        }
        if let m = t.wholeMatch(of: /([+-])(\d{1,3})w(\d{1,4})d/.asciiOnlyDigits()), let w = Int(m.2), let d = Int(m.3) {
            return .shift(amount: (w * 7 + d) * (m.1 == "-" ? -1 : 1), unit: .days)
        }
        return nil
    }

    /// `14:00`, `9am`, `9:30 pm`: hour and minute on a 24-hour clock.
    static func clockTime(_ t: String) -> (Int, Int)? {
        if let m = t.wholeMatch(of: /(\d{1,2}):(\d{2})/.asciiOnlyDigits()), let h = Int(m.1), let mi = Int(m.2), h < 24, mi < 60 {
            return (h, mi)
        }
        return twelveHour(t)
    }

    /// `9am`, `9:30pm`, `12 AM` (midnight), `12pm` (noon); hours 1–12.
    static func twelveHour(_ t: String) -> (Int, Int)? {
        guard let m = t.lowercased().wholeMatch(of: /(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?/.asciiOnlyDigits()),
              let h = Int(m.1), (1...12).contains(h) else { return nil }
        let mi = m.2.flatMap { Int($0) } ?? 0
        guard mi < 60 else { return nil }
        return ((h % 12) + (m.3 == "p" ? 12 : 0), mi)
    }

    /// The instant meant, with the source place's `zone` for wall times,
    /// `now` for "today" and `current` (the call's start; `now` when there
    /// is none) for a shift; flags a wall time that is skipped or repeated.
    public func resolve(in zone: TimeZone, now: Date, current: Date? = nil) -> (instant: Date, resolution: ZoneClock.Resolution) {
        switch self {
        case let .instant(date):
            return (date, .exact)
        case .now:
            return (now, .exact)
        case let .dayRelative(days, h, m):
            let today = ZoneClock.reading(now, in: zone).wall
            let d = LocalWallTime(UTCFields(unixMilliseconds: (today.dayNumber + Int64(days)) * 86_400_000))
            return ZoneClock.instant(LocalWallTime(year: d.year, month: d.month, day: d.day, hour: h, minute: m), in: zone)
        case let .shift(amount, unit):
            let from = current ?? now
            switch unit {
            case .minutes: return (from.addingTimeInterval(TimeInterval(amount * 60)), .exact)
            case .hours: return (from.addingTimeInterval(TimeInterval(amount * 3600)), .exact)
            case .days, .weeks:
                // Whole days on the wall: 14:00 stays 14:00 across a clock change.
                let days = Int64(unit == .weeks ? amount * 7 : amount)
                let wall = ZoneClock.reading(from, in: zone).wall
                let d = LocalWallTime(UTCFields(unixMilliseconds: (wall.dayNumber + days) * 86_400_000))
                return ZoneClock.instant(LocalWallTime(year: d.year, month: d.month, day: d.day, hour: wall.hour,
                                                       minute: wall.minute, second: wall.second), in: zone)
            }
        case let .wall(h, m, s, date):
            let today = ZoneClock.reading(now, in: zone).wall
            let d = date ?? (today.year, today.month, today.day)
            return ZoneClock.instant(LocalWallTime(year: d.year, month: d.month, day: d.day, hour: h, minute: m, second: s), in: zone)
        }
    }
}
