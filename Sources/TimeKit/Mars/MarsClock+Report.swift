import Foundation

/// The `timedeck mars` single-instant output: JSON with the exact
/// keys (the text table is the command's, in the user's language).
extension MarsClock {
    /// The JSON keys, in output order (missions add `site` and `missionSol`).
    public static let jsonKeys = [
        "utc", "julianDateUT", "julianDateTT", "ttMinusUTC", "daysSinceJ2000TT", "meanAnomaly",
        "fictitiousMeanSun", "equationOfCenter", "solarLongitude", "equationOfTime", "marsSolDate",
        "coordinatedMarsTime", "longitudeEast", "localMeanSolarTime", "localTrueSolarTime",
        "subsolarLongitudeEast", "solarDeclination", "heliocentricDistance", "marsYear", "sol",
    ]

    /// One JSON object (one line). `site` adds `"site"`; `missionSol` adds
    /// `"missionSol"`. Numbers are full-precision shortest round-trip
    /// decimals; angles in degrees, times of day in hours.
    public func json(site: MarsSite? = nil, missionSol: Int? = nil, sky: MarsSkyReport? = nil) -> String {
        var parts: [String] = []
        func number(_ key: String, _ v: Double) {
            parts.append("\"\(key)\":\(v.isFinite ? String(v) : "null")")
        }
        let ms = Int64((unixSeconds * 1000).rounded(.toNearestOrAwayFromZero))
        parts.append("\"utc\":\"\(ISOInstant.milliseconds(unixMilliseconds: ms))\"")
        number("julianDateUT", julianDateUT)
        number("julianDateTT", julianDateTT)
        number("ttMinusUTC", ttMinusUTCSeconds)
        number("daysSinceJ2000TT", daysSinceJ2000TT)
        number("meanAnomaly", meanAnomaly)
        number("fictitiousMeanSun", fictitiousMeanSun)
        number("equationOfCenter", equationOfCenter)
        number("solarLongitude", solarLongitude)
        number("equationOfTime", equationOfTime)
        number("marsSolDate", marsSolDate)
        number("coordinatedMarsTime", coordinatedMarsTime)
        number("longitudeEast", longitudeEast)
        number("localMeanSolarTime", localMeanSolarTime)
        number("localTrueSolarTime", localTrueSolarTime)
        number("subsolarLongitudeEast", subsolarLongitudeEast)
        number("solarDeclination", solarDeclination)
        number("heliocentricDistance", heliocentricDistance)
        parts.append("\"marsYear\":\(marsYear)")
        parts.append("\"sol\":\(sol)")
        if let site {
            parts.append("\"site\":\(Self.jsonString(site.name))")
            if let missionSol { parts.append("\"missionSol\":\(missionSol)") }
        }
        if let sky { parts += sky.jsonFields }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// A JSON string literal with the required escapes.
    static func jsonString(_ s: String) -> String { QuotedString.literal(s) }
}
