import Foundation

/// The rotation from the GCRS (≈ J2000 mean equator) to the true equator
/// and equinox of date, and Greenwich apparent sidereal time, at one instant.
///
/// Precession IAU 2006 (Capitaine et al. 2003, the four-angle form
/// P = R3(χA) R1(−ωA) R3(−ψA) R1(ε0) of IERS Conventions 2010 eq. 5.39),
/// nutation IAU 2000B, GAST = ERA + GMST polynomial + equation of the
/// equinoxes (IERS Conventions 2010 eq. 5.30–5.32). The frame bias (23 mas)
/// and the equinox complementary terms (< 3 mas) are left out: both are far
/// below the almanac's 0.1′.
public struct EarthOrientation: Sendable {
    /// GCRS → true equator and equinox of date.
    public var trueOfDate: Matrix3
    /// Greenwich apparent sidereal time, degrees in 0..<360.
    public var gastDegrees: Double

    public init(time: AlmanacTime) {
        let t = time.centuriesTT
        let asec = Nutation.arcsecondsToRadians
        let eps0 = 84381.406 * asec
        let psiA = (5038.481507 + t * (-1.0790069 + t * (-0.00114045 + t * (0.000132851 + t * -0.0000000951)))) * t
        let omegaA = 84381.406 + (-0.025754 + t * (0.0512623 + t * (-0.00772503 + t * (-0.000000467
            + t * 0.0000003337)))) * t
        let chiA = (10.556403 + t * (-2.3814292 + t * (-0.00121197 + t * (0.000170663 + t * -0.0000000560)))) * t
        let precession = Matrix3.rz(chiA * asec) * Matrix3.rx(-omegaA * asec) * Matrix3.rz(-psiA * asec)
            * Matrix3.rx(eps0)
        let epsA = Nutation.meanObliquityRadians(centuriesTT: t)
        let (dpsi, deps) = Nutation.angles(centuriesTT: t)
        let nutation = Matrix3.rx(-(epsA + deps)) * Matrix3.rz(-dpsi) * Matrix3.rx(epsA)
        trueOfDate = nutation * precession

        // Earth rotation angle from UT1 (IERS 2010 eq. 5.15), split to keep precision.
        let du = time.julianDayUT1 - 2451545.0
        let era = 0.7790572732640 + 0.00273781191135448 * du + du.truncatingRemainder(dividingBy: 1)
        let gmstPolyArcsec = 0.014506 + t * (4612.156534 + t * (1.3915817 + t * (-0.00000044
            + t * (-0.000029956 + t * -0.0000000368))))
        let equationOfEquinoxes = dpsi * cos(epsA)
        var gast = era.truncatingRemainder(dividingBy: 1) * 360 + gmstPolyArcsec / 3600
            + equationOfEquinoxes * 180 / .pi
        gast = gast.truncatingRemainder(dividingBy: 360)
        if gast < 0 { gast += 360 }
        gastDegrees = gast
    }
}
