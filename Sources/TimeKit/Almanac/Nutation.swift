import Foundation

/// Nutation in longitude and obliquity, IAU 2000B, and the mean obliquity
/// of the ecliptic (IAU 2006). Pure functions of TT.
public enum Nutation {
    static let arcsecondsToRadians = Double.pi / (180 * 3600)
    /// 0.1 microarcsecond in radians (the unit of the term table).
    static let tenthMicroarcsecondToRadians = arcsecondsToRadians * 1e-7

    /// Δψ and Δε (radians) at `centuriesTT` Julian centuries of TT since J2000.
    /// IAU 2000B (McCarthy & Luzum 2003; SOFA nut00b): 77 luni-solar terms
    /// plus fixed offsets standing in for the planetary terms; 1 mas of 2000A.
    public static func angles(centuriesTT t: Double) -> (longitudeRadians: Double, obliquityRadians: Double) {
        // Fundamental arguments (Simon et al. 1994), arcseconds, as in nut00b.
        let asec360 = 1_296_000.0
        let l = (485868.249036 + 1717915923.2178 * t).truncatingRemainder(dividingBy: asec360)
        let lp = (1287104.79305 + 129596581.0481 * t).truncatingRemainder(dividingBy: asec360)
        let f = (335779.526232 + 1739527262.8478 * t).truncatingRemainder(dividingBy: asec360)
        let d = (1072260.70369 + 1602961601.2090 * t).truncatingRemainder(dividingBy: asec360)
        let om = (450160.398036 - 6962890.5431 * t).truncatingRemainder(dividingBy: asec360)
        let a = [l, lp, f, d, om].map { $0 * arcsecondsToRadians }
        var dpsi = 0.0, deps = 0.0
        for term in terms2000B {
            let m = term.multipliers
            let arg = m[0] * a[0] + m[1] * a[1] + m[2] * a[2] + m[3] * a[3] + m[4] * a[4]
            let s = sin(arg), c = cos(arg)
            dpsi += (term.psiSin + term.psiSinT * t) * s + term.psiCos * c
            deps += (term.epsCos + term.epsCosT * t) * c + term.epsSin * s
        }
        // Planetary terms replaced by constants (-0.135 mas, +0.388 mas).
        dpsi += -0.000135e7
        deps += 0.000388e7
        return (dpsi * tenthMicroarcsecondToRadians, deps * tenthMicroarcsecondToRadians)
    }

    /// Mean obliquity of the ecliptic, IAU 2006 (radians).
    public static func meanObliquityRadians(centuriesTT t: Double) -> Double {
        let arcseconds = 84381.406 + t * (-46.836769 + t * (-0.0001831 + t * (0.00200340
            + t * (-0.000000576 + t * -0.0000000434))))
        return arcseconds * arcsecondsToRadians
    }
}
