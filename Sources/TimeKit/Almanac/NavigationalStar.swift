import Foundation

/// A star of the almanac: Hipparcos (new reduction, ICRS, epoch J1991.25).
public struct NavigationalStar: Equatable, Sendable {
    public var name: String
    public var hipparcosNumber: Int
    public var raDegrees: Double
    public var decDegrees: Double
    public var parallaxMilliarcseconds: Double
    /// Proper motion in right ascension, times cos(dec).
    public var properMotionRAMilliarcsecondsPerYear: Double
    public var properMotionDecMilliarcsecondsPerYear: Double
    /// Hipparcos magnitude (close to V for these stars).
    public var magnitude: Double
    /// IAU constellation abbreviation (`UMa`), where the file gives one
    /// (the brighter stars of `almanac-bright-stars.tsv`).
    public var constellation: String? = nil

    /// Julian day (TDB) of the catalogue epoch, J1991.25.
    public static let epochJulianDayTDB = 2448349.0625

    /// Barycentric position (km) at the catalogue epoch and space motion
    /// (km/day), as Skyfield's `Star` and NOVAS compute them (no radial velocity).
    var positionKm: Vector3 {
        let parallax = max(parallaxMilliarcseconds, 1e-6)
        let distanceAU = 1 / sin(parallax * 1e-3 * Nutation.arcsecondsToRadians)
        return Vector3.direction(raRadians: raDegrees * .pi / 180, decRadians: decDegrees * .pi / 180)
            * (distanceAU * Almanac.kilometresPerAU)
    }

    var velocityKmPerDay: Vector3 {
        let parallax = max(parallaxMilliarcseconds, 1e-6)
        let ra = raDegrees * .pi / 180, dec = decDegrees * .pi / 180
        let pmr = properMotionRAMilliarcsecondsPerYear / (parallax * 365.25)
        let pmd = properMotionDecMilliarcsecondsPerYear / (parallax * 365.25)
        let v = Vector3(-pmr * sin(ra) - pmd * sin(dec) * cos(ra),
                        pmr * cos(ra) - pmd * sin(dec) * sin(ra),
                        pmd * cos(dec))
        return v * Almanac.kilometresPerAU
    }

    public struct ParseError: Error, CustomStringConvertible {
        public var line: Int
        public var file = "almanac-stars.tsv"
        public var description: String {
            "\(file) line \(line) is malformed. Regenerate it with scripts/generate-almanac-data.py."
        }
    }

    /// Longest star name or constellation the files may hold (they reach the terminal).
    static let longestName = 40

    /// Parses `almanac-stars.tsv` or `almanac-bright-stars.tsv` (tab-separated;
    /// `#` lines are comments; an optional ninth column is the constellation).
    public static func parseCatalogue(_ text: String, file: String = "almanac-stars.tsv") throws -> [NavigationalStar] {
        var stars: [NavigationalStar] = []
        for (index, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
            let f = line.split(separator: "\t")
            // Numbers by `PlainDecimal` (no strtod; the same doubles).
            func number(_ i: Int) -> Double? { PlainDecimal.parse(f[i].utf8) }
            func inert(_ s: Substring) -> Bool { s.utf8.count <= longestName && InertText.isInert(String(s)) }
            guard f.count >= 8, f.count <= 9, inert(f[0]), let hip = Int(f[1]), let ra = number(2), let dec = number(3),
                  let plx = number(4), let pmra = number(5), let pmdec = number(6), let mag = number(7),
                  f.count == 8 || inert(f[8])
            else { throw ParseError(line: index + 1, file: file) }
            stars.append(NavigationalStar(name: String(f[0]), hipparcosNumber: hip, raDegrees: ra, decDegrees: dec,
                                          parallaxMilliarcseconds: plx, properMotionRAMilliarcsecondsPerYear: pmra,
                                          properMotionDecMilliarcsecondsPerYear: pmdec, magnitude: mag,
                                          constellation: f.count == 9 ? String(f[8]) : nil))
        }
        return stars
    }
}
