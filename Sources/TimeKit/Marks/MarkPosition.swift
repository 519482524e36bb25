/// Where a mark's position came from.
public enum PositionSource: String, Equatable, Sendable, CaseIterable {
    /// A position typed by the user or kept in the settings.
    case fixed
    /// The latest fix from gpsd.
    case gpsd
    /// No position attached.
    case none
}

/// The position attached to a mark, with enough about the fix to judge it.
public struct MarkPosition: Equatable, Sendable {
    /// A gpsd fix received more than this long before (or after) the mark is
    /// recorded and shown as stale, never as the current position.
    public static let staleAfterMilliseconds: Int64 = 5_000

    public var source: PositionSource
    /// nil when there was no position (no fix, gpsd unreachable, none set).
    public var coordinate: GeoPosition?
    /// The time gpsd gave for the fix (TPV `time`), nanoseconds since the
    /// Unix epoch; the GPS's clock, not ours.
    public var fixUnixNanoseconds: Int64?
    /// gpsd's TPV `mode`: 0 unknown, 1 no fix, 2 2D, 3 3D.
    public var fixMode: Int?
    /// Mark instant minus the instant *we received* the fix, by our clock.
    /// Positive: the fix is older than the mark; negative: it arrived after
    /// (the CLI waits briefly for a first fix). Receipt time is used rather
    /// than the GPS's own time stamp so a wrong GPS clock cannot make an old
    /// fix look fresh.
    public var fixAgeMilliseconds: Int64?

    public init(source: PositionSource, coordinate: GeoPosition? = nil, fixUnixNanoseconds: Int64? = nil,
                fixMode: Int? = nil, fixAgeMilliseconds: Int64? = nil) {
        self.source = source
        self.coordinate = coordinate
        self.fixUnixNanoseconds = fixUnixNanoseconds
        self.fixMode = fixMode
        self.fixAgeMilliseconds = fixAgeMilliseconds
    }

    /// No position.
    public static let none = MarkPosition(source: .none)

    /// A fixed position from the settings or the command line.
    public static func fixed(_ position: GeoPosition) -> MarkPosition {
        MarkPosition(source: .fixed, coordinate: position)
    }

    /// How far this position can be trusted.
    public enum Status: String, Equatable, Sendable {
        case fixed, current, stale, noFix = "none"
    }

    public var status: Status {
        switch source {
        case .none: return .noFix
        case .fixed: return coordinate == nil ? .noFix : .fixed
        case .gpsd:
            guard coordinate != nil else { return .noFix }
            if let mode = fixMode, mode < 2 { return .stale }
            guard let age = fixAgeMilliseconds, age.magnitude <= UInt64(Self.staleAfterMilliseconds) else { return .stale }
            return .current
        }
    }

    /// One line for a terminal: `27° 28'.02 S  153° 22'.84 E (gpsd 3D, 0.4 s)`,
    /// `STALE 12.0 s: 27° … (gpsd)`, `no fix (gpsd)`, `no position`.
    public var summary: String {
        switch (status, coordinate) {
        case (.noFix, _):
            switch source {
            case .gpsd: return "no GPS fix (gpsd)"
            default: return "no position"
            }
        case (.fixed, let c?):
            return "\(c.navigatorText) (fixed)"
        case (.current, let c?):
            return "\(c.navigatorText) (gpsd \(modeText), \(ageText))"
        case (.stale, let c?):
            return "STALE fix, \(ageText): \(c.navigatorText) (gpsd \(modeText))"
        default:
            return "no position"
        }
    }

    var modeText: String {
        switch fixMode {
        case 3?: return "3D"
        case 2?: return "2D"
        case 1?: return "no fix"
        default: return "mode ?"
        }
    }

    var ageText: String {
        guard let age = fixAgeMilliseconds else { return "age unknown" }
        let seconds = Double(age.magnitude) / 1000  // magnitude: abs(Int64.min) traps
        let text = seconds < 100 ? String(format: "%.1f s", seconds) : "\(Int(seconds)) s"
        return age < 0 ? "fix \(text) after mark" : "\(text) old"
    }
}
