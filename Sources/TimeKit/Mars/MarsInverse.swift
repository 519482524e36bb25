import Foundation

/// Mars time to Earth time: the instant at which a longitude's local mean or
/// true solar time reads a given clock time on a given sol.
///
/// The forward algorithm (`Mars24`, steps A–C) is inverted step by step:
/// the local Mars Sol Date `L = MSD + λ/360°` (λ east) is `sol + LMST/24`
/// exactly, so LMST inverts in closed form through C-2 (MSD → ΔtJ2000) and
/// A-6 (TT → UTC, leap seconds by a fixed point that settles in one or two
/// steps). LTST = LMST + EOT/15 needs iteration because the equation of time
/// moves with the instant: x = (LTST − EOT(x)/15)/24 is a contraction (EOT
/// changes by at most ~0.17° a sol, so each step shrinks the error by ~5·10⁻⁴),
/// and three steps reach double precision.
///
/// Sols are mean sols: a sol begins at local mean midnight, as mission sol
/// counts do, so the forward report at the answer gives back the same sol.
/// Near local mean midnight LTST can then occur twice in one sol (EOT grew
/// during it) or not at all (EOT shrank): the `solutions` API returns both
/// or none; `answer` takes the first and reports none as an error.
public enum MarsInverse {
    // MARK: The exact inverse (no rounding)

    /// Inverse of C-2: days since J2000 (TT) at a Mars Sol Date.
    @inlinable public static func daysSinceJ2000TT(marsSolDate msd: Double) -> Double {
        (msd - 44_796.0 + 0.000_962_6) * 1.027_491_251_7 + 4.5
    }

    /// Inverse of A-6 with leap seconds: Unix seconds (UTC) at `t` days
    /// since J2000 (TT). TT − UTC is looked up at the answer itself.
    @inlinable public static func unixSeconds(daysSinceJ2000TT t: Double, leapSeconds: LeapSecondTable) -> Double {
        let unixPlusTT = t * 86_400 + 946_728_000
        var u = unixPlusTT - leapSeconds.ttMinusUTC(atUnixSeconds: unixPlusTT - 69.184)
        for _ in 0..<3 {
            let next = unixPlusTT - leapSeconds.ttMinusUTC(atUnixSeconds: u)
            if next == u { break }
            u = next
        }
        return u
    }

    /// The instant (Unix seconds, unrounded) at which LMST at `longitudeEast`
    /// is `hours` on local sol `localSol` (= floor(MSD + λ/360°)).
    @inlinable public static func unixSecondsForLMST(localSol: Int, hours: Double, longitudeEast: Double,
                                                     leapSeconds: LeapSecondTable) -> Double {
        let lon = MarsLongitude.normalized(longitudeEast)
        let msd = Double(localSol) + hours / 24 - lon / 360
        return unixSeconds(daysSinceJ2000TT: daysSinceJ2000TT(marsSolDate: msd), leapSeconds: leapSeconds)
    }

    /// Steps B-1 … C-1 at `t` days since J2000 (TT): the equation of time in degrees.
    @inlinable public static func equationOfTime(daysSinceJ2000TT t: Double) -> Double {
        let m = Mars24.meanAnomaly(daysSinceJ2000TT: t)
        let alpha = Mars24.fictitiousMeanSun(daysSinceJ2000TT: t)
        let nu = Mars24.equationOfCenter(daysSinceJ2000TT: t, meanAnomaly: m,
                                         perturbers: Mars24.perturbers(daysSinceJ2000TT: t))
        return Mars24.equationOfTime(solarLongitude: Mars24.solarLongitude(fictitiousMeanSun: alpha, equationOfCenter: nu),
                                     equationOfCenter: nu)
    }

    /// Fractions x of mean sol `localSol` (0 ≤ x < 1, ascending) at which
    /// LTST at `longitudeEast` is `hours`: zero, one or (near local mean
    /// midnight, for a few seconds of LTST) two of them.
    @inlinable public static func ltstFractions(localSol: Int, hours: Double, longitudeEast: Double) -> [Double] {
        let lon = MarsLongitude.normalized(longitudeEast)
        let base = Double(localSol) - lon / 360
        // y(x): where LMST must be, in sols, for LTST = hours at fraction x.
        func y(_ x: Double) -> Double {
            let t = daysSinceJ2000TT(marsSolDate: base + x)
            return (hours - equationOfTime(daysSinceJ2000TT: t) / 15) / 24
        }
        func solve(branch k: Double, from x0: Double) -> Double {
            var x = x0
            for _ in 0..<3 { x = y(x) + k }
            return x
        }
        let first = y(hours / 24)
        let main = solve(branch: 0, from: first)
        // EOT moves at most ~0.01 h a sol, so only a time within that of
        // the sol's ends can have a second solution (or none).
        if main >= 0.02 && main < 0.98 { return [main] }
        var found: [Double] = []
        for k in [0.0, 1.0, -1.0] {
            let x = k == 0 ? main : solve(branch: k, from: first + k)
            if x >= 0 && x < 1 { found.append(x) }
        }
        return found.sorted()
    }

    /// Instants (Unix seconds, unrounded, ascending) at which LTST at
    /// `longitudeEast` is `hours` within mean local sol `localSol`.
    @inlinable public static func unixSecondsForLTST(localSol: Int, hours: Double, longitudeEast: Double,
                                                     leapSeconds: LeapSecondTable) -> [Double] {
        let lon = MarsLongitude.normalized(longitudeEast)
        return ltstFractions(localSol: localSol, hours: hours, longitudeEast: lon).map { x in
            let msd = Double(localSol) + x - lon / 360
            return unixSeconds(daysSinceJ2000TT: daysSinceJ2000TT(marsSolDate: msd), leapSeconds: leapSeconds)
        }
    }
}
