import Foundation

/// A zone's rules: its UTC offset, DST flag and abbreviation at any
/// instant, and its next change. Every offset timedeck shows comes from here.
///
/// The rules are the system's tz database (a TZif file, as `date` and
/// Python read it), a POSIX `TZ` string, or — only when the system has no
/// file for the zone — Foundation's `TimeZone` (ICU's bundled copy of tz).
/// See `ZoneDatabase` for where files are found and docs/DECISIONS.md,
/// "Offsets from the system tz database".
public struct ZoneRules: Sendable, Equatable, CustomStringConvertible {
    /// Where the rules come from.
    public enum Source: Sendable, Equatable {
        /// A TZif file of the system tz database (its path).
        case file(TZif, path: String)
        /// A POSIX TZ rule string (`EST5EDT,M3.2.0,M11.1.0`).
        case posix(PosixTimeZone)
        /// Foundation's rules (no system file for this zone).
        case foundation(TimeZone)
    }

    /// The zone's name: `Europe/Paris`, `right/UTC`, `GMT+3`.
    public var identifier: String
    public var source: Source

    public init(identifier: String, source: Source) {
        self.identifier = identifier
        self.source = source
    }

    public static func == (a: ZoneRules, b: ZoneRules) -> Bool {
        guard a.identifier == b.identifier else { return false }
        switch (a.source, b.source) {
        case let (.file(_, p), .file(_, q)): return p == q
        case let (.posix(p), .posix(q)): return p == q
        case let (.foundation(p), .foundation(q)): return p == q
        default: return false
        }
    }

    public var description: String { identifier }

    /// UTC, from the system file when there is one.
    public static var utc: ZoneRules { ZoneDatabase.system.rules(named: "UTC") ?? fixed(seconds: 0) }

    /// A zone that is always `seconds` east of UTC.
    public static func fixed(seconds: Int) -> ZoneRules {
        let zone = TimeZone(secondsFromGMT: seconds) ?? TimeZone(identifier: "GMT") ?? .current
        return ZoneRules(identifier: zone.identifier, source: .foundation(zone))
    }

    /// The clock in force at `instant`.
    public func period(at instant: Date) -> ZonePeriod {
        let t = UTCFields.unixSeconds(instant)
        switch source {
        case let .file(tzif, _): return tzif.period(at: t)
        case let .posix(rules): return rules.period(at: t)
        case let .foundation(zone):
            return ZonePeriod(utcOffsetSeconds: zone.secondsFromGMT(for: instant),
                              isDaylightSaving: zone.isDaylightSavingTime(for: instant),
                              abbreviation: zone.abbreviation(for: instant) ?? "")
        }
    }

    /// Seconds east of UTC at `instant` (`JST`: 32 400; `GMT+3`: −10 800).
    public func offsetSeconds(at instant: Date) -> Int {
        switch source {
        case let .file(tzif, _): tzif.utcOffsetSeconds(at: UTCFields.unixSeconds(instant))
        case let .posix(rules): rules.period(at: UTCFields.unixSeconds(instant)).utcOffsetSeconds
        case let .foundation(zone): zone.secondsFromGMT(for: instant)
        }
    }

    public func isDaylightSaving(at instant: Date) -> Bool { period(at: instant).isDaylightSaving }
    public func abbreviation(at instant: Date) -> String { period(at: instant).abbreviation }

    /// The first offset change after `instant` within `horizonSeconds`.
    public func nextTransition(after instant: Date, horizonSeconds: Int64 = 400 * 86_400) -> ZoneClock.Transition? {
        let t = UTCFields.unixSeconds(instant)
        let next: Int64?
        switch source {
        case let .file(tzif, _): next = tzif.nextChange(after: t)
        case let .posix(rules): next = rules.nextChange(after: t)
        case let .foundation(zone):
            return ZoneClock.sampledTransition(after: instant, horizonSeconds: horizonSeconds) { zone.secondsFromGMT(for: $0) }
        }
        guard let next, next - t <= horizonSeconds else { return nil }
        let at = Date(timeIntervalSince1970: TimeInterval(next))
        return ZoneClock.Transition(instant: at, offsetBeforeSeconds: offsetSeconds(at: instant),
                                    offsetAfterSeconds: offsetSeconds(at: at))
    }

    /// A Foundation zone with this zone's offset at `instant`, for the rare
    /// Foundation API that needs a `TimeZone` (its rules are not ours).
    public func fixedTimeZone(at instant: Date) -> TimeZone {
        TimeZone(secondsFromGMT: offsetSeconds(at: instant)) ?? TimeZone(identifier: "GMT") ?? .current
    }

    /// Where the rules were read, for `doctor` and notes.
    public var sourceDescription: String {
        switch source {
        case let .file(tzif, path):
            "\(path) (TZif v\(tzif.version)\(tzif.countsLeapSeconds ? ", counts leap seconds" : ""))"
        case .posix: "POSIX TZ rule string"
        case .foundation: "Foundation's bundled rules (ICU tz \(TimeZone.timeZoneDataVersion)); no system file"
        }
    }
}

extension TimeZone {
    /// This zone's rules: the system tz database's file for its identifier,
    /// else Foundation's own (cached; ~100 ns after the first call).
    public var rules: ZoneRules { ZoneDatabase.system.rules(for: self) }
}
