import Foundation

/// A position from two or more lines of position, by least squares, with
/// earlier lines advanced to the fix time by the ship's course and speed.
///
/// `FixSolver.fix` returns one only when it is one: lines that cross,
/// a solution that converged, near the DR, with residuals the sights can
/// explain. Anything else is a `FixRefusal` saying what is wrong.
public struct CelestialFix: Equatable, Sendable {
    public var position: GeoPosition
    public var unixSeconds: Double
    /// Each sight reduced from the fix itself (moved back to the sight's time):
    /// its intercept is the sight's residual.
    public var sights: [ReducedSight]
    /// Each sight reduced from the DR (what a plotting sheet shows).
    public var fromDeadReckoning: [ReducedSight]
    /// Root-mean-square residual, nautical miles (0 with two sights).
    public var rmsResidualNauticalMiles: Double
    /// Error ellipse (1σ) from the residuals; nil with only two sights.
    public var ellipse: ErrorEllipse?
    /// The widest angle at which two of the lines of position cross at the fix, degrees (90 is best).
    public var bestCrossingAngleDegrees: Double
    /// From the DR to the fix: great-circle distance and initial true bearing.
    public var fromDeadReckoningNauticalMiles: Double
    public var fromDeadReckoningBearingDegrees: Double
    /// Set when a sight's clock was not synchronized: how far off its time may be.
    public var clockDoubt: ClockDoubt?

    public struct ErrorEllipse: Equatable, Sendable {
        public var semiMajorNauticalMiles: Double
        public var semiMinorNauticalMiles: Double
        /// Direction of the major axis, degrees true (0..<180).
        public var majorAxisDegrees: Double
    }

    /// Residuals above this (nm) are more than sights of sea-going
    /// accuracy (1′–2′) explain: the fix is refused as "sights disagree".
    public static let disagreementNauticalMiles = 3.0
    /// A fix farther than this from the DR (nm) is refused: a degree of
    /// altitude misread, a wrong date or zone, or a DR that needs updating.
    public static let farFromDeadReckoningNauticalMiles = 60.0
    /// Lines of position crossing at less than this (degrees) make no fix:
    /// at 15° a 1′ error in one sight moves the fix about 4 nm along them.
    public static let smallestCrossingDegrees = 15.0
    /// A running fix carries sights at most this far in time (seconds).
    public static let longestRunSeconds = 12.0 * 3600
}

/// How far the sights' times (and so the fix's longitude) may be off
/// because their marks were stamped by an unsynchronized clock.
public struct ClockDoubt: Equatable, Sendable, CustomStringConvertible {
    /// The sights (0-based) whose clock was not synchronized.
    public var sightIndices: [Int]
    /// The largest estimated clock error among them, seconds (0: not known).
    public var seconds: Double
    /// Latitude of the fix, for miles of longitude.
    public var latitudeDegrees: Double

    /// One second of time turns the Earth 15″ of arc: 0.25′ of longitude.
    public var longitudeArcminutes: Double { seconds / 4 }
    public var eastWestNauticalMiles: Double { longitudeArcminutes * cos(latitudeDegrees * .pi / 180) }

    public var description: String {
        let which = sightIndices.map { "\($0 + 1)" }.joined(separator: ", ")
        let subject = sightIndices.count == 1 ? "sight \(which)" : "sights \(which)"
        guard seconds > 0 else {
            return "clock NOT synchronized for \(subject) (error not known): the fix's longitude is only as good as that clock"
        }
        return String(format: "clock NOT synchronized for %@, estimated error %@ s: the fix may be off by %.1f′ of "
                      + "longitude (%.1f nm east or west)", subject, Self.seconds(seconds), longitudeArcminutes,
                      eastWestNauticalMiles)
    }

    public static func seconds(_ s: Double) -> String { s >= 10 ? String(format: "%.0f", s) : String(format: "%.1f", s) }
}

/// Why no fix could be made; the CLI prints it and exits 2.
public struct FixError: Error, Equatable, Sendable, CustomStringConvertible {
    public var field: String
    public var problem: String
    public var description: String { "\(field): \(problem)" }
}
