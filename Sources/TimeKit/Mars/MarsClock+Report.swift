import Foundation

/// The `timedeck mars` single-instant output: JSON with the exact
/// keys, or a readable two-column table.
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

    /// The readable table: one `label  value` line per quantity.
    public func text(site: MarsSite? = nil, missionSol: Int? = nil, sky: MarsSkyReport? = nil) -> String {
        let ms = Int64((unixSeconds * 1000).rounded(.toNearestOrAwayFromZero))
        func deg(_ v: Double) -> String { FixedText.decimal(v, places: 5) + "°" }
        var rows: [(String, String)] = [
            ("UTC", ISOInstant.milliseconds(unixMilliseconds: ms)),
            ("Julian Date (UT)", FixedText.decimal(julianDateUT, places: 6)),
            ("Julian Date (TT)", FixedText.decimal(julianDateTT, places: 6)),
            ("TT - UTC", FixedText.decimal(ttMinusUTCSeconds, places: 3) + " s"),
            ("Days since J2000 (TT)", FixedText.decimal(daysSinceJ2000TT, places: 6)),
            ("Mean anomaly", deg(meanAnomaly)),
            ("Fictitious mean sun", deg(fictitiousMeanSun)),
            ("Equation of center", deg(equationOfCenter)),
            ("Solar longitude Ls", deg(solarLongitude) + "  (" + northernSeason.northernText + ")"),
            ("Equation of time", deg(equationOfTime) + "  (" + Self.signedMinutesText(equationOfTime * 4) + ")"),
            ("Mars Sol Date", FixedText.decimal(marsSolDate, places: 5)),
            ("Sol", String(sol)),
            ("Coordinated Mars Time", FixedText.clock(hours: coordinatedMarsTime)),
            ("Longitude", MarsLongitude.text(longitudeEast, decimals: 4)),
            ("Local mean solar time", FixedText.clock(hours: localMeanSolarTime)),
            ("Local true solar time", FixedText.clock(hours: localTrueSolarTime)),
            ("Subsolar longitude", MarsLongitude.text(subsolarLongitudeEast, decimals: 5)),
            ("Solar declination", deg(solarDeclination)),
            ("Heliocentric distance", FixedText.decimal(heliocentricDistance, places: 5) + " AU"),
            ("Mars Year", String(marsYear)),
        ]
        if let site {
            rows.append(("Site", site.name))
            if let missionSol { rows.append(("Mission sol", String(missionSol))) }
        }
        if let sky { rows += sky.textRows }
        return rows.map { label, value in
            label + String(repeating: " ", count: max(1, 24 - label.count)) + value
        }.joined(separator: "\n")
    }

    /// `-20m45s` style text for a signed number of Mars minutes (EOT × 4).
    static func signedMinutesText(_ minutes: Double) -> String {
        let totalSeconds = Int((abs(minutes) * 60).rounded(.down))
        let sign = minutes < 0 ? "-" : "+"
        return "\(sign)\(totalSeconds / 60)m\(MarkTime.pad(totalSeconds % 60))s Mars time"
    }

    /// A JSON string literal with the required escapes.
    static func jsonString(_ s: String) -> String { QuotedString.literal(s) }
}
