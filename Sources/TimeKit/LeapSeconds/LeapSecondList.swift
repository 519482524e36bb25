import Foundation

/// The leap-second table timedeck uses, where it came from, and whether the
/// user should be told something about it.
///
/// Resolution is a pure function of the file's text (or the read error) and
/// "now"; `load(environment:nowUnixSeconds:)` adds the one file read.
public struct LeapSecondList: Equatable, Sendable {
    /// The system list on Debian and most Linux systems (tzdata).
    public static let systemPath = "/usr/share/zoneinfo/leap-seconds.list"
    /// Environment variable that points at another list.
    public static let environmentKey = "TIMEDECK_LEAP_SECONDS"

    /// The state of the list that was read.
    public enum Status: Equatable, Sendable {
        /// The file parsed and has not expired.
        case ok
        /// No file at the path.
        case missing
        /// The file exists but could not be read or parsed.
        case unreadable(reason: String)
        /// The file parsed but its `#@` expiry date has passed.
        case expired(expiresUnixSeconds: Int64)
    }

    /// The table in use (the file's, or the built-in one if that is better).
    public var table: LeapSecondTable
    /// Path that was tried.
    public var path: String
    public var status: Status
    /// Whether the built-in table is in use instead of the file's.
    public var usingBuiltIn: Bool

    /// One line for the user, or nil when all is well:
    /// `leap-second list expired 2026-06-28; using 37 s`.
    public var notice: String? {
        let using = "using \(table.latestTAIMinusUTC) s" + (usingBuiltIn ? " (built-in table)" : "")
        switch status {
        case .ok:
            return nil
        case .missing:
            return "leap-second list not found at \(path); \(using)"
        case .unreadable(let reason):
            return "leap-second list \(path) unreadable (\(reason)); \(using)"
        case .expired(let expires):
            let day = ISOInstant.milliseconds(unixMilliseconds: expires * 1000).prefix(10)
            return "leap-second list expired \(day); \(using)"
        }
    }

    /// Decides table and status from the file's text (nil when the file could
    /// not be read: pass `missing` true if it did not exist, else the reason).
    public static func resolve(path: String, text: String?, missing: Bool = false, readError: String? = nil,
                               nowUnixSeconds: Int64) -> LeapSecondList {
        guard let text else {
            let status: Status = missing ? .missing : .unreadable(reason: readError ?? "could not read")
            return LeapSecondList(table: .builtIn, path: path, status: status, usingBuiltIn: true)
        }
        let parsed: LeapSecondTable
        do {
            parsed = try LeapSecondTable.parse(text)
        } catch {
            return LeapSecondList(table: .builtIn, path: path, status: .unreadable(reason: "\(error)"),
                                  usingBuiltIn: true)
        }
        // The best table is the one that knows the latest leap second; an
        // outdated file must not roll back what the built-in table knows.
        let builtInIsNewer = (LeapSecondTable.builtIn.entries.last?.startUnixSeconds ?? 0)
            > (parsed.entries.last?.startUnixSeconds ?? 0)
        let table = builtInIsNewer ? LeapSecondTable.builtIn : parsed
        if let expires = parsed.expiresUnixSeconds, expires < nowUnixSeconds {
            return LeapSecondList(table: table, path: path, status: .expired(expiresUnixSeconds: expires),
                                  usingBuiltIn: builtInIsNewer)
        }
        return LeapSecondList(table: table, path: path, status: .ok, usingBuiltIn: builtInIsNewer)
    }

    /// The copy shipped in Resources/ (IERS, via scripts/generate-almanac-data.py).
    public static let bundledName = "leap-seconds.list"

    /// The list's own expiry (`#@`), when it parsed.
    public var expiresUnixSeconds: Int64? {
        switch status {
        case .expired(let expires): expires
        case .ok: usingBuiltIn ? nil : table.expiresUnixSeconds
        default: nil
        }
    }

    /// Reads the list at `$TIMEDECK_LEAP_SECONDS` alone when it is set; else
    /// reads both the system list and the bundled copy and keeps the newer
    /// (the one that expires later), and resolves it against `nowUnixSeconds`.
    public static func load(environment: [String: String], nowUnixSeconds: Int64) -> LeapSecondList {
        if let override = environment[environmentKey].flatMap({ $0.isEmpty ? nil : $0 }) {
            return load(path: override, nowUnixSeconds: nowUnixSeconds)
        }
        let system = load(path: systemPath, nowUnixSeconds: nowUnixSeconds)
        guard let bundledURL = try? ResourceLocator.url(for: bundledName) else { return system }
        let bundled = load(path: bundledURL.path, nowUnixSeconds: nowUnixSeconds)
        return newer(system, bundled)
    }

    /// The list that expires later; a list that could not be read loses.
    public static func newer(_ a: LeapSecondList, _ b: LeapSecondList) -> LeapSecondList {
        guard let bExpires = b.expiresUnixSeconds else { return a }
        guard let aExpires = a.expiresUnixSeconds else { return b }
        return bExpires > aExpires ? b : a
    }

    /// One line for `--version`: which list is in use and until when.
    public var versionLine: String {
        let expiry = expiresUnixSeconds.map {
            " (expires " + ISOInstant.milliseconds(unixMilliseconds: $0 * 1000).prefix(10) + ")"
        } ?? ""
        let bundled = (try? ResourceLocator.url(for: Self.bundledName))?.path
        let which = path == Self.systemPath ? "the system list" : path == bundled ? "the bundled IERS list" : "the list"
        return "leap seconds: \(which) \(path)\(expiry), TAI − UTC \(table.latestTAIMinusUTC) s"
            + (notice.map { "; \($0)" } ?? "")
    }

    /// Reads and resolves the list at `path`.
    public static func load(path: String, nowUnixSeconds: Int64) -> LeapSecondList {
        let fm = FileManager.default
        guard fm.fileExists(atPath: path) else {
            return resolve(path: path, text: nil, missing: true, nowUnixSeconds: nowUnixSeconds)
        }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard let text = String(data: data, encoding: .utf8) else {
                return resolve(path: path, text: nil, readError: "not UTF-8 text", nowUnixSeconds: nowUnixSeconds)
            }
            return resolve(path: path, text: text, nowUnixSeconds: nowUnixSeconds)
        } catch {
            let reason = (error as NSError).localizedDescription
            return resolve(path: path, text: nil, readError: reason, nowUnixSeconds: nowUnixSeconds)
        }
    }
}
