import Foundation

/// Every zone name of the system tz database: each `Zone` and each `Link`
/// (an old or alternative name, such as `Asia/Calcutta` or `US/Pacific`)
/// with the zone it stands for.
///
/// The names come from `/usr/share/zoneinfo/tzdata.zi` (one file, read in
/// ~1 ms), else from the TZif files under `/usr/share/zoneinfo` (a symbolic
/// link names its target), else from Foundation's own list. The *rules*
/// (offsets at an instant) are `ZoneRules`, read from the same files
/// (docs/DECISIONS.md, "Offsets from the system tz database").
public final class ZoneCatalog: Sendable, Equatable {
    public static func == (a: ZoneCatalog, b: ZoneCatalog) -> Bool { a === b }

    /// One name of the database.
    public struct Entry: Equatable, Sendable {
        /// The name as the database spells it (`Asia/Calcutta`).
        public var name: String
        /// The `Zone` it names: itself for a zone, the target for a link.
        public var canonical: String
        public var isLink: Bool { name != canonical }

        public init(name: String, canonical: String) {
            self.name = name
            self.canonical = canonical
        }
    }

    /// Where the names were read from.
    public enum Source: Equatable, Sendable {
        case tzdataZi(path: String)
        case zoneinfoFiles(path: String)
        /// No system database: Foundation's list (no links known).
        case foundation
    }

    public let entries: [Entry]
    public let source: Source
    /// The database release (`2025b`), when the source says.
    public let version: String?
    private let byKey: [String: Int]
    let placeIndexBox = LazyBox<[String: [Int]]>()

    public init(entries: [Entry], source: Source, version: String?) {
        self.entries = entries.sorted { $0.name < $1.name }
        self.source = source
        self.version = version
        var map: [String: Int] = [:]
        for (i, e) in self.entries.enumerated() { map[Self.key(e.name)] = i }
        byKey = map
    }

    /// The entry `text` names: any letter case, `_` or a space between
    /// words (`america/new york`, `ASIA/KOLKATA`).
    public func entry(named text: String) -> Entry? {
        byKey[Self.key(text)].map { entries[$0] }
    }

