import Foundation

/// When a call reminds its user: as the config's `calls.remind` says, never,
/// or a number of minutes before the start.
public enum CallReminder: Equatable, Hashable, Sendable, Codable {
    /// Whatever `calls.remind` says now (a call added without `--remind`).
    case followSetting
    case off
    case minutesBefore(Int)

    /// Longest reminder accepted: a week.
    public static let maximumMinutes = 7 * 24 * 60

    /// The minutes before the start, with `setting` (`calls.remind`, nil for
    /// off) standing in for `followSetting`; nil when the call does not remind.
    public func minutes(setting: Int?) -> Int? {
        switch self {
        case .followSetting: return setting
        case .off: return nil
        case .minutesBefore(let m): return m
        }
    }

    /// Bad `--remind` or `calls.remind` text.
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public var input: String
        public var description: String {
            "cannot read the reminder \"\(input)\": give a time before the call such as 10m, 1h or 1h30m "
                + "(whole minutes, at most 7d), or off"
        }
    }

    /// `off`, or a duration in whole minutes (`10m`, `1h30m`, `90` meaning minutes).
    public static func parse(_ text: String) throws -> CallReminder {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t == "off" || t == "none" { return .off }
        if let m = Int(t), (1...maximumMinutes).contains(m) { return .minutesBefore(m) }
        guard let ns = try? DurationParser.parse(t), ns % 60_000_000_000 == 0 else { throw Invalid(input: text) }
        let minutes = ns / 60_000_000_000
        guard (1...Int64(maximumMinutes)).contains(minutes) else { throw Invalid(input: text) }
        return .minutesBefore(Int(minutes))
    }

    /// How it is stored (`callPlan.reminder`): NULL follows the setting.
    public var storedText: String? {
        switch self {
        case .followSetting: return nil
        case .off: return "off"
        case .minutesBefore(let m): return "\(m)m"
        }
    }

    public init(storedText: String?) {
        guard let storedText else { self = .followSetting; return }
        self = (try? Self.parse(storedText)) ?? .followSetting
    }

    /// `10m`, `1h30m`, `off`: how the CLI shows a reminder.
    public static func text(minutes: Int?) -> String {
        guard let minutes else { return "off" }
        let h = minutes / 60, m = minutes % 60
        if h == 0 { return "\(m)m" }
        return m == 0 ? "\(h)h" : "\(h)h\(m)m"
    }
}

/// Which saved calls are due to remind (pure: `now` is an argument).
public enum CallReminders {
    /// Indices of `calls` whose reminder time has come and whose start is
    /// still ahead, and which have not reminded for this start yet. A late
    /// start (opened after the reminder time, before the call) is due at
    /// once. Only saved calls (with an id) remind: the first-run suggestion
    /// is not a scheduled call.
    public static func due(_ calls: [CallPlan], now: Date, setting: Int?) -> [Int] {
        calls.indices.filter { i in
            let call = calls[i]
            guard call.id != nil, let minutes = call.reminder.minutes(setting: setting),
                  call.remindedStart != call.start else { return false }
            return now >= call.start.addingTimeInterval(TimeInterval(-minutes * 60)) && now < call.start
        }
    }

    /// The saved call starting next (at or after `now`), soonest first.
    public static func next(_ calls: [CallPlan], now: Date) -> CallPlan? {
        calls.filter { $0.id != nil && $0.start >= now }.min { $0.start < $1.start }
    }

    /// Whole minutes from `now` to `start`, rounded up (a call 30 s away is
    /// "in 1 min"; 0 only once it starts).
    public static func minutesUntil(_ start: Date, now: Date) -> Int {
        max(0, Int((start.timeIntervalSince(now) / 60).rounded(.up)))
    }

    /// `14:00 London · 22:00 Tokyo`: each place's local time at the start
    /// (24-hour; a Mars place shows its sol time).
    public static func localTimes(_ call: CallPlan, names: (Place) -> String = shortName,
                                  clock: (ZoneClock.Reading) -> String = hhmm) -> String {
        // A Mars site says it keeps Mars time (`sol 1795 03:38 LMST`: a bare
        // `03:38` read as an Earth clock), and a place on another day than
        // the first says which (`07:00+1d Tokyo`), as the call table's DAY
        // column does (issue 28).
        call.rows().map { row in
            if let mars = row.mars { return "sol \(mars.shownSol) \(mars.clockText) LMST \(names(row.place))" }
            let day = row.dayOffset == 0 ? "" : (row.dayOffset > 0 ? "+\(row.dayOffset)d" : "\(row.dayOffset)d")
            return "\(clock(row.reading))\(day) \(names(row.place))"
        }.joined(separator: " · ")
    }

    /// A place's name in one-line summaries; a POSIX `Etc/GMT±N` zone by its
    /// whole name, also in calls saved when it was shown as `GMT+9` (which
    /// reads as the opposite offset).
    public static func shortName(_ place: Place) -> String {
        place.isZoneOnly && (place.zoneIdentifier.hasPrefix("Etc/GMT+") || place.zoneIdentifier.hasPrefix("Etc/GMT-"))
            ? place.zoneIdentifier : place.name
    }

    public static func hhmm(_ r: ZoneClock.Reading) -> String {
        "\(MarkTime.pad(r.wall.hour)):\(MarkTime.pad(r.wall.minute))"
    }

    /// `23 min`, `2 h 5 min`, `3 d 4 h` (English; the dashboard's catalog
    /// has its own forms).
    public static func englishSpan(minutes: Int) -> String {
        if minutes < 60 { return "\(minutes) min" }
        if minutes < 24 * 60 { return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min" }
        let d = minutes / 1440, h = (minutes % 1440) / 60
        return h == 0 ? "\(d) d" : "\(d) d \(h) h"
    }

    /// `Standup in 23 min · 14:00 London · 22:00 Tokyo` (`timedeck calls next`).
    public static func statusLine(_ call: CallPlan, now: Date) -> String {
        let minutes = minutesUntil(call.start, now: now)
        let when = minutes == 0 ? "\(call.name) now" : "\(call.name) in \(englishSpan(minutes: minutes))"
        let times = localTimes(call)
        return times.isEmpty ? when : "\(when) · \(times)"
    }
}
