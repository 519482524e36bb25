import Foundation

/// The steps of the NASA GISS Mars24 algorithm, one pure function each.
///
/// Source: NASA GISS, "Mars24 Sunclock — Algorithm and Worked Examples"
/// (https://www.giss.nasa.gov/tools/mars24/help/algorithm.html), which revises
/// Allison & McEwen (2000), Planet. Space Sci. 48, 215–235, and Allison (1997),
/// Geophys. Res. Lett. 24, 1967–1970. Step numbers (A-1 … D-3) are the page's.
///
/// Angles are in degrees, times of day in hours, intervals in days unless a
/// name says otherwise. `MarsClock` strings these together; they are public so
/// tests can check each step against the page's worked examples.
public enum Mars24 {
    /// Julian Date of the Unix epoch, 1970-01-01T00:00:00 (step A-2).
    public static let julianDateOfUnixEpoch = 2_440_587.5
    /// Julian Date of the J2000 epoch, 2000-01-01T12:00:00 TT (step A-3).
    public static let julianDateOfJ2000 = 2_451_545.0
    /// Mean solar day of Mars in Earth days (step C-2).
    public static let earthDaysPerSol = 1.027_491_251_7
    /// Length of a mean sol in SI seconds (`earthDaysPerSol` × 86 400).
    public static let secondsPerSol = 88_775.244_146_88

    // MARK: A. Days since the J2000 epoch

    /// Julian Date (UT) from seconds since the Unix epoch.
    @inlinable public static func julianDateUT(unixSeconds: Double) -> Double {
        julianDateOfUnixEpoch + unixSeconds / 86_400
    }

    /// Julian Date (TT) from the UT Julian Date and TT − UTC in seconds.
    @inlinable public static func julianDateTT(julianDateUT: Double, ttMinusUTCSeconds: Double) -> Double {
        julianDateUT + ttMinusUTCSeconds / 86_400
    }

    /// days since J2000 (TT), computed from Unix seconds directly so that
    /// no precision is lost in a large Julian Date (the page's
    /// `JD_TT − 2451545.0`, to within a rounding of a few microseconds).
    @inlinable public static func daysSinceJ2000TT(unixSeconds: Double, ttMinusUTCSeconds: Double) -> Double {
        (unixSeconds - 946_728_000 + ttMinusUTCSeconds) / 86_400
    }

    // MARK: B. Mars parameters of date

    /// B-1: Mars mean anomaly, M = 19.3871° + 0.52402073° ΔtJ2000, in [0, 360).
    @inlinable public static func meanAnomaly(daysSinceJ2000TT t: Double) -> Double {
        normalizedDegrees(19.3871 + 0.524_020_73 * t)
    }

    /// B-2: angle of the fictitious mean sun,
    /// αFMS = 270.3871° + 0.524038496° ΔtJ2000, in [0, 360).
    @inlinable public static func fictitiousMeanSun(daysSinceJ2000TT t: Double) -> Double {
        normalizedDegrees(270.3871 + 0.524_038_496 * t)
    }

    // B-3 amplitudes Aᵢ (degrees), periods τᵢ (Julian years) and phases φᵢ
    // (degrees) of the planetary perturbers are AM2000's Table 5, unrolled below.

    /// B-3: perturbers, PBS = Σ Aᵢ cos[(0.985626° ΔtJ2000 / τᵢ) + φᵢ].
    @inlinable public static func perturbers(daysSinceJ2000TT t: Double) -> Double {
        // Unrolled: this runs once per evaluation and the table mode does
        // half a million of those.
        let a = 0.985_626 * t
        var sum = 0.0071 * cosDegrees(a / 2.2353 + 49.409)
        sum += 0.0057 * cosDegrees(a / 2.7543 + 168.173)
        sum += 0.0039 * cosDegrees(a / 1.1177 + 191.837)
        sum += 0.0037 * cosDegrees(a / 15.7866 + 21.736)
        sum += 0.0021 * cosDegrees(a / 2.1354 + 15.704)
        sum += 0.0020 * cosDegrees(a / 2.4694 + 95.528)
        sum += 0.0018 * cosDegrees(a / 32.8493 + 49.095)
        return sum
    }

