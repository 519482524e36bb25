import Foundation

/// Where a Mars light path starts and ends: Mars's centre or a point on its
/// surface, and the Earth's centre or a ground station. The centres are the
/// default (`owlt` in `timedeck mars` is always centre to centre); a station
/// moves the light time by up to ~21 ms (an Earth radius), a Mars site by up
/// to ~11 ms (a Mars radius).
public struct LightPathEnds: Equatable, Sendable {
    /// Nil: Mars's centre.
    public var marsSite: MarsSurfacePoint?
    /// Nil: the Earth's centre.
    public var station: EarthStation?
    /// UT1 − UTC for the station's Earth rotation. Without it UT1 = UTC is
    /// taken, which is off by under 0.9 s of rotation: under 1.4 µs of light time.
    public var ut1: UT1Table?

    public init(marsSite: MarsSurfacePoint? = nil, station: EarthStation? = nil, ut1: UT1Table? = nil) {
        self.marsSite = marsSite
        self.station = station
        self.ut1 = ut1
    }

    /// Centre to centre.
    public static let centres = LightPathEnds()

    public var isCentres: Bool { marsSite == nil && station == nil }

    /// `Perseverance` or `Mars centre`.
    public var marsLabel: String { marsSite.map { $0.name ?? "site" } ?? "Mars centre" }
    /// `Goldstone (DSS-14)` or `Earth centre`.
    public var earthLabel: String { station?.label ?? "Earth centre" }

    static let noUT1 = UT1Table(firstMJD: 0, secondsByDay: [0], measuredThroughMJD: 0)

    /// The Mars end relative to Mars's centre (ICRF, km) at TDB seconds.
    func marsOffsetKm(tdbSeconds: Double) -> Vector3 {
        marsSite?.icrfKm(tdbSeconds: tdbSeconds) ?? .zero
    }

    /// The Earth end relative to the geocentre (GCRS, km) at UTC seconds.
    func earthOffsetKm(unixSeconds: Double, leapSeconds: LeapSecondTable) -> Vector3 {
        station?.gcrsKm(unixSeconds: unixSeconds, leapSeconds: leapSeconds, ut1: ut1 ?? Self.noUT1) ?? .zero
    }
}
