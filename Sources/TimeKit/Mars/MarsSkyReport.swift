import Foundation

/// What `timedeck mars` adds to the Mars24 report: the light time to the
/// Earth and, for a site with a latitude, the Sun in its sky and its sol's
/// sunrise, noon and sunset.
public struct MarsSkyReport: Equatable, Sendable {
    /// Nil when the instant is outside the ephemeris (`lightUnavailable` says why).
    public var light: MarsLightTime?
    public var lightUnavailable: String?
    /// The same, typed, for the reports to say in the user's language.
    public var lightProblem: MarsLightProblem?
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
                report.lightProblem = MarsLightProblem(error)
            }
        } else {
            report.lightUnavailable = "the ephemeris for the light time could not be read"
            report.lightProblem = .ephemerisUnreadable
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
}

/// Why there is no light time: the instant is outside the ephemeris, the
/// iteration did not settle, or the ephemeris could not be read.
public enum MarsLightProblem: Hashable, Sendable {
    case outsideEphemeris(MarsLightTime.OutOfRange)
    case notConverged(MarsLightTime.NotConverged)
    case ephemerisUnreadable

    /// The problem a light-time error names (anything else: the ephemeris).
    public init(_ error: any Error) {
        switch error {
        case let range as MarsLightTime.OutOfRange: self = .outsideEphemeris(range)
        case let failure as MarsLightTime.NotConverged: self = .notConverged(failure)
        default: self = .ephemerisUnreadable
        }
    }
}
