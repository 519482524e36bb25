import Foundation

/// Compass error from a bearing of a body: the true azimuth from the
/// almanac at the instant of the bearing, minus the compass bearing.
public struct CompassCheck: Equatable, Sendable {
    public enum Event: String, Equatable, Sendable { case rising, setting }

    public var body: CelestialBody
    public var unixSeconds: Double
    /// True azimuth of the body's centre from the DR, degrees (0..<360).
    public var azimuthDegrees: Double
    /// The body's computed (geometric, airless) altitude from the DR, degrees.
    public var altitudeDegrees: Double
    public var bearingDegrees: Double
    /// True azimuth − compass bearing, −180…180, east positive.
    public var errorDegrees: Double
    /// Variation given (east positive) and the deviation it leaves: error − variation.
    public var variationDegrees: Double?
    public var deviationDegrees: Double? { variationDegrees.map { Self.normalized(errorDegrees - $0) } }
    /// Set for a bearing at visible rising or setting (`amplitude: true`).
    public var amplitude: Amplitude?

    /// The amplitude of a body at rising or setting: its true bearing
    /// counted from east (rising) or west (setting) toward north or south.
    public struct Amplitude: Equatable, Sendable {
        public var event: Event
        /// Degrees from east/west, positive toward north.
        public var degreesNorth: Double
        /// `E 12.3° N`, `W 4.0° S`.
        public var text: String {
            let from = event == .rising ? "E" : "W"
            return String(format: "%@ %.1f° %@", from, abs(degreesNorth), degreesNorth >= 0 ? "N" : "S")
        }
    }

    /// An amplitude is taken with the body's centre on the visible horizon:
    /// its geometric altitude is then about −(refraction 34′ + dip), and
    /// the Moon's up to +0.4° (parallax). Outside this band it is no amplitude.
    public static let amplitudeAltitudeDegrees: ClosedRange<Double> = -2.0...1.0
    /// Bodies lower than this (geometric, degrees) are below the visible horizon.
    public static let lowestAltitudeDegrees = -2.0

    /// −180…180.
    public static func normalized(_ degrees: Double) -> Double {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }

    /// The check at `unixSeconds` from `position`. Throws `FixError` for a
    /// body below the horizon, or (with `amplitude`) not at rising or setting.
    public static func check(body: CelestialBody, bearingDegrees: Double, unixSeconds: Double, from position: GeoPosition,
                             variationDegrees: Double? = nil, amplitude: Bool = false,
                             almanac: Almanac) throws -> CompassCheck {
        let entry = try almanac.entry(for: body, atUnixSeconds: unixSeconds)
        let (h, zn) = SightReduction.altitudeAndAzimuth(ghaDegrees: entry.ghaDegrees, decDegrees: entry.decDegrees,
                                                        from: position)
        guard h >= lowestAltitudeDegrees else {
            throw FixError(field: "body (\(body.name))", problem: String(
                format: "it is below the horizon then from the DR (computed altitude %.1f°): check the body, the "
                    + "time and the DR", h))
        }
        var amp: Amplitude?
        if amplitude {
            guard amplitudeAltitudeDegrees.contains(h) else {
                throw FixError(field: "--amplitude", problem: String(
                    format: "%@ is not at rising or setting then (computed altitude %.1f°; an amplitude is taken with "
                        + "its centre on the visible horizon, about −0.7° less the dip): give the time of the bearing, "
                        + "or drop --amplitude for a bearing by azimuth", body.name, h))
            }
            let rising = zn < 180
            amp = Amplitude(event: rising ? .rising : .setting, degreesNorth: rising ? 90 - zn : zn - 270)
        }
        return CompassCheck(body: body, unixSeconds: unixSeconds, azimuthDegrees: zn, altitudeDegrees: h,
                            bearingDegrees: bearingDegrees, errorDegrees: normalized(zn - bearingDegrees),
                            variationDegrees: variationDegrees, amplitude: amp)
    }
}
