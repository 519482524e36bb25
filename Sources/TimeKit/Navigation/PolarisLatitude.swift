import Foundation

/// Latitude from a sight of Polaris, worked exactly from the almanac's
/// position of the star (not the printed a0/a1/a2 tables): the latitude
/// on the DR's meridian where the computed altitude equals Ho.
public struct PolarisLatitude: Equatable, Sendable {
    public var latitudeDegrees: Double
    /// True azimuth of Polaris from (latitude, DR longitude), degrees.
    public var azimuthDegrees: Double
    public var observedAltitudeDegrees: Double
    /// The DR longitude the latitude holds on.
    public var longitudeDegrees: Double
    public var unixSeconds: Double
    /// Newton steps taken.
    public var iterations: Int

    /// A latitude farther than this (nm) from the DR's is refused: a degree
    /// misread, or the wrong star (the same limit as a fix from the DR).
    public static let farFromDeadReckoningNauticalMiles = CelestialFix.farFromDeadReckoningNauticalMiles

    /// Solves Hc(φ, DR longitude) = Ho for φ by Newton's method from φ = Ho
    /// (dHc/dφ = cos Zn), to 1e-9°; `FixError` when it does not settle in
    /// 30 steps, when the sight is not of Polaris, or when the latitude is
    /// far from the DR's.
    public static func solve(_ sight: Sight, deadReckoning: GeoPosition, almanac: Almanac,
                             corrections: SightCorrections) throws -> PolarisLatitude {
        guard sight.body == .star("Polaris") else {
            throw FixError(field: "sight (\(sight.bodyText))",
                           problem: "a latitude by Polaris needs a sight of Polaris; for another body use timedeck fix")
        }
        guard sight.sextantAltitudeDegrees > 0, sight.sextantAltitudeDegrees < 90 else {
            throw FixError(field: "sight (Polaris)", problem: "Hs \(sight.sextantAltitudeDegrees)° is outside 0°–90°")
        }
        let entry = try almanac.entry(for: sight.body, atUnixSeconds: sight.unixSeconds)
        let ho = SightReduction.observedAltitudeDegrees(sextantAltitudeDegrees: sight.sextantAltitudeDegrees,
                                                        limb: .centre, entry: entry, corrections: corrections,
                                                        from: deadReckoning)
        let lon = deadReckoning.longitudeDegrees
        func hcZn(_ lat: Double) -> (Double, Double) {
            let p = GeoPosition(wrappingLatitude: lat, longitude: lon)
            let r = SightReduction.altitudeAndAzimuth(ghaDegrees: entry.ghaDegrees, decDegrees: entry.decDegrees, from: p)
            return (r.altitudeDegrees, r.azimuthDegrees)
        }
        var lat = ho
        var settled: Int?
        for step in 1...30 {
            let (hc, zn) = hcZn(lat)
            let slope = cos(zn * .pi / 180)
            guard abs(slope) > 0.5 else { break }  // Polaris is within 2° of north below 88° N
            let delta = (ho - hc) / slope
            lat += delta
            guard lat.isFinite, abs(lat) < 89.9 else { break }
            if abs(delta) < 1e-9 { settled = step; break }
        }
        guard let iterations = settled else {
            throw FixError(field: "sight (Polaris)", problem: String(
                format: "the latitude did not converge (Ho %.4f°): no latitude on the DR's meridian has that altitude "
                    + "of Polaris; check Hs, the time and the DR longitude", ho))
        }
        let miles = abs(lat - deadReckoning.latitudeDegrees) * 60
        guard miles <= farFromDeadReckoningNauticalMiles else {
            throw FixError(field: "sight (Polaris)", problem: String(
                format: "the latitude by Polaris, %.4f°, is %.0f nm from the DR's (more than %.0f nm): check Hs "
                    + "(a degree misread?), the time and the DR; if the DR really is that far off, give it near that "
                    + "latitude", lat, miles, farFromDeadReckoningNauticalMiles))
        }
        return PolarisLatitude(latitudeDegrees: lat, azimuthDegrees: hcZn(lat).1, observedAltitudeDegrees: ho,
                               longitudeDegrees: lon, unixSeconds: sight.unixSeconds, iterations: iterations)
    }
}
