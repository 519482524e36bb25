import Dashboard
import Foundation
import TimeKit

/// `timedeck mars`'s one-instant report as text, in the interface language:
/// one `label  value` line per quantity (labels padded to 24 cells). The
/// numbers are formatted here, the same in every language; the words come
/// from the catalog (`MarsMessage`).
enum MarsReportText {
    static func report(_ clock: MarsClock, site: MarsSite?, missionSol: Int?, sky: MarsSkyReport?, _ l: UILanguage) -> String {
        func row(_ label: MarsReportRow, _ value: String) -> String { l.text(.marsReport(.row(label, value: value))) }
        func deg(_ v: Double) -> String { FixedText.decimal(v, places: 5) + "°" }
        let c = clock
        let ms = Int64((c.unixSeconds * 1000).rounded(.toNearestOrAwayFromZero))
        let eotSeconds = Int((abs(c.equationOfTime * 4) * 60).rounded(.down))
        // UTC and TT - UTC are abbreviations, the same in every language.
        var lines = [
            CommandMessage.padded("UTC", 24) + ISOInstant.milliseconds(unixMilliseconds: ms),
            row(.julianDateUT, FixedText.decimal(c.julianDateUT, places: 6)),
            row(.julianDateTT, FixedText.decimal(c.julianDateTT, places: 6)),
            CommandMessage.padded("TT - UTC", 24) + FixedText.decimal(c.ttMinusUTCSeconds, places: 3) + " s",
            row(.daysSinceJ2000, FixedText.decimal(c.daysSinceJ2000TT, places: 6)),
            row(.meanAnomaly, deg(c.meanAnomaly)),
            row(.fictitiousMeanSun, deg(c.fictitiousMeanSun)),
            row(.equationOfCenter, deg(c.equationOfCenter)),
            row(.solarLongitude, l.text(.marsReport(.solarLongitude(degrees: deg(c.solarLongitude), season: c.northernSeason)))),
            row(.equationOfTime, l.text(.marsReport(.equationOfTime(degrees: deg(c.equationOfTime), sign: c.equationOfTime < 0 ? "-" : "+",
                                                               minutes: eotSeconds / 60, seconds: MarkTime.pad(eotSeconds % 60))))),
            row(.marsSolDate, FixedText.decimal(c.marsSolDate, places: 5)),
            row(.sol, String(c.sol)),
            row(.coordinatedMarsTime, FixedText.clock(hours: c.coordinatedMarsTime)),
            row(.longitude, MarsLongitude.text(c.longitudeEast, decimals: 4)),
            row(.localMeanSolarTime, FixedText.clock(hours: c.localMeanSolarTime)),
            row(.localTrueSolarTime, FixedText.clock(hours: c.localTrueSolarTime)),
            row(.subsolarLongitude, MarsLongitude.text(c.subsolarLongitudeEast, decimals: 5)),
            row(.solarDeclination, deg(c.solarDeclination)),
            row(.heliocentricDistance, FixedText.decimal(c.heliocentricDistance, places: 5) + " AU"),
            row(.marsYear, String(c.marsYear)),
        ]
        if let site {
            lines.append(row(.site, site.name))
            if let missionSol { lines.append(row(.missionSol, String(missionSol))) }
        }
        if let sky { lines += skyLines(sky, l) }
        return lines.joined(separator: "\n")
    }

    static func iso(_ u: Double) -> String {
        ISOInstant.milliseconds(unixMilliseconds: Int64((u * 1000).rounded(.toNearestOrAwayFromZero)))
    }

    /// `11m 22.352s` (with the seconds alone after it when `total` has places).
    static func lightTime(_ seconds: Double, totalPlaces: Int?, _ l: UILanguage) -> String {
        let ms = Int((seconds * 1000).rounded())
        return l.text(.marsReport(.lightTime(minutes: ms / 60_000, seconds: FixedText.decimal(Double(ms % 60_000) / 1000, places: 3),
                                       total: totalPlaces.map { FixedText.decimal(seconds, places: $0) })))
    }

