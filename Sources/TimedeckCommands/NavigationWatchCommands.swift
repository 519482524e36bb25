import ArgumentParser
import Dashboard
import DeckShell
import Foundation
import TimeKit
import TimeStore

extension NavigationCLI {
    /// `--dr`, else `sights.dr`, else the newest of `marks` with a position,
    /// else `marks.position`; exit 2 when there is none.
    static func deadReckoning(_ dr: String?, settings: Settings, marks: [SightingMark] = []) throws -> GeoPosition {
        if let dr { return try position(dr, field: "--dr") }
        if let text = settings.sightsDeadReckoning { return try position(text, field: "sights.dr") }
        if let newest = marks.max(by: { $0.correctedUnixNanoseconds < $1.correctedUnixNanoseconds }),
           let coordinate = newest.position.coordinate {
            return coordinate
        }
        if let text = settings.fixedPosition { return try position(text, field: "marks.position") }
        throw fail("--dr: give the dead-reckoning position (e.g. --dr \"40 10.0 N, 050 15.0 W\"), "
                   + "or set sights.dr (timedeck config set sights.dr \"…\")")
    }

    /// The panel's solver (`FixInputs.solver`) with the flags given laid
    /// over the settings: corrections, `--course` (0–360) and `--speed` (0–99 kn).
    static func solver(almanac: Almanac, settings: Settings, conditions: SightConditionOptions,
                       course: Double?, speed: Double?) throws -> FixSolver {
        var solver = FixInputs.solver(almanac: almanac, settings: settings)
        solver.corrections = try conditions.corrections(over: solver.corrections)
        if let course {
            guard course.isFinite, course >= 0, course <= 360 else {
                throw refuse(.course(degrees: course))
            }
            solver.courseDegrees = course
        }
        if let speed {
            guard speed.isFinite, speed >= 0, speed < 100 else {
                throw refuse(.speed(knots: speed))
            }
            solver.speedKnots = speed
        }
        return solver
    }

    /// The `--sight` texts, then the sights stored on `--marks` (with their
    /// marks, for the DR and for `fix`'s clock doubt).
    /// `almanac` comes back with the brighter stars when a sight names one.
    static func sights(typed: [String], marks: String?, almanac: inout Almanac) throws
        -> (sights: [Sight], marked: [(mark: SightingMark, sight: MarkSight)]) {
        let marked = try marks.map(FixCommand.storedSights) ?? []
        let typedBodies = typed.map { String($0.prefix { $0 != "," }) }
        almanac = try Self.almanac(almanac, naming: typedBodies + marked.map(\.sight.bodyText))
        let known = almanac
        var sights = try typed.enumerated().map { try FixCommand.parseSight($1, index: $0, almanac: known) }
        sights += try marked.map { stored in
            try guarding {
                try FixInputs.sight(bodyText: stored.sight.bodyText, sextantAltitudeDegrees: stored.sight.sextantAltitudeDegrees,
                                    markUnixMilliseconds: stored.mark.correctedUnixMilliseconds, clock: stored.mark.clock,
                                    almanac: known)
            }
        }
        return (sights, marked)
    }

    /// A bearing or azimuth typed as degrees true, 0–360.
    static func bearing(_ value: Double, field: String) throws -> Double {
        guard value.isFinite, value >= 0, value <= 360 else {
            throw fail("\(field): \(number(value, 1))° is not a bearing; give degrees true, 0–360")
        }
        return value == 360 ? 0 : value
    }
}