    /// B-4: equation of center, ν − M =
    /// (10.691° + 3.0° × 10⁻⁷ ΔtJ2000) sin M + 0.623° sin 2M + 0.050° sin 3M
    /// + 0.005° sin 4M + 0.0005° sin 5M + PBS.
    @inlinable public static func equationOfCenter(
        daysSinceJ2000TT t: Double, meanAnomaly m: Double, perturbers pbs: Double
    ) -> Double {
        let r = m * (Double.pi / 180)
        return (10.691 + 3.0e-7 * t) * sin(r) + 0.623 * sin(2 * r) + 0.050 * sin(3 * r)
            + 0.005 * sin(4 * r) + 0.0005 * sin(5 * r) + pbs
    }

    /// B-5: areocentric solar longitude, Ls = αFMS + (ν − M), in [0, 360).
    @inlinable public static func solarLongitude(fictitiousMeanSun alpha: Double, equationOfCenter nu: Double) -> Double {
        normalizedDegrees(alpha + nu)
    }

    // MARK: C. Mars time

    /// C-1: equation of time in degrees,
    /// EOT = 2.861° sin 2Ls − 0.071° sin 4Ls + 0.002° sin 6Ls − (ν − M).
    @inlinable public static func equationOfTime(solarLongitude ls: Double, equationOfCenter nu: Double) -> Double {
        let r = ls * (Double.pi / 180)
        return 2.861 * sin(2 * r) - 0.071 * sin(4 * r) + 0.002 * sin(6 * r) - nu
    }

    /// C-2: Mars Sol Date,
    /// MSD = (JD_TT − 2451549.5) / 1.0274912517 + 44796.0 − 0.0009626.
    @inlinable public static func marsSolDate(daysSinceJ2000TT t: Double) -> Double {
        (t - 4.5) / 1.027_491_251_7 + 44_796.0 - 0.000_962_6
    }

    /// C-2: Coordinated Mars Time (mean solar time at the prime meridian) in
    /// hours, MTC = mod24(24 h × MSD).
    @inlinable public static func coordinatedMarsTime(marsSolDate msd: Double) -> Double {
        normalizedHours(24 * (msd - msd.rounded(.down)))
    }

    /// C-3: local mean solar time at an east longitude, in hours. The page
    /// writes LMST = MTC − Λ (24 h / 360°) with Λ a west longitude; east
    /// longitude is −Λ.
    @inlinable public static func localMeanSolarTime(coordinatedMarsTime mtc: Double, longitudeEast: Double) -> Double {
        normalizedHours(mtc + longitudeEast / 15)
    }

    /// C-4: local true solar time, LTST = LMST + EOT (24 h / 360°), in hours.
    @inlinable public static func localTrueSolarTime(localMeanSolarTime lmst: Double, equationOfTime eot: Double) -> Double {
        normalizedHours(lmst + eot / 15)
    }

    // MARK: D. Additional calculations

    /// D-1: subsolar longitude. The page gives it west,
    /// Λs = MTC (360° / 24 h) + EOT + 180°; this returns the east longitude
    /// −Λs, in (−180, 180].
    @inlinable public static func subsolarLongitudeEast(coordinatedMarsTime mtc: Double, equationOfTime eot: Double) -> Double {
        MarsLongitude.normalized(-(mtc * 15 + eot + 180))
    }

    /// D-2: planetographic solar declination,
    /// δs = arcsin(0.42565 sin Ls) + 0.25° sin Ls.
    @inlinable public static func solarDeclination(solarLongitude ls: Double) -> Double {
        let s = sin(ls * (Double.pi / 180))
        return asin(0.42565 * s) * (180 / Double.pi) + 0.25 * s
    }

    /// D-3: heliocentric distance in AU, rM = 1.52367934 × (1.00436
    /// − 0.09309 cos M − 0.004336 cos 2M − 0.00031 cos 3M − 0.00003 cos 4M).
    @inlinable public static func heliocentricDistance(meanAnomaly m: Double) -> Double {
        let r = m * (Double.pi / 180)
        return 1.523_679_34 * (1.00436 - 0.09309 * cos(r) - 0.004336 * cos(2 * r)
            - 0.00031 * cos(3 * r) - 0.00003 * cos(4 * r))
    }

    // MARK: Helpers

    /// `degrees` reduced to [0, 360).
    @inlinable public static func normalizedDegrees(_ degrees: Double) -> Double {
        let r = degrees - 360 * (degrees / 360).rounded(.down)
        return r >= 360 ? r - 360 : r
    }

    /// `hours` reduced to [0, 24).
    @inlinable public static func normalizedHours(_ hours: Double) -> Double {
        let r = hours - 24 * (hours / 24).rounded(.down)
        return r >= 24 ? r - 24 : r
    }

    @inlinable static func cosDegrees(_ d: Double) -> Double { cos(d * (Double.pi / 180)) }
}
