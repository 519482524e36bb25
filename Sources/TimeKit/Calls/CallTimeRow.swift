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

    public var good: Bool { period.isGood }

    /// Rows for `places` (the first is the source) for a call starting at
    /// `start`; `nil` if a zone is unknown to the time-zone database.
    public static func rows(for places: [Place], start: Date, durationMinutes: Int? = nil,
                            periods: PeriodTable = .standard) -> [CallTimeRow]? {
        let zones = places.compactMap(\.timeZone)
        guard zones.count == places.count, let source = zones.first else { return nil }
        return zip(places, zones).map { place, zone in
            let r = ZoneClock.reading(start, in: zone)
            var row = CallTimeRow(place: place, reading: r,
                                  dayOffset: ZoneClock.dayOffset(start, in: zone, relativeTo: source),
                                  period: periods.period(minuteOfDay: r.minuteOfDay),
                                  endReading: nil, endGood: nil)
            if let minutes = durationMinutes, minutes > 0 {
                let end = start.addingTimeInterval(TimeInterval(minutes * 60))
                row.endReading = ZoneClock.reading(end, in: zone)
                row.endGood = periods.period(at: end.addingTimeInterval(-60), in: zone).isGood
            }
            return row
        }
    }
}