/// `timedeck polaris --dr POS --sight "Polaris, HS, ISO"` (or `--marks N`).
struct PolarisCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "polaris",
        abstract: "Latitude from a sight of Polaris, worked exactly from the almanac, with Polaris's azimuth.",
        discussion: """
            Example: timedeck polaris --dr "40 10.0 N, 050 15.0 W" --eye 2.5 \
            --sight "Polaris, 40 05.2, 2024-03-21T22:10:00Z". The latitude is the one on the DR's meridian where \
            Polaris's computed altitude equals Ho (no a0/a1/a2 tables); only the DR longitude matters. \
            A latitude more than 60 nm from the DR's exits 2 saying what to check.
            """
    )

    @Option(parsing: .unconditional, help: "Dead-reckoning position, in any form marks accept; default sights.dr, else marks.position.")
    var dr: String?

    @Option(help: "The sight: \"Polaris, HS, ISO\".")
    var sight: String?

    @Option(help: "Or the mark holding the Polaris sight (one mark number; timedeck marks sight N \"Polaris, HS\"); its position is the DR unless --dr is given.")
    var marks: String?

    @OptionGroup var conditions: SightConditionOptions

    @OptionGroup var output: OutputOptions<PolarisCommand>
    static let jsonHelp = "JSON output: lat, azimuth (degrees), ho, dr_lon, utc."
    var json: Bool { output.json }

    func run() throws {
        var almanac = try NavigationCLI.loadAlmanac()
        let settings = CommandConfig.settings
        let corrections = try conditions.corrections(over: settings.sightCorrections)
        guard (sight == nil) != (marks == nil) else {
            throw NavigationCLI.fail("polaris: give the sight either typed (--sight \"Polaris, HS, ISO\") or stored on a mark "
                                     + "(--marks N), not both and not neither")
        }
        if let marks, marks.contains(",") {
            throw NavigationCLI.fail("--marks: polaris works one sight; give one mark number (timedeck marks list shows them)")
        }
        let gathered = try NavigationCLI.sights(typed: sight.map { [$0] } ?? [], marks: marks, almanac: &almanac)
        guard let parsed = gathered.sights.first else {
            throw NavigationCLI.fail("polaris: no sight was given")
        }
        let dr = try NavigationCLI.deadReckoning(dr, settings: settings, marks: gathered.marked.map(\.mark))
        NavigationCLI.noteUT1(almanac, parsed.unixSeconds)
        let result = try NavigationCLI.guarding {
            try PolarisLatitude.solve(parsed, deadReckoning: dr, almanac: almanac, corrections: corrections)
        }
        let n = NavigationCLI.number
        if json {
            print("{\"lat\":\(n(result.latitudeDegrees, 6)),\"azimuth\":\(n(result.azimuthDegrees, 3)),"
                  + "\"ho\":\(n(result.observedAltitudeDegrees, 6)),\"dr_lon\":\(n(result.longitudeDegrees, 6)),"
                  + "\"utc\":\(NavigationCLI.string(NavigationCLI.utc(result.unixSeconds)))}")
        } else {
            let l = CommandConfig.language
            print(l.text(.polarisAt(at: NavigationCLI.utc(result.unixSeconds),
                                    meridian: NavigationCLI.degreesMinutes(result.longitudeDegrees, positive: "E", negative: "W"))))
            print("Ho   \(NavigationCLI.degreesMinutes(result.observedAltitudeDegrees))")
            print(l.text(.polarisLatitude(latitude: NavigationCLI.degreesMinutes(result.latitudeDegrees, positive: "N", negative: "S"))))
            print(String(format: "Zn   %05.1f°", result.azimuthDegrees))
        }
    }
}

