import Foundation

/// The system's tz database: the TZif files under `$TZDIR`, else
/// `/usr/share/zoneinfo` — the files `date`, the C library and Python read.
///
/// Each zone's file is read once, on first use, and kept (a class, for its
/// cache; the lock makes it safe to share). A name with no file (or a
/// malformed one) falls back to Foundation's bundled rules, so the program
/// still works on a machine without tzdata.
public final class ZoneDatabase: @unchecked Sendable {
    /// The folder zone names are looked up in.
    public let folder: String
    private let lock = NSLock()
    private var cache: [String: ZoneRules?] = [:]

    /// More distinct names than this and the cache starts again (a zone
    /// file is ~1–3 KiB; the whole database has ~600 names).
    static let cacheLimit = 2_000

    public init(folder: String) {
        self.folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    }

    /// `$TZDIR` when set and not empty, as the C library does; else
    /// `/usr/share/zoneinfo`.
    public convenience init(environment: [String: String]) {
        let tzdir = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 }
        self.init(folder: tzdir ?? "/usr/share/zoneinfo")
    }

    /// The database the program uses, from its environment.
    public static let system = ZoneDatabase(environment: ProcessEnvironment.values)

    /// The release of the files (`2025b`, from tzdata.zi or +VERSION), nil if unknown.
    public var version: String? { ZoneCatalog.systemVersion(root: folder) }

    /// True when the folder holds zone files (UTC's, which every tzdata has).
    public var hasFiles: Bool { file(named: "UTC") != nil || file(named: "Etc/UTC") != nil }

    /// One line for `--version`: which rules give offsets.
    public var versionLine: String {
        if hasFiles {
            return "time-zone rules: system tz database \(version ?? "(version unknown)") under \(folder) (TZif files)"
        }
        return "time-zone rules: bundled ICU tz \(TimeZone.timeZoneDataVersion) (Foundation's copy; "
            + "no tz database under \(folder))"
    }

    /// The rules of tz zone `identifier`: its file, else Foundation's rules
    /// for that name; nil when neither knows it.
    public func rules(named identifier: String) -> ZoneRules? {
        cached(identifier) {
            if let file = file(named: identifier) { return file }
            return TimeZone(identifier: identifier).map { ZoneRules(identifier: identifier, source: .foundation($0)) }
        }
    }

    /// The rules for a Foundation zone: the system file of its identifier,
    /// else the zone's own rules (a fixed offset such as `GMT+0530`, or a
    /// zone the system lacks).
    public func rules(for zone: TimeZone) -> ZoneRules {
        cached(zone.identifier) {
            file(named: zone.identifier) ?? ZoneRules(identifier: zone.identifier, source: .foundation(zone))
        } ?? ZoneRules(identifier: zone.identifier, source: .foundation(zone))
    }

    /// The rules in the file for `identifier` under `folder` (`Asia/Tokyo`,
    /// `posix/Asia/Tokyo`, `right/UTC`); nil when there is none, the name
    /// leaves the folder, or the file is not a well-formed TZif file.
    public func file(named identifier: String) -> ZoneRules? {
        guard Self.isZoneName(identifier) else { return nil }
        return Self.file(atPath: folder + "/" + identifier, identifier: identifier)
    }

    /// The rules in the TZif file at `path`, named `identifier`.
    ///
    /// A `right/` file (it counts leap seconds) is read, but its offsets are
    /// taken from the plain zone's file beside it when there is one: they
    /// are the same zone compiled twice, except that Debian cuts `right/`
    /// files at the leap-second list's expiry with no footer rule, after
    /// which `date` and Python keep the last offset for ever (summer time
    /// in `right/Europe/Paris` from 2026-06-28 on). See docs/DECISIONS.md.
    public static func file(atPath path: String, identifier: String) -> ZoneRules? {
        guard var tzif = TZif.read(path: path) else { return nil }
        if tzif.countsLeapSeconds, let range = path.range(of: "/right/", options: .backwards),
           let plain = TZif.read(path: path.replacingCharacters(in: range, with: "/")), !plain.countsLeapSeconds {
            let (leapSeconds, version) = (tzif.leapSeconds, tzif.version)
            tzif = plain
            tzif.leapSeconds = leapSeconds
            tzif.hasLeapRecords = true
            tzif.version = version
        }
        return ZoneRules(identifier: identifier, source: .file(tzif, path: path))
    }

    /// A relative name inside the folder: ASCII letters, digits, `_+-./`,
    /// no empty, `.` or `..` part (nothing outside the folder is opened).
    public static func isZoneName(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 255, !text.hasPrefix("/") else { return false }
        let allowed = text.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                || c == UInt8(ascii: "_") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
                || c == UInt8(ascii: ".") || c == UInt8(ascii: "/")
        }
        guard allowed else { return false }
        return text.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { $0 != "" && $0 != "." && $0 != ".." }
    }

    private func cached(_ key: String, _ make: () -> ZoneRules?) -> ZoneRules? {
        lock.lock()
        if let hit = cache[key] { lock.unlock(); return hit }
        lock.unlock()
        let made = make()
        lock.lock()
        if cache.count >= Self.cacheLimit { cache.removeAll() }
        cache[key] = made
        lock.unlock()
        return made
    }
}
