import Foundation

/// Sunrise and sunset at a position for one local day (issue 34), from the
/// almanac.
///
/// Sunrise and sunset are the instants the Sun's **upper limb** touches a
/// sea-level horizon with standard refraction: its centre at
/// `horizonAltitudeDegrees` = −0.833° geometric (34′ of refraction plus a
/// 16′ semi-diameter), the convention of the almanacs, NOAA and Skyfield.
/// Found as SightPlan finds civil twilight: the Sun's altitude sampled every
/// 10 minutes, a sign change bisected to well under a second. A rise and
/// set less than 10 minutes apart (a graze at the edge of polar night) can
/// be missed and reported as polar night; Skyfield's own search steps an
/// hour.
///
/// The local day is the **mean solar day at the position's longitude**
/// (from 00:00 local mean time, that is UTC midnight − longitude/15 h, for
/// 24 hours): it needs no time-zone lookup for a point at sea, and sunrise
/// always comes before sunset inside it. It can differ from a civil day by
/// up to a few hours where the zone is far from solar time.
public struct SunriseSunset: Equatable, Sendable {
    /// Why there is no sunrise and no sunset on the day.
    public enum Polar: String, Equatable, Sendable {
        /// The upper limb stays above the horizon all day.
        case day
        /// The upper limb stays below the horizon all day.
        case night
    }

    /// The Sun's centre at sunrise and sunset (geometric): upper limb on the
    /// horizon with standard refraction.
    public static let horizonAltitudeDegrees = -0.833

    /// The local day searched: `dayStart ..< dayStart + 86400` (Unix seconds).
    public var dayStartUnixSeconds: Double
    /// Unix seconds; nil when the Sun does not rise that day.
    public var sunriseUnixSeconds: Double?
    /// Unix seconds; nil when the Sun does not set that day.
    public var sunsetUnixSeconds: Double?
    /// Set when neither happens: polar day or polar night. With only one of
    /// the two nil (the first or last day of a polar season) this is nil.
    public var polar: Polar?

    /// The start (00:00 local mean time) of the mean solar day at
    /// `longitudeDegrees` that holds `unixSeconds`.
    public static func dayStart(containing unixSeconds: Double, longitudeDegrees: Double) -> Double {
        let offset = longitudeDegrees / 15 * 3600
        return ((unixSeconds + offset) / 86400).rounded(.down) * 86400 - offset
    }

    /// Sunrise and sunset at `position` on the mean solar day holding
    /// `unixSeconds`. Throws only when the almanac does not cover the day.
    public static func day(containing unixSeconds: Double, at position: GeoPosition,
                           almanac: Almanac) throws -> SunriseSunset {
        let start = dayStart(containing: unixSeconds, longitudeDegrees: position.longitudeDegrees)
        func height(_ t: Double) throws -> Double {
            let sun = try almanac.entry(for: .sun, atUnixSeconds: t)
            return SightReduction.altitudeAndAzimuth(ghaDegrees: sun.ghaDegrees, decDegrees: sun.decDegrees,
                                                     from: position).altitudeDegrees - horizonAltitudeDegrees
        }
        let step = 600.0
        var rise: Double?, set: Double?
        var t0 = start
        var h0 = try height(t0)
        let above = h0 >= 0
        var allSame = true
        while t0 < start + 86400 {
            let t1 = min(t0 + step, start + 86400)
            let h1 = try height(t1)
            if (h0 < 0) != (h1 < 0) {
                allSame = false
                var lo = t0, hi = t1, hlo = h0
                for _ in 0..<24 {   // 600 s / 2^24: far below a second
                    let mid = (lo + hi) / 2
                    let hm = try height(mid)
                    if (hm < 0) == (hlo < 0) { lo = mid; hlo = hm } else { hi = mid }
                }
                let crossing = (lo + hi) / 2
                if h1 > h0 { if rise == nil { rise = crossing } } else if set == nil { set = crossing }
            }
            t0 = t1; h0 = h1
        }
        let polar: Polar? = allSame ? (above ? .day : .night) : nil
        return SunriseSunset(dayStartUnixSeconds: start, sunriseUnixSeconds: rise, sunsetUnixSeconds: set, polar: polar)
    }
}