/// `timedeck compass --dr POS --body BODY --bearing DEG --at ISO|--mark N [--variation DEG] [--amplitude]`.
struct CompassCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "compass",
        abstract: "Compass error from a bearing of a body: its true azimuth from the almanac minus the compass bearing.",
        discussion: """
            Example: timedeck compass --dr "40 10.0 N, 050 15.0 W" --body Sun --bearing 093.5 \
            --at 2024-03-21T10:05:00Z --variation -14. Error = true azimuth − compass bearing (east positive); \
            with --variation (east positive) the deviation = error − variation. --amplitude says the bearing was \
            taken at visible rising or setting (the body's centre on the horizon): the amplitude is reported too, \
            and a time when the body is not near the horizon exits 2.
            """
    )

    @Option(parsing: .unconditional, help: "Dead-reckoning position, in any form marks accept; default sights.dr, else marks.position.")
    var dr: String?

    @Option(help: "The body whose bearing was taken: Sun, Moon, a planet or a star.")
    var body: String

    @Option(help: "The compass bearing, degrees (0–360).")
    var bearing: Double

    @Option(help: "The instant of the bearing (UTC, ISO 8601).")
    var at: String?

    @Option(help: "Or the mark taken with the bearing (a mark number): its instant, and its position as the DR unless --dr is given.")
    var mark: String?

    @Option(parsing: .unconditional, help: "Magnetic variation, degrees, east positive (−90…90): the deviation is reported too.")
    var variation: Double?

    @Flag(help: "The bearing was taken at visible rising or setting: report the amplitude too.")
    var amplitude = false

    @OptionGroup var output: OutputOptions<CompassCommand>
    static let jsonHelp = "JSON output: azimuth, error (and deviation, amplitude), altitude, degrees."
    var json: Bool { output.json }

    func run() throws {
        let almanac = try NavigationCLI.almanac(try NavigationCLI.loadAlmanac(), naming: [body])
        let settings = CommandConfig.settings
        let (parsedBody, _) = try NavigationCLI.guarding { try SightText.body(body, almanac: almanac) }
        let compass = try NavigationCLI.bearing(bearing, field: "--bearing")
        if let variation, !(variation.isFinite && abs(variation) <= 90) {
            throw NavigationCLI.fail("--variation: \(NavigationCLI.number(variation, 1))° is not a variation; "
                                     + "give degrees, east positive, west negative, within ±90")
        }
        guard (at == nil) != (mark == nil) else {
            throw NavigationCLI.fail("compass: give the instant of the bearing either as --at ISO or as the mark "
                                     + "taken with it (--mark N), not both and not neither")
        }
        var marked: [SightingMark] = []
        if let mark {
            let id = try MarksCLI.markNumber(mark.trimmingCharacters(in: .whitespaces))
            let db = try MarksCLI.openStore()
            guard let found = try MarksCLI.store({ try db.mark(id: id) }) else {
                throw NavigationCLI.fail("--mark: no mark #\(id) (never made, or deleted); `timedeck marks list` shows them")
            }
            marked = [found]
        }
        let time = try marked.first.map { Double($0.correctedUnixMilliseconds) / 1000 } ?? NavigationCLI.instant(at)
        let dr = try NavigationCLI.deadReckoning(dr, settings: settings, marks: marked)
        NavigationCLI.noteUT1(almanac, time)
        let check = try NavigationCLI.guarding {
            try CompassCheck.check(body: parsedBody, bearingDegrees: compass, unixSeconds: time, from: dr,
                                   variationDegrees: variation, amplitude: amplitude, almanac: almanac)
        }
        let n = NavigationCLI.number
        if json {
            var fields = ["\"body\":\(NavigationCLI.string(check.body.name))",
                          "\"utc\":\(NavigationCLI.string(NavigationCLI.utc(check.unixSeconds)))",
                          "\"azimuth\":\(n(check.azimuthDegrees, 3))", "\"altitude\":\(n(check.altitudeDegrees, 3))",
                          "\"bearing\":\(n(check.bearingDegrees, 3))", "\"error\":\(n(check.errorDegrees, 3))"]
            if let v = check.variationDegrees, let d = check.deviationDegrees {
                fields += ["\"variation\":\(n(v, 3))", "\"deviation\":\(n(d, 3))"]
            }
            if let a = check.amplitude {
                fields += ["\"amplitude\":\(n(a.degreesNorth, 3))", "\"event\":\(NavigationCLI.string(a.event.rawValue))",
                           "\"amplitude_text\":\(NavigationCLI.string(a.text))"]
            }
            print("{" + fields.joined(separator: ",") + "}")
        } else {
            func signed(_ d: Double) -> String { String(format: "%.1f° %@", abs(d), d >= 0 ? "E" : "W") }
            let l = CommandConfig.language
            print(l.text(.compassBody(body: check.body.name, at: NavigationCLI.utc(check.unixSeconds),
                                      altitude: String(format: "%.1f°", check.altitudeDegrees))))
            print(l.text(.compassRow(.trueAzimuth, value: String(format: "%05.1f°", check.azimuthDegrees))))
            print(l.text(.compassRow(.compass, value: String(format: "%05.1f°", check.bearingDegrees))))
            print(l.text(.compassRow(.error, value: signed(check.errorDegrees))))
            if let v = check.variationDegrees, let d = check.deviationDegrees {
                print(l.text(.compassRow(.variation, value: signed(v))))
                print(l.text(.compassRow(.deviation, value: signed(d))))
            }
            if let a = check.amplitude {
                print(l.text(.compassRow(.amplitude, value: l.text(.amplitude(text: a.text, rising: a.event == .rising)))))
            }
        }
    }
}