    /// The lookup key: lower case, `_` and runs of spaces as one space,
    /// no spaces around `/`.
    static func key(_ text: String) -> String {
        let lowered = text.lowercased().replacingOccurrences(of: "_", with: " ")
        return lowered.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.split(separator: " ").joined(separator: " ") }
            .joined(separator: "/")
    }

    /// The identifier to hand Foundation for `entry`: the canonical zone if
    /// Foundation knows it, else the entry's own name if it knows that;
    /// `nil` when this build's rules have never heard of the zone (a system
    /// database newer than the toolchain's ICU data).
    public func foundationIdentifier(for entry: Entry) -> String? {
        if TimeZone(identifier: entry.canonical) != nil { return entry.canonical }
        if TimeZone(identifier: entry.name) != nil { return entry.name }
        return nil
    }

    /// Up to `limit` names closest to `text` (for "did you mean"), by edit
    /// distance over the whole name and over its last part.
    ///
    /// Cost is bounded whatever is typed: a name differing in length by
    /// more than the allowed distance is skipped before any distance is
    /// computed (the distance is at least the length difference), and
    /// text longer than any zone name by that much has no suggestions. A
    /// key storm once typed 150 characters into the place field and every
    /// key then took seconds here.
    public func suggestions(for text: String, limit: Int = 3) -> [String] {
        let q = Self.key(text)
        let qLast = q.split(separator: "/").last.map(String.init) ?? q
        let limitDistance = max(2, qLast.count / 3)
        guard qLast.count <= Self.longestSuggestedKey else { return [] }
        let qCount = q.count, qLastCount = qLast.count
        var scored: [(Int, String)] = []
        for e in entries {
            let k = Self.key(e.name)
            let last = k.split(separator: "/").last.map(String.init) ?? k
            var best = Int.max
            if abs(k.count - qCount) <= limitDistance { best = MarsSiteLibrary.editDistance(q, k) }
            if abs(last.count - qLastCount) <= limitDistance { best = min(best, MarsSiteLibrary.editDistance(qLast, last)) }
            if best <= limitDistance { scored.append((best, e.name)) }
        }
        return scored.sorted { $0 < $1 }.prefix(limit).map(\.1)
    }

    /// Longer text than this (a zone name is at most 30 characters, tz's
    /// own limit, plus slack for typos) is no zone name misspelled.
    static let longestSuggestedKey = 48

    // MARK: - Loading

    /// The system's catalog, read once on first use.
    public static var system: ZoneCatalog { systemCatalog }
    private static let systemCatalog = load()

    /// Reads the names under `root`: tzdata.zi, else the TZif files, else
    /// Foundation's list.
    public static func load(root: String = "/usr/share/zoneinfo") -> ZoneCatalog {
        let zi = root + "/tzdata.zi"
        if let text = try? String(contentsOfFile: zi, encoding: .utf8) {
            let parsed = parseTzdataZi(text)
            if !parsed.entries.isEmpty {
                return ZoneCatalog(entries: parsed.entries, source: .tzdataZi(path: zi), version: parsed.version)
            }
        }
        let files = scanZoneinfo(root: root)
        if !files.isEmpty {
            let version = (try? String(contentsOfFile: root + "/+VERSION", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return ZoneCatalog(entries: files, source: .zoneinfoFiles(path: root), version: version)
        }
        return foundationOnly()
    }

    /// Foundation's list, built once (no file is read).
    public static var foundation: ZoneCatalog { foundationCatalog }
    private static let foundationCatalog = foundationOnly()

    /// Foundation's identifiers, each its own zone.
    public static func foundationOnly() -> ZoneCatalog {
        ZoneCatalog(entries: TimeZone.knownTimeZoneIdentifiers.map { Entry(name: $0, canonical: $0) },
                    source: .foundation, version: TimeZone.timeZoneDataVersion)
    }

    /// The `Z` (zone) and `L` (link) lines of a tzdata.zi text, links
    /// followed to their zone, and the `# version` comment.
    ///
    /// Read byte by byte (the file is ASCII; 114 KB of mostly rule lines):
    /// splitting it as `Character`s cost 82 M instructions, this about 1 M.
    public static func parseTzdataZi(_ text: String) -> (entries: [Entry], version: String?) {
        var zones: [String] = []
        var links: [String: String] = [:]
        var version: String?
        var utf8 = text
        utf8.makeContiguousUTF8()
        utf8.utf8.withContiguousStorageIfAvailable { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                let line = bytes[start..<end]
                start = end + 1
                guard line.count > 2 else { continue }
                let first = line[line.startIndex], second = line[line.startIndex + 1]
                if (first == UInt8(ascii: "Z") || first == UInt8(ascii: "L")) && second == 0x20 {
                    let parts = line.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
                    if first == UInt8(ascii: "Z") {
                        if parts.count > 1 { zones.append(parts[1]) }
                    } else if parts.count > 2 {
                        links[parts[2]] = parts[1]
                    }
                } else if first == UInt8(ascii: "#") {
                    let text = String(decoding: line, as: UTF8.self)
                    if text.hasPrefix("# version ") {
                        version = String(text.dropFirst("# version ".count)).trimmingCharacters(in: .whitespaces)
                    }
                }
            }
        }
        var entries = zones.map { Entry(name: $0, canonical: $0) }
        for (name, target) in links {
            // A link may name another link; follow a few steps.
            var canonical = target
            for _ in 0..<8 { if let next = links[canonical] { canonical = next } else { break } }
            entries.append(Entry(name: name, canonical: canonical))
        }
        return (entries, version)
    }

    /// The TZif files under `root` (not `posix/`, `right/`, tables or
    /// `localtime`); a symbolic link's canonical name is its target's.
    static func scanZoneinfo(root: String) -> [Entry] {
        let fm = FileManager.default
        guard let walker = fm.enumerator(atPath: root) else { return [] }
        var entries: [Entry] = []
        let skipped: Set<String> = ["posix", "right", "localtime", "posixrules", "Factory"]
        while let relative = walker.nextObject() as? String {
            let first = relative.split(separator: "/").first.map(String.init) ?? relative
            if skipped.contains(first) || relative.contains(".") || relative.hasPrefix("+") { continue }
            let path = root + "/" + relative
            guard let handle = FileHandle(forReadingAtPath: path) else { continue }
            let magic = (try? handle.read(upToCount: 4)) ?? nil
            try? handle.close()
            guard magic == Data("TZif".utf8) else { continue }
            var canonical = relative
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path + "/"
            if resolved.hasPrefix(realRoot) { canonical = String(resolved.dropFirst(realRoot.count)) }
            entries.append(Entry(name: relative, canonical: canonical))
        }
        return entries
    }

    /// The release named on the first lines of `root`/tzdata.zi (read
    /// without loading the whole file), else `+VERSION`.
    public static func systemVersion(root: String = "/usr/share/zoneinfo") -> String? {
        if let handle = FileHandle(forReadingAtPath: root + "/tzdata.zi") {
            defer { try? handle.close() }
            let head = String(decoding: (try? handle.read(upToCount: 256)) ?? Data(), as: UTF8.self)
            for line in head.split(separator: "\n") where line.hasPrefix("# version ") {
                return String(line.dropFirst("# version ".count)).trimmingCharacters(in: .whitespaces)
            }
        }
        return (try? String(contentsOfFile: root + "/+VERSION", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What `timedeck --version` says about time-zone data: which rules
    /// give offsets (`ZoneDatabase`: the system's TZif files, or ICU's
    /// bundled copy when there are none) and where zone names come from.
    public static func versionLines(root: String = "/usr/share/zoneinfo", rules: ZoneDatabase = .system) -> String {
        let system = systemVersion(root: root)
        return rules.versionLine + "\n"
            + "zone names: the system tz database" + (system.map { " \($0)" } ?? " (version unknown)")
            + " under \(root) (every Zone and Link)"
    }

    /// `tzdata.zi 2025b (/usr/share/zoneinfo/tzdata.zi)` for `--version`.
    public var sourceDescription: String {
        let v = version.map { " \($0)" } ?? ""
        switch source {
        case let .tzdataZi(path): return "system tz database\(v) (\(path))"
        case let .zoneinfoFiles(path): return "system tz database\(v) (files under \(path))"
        case .foundation: return "Foundation's list (no system tz database found)"
        }
    }
}