    static func skyLines(_ sky: MarsSkyReport, _ l: UILanguage) -> [String] {
        func row(_ label: MarsReportRow, _ value: String) -> String { l.text(.marsReport(.row(label, value: value))) }
        var lines = [row(.scet, iso(sky.scetUnixSeconds))]
        if let light = sky.light {
            lines.append(row(.ert, iso(light.ertUnixSeconds)))
            lines.append(row(.oneWayLightTime, lightTime(light.owltSeconds, totalPlaces: 3, l)))
            lines.append(row(.earthMarsDistance, FixedText.decimal(light.earthMarsDistanceAU, places: 6) + " AU"))
            lines.append(row(.sunEarthMarsAngle, FixedText.decimal(light.sunEarthMarsAngleDegrees, places: 3) + "°"
                + (light.isNearSolarConjunction ? l.text(.marsReport(.conjunctionNote)) : "")))
        } else {
            lines.append(row(.oneWayLightTime, l.text(.marsReport(.lightUnknown(sky.lightProblem ?? .ephemerisUnreadable)))))
        }
        if let sun = sky.sun, let day = sky.day {
            lines.append(row(.solarElevation, FixedText.decimal(sun.elevationDegrees, places: 3) + "°"))
            lines.append(row(.solarAzimuth, l.text(.marsReport(.azimuth(degrees: FixedText.decimal(sun.azimuthDegrees, places: 3))))))
            let polar = l.text(.marsReport(.noSunEvent(polarDay: (day.maximumElevationDegrees ?? 0) > 0)))
            func event(_ e: MarsSolarDay.Event?) -> String {
                guard let e else { return polar }
                return iso(e.unixSeconds) + "  LTST " + FixedText.clock(hours: e.ltstHours) + "  LMST " + FixedText.clock(hours: e.lmstHours)
            }
            lines.append(row(.sunrise(sol: day.localSol), event(day.sunrise)))
            lines.append(row(.localNoon, day.localNoon.map { event($0) } ?? l.text(.marsReport(.unknown))))
            lines.append(row(.sunset, event(day.sunset)))
            if let top = day.maximumElevationDegrees { lines.append(row(.highestSun, FixedText.decimal(top, places: 3) + "°")) }
        } else if sky.sunOmittedReason != nil {
            lines.append(row(.sunAtSite, l.text(.marsReport(.sunNeedsLatitude))))
        }
        if let ends = sky.ends {
            lines.append(row(.lightPath, path(ends, l)))
            if let endsLight = sky.endsLight {
                lines.append(row(.ertAtEnd, iso(endsLight.ertUnixSeconds)))
                let ms = Int((endsLight.owltSeconds * 1000).rounded())
                let difference = (endsLight.owltSeconds - (sky.light?.owltSeconds ?? endsLight.owltSeconds)) * 1000
                lines.append(row(.lightTimeEnds, l.text(.marsReport(.endsLightTime(
                    minutes: ms / 60_000, seconds: FixedText.decimal(Double(ms % 60_000) / 1000, places: 3),
                    total: FixedText.decimal(endsLight.owltSeconds, places: 6), milliseconds: FixedText.decimal(difference, places: 3))))))
            }
        }
        return lines
    }

    /// `Perseverance -> Goldstone (DSS-14)`, the centres in the language's words.
    static func path(_ ends: LightPathEnds, _ l: UILanguage) -> String {
        (ends.marsSite.map { $0.name ?? ends.marsLabel } ?? l.text(.marsReport(.marsCentre))) + " -> "
            + (ends.station?.label ?? l.text(.marsReport(.earthCentre)))
    }

    /// `text` padded with spaces to `cells` terminal cells: in English exactly
    /// as `PlacesTable.fit` (cut with `…` when too long), else by display width.
    static func fit(_ text: String, _ cells: Int, _ l: UILanguage) -> String {
        if l == .en { return PlacesTable.fit(text, cells) }
        let width = DisplayWidth.of(text)
        return text + String(repeating: " ", count: width < cells ? cells - width : 1)
    }

    /// `text` right-aligned in `cells` terminal cells (English: `PlacesTable.right`).
    static func right(_ text: String, _ cells: Int, _ l: UILanguage) -> String {
        if l == .en { return PlacesTable.right(text, cells) }
        let width = DisplayWidth.of(text)
        return width >= cells ? text : String(repeating: " ", count: cells - width) + text
    }
}
