import Foundation

/// One place of a call and, optionally, who is there.
public struct CallParticipant: Equatable, Hashable, Sendable, Codable {
    public var place: Place
    /// Free text: "Ana, Bo" (empty when nobody is named).
    public var people: String

    public init(place: Place, people: String = "") {
        self.place = place
        self.people = people
    }
}

/// A planned call: where it is placed from, when, for how long and to whom.
///
/// The start is kept as an instant; "the source's local time on a 15-minute
/// grid" is how it is shown and moved (`moved(byMinutes:)` snaps to the
/// source's quarter hours), so making another place the source keeps every
/// place's local time as it was.
public struct CallPlan: Equatable, Sendable, Codable {
    /// Database row id; `nil` until saved.
    public var id: Int64?
    public var name: String
    /// Source first, then the destinations in the user's order.
    public var participants: [CallParticipant]
    public var start: Date
    public var durationMinutes: Int?
    public var createdAt: Date
    /// When the call reminds (default: as the config's `calls.remind` says).
    public var reminder: CallReminder
    /// The start for which the reminder was given: a call reminds once per
    /// start (moving it re-arms the reminder), also across restarts.
    public var remindedStart: Date?

    public init(id: Int64? = nil, name: String, participants: [CallParticipant], start: Date,
                durationMinutes: Int? = nil, createdAt: Date, reminder: CallReminder = .followSetting,
                remindedStart: Date? = nil) {
        self.id = id
        self.name = name
        self.participants = participants
        self.start = start
        self.durationMinutes = durationMinutes
        self.createdAt = createdAt
        self.reminder = reminder
        self.remindedStart = remindedStart
    }

    public var source: CallParticipant? { participants.first }
    public var sourceZone: TimeZone { source?.place.timeZone ?? TimeZone(identifier: "UTC")! }
    public var zones: [TimeZone] { participants.compactMap(\.place.timeZone) }

    /// The rows of the clock stack / `timedeck call` table at `start`.
    public func rows(at instant: Date? = nil, periods: PeriodTable = .standard, marsSites: MarsSiteLibrary? = nil) -> [CallTimeRow] {
        CallTimeRow.rows(for: participants.map(\.place), start: instant ?? start,
                         durationMinutes: durationMinutes, periods: periods, marsSites: marsSites) ?? []
    }

    /// The start moved by `minutes` and snapped to the source's quarter
    /// hours: forward to the next grid line when moving forward, back to the
    /// previous one when moving back (a start at 10:07 goes to 10:15 or
    /// 10:00, then on in 15-minute steps).
    public func moved(byMinutes minutes: Int) -> Date {
        let zone = sourceZone
        if minutes > 0 {
            let first = CallOptimizer.nextGridInstant(atOrAfter: start.addingTimeInterval(1), in: zone)
            return first.addingTimeInterval(TimeInterval(max(0, minutes - 15) * 60))
        }
        if minutes < 0 {
            let previous = Self.previousGridInstant(before: start, in: zone)
            return previous.addingTimeInterval(TimeInterval((minutes + 15) * 60))
        }
        return start
    }

    /// The last quarter-hour instant (source-local) strictly before `instant`.
    static func previousGridInstant(before instant: Date, in zone: TimeZone) -> Date {
        let seconds = Int64((instant.timeIntervalSince1970).rounded(.up)) - 1
        let local = seconds + Int64(zone.rules.offsetSeconds(at: instant))
        let r = ((local % 900) + 900) % 900
        return Date(timeIntervalSince1970: TimeInterval(seconds - r))
    }

    /// Makes participant `index` the source (swapping it with the current
    /// source); the start instant, and so every local time, is unchanged.
    public mutating func makeSource(_ index: Int) {
        guard participants.indices.contains(index), index > 0 else { return }
        participants.swapAt(0, index)
    }

    /// A clock change at `participant`'s place within `days` days either
    /// side of the start, for the row's warning.
    public func clockChange(for participant: Int, withinDays days: Int = 14) -> ZoneClock.Transition? {
        guard participants.indices.contains(participant) else { return nil }
        return Self.clockChange(at: participants[participant].place, near: start, withinDays: days)
    }

    /// A change of `place`'s UTC offset within `days` days either side of
    /// `start` (nil for a Mars site): the dashboard's row warning and the
    /// CLI's line under the table.
    public static func clockChange(at place: Place, near start: Date, withinDays days: Int = 14) -> ZoneClock.Transition? {
        guard !place.isMars, let zone = place.timeZone else { return nil }
        let span = Int64(days) * 86_400
        let from = start.addingTimeInterval(TimeInterval(-span))
        // Sampling every 3 days is safe (changes are weeks apart) and keeps
        // the check cheap enough to run on every frame.
        return ZoneClock.nextTransition(after: from, in: zone, horizonSeconds: 2 * span, sampleSeconds: 3 * 86_400)
            .flatMap { $0.instant.timeIntervalSince(start) <= TimeInterval(span) ? $0 : nil }
    }
}
