import Foundation

/// A POSIX `TZ` rule string (`EST5EDT,M3.2.0,M11.1.0`, `<+0330>-3:30`,
/// `NZST-12NZDT,M9.5.0,M4.1.0/3`), parsed and evaluated as the C library
/// does: POSIX.1-2017 §8.3 with RFC 8536 §3.3.1's extensions (rule times
/// from −167 to +167 hours), which TZif footers use.
///
/// POSIX counts offsets west of Greenwich as positive: `GMT+3` is three
/// hours *behind* UTC, so UTC−03:00, as `TZ=GMT+3 date` shows.
public struct PosixTimeZone: Equatable, Sendable {
    /// When a daylight-saving change happens: a day of the year and a local time.
    public struct Rule: Equatable, Sendable {
        public enum Day: Equatable, Sendable {
            /// `Jn`: day 1…365, February 29 never counted.
            case julian(Int)
            /// `n`: day 0…365, February 29 counted in leap years.
            case zeroBased(Int)
            /// `Mm.w.d`: day `d` (0 = Sunday) of week `w` (5 = last) of month `m`.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }
        public var day: Day
        /// Local wall time of the change, seconds after midnight (may be negative or past 24 h).
        public var secondsOfDay: Int
    }

    /// The text as given.
    public var text: String
    public var standard: ZonePeriod
    /// Daylight-saving time, with the rules that start and end it.
    public var daylight: ZonePeriod?
    public var start: Rule?
    public var end: Rule?

    /// Parses `text`; nil unless the whole text is a valid TZ rule string.
    public init?(_ text: String) {
        guard text.utf8.count <= 128, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        var s = Scanner(bytes: Array(text.utf8))
        guard let stdName = s.name(), let stdWest = s.offset(maxHours: 24) else { return nil }
        self.text = text
        standard = ZonePeriod(utcOffsetSeconds: -stdWest, isDaylightSaving: false, abbreviation: stdName)
        if s.atEnd { return }
        guard let dstName = s.name() else { return nil }
        var dstEast = standard.utcOffsetSeconds + 3600
        if let c = s.peek, c != UInt8(ascii: ",") {
            guard let west = s.offset(maxHours: 24) else { return nil }
            dstEast = -west
        }
        daylight = ZonePeriod(utcOffsetSeconds: dstEast, isDaylightSaving: true, abbreviation: dstName)
        if s.atEnd {
            // No rules: the C library's default, the US rules since 2007.
            start = Rule(day: .monthWeekDay(month: 3, week: 2, weekday: 0), secondsOfDay: 7200)
            end = Rule(day: .monthWeekDay(month: 11, week: 1, weekday: 0), secondsOfDay: 7200)
            return
        }
        guard s.take(","), let a = s.rule(), s.take(","), let b = s.rule(), s.atEnd else { return nil }
        start = a
        end = b
    }

    /// The clock in force at `unixSeconds`.
    public func period(at unixSeconds: Int64) -> ZonePeriod {
        guard let daylight, let start, let end else { return standard }
        // The latest change at or before the instant among the years around
        // it (no array, no sort: this runs for every offset after a zone's
        // last listed transition). At a tie the start wins (DST all year).
        let days = UTCFields.floorDiv(unixSeconds + Int64(standard.utcOffsetSeconds), 86_400)
        let year = UTCFields.civil(fromDays: days).0
        var latest = Int64.min, inDST = false
        for y in (year - 1)...(year + 1) {
            let on = Self.localSeconds(start, year: y) - Int64(standard.utcOffsetSeconds)
            let off = Self.localSeconds(end, year: y) - Int64(daylight.utcOffsetSeconds)
            if off <= unixSeconds, off > latest { latest = off; inDST = false }
            if on <= unixSeconds, on >= latest { latest = on; inDST = true }
        }
        return inDST ? daylight : standard
    }

    /// The first instant after `unixSeconds` when the UTC offset changes; nil
    /// for a rule without daylight-saving time (or one that never changes it).
    public func nextChange(after unixSeconds: Int64) -> Int64? {
        guard let daylight, daylight.utcOffsetSeconds != standard.utcOffsetSeconds else { return nil }
        let current = period(at: unixSeconds).utcOffsetSeconds
        // A candidate is checked with `period`, which sees the years around
        // it: an end and a start at one instant (DST all year) change nothing.
        for change in changes(around: unixSeconds, yearsAfter: 2)
        where change.at > unixSeconds && period(at: change.at).utcOffsetSeconds != current {
            return change.at
        }
        return nil
    }

