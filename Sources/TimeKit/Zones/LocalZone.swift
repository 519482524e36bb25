import Foundation

/// The user's own zone, read from `TZ` the way the C library (and so
/// `date`) reads it, and the name to show for it.
///
/// glibc's order, followed here: `TZ` unset is `/etc/localtime`; set but
/// empty is UTC; a leading `:` is dropped; an absolute path is that TZif
/// file; any other text is first a file under `$TZDIR` (or
/// `/usr/share/zoneinfo`: `Asia/Tokyo`, `posix/Asia/Tokyo`, `right/UTC`),
/// then a POSIX rule string (`GMT+3` is UTC−03:00, `NZST-12NZDT,M9.5.0,M4.1.0/3`
/// follows New Zealand's changes). Only after that, for machines without
/// tz files, Foundation's names; a `TZ` nothing reads is UTC and is said.
public struct LocalZone: Equatable, Sendable {
    public var zone: ZoneRules
    /// The name to show: `Europe/Paris`, `UTC`, `GMT+3`.
    public var name: String
    /// What to tell the user about `TZ`; nil when it was read as written.
    public var problem: LocalZoneProblem?

    public init(zone: ZoneRules, name: String, problem: LocalZoneProblem? = nil) {
        self.zone = zone
        self.name = name
        self.problem = problem
    }

    /// The zone `TZ` names. `TZ` unset: the file `localtime` (normally
    /// `/etc/localtime`) names, else `system`.
    public static func resolve(tzVariable: String?, system: @autoclosure () -> TimeZone,
                               database: ZoneDatabase = .system,
                               localtime: String = "/etc/localtime") -> LocalZone {
        guard let raw = tzVariable else { return systemZone(system, database: database, localtime: localtime) }
        var text = raw.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix(":") { text.removeFirst() }
        // glibc: TZ set but empty (or just ":") is UTC.
        if text.isEmpty { return LocalZone(zone: database.rules(named: "UTC") ?? .fixed(seconds: 0), name: "UTC") }
        if text.hasPrefix("/") {
            let name = InertText.display(displayName(forPath: text))
            if let rules = ZoneDatabase.file(atPath: text, identifier: name) {
                return LocalZone(zone: rules, name: name, problem: leapNote(rules, tz: raw))
            }
        } else if let rules = database.file(named: text) {
            let name = text.hasPrefix("posix/") ? String(text.dropFirst(6)) : text
            return LocalZone(zone: ZoneRules(identifier: name, source: rules.source), name: name == "Etc/UTC" ? "UTC" : name,
                             problem: leapNote(rules, tz: raw))
        }
        if let posix = PosixTimeZone(text) {
            return LocalZone(zone: ZoneRules(identifier: text, source: .posix(posix)), name: text)
        }
        // No system file (a machine without tzdata): Foundation's names and rules.
        var plain = text
        if !database.hasFiles, let range = plain.range(of: "zoneinfo/") { plain = String(plain[range.upperBound...]) }
        if plain.hasPrefix("posix/") { plain.removeFirst(6) }
        if let id = ZoneNames.identifier(matching: plain) ?? (TimeZone(identifier: plain) != nil ? plain : nil),
           let rules = database.rules(named: id) {
            return LocalZone(zone: rules, name: id)
        }
        return LocalZone(zone: database.rules(named: "UTC") ?? .fixed(seconds: 0), name: "UTC",
                         problem: .unknownZone(tz: InertText.display(String(raw.prefix(80)))))
    }

    /// `TZ` unset: the file `/etc/localtime` (as `date` reads it), named by
    /// where its link points; Foundation's idea of it when it cannot be read.
    /// Foundation's zone (`system`) is asked only when the link names no
    /// zone or the file cannot be read: building it costs about 1 M
    /// instructions, a sixth of `timedeck now`'s own work (issue 31).
    static func systemZone(_ system: () -> TimeZone, database: ZoneDatabase, localtime: String) -> LocalZone {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: localtime)) ?? ""
        var name: String
        if !target.isEmpty, !displayName(forPath: target).hasPrefix("/") {
            name = InertText.display(displayName(forPath: target))
        } else {
            name = system().identifier
        }
        if ["GMT", "Etc/UTC", "Etc/GMT"].contains(name) { name = "UTC" }
        if let rules = ZoneDatabase.file(atPath: localtime, identifier: name) {
            return LocalZone(zone: rules, name: name)
        }
        return LocalZone(zone: database.rules(for: system()), name: name)
    }

    /// `/usr/share/zoneinfo/posix/Asia/Tokyo` → `Asia/Tokyo`;
    /// `…/right/UTC` → `right/UTC`; a path elsewhere stays a path.
    static func displayName(forPath path: String) -> String {
        guard let range = path.range(of: "zoneinfo/", options: .backwards) else { return path }
        let rest = String(path[range.upperBound...])
        return rest.hasPrefix("posix/") ? String(rest.dropFirst(6)) : rest
    }

    /// A `right/` zone counts leap seconds; `date` then shows the clock
    /// behind by their count (27 s since 2017), timedeck shows civil time.
    static func leapNote(_ rules: ZoneRules, tz: String) -> LocalZoneProblem? {
        guard case let .file(tzif, _) = rules.source, tzif.countsLeapSeconds else { return nil }
        return .countsLeapSeconds(tz: InertText.display(String(tz.prefix(80))), seconds: tzif.leapSeconds)
    }

    /// The process's zone: `TZ` from `environment`, else the system's.
    public static func current(environment: [String: String] = ProcessEnvironment.values) -> LocalZone {
        let ownTZDIR = environment["TZDIR"] == ProcessEnvironment.values["TZDIR"]
        return resolve(tzVariable: environment["TZ"], system: TimeZone.current,
                       database: ownTZDIR ? .system : ZoneDatabase(environment: environment))
    }
}

/// What to say about `TZ`: a value, so the dashboard's catalog says it in
/// the user's language (`description` is the English the subcommands print).
public enum LocalZoneProblem: Hashable, Sendable, CustomStringConvertible {
    /// A `right/` zone: its file counts leap seconds, which the system clock does not.
    case countsLeapSeconds(tz: String, seconds: Int)
    /// Names no zone: local times are UTC.
    case unknownZone(tz: String)

    public var description: String {
        switch self {
        case let .countsLeapSeconds(tz, seconds):
            "TZ=\"\(tz)\" is a zone that counts leap seconds; timedeck shows civil time with its offsets, "
                + "while date and the C library show the clock behind by the leap seconds so far (\(seconds) s). "
                + "Use the zone without right/ to agree with them."
        case .unknownZone(let tz):
            "TZ=\"\(tz)\" names no time zone timedeck knows, so local times are UTC; "
                + "set TZ to a zone name such as Europe/Paris (timedeck places search finds one), "
                + "or unset it to use /etc/localtime."
        }
    }
}
