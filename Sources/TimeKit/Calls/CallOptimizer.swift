import Foundation

/// Picks a start time for a call between places in several zones.
///
/// `earliest` and `latest` reproduce TimeToCall's optimizer, which its
/// author calls "intentionally faulty, opinionated" (Hilton Lipschitz,
/// "TimeToCall – The MacGuffin", hiltmon.com, 2013). Its quirks are kept:
/// - "Westernmost" and "easternmost" mean the smallest and largest *UTC
///   offset* at the current scheduled instant, not longitude, so across the
///   date line Los Angeles (UTC−8) is west of Sydney (UTC+11) and `earliest`
///   puts Sydney at 02:00.
/// - Only that one place is considered: the others may land before dawn.
/// - The new time can lie in the past. Ours differs in one respect: the
///   anchor is the occurrence of 07:00 (22:00) *nearest to the scheduled
///   instant*, not the one on the place's current local date. With the
///   local-date rule, alternating earliest and latest across the date line
///   (LA + Tokyo) moved the call a day later on every round trip; nearest
///   makes the pair stable (issue 14).
/// - The duration is ignored, and the result is not snapped to the
///   15-minute grid (a :30 or :45 zone moves the source off it).
/// - Ties (equal offsets) go to the first place in the call's order.
///
/// `best` is the one that works: see `best(for:from:durationMinutes:)`.
public struct CallOptimizer: Sendable {
    public var periods: PeriodTable

    public init(periods: PeriodTable = .standard) {
        self.periods = periods
    }

    /// TimeToCall's "earliest": the instant nearest `scheduled` at which the
    /// place with the smallest UTC offset shows 07:00.
    public func earliest(for zones: [TimeZone], scheduled: Date) -> Date? {
        anchor(zones, scheduled, hour: 7, pick: { $0 < $1 })
    }

    /// TimeToCall's "latest": the instant nearest `scheduled` at which the
    /// place with the largest UTC offset shows 22:00.
    public func latest(for zones: [TimeZone], scheduled: Date) -> Date? {
        anchor(zones, scheduled, hour: 22, pick: { $0 > $1 })
    }

    private func anchor(_ zones: [TimeZone], _ scheduled: Date, hour: Int,
                        pick better: (Int, Int) -> Bool) -> Date? {
        guard var chosen = zones.first else { return nil }
        var chosenOffset = chosen.rules.offsetSeconds(at: scheduled)
        for zone in zones.dropFirst() {
            let offset = zone.rules.offsetSeconds(at: scheduled)
            if better(offset, chosenOffset) { (chosen, chosenOffset) = (zone, offset) }
        }
        let today = ZoneClock.reading(scheduled, in: chosen).wall
        // The day before, the same local day and the day after: the nearest
        // of the three is within 12 hours (a clock change aside).
        let candidates = (-1...1).map { days -> Date in
            var wall = LocalWallTime(UTCFields(unixMilliseconds: (today.dayNumber + Int64(days)) * 86_400_000))
            (wall.hour, wall.minute, wall.second) = (hour, 0, 0)
            return ZoneClock.instant(wall, in: chosen).instant
        }
        // Ties (exactly 12 hours either way) go to the earlier one.
        return candidates.min { abs($0.timeIntervalSince(scheduled)) < abs($1.timeIntervalSince(scheduled)) }
    }

    /// The outcome of the `best` search.
    public struct Best: Equatable, Sendable {
        public var start: Date
        /// The least comfortable participant's comfort over the whole call.
        public var worstComfort: CallComfort
        /// Places whose whole call falls in working hours (09–18 by default).
        public var placesInWorkingHours: Int
        /// Minutes of the call before dawn at each place, in the order of
        /// the zones (all 0 when `isGoodForAll`): what is bad, to say so.
        public var badMinutes: [Int] = []
        /// False when every start in the window puts someone before dawn.
        public var isGoodForAll: Bool { worstComfort > .bad }
    }

