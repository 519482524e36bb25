import Foundation

/// The periods of a local day that decide whether it is a good time to call
/// (TimeToCall's idea: only the small hours are truly bad).
public enum DayPeriod: String, CaseIterable, Codable, Sendable {
    case beforeDawn, breakfast, morning, lunch, afternoon, dinner, lateNight

    /// Lower-case name for tables and the dashboard: `before dawn`.
    public var title: String {
        switch self {
        case .beforeDawn: "before dawn"
        case .breakfast: "breakfast"
        case .morning: "morning"
        case .lunch: "lunch"
        case .afternoon: "afternoon"
        case .dinner: "dinner"
        case .lateNight: "late night"
        }
    }

    /// Everything from 06:00 to midnight is good; before dawn is the bad time.
    public var isGood: Bool { self != .beforeDawn }

    /// How comfortable a call is in this period, for the `best` optimizer.
    public var comfort: CallComfort {
        switch self {
        case .morning, .lunch, .afternoon: .workingHours
        case .breakfast, .dinner: .acceptable
        case .lateNight: .poor
        case .beforeDawn: .bad
        }
    }
}

/// Comfort of a call time for one participant, worst to best.
public enum CallComfort: Int, Comparable, Codable, Sendable {
    case bad = 0, poor, acceptable, workingHours

    public static func < (a: CallComfort, b: CallComfort) -> Bool { a.rawValue < b.rawValue }
}

/// Where each period starts, as data (settings may change it later).
public struct PeriodTable: Equatable, Codable, Sendable {
    public struct Boundary: Equatable, Codable, Sendable {
        public var period: DayPeriod
        /// Minutes after local midnight at which `period` begins.
        public var startMinute: Int

        public init(_ period: DayPeriod, startMinute: Int) {
            self.period = period
            self.startMinute = startMinute
        }
    }

    /// Ascending by `startMinute`; the first starts at 0.
    public var boundaries: [Boundary]

    public init(boundaries: [Boundary]) {
        self.boundaries = boundaries.sorted { $0.startMinute < $1.startMinute }
    }

    /// Before dawn 00–06, breakfast 06–09, morning 09–12, lunch 12–15,
    /// afternoon 15–18, dinner 18–21, late night 21–24.
    public static let standard = PeriodTable(boundaries: [
        Boundary(.beforeDawn, startMinute: 0),
        Boundary(.breakfast, startMinute: 6 * 60),
        Boundary(.morning, startMinute: 9 * 60),
        Boundary(.lunch, startMinute: 12 * 60),
        Boundary(.afternoon, startMinute: 15 * 60),
        Boundary(.dinner, startMinute: 18 * 60),
        Boundary(.lateNight, startMinute: 21 * 60),
    ])

    /// The period containing `minuteOfDay` (0…1439; other values wrap).
    public func period(minuteOfDay: Int) -> DayPeriod {
        let m = ((minuteOfDay % 1440) + 1440) % 1440
        var current = boundaries.last?.period ?? .beforeDawn
        for b in boundaries {
            if b.startMinute <= m { current = b.period } else { break }
        }
        return current
    }

    /// The period at `instant` in `zone`.
    public func period(at instant: Date, in zone: TimeZone) -> DayPeriod {
        period(at: instant, in: zone.rules)
    }

    /// The period at `instant` in a zone whose rules are already looked up.
    public func period(at instant: Date, in zone: ZoneRules) -> DayPeriod {
        period(minuteOfDay: ZoneClock.reading(instant, in: zone).minuteOfDay)
    }
}
