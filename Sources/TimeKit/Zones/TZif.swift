import Foundation

/// A compiled tz zone file (TZif, RFC 8536, versions 1–4), as the C
/// library, Python's zoneinfo and `date` read from `/usr/share/zoneinfo`.
///
/// Only the 64-bit data of a version 2+ file is kept (a version 1 file's
/// 32-bit data when that is all there is); after the last transition the
/// footer's POSIX TZ string gives the rules (RFC 8536 §3.3). Transition
/// times of a `right/` file count leap seconds; they are converted to
/// POSIX time (the system clock's scale) with the file's own leap records.
public struct TZif: Equatable, Sendable {
    /// One local time type: offset east of UTC, DST flag, abbreviation.
    public struct LocalType: Equatable, Sendable {
        public var utcOffsetSeconds: Int
        public var isDaylightSaving: Bool
        public var abbreviation: String
    }

    /// Transition instants (POSIX seconds), ascending.
    public var transitions: [Int64]
    /// The type in force from each transition on (index into `types`).
    public var transitionTypes: [UInt8]
    public var types: [LocalType]
    /// The footer's rules for instants after the last transition.
    public var footer: PosixTimeZone?
    /// The file's version byte (1, 2, 3, 4).
    public var version: Int
    /// True when the file has leap-second records (a `right/` zone).
    public var countsLeapSeconds: Bool { leapSeconds != 0 || hasLeapRecords }
    /// The file's last leap-second correction (27 in tzdata 2025b's `right/`).
    public var leapSeconds: Int
    var hasLeapRecords: Bool

    /// Files larger than this are no zone file (the largest in tzdata,
    /// `right/` ones included, are under 5 KiB).
    public static let maximumFileBytes = 256 * 1024

