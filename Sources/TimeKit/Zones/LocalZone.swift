import Foundation

/// The user's own zone, read from `TZ` the way the C library reads it, and
/// the name to show for it.
///
/// Foundation's `TimeZone.current` reads `TZ=:Europe/Paris` (a valid POSIX
/// form: a zone file name after a colon) as UTC, names `TZ=UTC` "GMT", and
/// falls back to UTC for a `TZ` it cannot read without a word. Here the
/// colon is dropped, a path into a zoneinfo folder names its zone, UTC is
/// called UTC, and a `TZ` that names no known zone is said (`problem`).
public struct LocalZone: Equatable, Sendable {
    public var zone: TimeZone
    /// The name to show: `Europe/Paris`, `UTC`.
    public var name: String
    /// Why `TZ` was not used, with what to do; nil when it was (or is unset).
    public var problem: LocalZoneProblem?

    public init(zone: TimeZone, name: String, problem: LocalZoneProblem? = nil) {
        self.zone = zone
        self.name = name
        self.problem = problem
    }

    /// The zone `TZ` names; when `TZ` is unset or empty, `system` (the
    /// zone of /etc/localtime, which Foundation reads well).
    public static func resolve(tzVariable: String?, system: TimeZone) -> LocalZone {
        guard var text = tzVariable?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return LocalZone(zone: system, name: system.identifier == "GMT" ? "UTC" : system.identifier)
        }
        if text.hasPrefix(":") { text.removeFirst() }
        if let range = text.range(of: "zoneinfo/") { text = String(text[range.upperBound...]) }
        if let id = ZoneNames.identifier(matching: text) ?? (TimeZone(identifier: text) != nil ? text : nil),
           let zone = TimeZone(identifier: id) {
            return LocalZone(zone: zone, name: id)
        }
        if let posix = posixOffset(text), let zone = TimeZone(secondsFromGMT: posix.seconds) {
            return LocalZone(zone: zone, name: text,
                             problem: posix.hasRule ? .ruleNotFollowed(tz: text, offsetSeconds: posix.seconds) : nil)
        }
        let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? system
        return LocalZone(zone: utc, name: "UTC", problem: .unknownZone(tz: tzVariable ?? ""))
    }

    /// A POSIX TZ rule's standard offset (`JST-9`, `<+0545>-5:45`, `EST5`,
    /// `CET-1CEST,M3.5.0,M10.5.0/3`): POSIX counts west as positive, so
    /// `JST-9` is UTC+9. `hasRule`: a daylight-saving part follows.
    static func posixOffset(_ text: String) -> (seconds: Int, hasRule: Bool)? {
        guard let m = text.prefixMatch(of: /(?:<[^>]+>|[A-Za-z]{3,})([+-]?)(\d{1,2})(?::(\d{2}))?/) else { return nil }
        let hours = Int(m.2) ?? 0, minutes = m.3.flatMap { Int($0) } ?? 0
        guard hours <= 24, minutes < 60 else { return nil }
        let west = (hours * 3600 + minutes * 60) * (m.1 == "-" ? -1 : 1)
        return (-west, m.output.0.endIndex != text.endIndex)
    }

    /// The process's zone: `TZ` from `environment`, else the system's.
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> LocalZone {
        resolve(tzVariable: environment["TZ"], system: TimeZone.current)
    }
}

/// Why `TZ` could not be followed as written: a value, so the dashboard's
/// catalog says it in the user's language (`description` is the English
/// the subcommands print).
public enum LocalZoneProblem: Hashable, Sendable, CustomStringConvertible {
    /// A POSIX rule with a daylight-saving part: its standard offset is used all year.
    case ruleNotFollowed(tz: String, offsetSeconds: Int)
    /// Names no zone: local times are UTC.
    case unknownZone(tz: String)

    public var description: String {
        switch self {
        case let .ruleNotFollowed(tz, offset):
            "TZ=\"\(tz)\" has a daylight-saving rule timedeck does not follow; local times use its standard offset, "
                + "\(LocalTimeText.offset(seconds: offset)), all year. Set TZ to a zone name such as Europe/Paris to follow the changes."
        case .unknownZone(let tz):
            "TZ=\"\(tz)\" names no time zone timedeck knows, so local times are UTC; "
                + "set TZ to a zone name such as Europe/Paris (timedeck places search finds one), "
                + "or unset it to use /etc/localtime."
        }
    }
}
