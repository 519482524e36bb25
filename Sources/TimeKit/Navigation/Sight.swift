import Foundation

/// One sextant sight: the body (and limb), the sextant altitude and its UTC instant.
public struct Sight: Equatable, Sendable {
    public var body: CelestialBody
    public var limb: Limb
    /// Sextant altitude Hs, degrees.
    public var sextantAltitudeDegrees: Double
    public var unixSeconds: Double
    /// Set when the clock that timed the sight was not synchronized: its
    /// estimated error, seconds (0 when not known). nil: synchronized, or
    /// a sight typed with its time.
    public var unsynchronizedClockErrorSeconds: Double?

    public init(body: CelestialBody, limb: Limb = .centre, sextantAltitudeDegrees: Double, unixSeconds: Double,
                unsynchronizedClockErrorSeconds: Double? = nil) {
        self.body = body
        self.limb = limb
        self.sextantAltitudeDegrees = sextantAltitudeDegrees
        self.unixSeconds = unixSeconds
        self.unsynchronizedClockErrorSeconds = unsynchronizedClockErrorSeconds
    }

    /// `Sun LL`, `Vega`.
    public var bodyText: String { body.name + limb.suffix }
}

/// A sight worked out against an assumed position: Ho, Hc, Zn and the intercept.
public struct ReducedSight: Equatable, Sendable {
    public var sight: Sight
    /// Observed altitude, degrees.
    public var observedAltitudeDegrees: Double
    /// Computed altitude at the assumed position, degrees.
    public var computedAltitudeDegrees: Double
    /// True azimuth of the body, degrees.
    public var azimuthDegrees: Double
    /// Ho − Hc in nautical miles, positive toward the body.
    public var interceptNauticalMiles: Double
    /// The position the sight was reduced from (the assumed position moved to the sight's time).
    public var assumedPosition: GeoPosition

    public var isToward: Bool { interceptNauticalMiles >= 0 }
}
