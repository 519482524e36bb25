/// One line of gpsd's JSON protocol, decoded to the parts timedeck uses.
/// Reference: gpsd_json(5), "gpsd JSON protocol" (gpsd 3.22, protocol 3.14).
public enum GPSDReport: Equatable, Sendable {
    case tpv(GPSDFix)
    case sky(GPSDSky)
    case version(GPSDVersion)
    case devices([GPSDDevice])
    /// TOFF: GPS time against the system clock when the fix's first sentence
    /// arrived.
    case toff(GPSDTimeOffset)
    /// PPS: the pulse-per-second edge against the system clock.
    case pps(GPSDTimeOffset)
    /// ERROR: gpsd's complaint about our command.
    case error(message: String)
    /// A class we do not use (WATCH, DEVICE, ATT, GST, …).
    case other(className: String)
}

/// A TPV (time-position-velocity) report.
public struct GPSDFix: Equatable, Sendable {
    public var device: String?
    /// 0 unknown, 1 no fix, 2 2D, 3 3D.
    public var mode: Int
    /// The fix time (`time`), nanoseconds since the Unix epoch, GPS clock.
    public var timeUnixNanoseconds: Int64?
    /// Present only when both lat and lon were numbers in range.
    public var position: GeoPosition?
    /// `altHAE`, else the older `alt`, metres.
    public var altitudeMeters: Double?
    public var speedMetersPerSecond: Double?
    public var trackDegrees: Double?
    /// `ept`: estimated time error, seconds.
    public var timeErrorSeconds: Double?

    public init(device: String? = nil, mode: Int, timeUnixNanoseconds: Int64? = nil, position: GeoPosition? = nil,
                altitudeMeters: Double? = nil, speedMetersPerSecond: Double? = nil, trackDegrees: Double? = nil,
                timeErrorSeconds: Double? = nil) {
        self.device = device
        self.mode = mode
        self.timeUnixNanoseconds = timeUnixNanoseconds
        self.position = position
        self.altitudeMeters = altitudeMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.trackDegrees = trackDegrees
        self.timeErrorSeconds = timeErrorSeconds
    }

    /// True for a 2D or 3D fix with a position.
    public var hasFix: Bool { mode >= 2 && position != nil }
}

/// A SKY report, reduced to satellite counts and dilution.
public struct GPSDSky: Equatable, Sendable {
    public var device: String?
    /// Satellites listed (`nSat`, else the length of `satellites`).
    public var satellitesVisible: Int?
    /// Satellites used in the fix (`uSat`, else those with `used: true`).
    public var satellitesUsed: Int?
    public var hdop: Double?
    public var pdop: Double?

    public init(device: String? = nil, satellitesVisible: Int? = nil, satellitesUsed: Int? = nil,
                hdop: Double? = nil, pdop: Double? = nil) {
        self.device = device
        self.satellitesVisible = satellitesVisible
        self.satellitesUsed = satellitesUsed
        self.hdop = hdop
        self.pdop = pdop
    }
}

/// The VERSION banner gpsd sends on connect.
public struct GPSDVersion: Equatable, Sendable {
    public var release: String
    public var protocolMajor: Int?
    public var protocolMinor: Int?
    public init(release: String, protocolMajor: Int?, protocolMinor: Int?) {
        self.release = release
        self.protocolMajor = protocolMajor
        self.protocolMinor = protocolMinor
    }
}

/// One entry of a DEVICES report.
public struct GPSDDevice: Equatable, Sendable {
    public var path: String
    public var driver: String?
    public init(path: String, driver: String?) {
        self.path = path
        self.driver = driver
    }
}

/// TOFF/PPS: `real` is the GPS's time, `clock` the system clock at that moment.
public struct GPSDTimeOffset: Equatable, Sendable {
    public var realUnixNanoseconds: Int64
    public var clockUnixNanoseconds: Int64
    public init(realUnixNanoseconds: Int64, clockUnixNanoseconds: Int64) {
        self.realUnixNanoseconds = realUnixNanoseconds
        self.clockUnixNanoseconds = clockUnixNanoseconds
    }

    /// GPS minus system, nanoseconds (positive: the system clock is behind).
    public var gpsMinusSystemNanoseconds: Int64 {
        realUnixNanoseconds &- clockUnixNanoseconds
    }
}
