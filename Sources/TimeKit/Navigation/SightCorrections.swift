import Foundation

/// The conditions of a round of sights: height of eye, index error and the
/// weather that bends the light.
public struct SightCorrections: Equatable, Sendable {
    /// Height of eye above the sea, metres.
    public var heightOfEyeMetres: Double
    /// Index error, arcminutes, positive "on the arc" (subtracted from Hs).
    public var indexErrorArcminutes: Double
    public var temperatureCelsius: Double
    public var pressureHectopascals: Double

    public init(heightOfEyeMetres: Double = 0, indexErrorArcminutes: Double = 0, temperatureCelsius: Double = 10,
                pressureHectopascals: Double = 1010) {
        self.heightOfEyeMetres = heightOfEyeMetres
        self.indexErrorArcminutes = indexErrorArcminutes
        self.temperatureCelsius = temperatureCelsius
        self.pressureHectopascals = pressureHectopascals
    }

    public static let standard = SightCorrections()

    /// Dip of the sea horizon, arcminutes: 1.76′·√h (h in metres; Nautical Almanac).
    public var dipArcminutes: Double { 1.76 * max(heightOfEyeMetres, 0).squareRoot() }

    /// Refraction for an apparent altitude, arcminutes: Bennett (1982) as the
    /// Nautical Almanac gives it, R = 0.0167°/tan(H + 7.32/(H + 4.32)),
    /// scaled by 0.28·P/(T + 273) for pressure (hPa) and temperature (°C).
    public func refractionArcminutes(apparentAltitudeDegrees h: Double) -> Double {
        let r = 0.0167 / tan((h + 7.32 / (h + 4.32)) * .pi / 180) * 60
        return r * 0.28 * pressureHectopascals / (temperatureCelsius + 273)
    }
}

/// Which part of the body the sextant brought to the horizon.
public enum Limb: String, Equatable, Sendable {
    case centre, lower, upper

    /// `LL`, `UL`, or empty for the centre.
    public var suffix: String {
        switch self {
        case .centre: ""
        case .lower: " LL"
        case .upper: " UL"
        }
    }
}
