import Foundation

/// Conversions between instants and wall-clock times by a zone's rules
/// (`ZoneRules`: the system tz database, a POSIX TZ string, or Foundation's
/// copy only when the system has no file). A `TimeZone` argument stands for
/// its identifier's rules (`TimeZone.rules`).
///
/// Only the UTC offset is asked of the rules (~100 ns); calendar fields come
/// from integer arithmetic (`UTCFields`), never from `Calendar`.
public enum ZoneClock {
    /// What a clock in `zone` shows at `instant`.
    public struct Reading: Equatable, Sendable {
        public var wall: LocalWallTime
        public var utcOffsetSeconds: Int
        /// ISO weekday, 1 = Monday … 7 = Sunday.
        public var isoWeekday: Int
        /// Minutes since local midnight (0…1439).
        public var minuteOfDay: Int { wall.hour * 60 + wall.minute }
        /// Local date as days since 1970-01-01.
        public var dayNumber: Int64 { wall.dayNumber }
        public var weekdayName: String {
            ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][isoWeekday - 1]
        }
    }

    public static func reading(_ instant: Date, in zone: TimeZone) -> Reading {
        reading(instant, in: zone.rules)
    }

    public static func reading(_ instant: Date, in zone: ZoneRules) -> Reading {
        let offset = zone.offsetSeconds(at: instant)
        let f = UTCFields(unixMilliseconds: (UTCFields.unixSeconds(instant) + Int64(offset)) * 1000)
        return Reading(wall: LocalWallTime(f), utcOffsetSeconds: offset, isoWeekday: f.isoWeekday)
    }

    /// Calendar days between the local date in `zone` and the local date in
    /// `source` at the same instant: −1, 0, +1, even +2 (Kiritimati, UTC+14,
    /// against Baker Island's UTC−12 is a day and two hours ahead).
    public static func dayOffset(_ instant: Date, in zone: TimeZone, relativeTo source: TimeZone) -> Int {
        Int(reading(instant, in: zone.rules).dayNumber - reading(instant, in: source.rules).dayNumber)
    }

    /// How a wall time was turned into an instant.
    public enum Resolution: Equatable, Sendable {
        /// The wall time occurs exactly once.
        case exact
        /// The wall time does not exist (clocks jumped over it); the instant
        /// is the one the clock shows `gapSeconds` later, e.g. 02:30 on a
        /// spring-forward night in New York becomes 03:30 EDT.
        case skippedForward(gapSeconds: Int)
        /// The wall time occurs twice (clocks fell back); the instant is the
        /// first (earlier) occurrence; `laterInstant` is the second one.
        case ambiguousFirst(laterInstant: Date)

        public var isFlagged: Bool { self != .exact }
    }

    /// The instant at which `wall` is shown in `zone`, resolved the way
    /// calendar software (RFC 5545 §3.3.5, and Python's `fold=0`) resolves
    /// it: a time in a gap moves forward by the length of the gap; a time
    /// that occurs twice means its first occurrence.
    public static func instant(_ wall: LocalWallTime, in zone: TimeZone) -> (instant: Date, resolution: Resolution) {
        instant(wall, in: zone.rules)
    }

    public static func instant(_ wall: LocalWallTime, in zone: ZoneRules) -> (instant: Date, resolution: Resolution) {
        let local = wall.secondsAsIfUTC
        // The zone's offsets a day either side cover any single transition.
        let before = zone.offsetSeconds(at: Date(timeIntervalSince1970: TimeInterval(local - 86_400)))
        let after = zone.offsetSeconds(at: Date(timeIntervalSince1970: TimeInterval(local + 86_400)))
        var valid: [Int64] = []
        for offset in Set([before, after]) {
            let t = local - Int64(offset)
            if zone.offsetSeconds(at: Date(timeIntervalSince1970: TimeInterval(t))) == offset { valid.append(t) }
        }
        valid.sort()
        if valid.count == 1 {
            return (Date(timeIntervalSince1970: TimeInterval(valid[0])), .exact)
        }
        if valid.count >= 2 {
            return (Date(timeIntervalSince1970: TimeInterval(valid[0])),
                    .ambiguousFirst(laterInstant: Date(timeIntervalSince1970: TimeInterval(valid[valid.count - 1]))))
        }
        // In a gap: read the wall time with the offset in force before the
        // jump, which lands after the jump, `after - before` later on the clock.
        let t = local - Int64(before)
        return (Date(timeIntervalSince1970: TimeInterval(t)), .skippedForward(gapSeconds: after - before))
    }

    /// A change of a zone's UTC offset (a DST start or end, or a change of
    /// standard time).
    public struct Transition: Equatable, Sendable {
        /// The first instant with the new offset.
        public var instant: Date
        public var offsetBeforeSeconds: Int
        public var offsetAfterSeconds: Int
    }

    /// The first offset change in `zone` after `instant` and within
    /// `horizonSeconds` (default 400 days), to the second, from the zone's
    /// rules (its transitions, or its footer's POSIX rule after the last).
    /// `sampleSeconds` matters only for Foundation's rules (see
    /// `sampledTransition`).
    public static func nextTransition(after instant: Date, in zone: TimeZone,
                                      horizonSeconds: Int64 = 400 * 86_400,
                                      sampleSeconds: Int64 = 6 * 3600) -> Transition? {
        let rules = zone.rules
        if case .foundation = rules.source {
            return sampledTransition(after: instant, horizonSeconds: horizonSeconds, sampleSeconds: sampleSeconds) {
                zone.secondsFromGMT(for: $0)
            }
        }
        return rules.nextTransition(after: instant, horizonSeconds: horizonSeconds)
    }

    /// The first change of `offset(_:)` after `instant`, found by sampling
    /// every `sampleSeconds` (default 6 hours; no zone changes twice within
    /// that), then bisecting the first change found. Foundation gives no
    /// transition list, so its rules are asked this way. A coarser step is
    /// faster but would miss a change and its reversal inside one step: the
    /// closest pair in use today is Morocco's Ramadan suspension of its
    /// UTC+1, about 30 days apart.
    static func sampledTransition(after instant: Date, horizonSeconds: Int64, sampleSeconds: Int64 = 6 * 3600,
                                  offset at: (Date) -> Int) -> Transition? {
        let start = UTCFields.unixSeconds(instant)
        let step = max(1, sampleSeconds)
        func offset(_ t: Int64) -> Int { at(Date(timeIntervalSince1970: TimeInterval(t))) }
        let first = offset(start)
        var lo = start
        var hi = start + step
        while hi - start <= horizonSeconds + step {
            if offset(hi) != first {
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2
                    if offset(mid) == first { lo = mid } else { hi = mid }
                }
                return Transition(instant: Date(timeIntervalSince1970: TimeInterval(hi)),
                                  offsetBeforeSeconds: first, offsetAfterSeconds: offset(hi))
            }
            lo = hi
            hi += step
        }
        return nil
    }
}
