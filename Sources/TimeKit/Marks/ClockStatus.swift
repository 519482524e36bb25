import Foundation

/// Can the clock behind a mark be trusted? The kernel's NTP discipline state
/// (Linux `adjtimex(2)`) and, when gpsd reports time, GPS minus system time.
public struct ClockStatus: Equatable, Sendable {
    /// The kernel clock as `adjtimex(2)` reports it.
    public struct Kernel: Equatable, Sendable {
        /// False when adjtimex returns TIME_ERROR or the STA_UNSYNC bit is set
        /// (no NTP/PTP/chrony daemon is disciplining the clock).
        public var synchronized: Bool
        /// `esterror`: the estimated error, microseconds.
        public var estimatedErrorMicroseconds: Int64
        /// `maxerror`: the maximum error bound, microseconds.
        public var maximumErrorMicroseconds: Int64

        public init(synchronized: Bool, estimatedErrorMicroseconds: Int64, maximumErrorMicroseconds: Int64) {
            self.synchronized = synchronized
            self.estimatedErrorMicroseconds = estimatedErrorMicroseconds
            self.maximumErrorMicroseconds = maximumErrorMicroseconds
        }
    }

    /// How a GPS-minus-system offset was measured.
    public enum OffsetMethod: String, Equatable, Sendable {
        /// gpsd TOFF report: the GPS second and the system clock when its
        /// first sentence arrived (serial latency included, no PPS).
        case toff
        /// gpsd PPS report: the pulse edge against the system clock (best).
        case pps
        /// TPV `time` against our clock when the line was read: includes
        /// NMEA transmission delay, so tens to hundreds of ms (coarse).
        case tpv
    }

    /// GPS time minus system time, positive when the system clock is behind.
    public struct GPSOffset: Equatable, Sendable {
        public var nanoseconds: Int64
        public var method: OffsetMethod
        public init(nanoseconds: Int64, method: OffsetMethod) {
            self.nanoseconds = nanoseconds
            self.method = method
        }
    }

    /// nil when adjtimex could not be read.
    public var kernel: Kernel?
    /// nil when gpsd is not in use or reported no time.
    public var gpsOffset: GPSOffset?

    public init(kernel: Kernel?, gpsOffset: GPSOffset? = nil) {
        self.kernel = kernel
        self.gpsOffset = gpsOffset
    }

    /// Status unknown (e.g. in tests or when adjtimex fails).
    public static let unknown = ClockStatus(kernel: nil)

    /// `clock synced ±2 ms (kernel), GPS −0.3 ms`,
    /// `clock NOT synchronized (kernel)`, `clock status unknown`.
    public var summary: String {
        var text: String
        switch kernel {
        case let k? where k.synchronized:
            text = "clock synced ±\(Self.duration(nanoseconds: k.estimatedErrorMicroseconds * 1000, signed: false)) (kernel)"
        case _?:
            text = "clock NOT synchronized (kernel)"
        case nil:
            text = "clock status unknown (adjtimex unavailable)"
        }
        if let gps = gpsOffset {
            text += ", GPS \(Self.duration(nanoseconds: gps.nanoseconds, signed: true))"
            switch gps.method {
            case .tpv: text += " (NMEA, coarse)"
            case .toff: text += " (TOFF)"
            case .pps: text += " (PPS)"
            }
        }
        return text
    }

    /// A duration as people read it: `0.3 ms`, `120 ms`, `12.3 s`, `3600 s`,
    /// signed with a real minus sign (U+2212) when `signed`.
    public static func duration(nanoseconds: Int64, signed: Bool) -> String {
        let sign = nanoseconds < 0 ? "\u{2212}" : (signed ? "+" : "")
        let magnitude = nanoseconds.magnitude
        let ms = Double(magnitude) / 1_000_000
        let body: String
        if ms < 10 {
            body = String(format: "%.1f ms", ms)
        } else if ms < 1000 {
            body = "\(Int((ms).rounded())) ms"
        } else if ms < 100_000 {
            body = String(format: "%.1f s", ms / 1000)
        } else {
            body = "\(magnitude / 1_000_000_000) s"
        }
        return sign + body
    }
}
