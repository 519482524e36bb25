import Foundation

/// What a chart plotter is given from a round of sights: the fix (when there
/// is one), the DR, the track the DR ran along, each line of position and
/// the sight log. Built from the solver's results; written as NMEA 0183 by
/// `NMEASentences` and as GPX 1.1 by `GPXDocument`.
public struct ChartExport: Equatable, Sendable {
    /// A celestial fix: where, when, and its 1σ ellipse when there is one.
    public struct Fix: Equatable, Sendable {
        public var position: GeoPosition
        public var unixSeconds: Double
        public var sightCount: Int
        public var rmsResidualNauticalMiles: Double
        public var ellipse: CelestialFix.ErrorEllipse?

        public init(position: GeoPosition, unixSeconds: Double, sightCount: Int, rmsResidualNauticalMiles: Double,
                    ellipse: CelestialFix.ErrorEllipse? = nil) {
            self.position = position
            self.unixSeconds = unixSeconds
            self.sightCount = sightCount
            self.rmsResidualNauticalMiles = rmsResidualNauticalMiles
            self.ellipse = ellipse
        }
    }

    /// A position at an instant (the DR and the points of its track).
    public struct TimedPosition: Equatable, Sendable {
        public var position: GeoPosition
        public var unixSeconds: Double

        public init(position: GeoPosition, unixSeconds: Double) {
            self.position = position
            self.unixSeconds = unixSeconds
        }
    }

    public var fix: Fix?
    /// The DR at the time the lines are drawn for (the fix time).
    public var deadReckoning: TimedPosition
    /// The ship's course made good and speed, when it was moving.
    public var courseDegrees: Double
    public var speedKnots: Double
    /// The DR at each sight's time and at the fix time, oldest first (one
    /// point when the ship did not move).
    public var track: [TimedPosition]
    public var lines: [LineOfPosition]

    public init(fix: Fix?, deadReckoning: TimedPosition, courseDegrees: Double, speedKnots: Double,
                track: [TimedPosition], lines: [LineOfPosition]) {
        self.fix = fix
        self.deadReckoning = deadReckoning
        self.courseDegrees = courseDegrees
        self.speedKnots = speedKnots
        self.track = track
        self.lines = lines
    }

    /// The export of a fix: every sight's line from the DR, advanced to the
    /// fix time by the solver's course and speed.
    public init(_ fix: CelestialFix, deadReckoning: GeoPosition, solver: FixSolver) {
        self.init(lines: fix.fromDeadReckoning, deadReckoning: deadReckoning, lineUnixSeconds: fix.unixSeconds,
                  solver: solver)
        self.fix = Fix(position: fix.position, unixSeconds: fix.unixSeconds, sightCount: fix.sights.count,
                       rmsResidualNauticalMiles: fix.rmsResidualNauticalMiles, ellipse: fix.ellipse)
    }

    /// The export of lines without a fix (one sight, or lines drawn before a
    /// fix is asked for): `reduced` from `deadReckoning` at `lineUnixSeconds`.
    public init(lines reduced: [ReducedSight], deadReckoning: GeoPosition, lineUnixSeconds: Double,
                solver: FixSolver) {
        let moving = solver.speedKnots > 0
        var times = moving ? reduced.map(\.sight.unixSeconds) : []
        times.append(lineUnixSeconds)
        let track = Set(times).sorted().map {
            TimedPosition(position: solver.position(deadReckoning, at: lineUnixSeconds, movedTo: $0), unixSeconds: $0)
        }
        self.init(fix: nil, deadReckoning: TimedPosition(position: deadReckoning, unixSeconds: lineUnixSeconds),
                  courseDegrees: solver.courseDegrees, speedKnots: solver.speedKnots, track: track,
                  lines: reduced.map { LineOfPosition($0, deadReckoning: deadReckoning, lineUnixSeconds: lineUnixSeconds) })
    }
}
