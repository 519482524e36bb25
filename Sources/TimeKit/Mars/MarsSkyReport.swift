import Foundation

/// What `timedeck mars` adds to the Mars24 report: the light time to the
/// Earth and, for a site with a latitude, the Sun in its sky and its sol's
/// sunrise, noon and sunset.
public struct MarsSkyReport: Equatable, Sendable {
    /// Nil when the instant is outside the ephemeris (`lightUnavailable` says why).
    public var light: MarsLightTime?
    public var lightUnavailable: String?
    /// The event instant at Mars (SCET), always known.
    public var scetUnixSeconds: Double
    public var sun: MarsSolarPosition?
    public var day: MarsSolarDay?
    /// Why the Sun is left out (a bare longitude has no latitude).
    public var sunOmittedReason: String?
    /// The ends the user asked for (a Mars site, an Earth station), nil for centre to centre only.
    public var ends: LightPathEnds?
    /// The light between those ends: leaving the Mars end at SCET (or reaching the Earth end at `--ert`).
    public var endsLight: MarsLightTime?

    public init(scetUnixSeconds: Double, light: MarsLightTime?, lightUnavailable: String? = nil,
                sun: MarsSolarPosition? = nil, day: MarsSolarDay? = nil) {
        self.scetUnixSeconds = scetUnixSeconds
        self.light = light
        self.lightUnavailable = lightUnavailable
        self.sun = sun
        self.day = day
    }

    /// The report for the event at `clock`'s instant (SCET) at `clock`'s
    /// longitude; `latitude` (planetocentric) adds the Sun.
    public static func at(clock: MarsClock, planetocentricLatitude latitude: Double?, ephemeris: ChebyshevEphemeris?,
                          leapSeconds: LeapSecondTable) -> MarsSkyReport {
        var report = MarsSkyReport(scetUnixSeconds: clock.unixSeconds, light: nil)
        if let ephemeris {
            do {
                report.light = try MarsLightTime.emitted(atUnixSeconds: clock.unixSeconds, ephemeris: ephemeris,
                                                         leapSeconds: leapSeconds)
            } catch {
                report.lightUnavailable = String(describing: error)
            }
        } else {
            report.lightUnavailable = "the ephemeris for the light time could not be read"
        }
        if latitude == nil {
            report.sunOmittedReason = "needs a latitude: give --site (a bare --longitude has none)"
        }
        if let latitude {
            report.sun = MarsSolarPosition(clock: clock, planetocentricLatitude: latitude)
            report.day = MarsSolarDay.containing(unixSeconds: clock.unixSeconds, planetocentricLatitude: latitude,
                                                 longitudeEast: clock.longitudeEast, leapSeconds: leapSeconds)
        }
        return report
    }

    static func iso(_ u: Double) -> String {
        ISOInstant.milliseconds(unixMilliseconds: Int64((u * 1000).rounded(.toNearestOrAwayFromZero)))
    }

    /// The JSON members (`"key":value`), in output order.
    public var jsonFields: [String] {
        func number(_ v: Double?) -> String { v.map { $0.isFinite ? String($0) : "null" } ?? "null" }
        var parts = [
            "\"owlt\":" + number(light?.owltSeconds),
            "\"scet\":\"" + Self.iso(scetUnixSeconds) + "\"",
            "\"ert\":" + (light.map { "\"" + Self.iso($0.ertUnixSeconds) + "\"" } ?? "null"),
            "\"earthMarsDistance\":" + number(light?.earthMarsDistanceAU),
            "\"sunEarthMarsAngle\":" + number(light?.sunEarthMarsAngleDegrees),
            "\"solarConjunction\":" + (light.map { $0.isNearSolarConjunction ? "true" : "false" } ?? "null"),
        ]
        if let sun, let day {
            parts.append("\"solarElevation\":" + number(sun.elevationDegrees))
            parts.append("\"solarAzimuth\":" + number(sun.azimuthDegrees))
            parts.append("\"sunrise\":" + MarsSolarDay.json(day.sunrise))
            parts.append("\"localNoon\":" + MarsSolarDay.json(day.localNoon))
            parts.append("\"sunset\":" + MarsSolarDay.json(day.sunset))
            parts.append("\"maxSolarElevation\":" + number(day.maximumElevationDegrees))
        }
        if let ends { parts += endsJSONFields(ends) }
        return parts
    }

