import Foundation

/// One UTC instant on the time scales the almanac needs: TT, TDB and UT1.
public struct AlmanacTime: Equatable, Sendable {
    public var unixSeconds: Double
    public var julianDayTT: Double
    public var julianDayTDB: Double
    public var julianDayUT1: Double
    public var ut1MinusUTCSeconds: Double

    public static let unixEpochJulianDay = 2440587.5
    public static let j2000 = 2451545.0

    /// TDB − TT in seconds: the two largest periodic terms (Explanatory
    /// Supplement 1992, 2.222-1); under 2 ms, and 30 µs is all the rest.
    public static func tdbMinusTTSeconds(julianDayTT: Double) -> Double {
        let g = (357.53 + 0.9856003 * (julianDayTT - j2000)) * .pi / 180
        return 0.001657 * sin(g) + 0.000014 * sin(2 * g)
    }

    /// Julian centuries of TT since J2000.
    public var centuriesTT: Double { (julianDayTT - Self.j2000) / 36525 }

    public init(unixSeconds: Double, leapSeconds: LeapSecondTable, ut1: UT1Table) {
        self.unixSeconds = unixSeconds
        let jdUTC = Self.unixEpochJulianDay + unixSeconds / 86400
        let mjd = jdUTC - 2400000.5
        ut1MinusUTCSeconds = ut1.ut1MinusUTCSeconds(atMJD: mjd)
        julianDayTT = jdUTC + leapSeconds.ttMinusUTC(atUnixSeconds: unixSeconds) / 86400
        julianDayTDB = julianDayTT + Self.tdbMinusTTSeconds(julianDayTT: julianDayTT) / 86400
        julianDayUT1 = jdUTC + ut1MinusUTCSeconds / 86400
    }
}
