import Foundation

/// Sextant altitude to observed altitude, and the altitude and azimuth a
/// body would have at a position. Pure functions.
public enum SightReduction {
    static let degrees = 180 / Double.pi
    static let radians = Double.pi / 180

    /// Hs → Ho: Ha = Hs − IE − dip; Ho = Ha − R ± SD + parallax in altitude.
    ///
    /// Semi-diameter is added for a lower limb and subtracted for an upper
    /// one; the Moon's is augmented for its nearness to the observer
    /// (SD·(1 + sin HP·sin H)). Parallax in altitude is asin(sin HP·cos H)
    /// (the Earth taken as a sphere of equatorial radius).
    public static func observedAltitudeDegrees(sextantAltitudeDegrees hs: Double, limb: Limb, entry: AlmanacEntry,
                                               corrections: SightCorrections) -> Double {
        let ha = hs - (corrections.indexErrorArcminutes + corrections.dipArcminutes) / 60
        let h1 = ha - corrections.refractionArcminutes(apparentAltitudeDegrees: ha) / 60
        let hp = (entry.horizontalParallaxArcminutes ?? 0) / 60 * radians
        var sd = (entry.semiDiameterArcminutes ?? 0) / 60
        if entry.body == .moon { sd *= 1 + sin(hp) * sin(h1 * radians) }
        let h2: Double
        switch limb {
        case .centre: h2 = h1
        case .lower: h2 = h1 + sd
        case .upper: h2 = h1 - sd
        }
        return h2 + asin(sin(hp) * cos(h2 * radians)) * degrees
    }

    /// The inverse of `observedAltitudeDegrees`: the Hs a perfect sextant
    /// would read for a true altitude Ho (for tests and sight planning).
    /// Solved by iteration; exact to 1e-9°.
    public static func sextantAltitudeDegrees(observedAltitudeDegrees ho: Double, limb: Limb, entry: AlmanacEntry,
                                              corrections: SightCorrections) -> Double {
        var hs = ho
        for _ in 0..<50 {
            let error = observedAltitudeDegrees(sextantAltitudeDegrees: hs, limb: limb, entry: entry,
                                                corrections: corrections) - ho
            hs -= error
            if abs(error) < 1e-11 { break }
        }
        return hs
    }

    /// Computed altitude (degrees) and true azimuth (degrees, 0..<360) of a
    /// body at GHA/Dec seen from `position` (the navigational triangle).
    public static func altitudeAndAzimuth(ghaDegrees: Double, decDegrees: Double,
                                          from position: GeoPosition) -> (altitudeDegrees: Double, azimuthDegrees: Double) {
        let lat = position.latitudeDegrees * radians
        let dec = decDegrees * radians
        let lha = (ghaDegrees + position.longitudeDegrees) * radians
        let sinH = sin(lat) * sin(dec) + cos(lat) * cos(dec) * cos(lha)
        let h = asin(max(-1, min(1, sinH)))
        var zn = atan2(-cos(dec) * sin(lha), sin(dec) * cos(lat) - cos(dec) * sin(lat) * cos(lha)) * degrees
        if zn < 0 { zn += 360 }
        return (h * degrees, zn)
    }
}