    /// `owltEnds`, `ertEnds` and `lightEnds` (what the ends are), when ends were asked for.
    func endsJSONFields(_ ends: LightPathEnds) -> [String] {
        func number(_ v: Double?) -> String { v.map { $0.isFinite ? String($0) : "null" } ?? "null" }
        let mars = ends.marsSite.map { site in
            "{\"site\":" + (site.name.map(MarsClock.jsonString) ?? "null") + ",\"latitude\":" + number(site.planetocentricLatitude)
                + ",\"longitudeEast\":" + number(site.longitudeEast) + ",\"radiusKm\":" + number(site.radiusKm) + "}"
        } ?? "null"
        let earth = ends.station.map { station in
            "{\"station\":" + (station.name.map(MarsClock.jsonString) ?? "null") + ",\"latitude\":"
                + number(station.latitudeDegrees) + ",\"longitudeEast\":" + number(station.longitudeEastDegrees)
                + ",\"height\":" + number(station.heightMetres) + "}"
        } ?? "null"
        return [
            "\"owltEnds\":" + number(endsLight?.owltSeconds),
            "\"ertEnds\":" + (endsLight.map { "\"" + Self.iso($0.ertUnixSeconds) + "\"" } ?? "null"),
            "\"lightEnds\":{\"mars\":" + mars + ",\"earth\":" + earth + "}",
        ]
    }

    /// `12m 34.567s` for a light time.
    public static func minutesText(_ seconds: Double) -> String {
        let ms = Int((seconds * 1000).rounded())
        return "\(ms / 60_000)m \(FixedText.decimal(Double(ms % 60_000) / 1000, places: 3))s"
    }

    /// Rows for the readable table (label, value).
    public var textRows: [(String, String)] {
        var rows: [(String, String)] = [("SCET (event at Mars)", Self.iso(scetUnixSeconds))]
        if let light {
            rows.append(("ERT (seen on Earth)", Self.iso(light.ertUnixSeconds)))
            rows.append(("One-way light time", Self.minutesText(light.owltSeconds)
                + "  (" + FixedText.decimal(light.owltSeconds, places: 3) + " s)"))
            rows.append(("Earth-Mars distance", FixedText.decimal(light.earthMarsDistanceAU, places: 6) + " AU"))
            rows.append(("Sun-Earth-Mars angle", FixedText.decimal(light.sunEarthMarsAngleDegrees, places: 3) + "°"
                + (light.isNearSolarConjunction ? "  (solar conjunction: under 3°, links unreliable)" : "")))
        } else {
            rows.append(("One-way light time", "unknown: " + (lightUnavailable ?? "no ephemeris")))
        }
        if let sun, let day {
            rows.append(("Solar elevation", FixedText.decimal(sun.elevationDegrees, places: 3) + "°"))
            rows.append(("Solar azimuth", FixedText.decimal(sun.azimuthDegrees, places: 3) + "° from north through east"))
            let polar = (day.maximumElevationDegrees ?? 0) > 0 ? "none (polar day)" : "none (polar night)"
            func event(_ e: MarsSolarDay.Event?) -> String {
                guard let e else { return polar }
                return Self.iso(e.unixSeconds) + "  LTST " + FixedText.clock(hours: e.ltstHours)
                    + "  LMST " + FixedText.clock(hours: e.lmstHours)
            }
            rows.append(("Sunrise (sol \(day.localSol))", event(day.sunrise)))
            rows.append(("Local noon", day.localNoon.map { event($0) } ?? "unknown"))
            rows.append(("Sunset", event(day.sunset)))
            if let top = day.maximumElevationDegrees {
                rows.append(("Highest Sun", FixedText.decimal(top, places: 3) + "°"))
            }
        } else if let sunOmittedReason {
            rows.append(("Sun at the site", sunOmittedReason))
        }
        if let ends {
            rows.append(("Light path", ends.marsLabel + " -> " + ends.earthLabel))
            if let endsLight {
                rows.append(("ERT at that end", Self.iso(endsLight.ertUnixSeconds)))
                rows.append(("Light time, those ends", Self.minutesText(endsLight.owltSeconds)
                    + "  (" + FixedText.decimal(endsLight.owltSeconds, places: 6) + " s; "
                    + FixedText.decimal((endsLight.owltSeconds - (light?.owltSeconds ?? endsLight.owltSeconds)) * 1000,
                                        places: 3) + " ms from centre to centre)"))
            }
        }
        return rows
    }
}
