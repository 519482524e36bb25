/// What the gpsd client knows at one moment: its connection and the latest
/// reports, each with the instant (our clock) it arrived. The client
/// thread writes it; marking and drawing read a copy.
public struct GPSDSnapshot: Equatable, Sendable {
    public enum Connection: Equatable, Sendable {
        /// Not tried yet, or trying.
        case connecting
        /// Connected; gpsd's release from its VERSION banner, if seen.
        case connected(release: String?)
        /// Down; why, and when we try again.
        case unavailable(reason: String)
    }

    public var address: GPSDAddress
    public var connection: Connection
    public var fix: GPSDFix?
    /// Our clock when `fix` was read, nanoseconds since the Unix epoch.
    public var fixReceivedUnixNanoseconds: Int64?
    public var sky: GPSDSky?
    /// The latest GPS-minus-system offset, and when it was measured.
    public var offset: ClockStatus.GPSOffset?
    public var offsetReceivedUnixNanoseconds: Int64?

    public init(address: GPSDAddress, connection: Connection = .connecting) {
        self.address = address
        self.connection = connection
    }

    /// An offset measured longer ago than this is not shown or stored.
    public static let offsetValidNanoseconds: Int64 = 10_000_000_000

    /// Folds one report read at `receivedUnixNanoseconds` into the snapshot.
    /// PPS beats TOFF beats the coarse TPV estimate for the clock offset.
    public mutating func apply(_ report: GPSDReport, receivedUnixNanoseconds now: Int64) {
        switch report {
        case .version(let v):
            connection = .connected(release: v.release)
        case .tpv(let tpv):
            fix = tpv
            fixReceivedUnixNanoseconds = now
            if let t = tpv.timeUnixNanoseconds, tpv.mode >= 2, !hasRecentOffset(better: .tpv, at: now) {
                setOffset(.init(nanoseconds: t &- now, method: .tpv), at: now)
            }
        case .sky(let s):
            sky = s
        case .toff(let o):
            if !hasRecentOffset(better: .toff, at: now) {
                setOffset(.init(nanoseconds: o.gpsMinusSystemNanoseconds, method: .toff), at: now)
            }
        case .pps(let o):
            setOffset(.init(nanoseconds: o.gpsMinusSystemNanoseconds, method: .pps), at: now)
        case .devices, .error, .other:
            break
        }
    }

    /// The offset if it was measured recently enough to describe the clock.
    public func currentOffset(at now: Int64) -> ClockStatus.GPSOffset? {
        guard let offset, let at = offsetReceivedUnixNanoseconds, abs(now &- at) <= Self.offsetValidNanoseconds else { return nil }
        return offset
    }

    mutating func setOffset(_ o: ClockStatus.GPSOffset, at now: Int64) {
        offset = o
        offsetReceivedUnixNanoseconds = now
    }

    /// True when a recent offset was measured by a method better than `method`.
    func hasRecentOffset(better method: ClockStatus.OffsetMethod, at now: Int64) -> Bool {
        guard let current = currentOffset(at: now) else { return false }
        func rank(_ m: ClockStatus.OffsetMethod) -> Int { m == .pps ? 2 : m == .toff ? 1 : 0 }
        return rank(current.method) > rank(method)
    }

    /// One line: `gpsd 127.0.0.1:2947: 3D fix, 9 satellites`, `gpsd …: unavailable (connection refused)`.
    public var summary: String {
        switch connection {
        case .connecting: return "gpsd \(address): connecting"
        case .unavailable(let reason): return "gpsd \(address): unavailable (\(reason))"
        case .connected:
            guard let fix else { return "gpsd \(address): connected, no report yet" }
            let mode = fix.mode == 3 ? "3D fix" : fix.mode == 2 ? "2D fix" : "no fix"
            let sats = sky?.satellitesUsed.map { ", \($0) satellites" } ?? ""
            return "gpsd \(address): \(mode)\(sats)"
        }
    }
}