    /// The start in the 24 hours from `from` (on the source's 15-minute grid,
    /// `zones[0]` being the source) with the fewest minutes before dawn
    /// summed over the places, then the fewest at the worst-off place (a
    /// call too long to avoid the night everywhere spends as little of it
    /// as it can, shared out; issue 21); among those, the one that maximizes the worst participant's
    /// comfort over the whole call (working hours > breakfast/dinner > late
    /// night > before dawn), then the number of places in working hours, then
    /// the total comfort, then how close each place is to its 13:00 (so Los
    /// Angeles + Sydney lands on LA mid-afternoon / Sydney mid-morning rather
    /// than on the edge of either's day), then the earliest such start.
    public func best(for zones: [TimeZone], from: Date, durationMinutes: Int = 0) -> Best? {
        guard let source = zones.first else { return nil }
        let first = Self.nextGridInstant(atOrAfter: from, in: source)
        // Each zone's rules looked up once for the 96 starts, not at every
        // sample (2,700 lookups: 4.4 M of the 7.9 M instructions the
        // dashboard's suggested call cost before its first frame).
        let rules = zones.map(\.rules)
        var best: (key: [Int], result: Best)?
        for step in 0..<96 {
            let start = first.addingTimeInterval(TimeInterval(step * 900))
            let (result, key) = evaluate(rules, start: start, durationMinutes: durationMinutes)
            if let current = best, !current.key.lexicographicallyPrecedes(key) { continue }
            best = (key, result)
        }
        return best?.result
    }

    /// Scores one start; a larger key is better.
    func evaluate(_ zones: [ZoneRules], start: Date, durationMinutes: Int) -> (Best, [Int]) {
        var worst = CallComfort.workingHours
        var working = 0
        var total = 0
        var centrality = 0
        var bad: [Int] = []
        let span = max(0, durationMinutes)
        var samples = Array(stride(from: 0, to: max(span, 1), by: 15))
        if span > 0, samples.last != span - 1 { samples.append(span - 1) }
        for zone in zones {
            var placeWorst = CallComfort.workingHours
            for minute in samples {
                let p = periods.period(at: start.addingTimeInterval(TimeInterval(minute * 60)), in: zone)
                placeWorst = min(placeWorst, p.comfort)
            }
            bad.append(placeWorst == .bad ? badMinutes(in: zone, start: start, span: max(span, 1)) : 0)
            worst = min(worst, placeWorst)
            if placeWorst == .workingHours { working += 1 }
            total += placeWorst.rawValue
            let mid = ZoneClock.reading(start.addingTimeInterval(TimeInterval(span * 30)), in: zone).minuteOfDay
            let d = mid - 13 * 60
            centrality -= d * d
        }
        let result = Best(start: start, worstComfort: worst, placesInWorkingHours: working, badMinutes: bad)
        return (result, [-bad.reduce(0, +), -(bad.max() ?? 0), worst.rawValue, working, total, centrality])
    }

    /// Minutes of `[start, start + span)` before dawn in `zone`, counted in
    /// 5-minute steps (exact for the usual boundaries: zones are whole
    /// quarter hours from UTC and the grid is the source's quarter hours).
    func badMinutes(in zone: ZoneRules, start: Date, span: Int) -> Int {
        var minutes = 0
        for minute in stride(from: 0, to: span, by: 5) where periods.period(at: start.addingTimeInterval(TimeInterval(minute * 60)), in: zone) == .beforeDawn {
            minutes += min(5, span - minute)
        }
        return minutes
    }

    /// The first instant at or after `instant` whose local time in `zone` is
    /// on a quarter hour (:00, :15, :30, :45).
    public static func nextGridInstant(atOrAfter instant: Date, in zone: TimeZone) -> Date {
        let seconds = UTCFields.unixSeconds(instant)
        let fraction = instant.timeIntervalSince1970 - Double(seconds)
        let local = seconds + Int64(zone.rules.offsetSeconds(at: instant))
        var r = ((local % 900) + 900) % 900
        if r == 0 && fraction > 0 { r = 900 }
        let up = r == 0 ? 0 : 900 - r
        return Date(timeIntervalSince1970: TimeInterval(seconds + up))
    }
}
