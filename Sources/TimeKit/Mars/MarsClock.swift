import Foundation

/// Mars time at one instant and one longitude: every quantity of the Mars24
/// algorithm (NASA GISS, "Algorithm and Worked Examples"), computed once.
///
/// Build it from an instant, TT − UTC for that instant (see
/// `LeapSecondTable.ttMinusUTC(at:)`) and an east longitude. All angles are
/// in degrees, times of day in hours on a 24-hour Mars clock.
public struct MarsClock: Equatable, Sendable {
    /// The instant, seconds since 1970-01-01T00:00:00Z (UTC, no leap seconds).
    public var unixSeconds: Double
    /// TT − UTC used for this instant, in seconds (step A-4).
    public var ttMinusUTCSeconds: Double
    /// Julian Date (UT), step A-2.
    public var julianDateUT: Double
    /// Julian Date (TT), step A-5.
    public var julianDateTT: Double
    /// Days since the J2000 epoch in TT, ΔtJ2000, step A-6.
    public var daysSinceJ2000TT: Double
    /// Mars mean anomaly M in [0, 360), step B-1.
    public var meanAnomaly: Double
    /// Angle of the fictitious mean sun αFMS in [0, 360), step B-2.
    public var fictitiousMeanSun: Double
    /// Perturbers PBS, step B-3.
    public var perturbers: Double
    /// Equation of center ν − M, step B-4.
    public var equationOfCenter: Double
    /// Areocentric solar longitude Ls in [0, 360), step B-5.
    public var solarLongitude: Double
    /// Equation of time in degrees (15° = one Mars hour), step C-1.
    public var equationOfTime: Double
    /// Mars Sol Date, step C-2.
    public var marsSolDate: Double
    /// Coordinated Mars Time (mean solar time at Airy-0) in hours, step C-2.
    public var coordinatedMarsTime: Double
    /// The longitude these local times are for, degrees east in (−180, 180].
    public var longitudeEast: Double
    /// Local mean solar time in hours, step C-3.
    public var localMeanSolarTime: Double
    /// Local true solar time in hours, step C-4.
    public var localTrueSolarTime: Double
    /// Subsolar longitude, degrees east in (−180, 180], step D-1.
    public var subsolarLongitudeEast: Double
    /// Planetographic solar declination, step D-2.
    public var solarDeclination: Double
    /// Heliocentric distance in AU, step D-3.
    public var heliocentricDistance: Double
    /// Mars Year (Clancy et al. 2000: year 1 began at Ls 0 on 1955-04-11).
    public var marsYear: Int

    /// Evaluates the whole algorithm for one instant and longitude.
    @inlinable
    public init(unixSeconds: Double, ttMinusUTCSeconds: Double, longitudeEast: Double) {
        self.unixSeconds = unixSeconds
        self.ttMinusUTCSeconds = ttMinusUTCSeconds
        let jdUT = Mars24.julianDateUT(unixSeconds: unixSeconds)
        julianDateUT = jdUT
        julianDateTT = Mars24.julianDateTT(julianDateUT: jdUT, ttMinusUTCSeconds: ttMinusUTCSeconds)
        let t = Mars24.daysSinceJ2000TT(unixSeconds: unixSeconds, ttMinusUTCSeconds: ttMinusUTCSeconds)
        daysSinceJ2000TT = t
        let m = Mars24.meanAnomaly(daysSinceJ2000TT: t)
        meanAnomaly = m
        let alpha = Mars24.fictitiousMeanSun(daysSinceJ2000TT: t)
        fictitiousMeanSun = alpha
        let pbs = Mars24.perturbers(daysSinceJ2000TT: t)
        perturbers = pbs
        let nu = Mars24.equationOfCenter(daysSinceJ2000TT: t, meanAnomaly: m, perturbers: pbs)
        equationOfCenter = nu
        let ls = Mars24.solarLongitude(fictitiousMeanSun: alpha, equationOfCenter: nu)
        solarLongitude = ls
        let eot = Mars24.equationOfTime(solarLongitude: ls, equationOfCenter: nu)
        equationOfTime = eot
        let msd = Mars24.marsSolDate(daysSinceJ2000TT: t)
        marsSolDate = msd
        let mtc = Mars24.coordinatedMarsTime(marsSolDate: msd)
        coordinatedMarsTime = mtc
        let lon = MarsLongitude.normalized(longitudeEast)
        self.longitudeEast = lon
        let lmst = Mars24.localMeanSolarTime(coordinatedMarsTime: mtc, longitudeEast: lon)
        localMeanSolarTime = lmst
        localTrueSolarTime = Mars24.localTrueSolarTime(localMeanSolarTime: lmst, equationOfTime: eot)
        subsolarLongitudeEast = Mars24.subsolarLongitudeEast(coordinatedMarsTime: mtc, equationOfTime: eot)
        solarDeclination = Mars24.solarDeclination(solarLongitude: ls)
        heliocentricDistance = Mars24.heliocentricDistance(meanAnomaly: m)
        marsYear = MarsYear.number(daysSinceJ2000TT: t, solarLongitude: ls)
    }

    /// Evaluates the algorithm at `date`.
    public init(at date: Date, ttMinusUTCSeconds: Double, longitudeEast: Double) {
        self.init(unixSeconds: date.timeIntervalSince1970, ttMinusUTCSeconds: ttMinusUTCSeconds,
                  longitudeEast: longitudeEast)
    }

    /// The sol number: the integer part of the Mars Sol Date.
    public var sol: Int { Int(marsSolDate.rounded(.down)) }

    /// The northern-hemisphere season that Ls falls in.
    public var northernSeason: MarsSeason { MarsSeason(solarLongitude: solarLongitude) }

    /// The Mars Sol Date counted from local mean midnight at this longitude
    /// (MSD + λ/360°): its integer part changes when LMST passes 00:00.
    public var localMarsSolDate: Double { marsSolDate + longitudeEast / 360 }
}
