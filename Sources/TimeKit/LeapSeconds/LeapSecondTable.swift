import Foundation

/// TAI − UTC through history: the leap seconds, and from them TT − UTC.
///
/// Entries come from the IERS/NTP list (`leap-seconds.list`) or from the
/// built-in copy below. TT − UTC = (TAI − UTC) + 32.184 s (TT = TAI + 32.184 s
/// by definition; Mars24 step A-4).
public struct LeapSecondTable: Equatable, Sendable {
    /// From this instant (Unix seconds, UTC) on, TAI − UTC is `taiMinusUTCSeconds`.
    public struct Entry: Equatable, Sendable {
        public var startUnixSeconds: Int64
        public var taiMinusUTCSeconds: Int
        public init(startUnixSeconds: Int64, taiMinusUTCSeconds: Int) {
            self.startUnixSeconds = startUnixSeconds
            self.taiMinusUTCSeconds = taiMinusUTCSeconds
        }
    }

    /// Entries in increasing order of start.
    public var entries: [Entry]
    /// When the list stops being valid (Unix seconds), from its `#@` line.
    public var expiresUnixSeconds: Int64?

    public init(entries: [Entry], expiresUnixSeconds: Int64? = nil) {
        self.entries = entries
        self.expiresUnixSeconds = expiresUnixSeconds
    }

    /// TT − TAI, fixed by the definition of TT.
    public static let ttMinusTAISeconds = 32.184
    /// Seconds from the NTP epoch (1900-01-01) to the Unix epoch.
    public static let ntpToUnixSeconds: Int64 = 2_208_988_800

    /// TAI − UTC at `unixSeconds`. Before 1972 (no leap seconds yet; UTC then
    /// ran on "rubber" seconds) this returns the first entry's 10 s.
    public func taiMinusUTC(atUnixSeconds t: Double) -> Int {
        guard let first = entries.first else { return 0 }
        // Binary search for the last entry starting at or before t.
        var lo = 0, hi = entries.count - 1
        if t < Double(first.startUnixSeconds) { return first.taiMinusUTCSeconds }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if Double(entries[mid].startUnixSeconds) <= t { lo = mid } else { hi = mid - 1 }
        }
        return entries[lo].taiMinusUTCSeconds
    }

    /// TT − UTC in seconds at `unixSeconds`.
    public func ttMinusUTC(atUnixSeconds t: Double) -> Double {
        Double(taiMinusUTC(atUnixSeconds: t)) + Self.ttMinusTAISeconds
    }

    /// TT − UTC in seconds at `date`.
    public func ttMinusUTC(at date: Date) -> Double {
        ttMinusUTC(atUnixSeconds: date.timeIntervalSince1970)
    }

    /// The latest TAI − UTC in the table (37 s since 2017-01-01).
    public var latestTAIMinusUTC: Int { entries.last?.taiMinusUTCSeconds ?? 0 }

    /// A problem in a leap-second list, with its line number.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// Parses the IERS/NTP `leap-seconds.list` format: data lines are
    /// `NTP-seconds TAI−UTC [# comment]`, `#@ NTP-seconds` is the expiry,
    /// other `#` lines are comments. Pure; throws on malformed data lines,
    /// times out of order, or a list without entries.
    public static func parse(_ text: String) throws -> LeapSecondTable {
        var entries: [Entry] = []
        var expires: Int64?
        var lineNumber = 0
        // Lines are cut and trimmed as bytes: the system's list is 280
        // lines of comments, and splitting it by Character cost 4 M
        // instructions at every `almanac` and `fix` (issue 31). Only the
        // ~30 data lines become strings.
        let hash = UInt8(ascii: "#"), at = UInt8(ascii: "@")
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let bytes = Self.trimmed(rawLine)
            if bytes.isEmpty { continue }
            if bytes.first == hash, bytes.dropFirst().first == at {
                let value = String(decoding: Self.trimmed(bytes.dropFirst(2)), as: UTF8.self)
                guard let ntp = Int64(value), ntp >= ntpToUnixSeconds else {
                    throw ParseError(line: lineNumber, reason: "expiry line '#@' needs NTP seconds, found '\(value)'")
                }
                expires = ntp - ntpToUnixSeconds
                continue
            }
            if bytes.first == hash { continue }
            let line = String(decoding: bytes, as: UTF8.self)
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = data.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == 2, let ntp = Int64(fields[0]), let offset = Int(fields[1]),
                  ntp >= ntpToUnixSeconds, ntp < 100_000_000_000, (0...1000).contains(offset) else {
                throw ParseError(line: lineNumber,
                                 reason: "expected 'NTP-seconds TAI-UTC', found '\(line.prefix(60))'")
            }
            let start = ntp - ntpToUnixSeconds
            if let last = entries.last, start <= last.startUnixSeconds {
                throw ParseError(line: lineNumber, reason: "entries are not in increasing order of time")
            }
            entries.append(Entry(startUnixSeconds: start, taiMinusUTCSeconds: offset))
        }
        guard !entries.isEmpty else {
            throw ParseError(line: lineNumber, reason: "no leap-second entries found")
        }
        return LeapSecondTable(entries: entries, expiresUnixSeconds: expires)
    }

    /// `bytes` without ASCII white space (space, tab, CR, VT, FF) at either
    /// end; Foundation's `trimmingCharacters` cost 8 M instructions for this
    /// 30-line file at every `almanac` and `fix` (issue 31).
    static func trimmed(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
        func blank(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }
        guard let first = bytes.firstIndex(where: { !blank($0) }),
              let last = bytes.lastIndex(where: { !blank($0) }) else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }

    /// The built-in table: every leap second from 1972-01-01 (10 s) to
    /// 2017-01-01 (37 s), as in IERS Bulletin C and the NTP list. No expiry.
    public static let builtIn: LeapSecondTable = {
        // (NTP seconds, TAI − UTC): the data lines of leap-seconds.list.
        let ntp: [(Int64, Int)] = [
            (2_272_060_800, 10), (2_287_785_600, 11), (2_303_683_200, 12), (2_335_219_200, 13),
            (2_366_755_200, 14), (2_398_291_200, 15), (2_429_913_600, 16), (2_461_449_600, 17),
            (2_492_985_600, 18), (2_524_521_600, 19), (2_571_782_400, 20), (2_603_318_400, 21),
            (2_634_854_400, 22), (2_698_012_800, 23), (2_776_982_400, 24), (2_840_140_800, 25),
            (2_871_676_800, 26), (2_918_937_600, 27), (2_950_473_600, 28), (2_982_009_600, 29),
            (3_029_443_200, 30), (3_076_704_000, 31), (3_124_137_600, 32), (3_345_062_400, 33),
            (3_439_756_800, 34), (3_550_089_600, 35), (3_644_697_600, 36), (3_692_217_600, 37),
        ]
        return LeapSecondTable(entries: ntp.map {
            Entry(startUnixSeconds: $0.0 - ntpToUnixSeconds, taiMinusUTCSeconds: $0.1)
        })
    }()
}