/// `timedeck identify --dr POS --at ISO --hs HS --zn DEG`.
struct IdentifyCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "identify",
        abstract: "Name an unknown star or planet from its Hs and a rough bearing at a time and DR.",
        discussion: """
            Example: timedeck identify --dr "40 10.0 N, 050 15.0 W" --at 2024-03-21T22:10:00Z --hs "31 12.0" \
            --zn 250. Candidates are the almanac's 58 stars, the other 206 Hipparcos stars of magnitude 3.5 and \
            brighter, and four planets, above the horizon, nearest first. A body is named only when it alone is \
            within 2° of altitude and 5° of azimuth; otherwise body is null and the candidates say why.
            """
    )

    @Option(parsing: .unconditional, help: "Dead-reckoning position, in any form marks accept; default sights.dr, else marks.position.")
    var dr: String?

    @Option(help: "The instant of the sight (UTC, ISO 8601).")
    var at: String

    @Option(help: "Sextant altitude: 43 23.8, 43-23.8 or 43.3967.")
    var hs: String

    @Option(help: "Rough true bearing of the body, degrees (0–360).")
    var zn: Double

    @OptionGroup var conditions: SightConditionOptions

    @OptionGroup var output: OutputOptions<IdentifyCommand>
    static let jsonHelp = "JSON output: body (null when not unique), candidates [{body, hc, zn, catalogue}]."
    var json: Bool { output.json }

    func run() throws {
        let almanac = try NavigationCLI.loadAlmanac()
        let settings = CommandConfig.settings
        let corrections = try conditions.corrections(over: settings.sightCorrections)
        let altitude = try NavigationCLI.guarding { try SightText.altitudeDegrees(hs, field: .altitudeOption) }
        let bearing = try NavigationCLI.bearing(zn, field: "--zn")
        let time = try NavigationCLI.instant(at)
        let dr = try NavigationCLI.deadReckoning(dr, settings: settings)
        NavigationCLI.noteUT1(almanac, time)
        // The brighter stars are read here only: no other command opens the file.
        let brighter = try NavigationCLI.guarding { try BrightStars.loadBundled() }
        let found = try NavigationCLI.guarding {
            try BodyIdentification.identify(sextantAltitudeDegrees: altitude, azimuthDegrees: bearing, unixSeconds: time,
                                            from: dr, corrections: corrections, almanac: almanac, brighterStars: brighter)
        }
        let matching = found.candidates.filter(\.matches)
        let n = NavigationCLI.number
        if json {
            let list = found.candidates.map { c in
                "{\"body\":\(NavigationCLI.string(c.body.name)),\"hc\":\(n(c.computedAltitudeDegrees, 4)),"
                    + "\"zn\":\(n(c.azimuthDegrees, 2)),\"dh\":\(n(c.altitudeOffDegrees, 4)),"
                    + "\"dzn\":\(n(c.azimuthOffDegrees, 2)),\"magnitude\":\(n(c.magnitude, 1)),\"within\":\(c.matches),"
                    + "\"catalogue\":\"\(c.catalogue.rawValue)\""
                    + (c.constellation.map { ",\"constellation\":\(NavigationCLI.string($0))" } ?? "") + "}"
            }
            print("{\"body\":\(found.body.map { NavigationCLI.string($0.name) } ?? "null"),\"within_count\":\(matching.count),"
                  + "\"candidates\":[\n" + list.joined(separator: ",\n") + "\n]}")
        } else {
            let l = CommandConfig.language
            func label(_ c: BodyIdentification.Candidate) -> String {
                c.constellation.map { "\(c.body.name) (\($0))" } ?? c.body.name
            }
            if found.body != nil, let c = matching.first {
                print(l.text(.identified(body: label(c))))
                if c.catalogue == .bright { print(l.text(.identifiedBrightStar)) }
            } else if matching.isEmpty {
                print(l.text(.identifiedNone))
            } else {
                print(l.text(.identifiedAmbiguous(bodies: matching.map(label))))
            }
            print("")
            print(l.text(.identifyHeader))
            for c in found.candidates {
                print(label(c).padding(toLength: 18, withPad: " ", startingAt: 0)
                      + String(format: "  %6.2f°   %05.1f°   %+5.2f°  %+5.1f°  %4.1f", c.computedAltitudeDegrees,
                               c.azimuthDegrees, c.altitudeOffDegrees, c.azimuthOffDegrees, c.magnitude)
                      + (c.matches ? "  " + l.text(.identifyWithin) : ""))
            }
        }
    }
}
