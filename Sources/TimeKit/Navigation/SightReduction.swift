import Foundation

/// Sextant altitude to observed altitude, and the altitude and azimuth a
/// body would have at a position. Pure functions.
public enum SightReduction {
    static let degrees = 180 / Double.pi
    static let radians = Double.pi / 180

    /// Hs → Ho: Ha = Hs − IE − dip; Ho = Ha − R ± SD + parallax in altitude.
    ///
    /// Semi-diameter is added for a lower limb and subtracted for an upper
    /// one; the Moon's is augmented for its nearness to the observer (its
    /// geocentric SD scaled by geocentric over topocentric distance).
    /// Parallax is worked for an observer on the WGS-84 ellipsoid at
    /// `position` (issue 32 item 8): the observer sits at geocentric radius
    /// ρ < 1 equatorial radius, and off the vertical towards the equator by
    /// the angle of the vertical (φ − φ′, up to 11.6′). The body's geocentric
    /// direction is found by adding that offset vector to the topocentric one
    /// and measured against the same (geodetic) horizon that Hc uses. To
    /// first order this is the Nautical Almanac's two terms: HP reduced by
    /// ρ (HP·f·sin²φ less) and an azimuth term −HP·(φ − φ′)·cos Zn·sin H; the
    /// spherical model it replaces, asin(sin HP·cos H), left up to 0.2′ for
    /// the Moon. Zn comes from the entry's GHA/Dec at `position`, which may be
    /// a DR miles off: the correction changes by under 0.01′ per degree of
    /// latitude or azimuth (HP·f·sin 2φ, 2·HP·f·cos 2φ and HP·(φ − φ′) per
    /// radian), so a DR within a degree costs under 0.01′.
    public static func observedAltitudeDegrees(sextantAltitudeDegrees hs: Double, limb: Limb, entry: AlmanacEntry,
                                               corrections: SightCorrections, from position: GeoPosition) -> Double {
        let ha = hs - (corrections.indexErrorArcminutes + corrections.dipArcminutes) / 60
        let h1 = ha - corrections.refractionArcminutes(apparentAltitudeDegrees: ha) / 60
        guard let hpArcminutes = entry.horizontalParallaxArcminutes, hpArcminutes > 0 else {
            return limbCorrected(h1, limb: limb, semiDiameterDegrees: (entry.semiDiameterArcminutes ?? 0) / 60)
        }
        let zn = altitudeAndAzimuth(ghaDegrees: entry.ghaDegrees, decDegrees: entry.decDegrees, from: position).azimuthDegrees
        let parallax = ObserverParallax(latitudeDegrees: position.latitudeDegrees, azimuthDegrees: zn,
                                        horizontalParallaxArcminutes: hpArcminutes)
        var sd = (entry.semiDiameterArcminutes ?? 0) / 60
        if entry.body == .moon {
            // Augmentation: sin SDtopo = sin SD · (geocentric / topocentric distance).
            sd = asin(min(1, sin(sd * radians) * parallax.distanceRatio(topocentricAltitudeDegrees: h1))) * degrees
        }
        return parallax.geocentricAltitudeDegrees(topocentricAltitudeDegrees: limbCorrected(h1, limb: limb,
                                                                                              semiDiameterDegrees: sd))
    }

    static func limbCorrected(_ h: Double, limb: Limb, semiDiameterDegrees sd: Double) -> Double {
        switch limb {
        case .centre: h
        case .lower: h + sd
        case .upper: h - sd
        }
    }

    /// The inverse of `observedAltitudeDegrees`: the Hs a perfect sextant
    /// would read from `position` for a true altitude Ho (for tests and sight
    /// planning). Solved by iteration; exact to 1e-9°.
    public static func sextantAltitudeDegrees(observedAltitudeDegrees ho: Double, limb: Limb, entry: AlmanacEntry,
                                              corrections: SightCorrections, from position: GeoPosition) -> Double {
        var hs = ho
        for _ in 0..<50 {
            let error = observedAltitudeDegrees(sextantAltitudeDegrees: hs, limb: limb, entry: entry,
                                                corrections: corrections, from: position) - ho
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

    /// The altitude (degrees, airless) and azimuth a body has as seen from
    /// the surface at `position`: the navigational triangle's, less the
    /// parallax on the WGS-84 ellipsoid for a body with one (the Moon by up
    /// to a degree). For planning and rising and setting, not for Hc.
    public static func topocentricAltitudeAndAzimuth(_ entry: AlmanacEntry,
                                                     from position: GeoPosition) -> (altitudeDegrees: Double, azimuthDegrees: Double) {
        let (h, zn) = altitudeAndAzimuth(ghaDegrees: entry.ghaDegrees, decDegrees: entry.decDegrees, from: position)
        guard let hp = entry.horizontalParallaxArcminutes, hp > 0 else { return (h, zn) }
        let parallax = ObserverParallax(latitudeDegrees: position.latitudeDegrees, azimuthDegrees: zn,
                                        horizontalParallaxArcminutes: hp)
        return (parallax.topocentric(geocentricAltitudeDegrees: h).altitudeDegrees, zn)
    }
}