    /// The zone file at `path`, or nil when it is absent, too large or not
    /// a well-formed TZif file (never a crash, never a partial reading).
    public static func read(path: String) -> TZif? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumFileBytes + 1),
              data.count <= maximumFileBytes else { return nil }
        return parse([UInt8](data))
    }

    /// Parses the bytes of a TZif file; nil when malformed.
    public static func parse(_ bytes: [UInt8]) -> TZif? {
        var reader = Reader(bytes: bytes)
        guard let first = reader.header() else { return nil }
        if first.version >= 2 {
            // Skip the 32-bit block; the second header and 64-bit data follow.
            guard reader.skip(first.blockBytes(timeSize: 4)), let second = reader.header(),
                  second.version == first.version else { return nil }
            guard var zone = reader.block(second, timeSize: 8) else { return nil }
            guard let footer = reader.footer() else { return nil }
            if !footer.isEmpty {
                guard let rules = PosixTimeZone(footer) else { return nil }
                zone.footer = rules
            }
            zone.version = second.version
            return zone
        }
        guard var zone = reader.block(first, timeSize: 4) else { return nil }
        zone.version = 1
        return zone
    }

    /// The local type in force at `unixSeconds`.
    public func period(at unixSeconds: Int64) -> ZonePeriod {
        guard let last = transitions.last else {
            if let footer { return footer.period(at: unixSeconds) }
            return ZonePeriod(types[0])
        }
        if unixSeconds >= last, let footer { return footer.period(at: unixSeconds) }
        guard unixSeconds >= transitions[0] else { return ZonePeriod(types[0]) }
        return ZonePeriod(types[Int(transitionTypes[lastIndex(atOrBefore: unixSeconds)])])
    }

    /// The UTC offset at `unixSeconds` (as `period(at:)`, without the
    /// abbreviation: this is the hot path of every clock drawn).
    public func utcOffsetSeconds(at unixSeconds: Int64) -> Int {
        if let last = transitions.last, unixSeconds < last {
            guard unixSeconds >= transitions[0] else { return types[0].utcOffsetSeconds }
            return types[Int(transitionTypes[lastIndex(atOrBefore: unixSeconds)])].utcOffsetSeconds
        }
        return period(at: unixSeconds).utcOffsetSeconds
    }

    /// The first instant after `unixSeconds` when the UTC offset changes.
    public func nextChange(after unixSeconds: Int64) -> Int64? {
        let current = period(at: unixSeconds).utcOffsetSeconds
        var i = transitions.isEmpty || unixSeconds < transitions[0] ? 0 : lastIndex(atOrBefore: unixSeconds) + 1
        while i < transitions.count {
            if period(at: transitions[i]).utcOffsetSeconds != current { return transitions[i] }
            i += 1
        }
        return footer?.nextChange(after: max(unixSeconds, transitions.last ?? unixSeconds))
    }

    /// RFC 8536 §3.2 allows only ASCII letters, digits, `+` and `-` in an
    /// abbreviation; anything else from a file is dropped, never printed.
    static func inertAbbreviation(_ text: String) -> String {
        let kept = text.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+" || $0 == "-") }
        return String(String.UnicodeScalarView(kept.prefix(16)))
    }

    /// Index of the last transition at or before `t` (requires t ≥ transitions[0]).
    private func lastIndex(atOrBefore t: Int64) -> Int {
        var lo = 0, hi = transitions.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if transitions[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}

/// What a zone's clock is during one stretch of time.
public struct ZonePeriod: Equatable, Sendable {
    public var utcOffsetSeconds: Int
    public var isDaylightSaving: Bool
    public var abbreviation: String

    public init(utcOffsetSeconds: Int, isDaylightSaving: Bool, abbreviation: String) {
        self.utcOffsetSeconds = utcOffsetSeconds
        self.isDaylightSaving = isDaylightSaving
        self.abbreviation = abbreviation
    }

    init(_ type: TZif.LocalType) {
        self.init(utcOffsetSeconds: type.utcOffsetSeconds, isDaylightSaving: type.isDaylightSaving,
                  abbreviation: type.abbreviation)
    }
}

/// Bounds-checked big-endian reading of a TZif file.
private struct Reader {
    let bytes: [UInt8]
    var at = 0

    struct Header {
        var version: Int
        var isutcnt: Int, isstdcnt: Int, leapcnt: Int, timecnt: Int, typecnt: Int, charcnt: Int

        func blockBytes(timeSize: Int) -> Int {
            timecnt * timeSize + timecnt + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt + isutcnt
        }
    }

    /// RFC 8536 §3.1: counts are bounded here well above tzdata's largest
    /// (≈ 240 transitions, 27 leap seconds) so no count can ask for much.
    static let maximumTransitions = 10_000

    mutating func header() -> Header? {
        guard at + 44 <= bytes.count, bytes[at] == 0x54, bytes[at + 1] == 0x5A, bytes[at + 2] == 0x69,
              bytes[at + 3] == 0x66 else { return nil }
        let v = bytes[at + 4]
        let version: Int
        switch v {
        case 0: version = 1
        case 0x32...0x39: version = Int(v - 0x30)
        default: return nil
        }
        at += 20
        var counts: [Int] = []
        for _ in 0..<6 {
            guard let n = uint32(), n <= UInt32(Self.maximumTransitions) else { return nil }
            counts.append(Int(n))
        }
        let h = Header(version: version, isutcnt: counts[0], isstdcnt: counts[1], leapcnt: counts[2],
                       timecnt: counts[3], typecnt: counts[4], charcnt: counts[5])
        guard h.typecnt >= 1, h.typecnt <= 256, h.charcnt >= 1,
              h.isutcnt == 0 || h.isutcnt == h.typecnt, h.isstdcnt == 0 || h.isstdcnt == h.typecnt,
              at + h.blockBytes(timeSize: 8) <= bytes.count || at + h.blockBytes(timeSize: 4) <= bytes.count
        else { return nil }
        return h
    }

    mutating func skip(_ n: Int) -> Bool {
        guard n >= 0, at + n <= bytes.count else { return false }
        at += n
        return true
    }

    mutating func block(_ h: Header, timeSize: Int) -> TZif? {
        guard at + h.blockBytes(timeSize: timeSize) <= bytes.count else { return nil }
        var times: [Int64] = []
        for _ in 0..<h.timecnt {
            guard let t = time(timeSize) else { return nil }
            if let last = times.last, t <= last { return nil }
            times.append(t)
        }
        var indices: [UInt8] = []
        for _ in 0..<h.timecnt {
            let i = bytes[at]; at += 1
            guard Int(i) < h.typecnt else { return nil }
            indices.append(i)
        }
        var raw: [(Int, Bool, Int)] = []
        for _ in 0..<h.typecnt {
            guard let off = uint32() else { return nil }
            let offset = Int(Int32(bitPattern: off))
            // RFC 8536 §3.2: −2^31 is invalid; real offsets are within a day.
            guard abs(offset) < 26 * 3600, bytes[at] <= 1, Int(bytes[at + 1]) < h.charcnt else { return nil }
            raw.append((offset, bytes[at] == 1, Int(bytes[at + 1])))
            at += 2
        }
        let chars = Array(bytes[at..<(at + h.charcnt)])
        at += h.charcnt
        var leaps: [(occurs: Int64, correction: Int64)] = []
        for _ in 0..<h.leapcnt {
            guard let t = time(timeSize), let c = uint32() else { return nil }
            leaps.append((t, Int64(Int32(bitPattern: c))))
        }
        at += h.isstdcnt + h.isutcnt
        let types = raw.map { offset, dst, index in
            let end = chars[index...].firstIndex(of: 0) ?? chars.count
            let name = String(decoding: chars[index..<end], as: UTF8.self)
            return TZif.LocalType(utcOffsetSeconds: offset, isDaylightSaving: dst,
                                  abbreviation: TZif.inertAbbreviation(name))
        }
        // A `right/` file counts leap seconds in its times: take each
        // transition back to POSIX time by the correction then in force.
        let posixTimes = times.map { t -> Int64 in
            let correction = leaps.last(where: { $0.occurs <= t })?.correction ?? 0
            return t - correction
        }
        return TZif(transitions: posixTimes, transitionTypes: indices, types: types, footer: nil,
                    version: h.version, leapSeconds: Int(leaps.last?.correction ?? 0), hasLeapRecords: !leaps.isEmpty)
    }

    /// The footer: a newline, a TZ string (possibly empty), a newline.
    mutating func footer() -> String? {
        guard at < bytes.count, bytes[at] == 0x0A else { return nil }
        guard let end = bytes[(at + 1)...].firstIndex(of: 0x0A), end - at <= 256 else { return nil }
        return String(decoding: bytes[(at + 1)..<end], as: UTF8.self)
    }

    mutating func uint32() -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for i in 0..<4 { v = v << 8 | UInt32(bytes[at + i]) }
        at += 4
        return v
    }

    mutating func time(_ size: Int) -> Int64? {
        if size == 4 { return uint32().map { Int64(Int32(bitPattern: $0)) } }
        guard at + 8 <= bytes.count else { return nil }
        var v: UInt64 = 0
        for i in 0..<8 { v = v << 8 | UInt64(bytes[at + i]) }
        at += 8
        return Int64(bitPattern: v)
    }
}