    /// DST starts and ends from the year before `unixSeconds`'s to
    /// `yearsAfter` years after it, in time order (an end before a start at
    /// the same instant, so a zone on DST all year stays on it).
    func changes(around unixSeconds: Int64, yearsAfter: Int = 1) -> [(at: Int64, toDaylight: Bool)] {
        guard let daylight, let start, let end else { return [] }
        let days = UTCFields.floorDiv(unixSeconds + Int64(standard.utcOffsetSeconds), 86_400)
        let year = UTCFields.civil(fromDays: days).0
        var list: [(at: Int64, toDaylight: Bool)] = []
        for y in (year - 1)...(year + yearsAfter) {
            // The start is written in standard time, the end in daylight time.
            list.append((Self.localSeconds(start, year: y) - Int64(standard.utcOffsetSeconds), true))
            list.append((Self.localSeconds(end, year: y) - Int64(daylight.utcOffsetSeconds), false))
        }
        return list.sorted { $0.at != $1.at ? $0.at < $1.at : (!$0.toDaylight && $1.toDaylight) }
    }

    /// The local wall time of `rule` in `year`, as seconds since 1970 read as UTC.
    static func localSeconds(_ rule: Rule, year: Int) -> Int64 {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let jan1 = LocalWallTime(year: year, month: 1, day: 1, hour: 0, minute: 0).dayNumber
        let day: Int64
        switch rule.day {
        case .julian(let n): day = jan1 + Int64(n - 1) + (leap && n >= 60 ? 1 : 0)
        case .zeroBased(let n): day = jan1 + Int64(n)
        case let .monthWeekDay(month, week, weekday):
            let first = LocalWallTime(year: year, month: month, day: 1, hour: 0, minute: 0).dayNumber
            // 1970-01-01 was a Thursday (4, counting Sunday as 0).
            let firstWeekday = Int(UTCFields.floorMod(first + 4, 7))
            var d = first + Int64((weekday - firstWeekday + 7) % 7 + (week - 1) * 7)
            let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            while d >= first + Int64(lengths[month - 1]) { d -= 7 }
            day = d
        }
        return day * 86_400 + Int64(rule.secondsOfDay)
    }
}

/// Reads a TZ string left to right.
private struct Scanner {
    let bytes: [UInt8]
    var at = 0

    var atEnd: Bool { at == bytes.count }
    var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

    mutating func take(_ c: Character) -> Bool {
        guard let p = peek, let a = c.asciiValue, p == a else { return false }
        at += 1
        return true
    }

    /// `EST` (three or more letters) or `<+0330>` (quoted: letters, digits, `+`, `-`).
    mutating func name() -> String? {
        let begin = at
        if take("<") {
            while let c = peek, isLetter(c) || isDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") { at += 1 }
            let inner = String(decoding: bytes[(begin + 1)..<at], as: UTF8.self)
            guard inner.count >= 3, take(">") else { return nil }
            return inner
        }
        while let c = peek, isLetter(c) { at += 1 }
        guard at - begin >= 3 else { return nil }
        return String(decoding: bytes[begin..<at], as: UTF8.self)
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, with hours up to `maxHours`.
    mutating func offset(maxHours: Int) -> Int? {
        var sign = 1
        if take("-") { sign = -1 } else { _ = take("+") }
        guard let h = number(maxDigits: maxHours > 99 ? 3 : 2), h <= maxHours else { return nil }
        var seconds = h * 3600
        if take(":") {
            guard let m = number(maxDigits: 2), m < 60 else { return nil }
            seconds += m * 60
            if take(":") {
                guard let sec = number(maxDigits: 2), sec < 60 else { return nil }
                seconds += sec
            }
        }
        return sign * seconds
    }

    /// `date[/time]`; the time defaults to 02:00.
    mutating func rule() -> PosixTimeZone.Rule? {
        let day: PosixTimeZone.Rule.Day
        if take("J") {
            guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
            day = .julian(n)
        } else if take("M") {
            guard let m = number(maxDigits: 2), (1...12).contains(m), take("."),
                  let w = number(maxDigits: 1), (1...5).contains(w), take("."),
                  let d = number(maxDigits: 1), (0...6).contains(d) else { return nil }
            day = .monthWeekDay(month: m, week: w, weekday: d)
        } else {
            guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
            day = .zeroBased(n)
        }
        var time = 7200
        if take("/") {
            guard let t = offset(maxHours: 167) else { return nil }
            time = t
        }
        return PosixTimeZone.Rule(day: day, secondsOfDay: time)
    }

    mutating func number(maxDigits: Int) -> Int? {
        let begin = at
        while let c = peek, isDigit(c), at - begin < maxDigits { at += 1 }
        guard at > begin else { return nil }
        if let c = peek, isDigit(c) { return nil }
        return Int(String(decoding: bytes[begin..<at], as: UTF8.self))
    }

    func isLetter(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) }
    func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
}
