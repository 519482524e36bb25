import Foundation

/// One place of a call at a given start: its local time, day offset against
/// the source, period and whether that is a good time to call. Shared by
/// `timedeck call` and the dashboard's clock stack.
public struct CallTimeRow: Equatable, Sendable {
    public var place: Place
    public var reading: ZoneClock.Reading
    /// Local date minus the source's local date (−1, 0, +1, +2).
    public var dayOffset: Int
    public var period: DayPeriod
    /// The local time at the end of the call, when it has a duration.
    public var endReading: ZoneClock.Reading?
    /// Whether the last minute of the call falls in a good period (a call
    /// ending at 00:00 ended in the late night; one ending at 06:00 did not
    /// end well).
    public var endGood: Bool?
    /// For a Mars site: its sol and Local Mean Solar Time (then `reading` is
    /// the UTC reading, `dayOffset` 0, and the period is by LMST).
    public var mars: MarsReading?

    public var good: Bool { period.isGood }

    /// `(+00:00)` when the call ends on another UTC offset than it starts
    /// (it runs across a clock change): a 60-minute call from 01:30 BST
    /// ends at 01:30 GMT, and `01:30–01:30` alone would read as no time.
    public var endOffsetNote: String? {
        guard let end = endReading, end.utcOffsetSeconds != reading.utcOffsetSeconds else { return nil }
        return "(" + LocalTimeText.offset(seconds: end.utcOffsetSeconds).replacingOccurrences(of: "UTC", with: "") + ")"
    }

    /// Rows for `places` (the first is the source) for a call starting at
    /// `start`; `nil` if a zone is unknown to the time-zone database.
    /// `marsSites` gives a mission site its mission sol.
    public static func rows(for places: [Place], start: Date, durationMinutes: Int? = nil,
                            periods: PeriodTable = .standard, marsSites: MarsSiteLibrary? = nil) -> [CallTimeRow]? {
        guard !places.isEmpty else { return [] }
        let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
        let source = places[0].isMars ? utc : places[0].timeZone
        guard let source else { return nil }
        var rows: [CallTimeRow] = []
        for place in places {
            let end = durationMinutes.flatMap { $0 > 0 ? start.addingTimeInterval(TimeInterval($0 * 60)) : nil }
            if place.isMars {
                let site = place.marsSiteID.flatMap { marsSites?.site(id: $0) }
                let m = MarsReading(at: start, longitudeEast: place.longitudeDegrees, site: site)
                var row = CallTimeRow(place: place, reading: ZoneClock.reading(start, in: utc), dayOffset: 0,
                                      period: periods.period(minuteOfDay: m.minuteOfSol), endReading: nil,
                                      endGood: nil, mars: m)
                if let end {
                    let last = MarsReading(at: end.addingTimeInterval(-60), longitudeEast: place.longitudeDegrees)
                    row.endGood = periods.period(minuteOfDay: last.minuteOfSol).isGood
                }
                rows.append(row)
                continue
            }
            guard let zone = place.timeZone else { return nil }
            let r = ZoneClock.reading(start, in: zone)
            var row = CallTimeRow(place: place, reading: r,
                                  dayOffset: ZoneClock.dayOffset(start, in: zone, relativeTo: source),
                                  period: periods.period(minuteOfDay: r.minuteOfDay),
                                  endReading: nil, endGood: nil, mars: nil)
            if let end {
                row.endReading = ZoneClock.reading(end, in: zone)
                row.endGood = periods.period(at: end.addingTimeInterval(-60), in: zone).isGood
            }
            rows.append(row)
        }
        return rows
    }
}
