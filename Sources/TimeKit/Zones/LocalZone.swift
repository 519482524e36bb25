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
    public var problem: String?

    public init(zone: TimeZone, name: String, problem: String? = nil) {
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
        let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? system
        return LocalZone(zone: utc, name: "UTC",
                         problem: "TZ=\"\(tzVariable ?? "")\" names no time zone timedeck knows, so local times are UTC; "
                            + "set TZ to a zone name such as Europe/Paris (timedeck places search finds one), "
                            + "or unset it to use /etc/localtime.")
    }

    /// The process's zone: `TZ` from `environment`, else the system's.
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> LocalZone {
        resolve(tzVariable: environment["TZ"], system: TimeZone.current)
    }
}
