import Foundation

/// Mars Year numbering of Clancy et al. (2000), J. Geophys. Res. 105(E4),
/// 9553–9571: Mars Year 1 began at the northern spring equinox (Ls = 0°) of
/// 1955-04-11; each later year begins when Ls passes 0° again.
///
/// We count Ls = 0° crossings without a table: the years' starts sit within a
/// few hours of a mean tropical year of 360° / 0.524038496° per day (the
/// Mars24 fictitious mean sun rate, step B-2) after the 1955 equinox, so the
/// mean gives the count except near a year boundary, where the actual Ls
/// decides which side of the equinox the instant lies on.
public enum MarsYear {
    /// The Mars24 tropical year in days: 360° / 0.524038496° d⁻¹ ≈ 686.9724.
    public static let meanLengthDays = 360 / 0.524_038_496
    /// Days since J2000 (TT) of the Ls = 0° that began Mars Year 1,
    /// 1955-04-11 ≈ 10:59 TT, found by bisection on this engine's Ls
    /// (`MarsYearTests` checks that Ls crosses 0° here).
    public static let yearOneStartDaysSinceJ2000TT = -16_336.0425

    /// The Mars Year of the instant `daysSinceJ2000TT` whose solar longitude
    /// is `solarLongitude` (degrees, [0, 360)). Years before 1 count down
    /// through 0 and negatives, so a crossing is always one year.
    @inlinable
    public static func number(daysSinceJ2000TT t: Double, solarLongitude ls: Double) -> Int {
        let years = (t - yearOneStartDaysSinceJ2000TT) / meanLengthDays
        guard years.isFinite, abs(years) < 1e9 else { return 0 }
        var whole = years.rounded(.down)
        let fraction = years - whole
        // Near a boundary the mean and the true equinox can disagree by hours;
        // Ls is the authority. A year is 360° of Ls, so late-year fractions
        // with a small Ls are already in the next year, and vice versa.
        if fraction > 0.75 && ls < 90 { whole += 1 }
        if fraction < 0.25 && ls > 270 { whole -= 1 }
        return Int(whole) + 1
    }
}
