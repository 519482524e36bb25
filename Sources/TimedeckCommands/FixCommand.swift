import ArgumentParser
import Dashboard
import DeckShell
import Foundation
import TimeKit
import TimeStore

/// The conditions of `fix`: each flag overrides the `[sights]` setting of
/// the same name (the sights panel's), which is used when the flag is absent.
struct SightConditionOptions: ParsableArguments {
    @Option(help: "Height of eye, metres (dip 1.76′·√h); default sights.eye_metres.")
    var eye: Double?

    @Option(parsing: .unconditional, help: "Index error, arcminutes, positive on the arc (subtracted from Hs); default sights.index_error_arcminutes.")
    var ie: Double?

    @Option(parsing: .unconditional, help: "Air temperature, °C (scales the refraction); default sights.temperature_celsius.")
    var temp: Double?

    @Option(help: "Air pressure, hPa (scales the refraction); default sights.pressure_hectopascals.")
    var pressure: Double?

    /// The settings' corrections with the flags given laid over them.
    func corrections(over base: SightCorrections) throws -> SightCorrections {
        var c = base
        if let eye {
            guard eye.isFinite, eye >= 0, eye < 1000 else { throw NavigationCLI.refuse(.heightOfEye(metres: eye)) }
            c.heightOfEyeMetres = eye
        }
        if let ie {
            guard ie.isFinite, abs(ie) < 60 else { throw NavigationCLI.refuse(.indexError(arcminutes: ie)) }
            c.indexErrorArcminutes = ie
        }
        if let temp {
            guard temp.isFinite, temp > -60, temp < 60 else { throw NavigationCLI.refuse(.temperature(celsius: temp)) }
            c.temperatureCelsius = temp
        }
        if let pressure {
            guard pressure.isFinite, pressure > 800, pressure < 1100 else {
                throw NavigationCLI.refuse(.pressure(hectopascals: pressure))
            }
            c.pressureHectopascals = pressure
        }
        return c
    }
}

/// `timedeck fix [--dr POS] --sight "BODY, HS, ISO" … | --marks ID,ID,…`.
struct FixCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "A position from sextant sights: Ho, Hc, Zn and intercept for each, and the least-squares fix (one sight: its line of position).",
        discussion: """
            Example: timedeck fix --dr "40 10.0 N, 050 15.0 W" --eye 2.5 --ie -1.2 \
            --sight "Vega, 43 23.8, 2024-03-21T09:58:12Z" --sight "Sun LL, 21-04.5, 2024-03-21T10:02:40Z". \
            BODY is a star (Kaus Australis), Sun LL/UL, Moon LL/UL or a planet; HS as 43 23.8, 43-23.8 or \
            43.3967. With --course and --speed earlier sights are advanced to the fix time (a running fix). \
            One sight gives its line of position (two end points 30 nm either side of the intercept point), \
            never a fix; with --at later than the sight and --course/--speed the line is advanced to --at. \
            --marks takes the sights attached with `timedeck marks sight`. The DR, course, speed, height of eye, \
            index error, temperature and pressure default to the [sights] settings the dashboard's sights panel \
            uses (timedeck config show); a flag overrides its setting. Sights that make no fix (lines that do \
            not cross, sights that disagree, a position far from the DR) exit 2 saying what is wrong.
            """
    )

    @Option(parsing: .unconditional, help: "Dead-reckoning position at the fix time, in any form marks accept; default sights.dr, else (with --marks) the newest mark's position, else marks.position.")
    var dr: String?

    @Option(parsing: .unconditional, help: "Course made good, degrees true (0–360); default sights.course_degrees.")
    var course: Double?

    @Option(help: "Speed, knots (0–99); default sights.speed_knots.")
    var speed: Double?

    @Option(help: "The fix time (UTC, ISO 8601), within 12 hours of every sight; default the last sight's.")
    var at: String?

    @OptionGroup var conditions: SightConditionOptions

    @Option(help: "A sight: \"BODY, HS, ISO\" (repeat for each).")
    var sight: [String] = []

    @Option(help: "Marks with sights attached, by number: 12,13,15.")
    var marks: String?

    @OptionGroup var chart: ChartOutputOptions

    @OptionGroup var output: OutputOptions<FixCommand>
    static let jsonHelp = "JSON output."
    var json: Bool { output.json }

    func run() throws {
        try chart.check()
        var almanac = try NavigationCLI.loadAlmanac()
        let settings = CommandConfig.settings
        var solver = try NavigationCLI.solver(almanac: almanac, settings: settings, conditions: conditions,
                                              course: course, speed: speed)
        let (sights, marked) = try NavigationCLI.sights(typed: sight, marks: marks, almanac: &almanac)
        solver.almanac = almanac
        guard !sights.isEmpty else {
            throw NavigationCLI.fail("--sight/--marks: give a sight (one makes a line of position, two or more a fix)")
        }
        let deadReckoning = try NavigationCLI.deadReckoning(dr, settings: settings, marks: marked.map(\.mark))
        let fixTime = try at.map { try NavigationCLI.instant($0) } ?? FixInputs.fixUnixSeconds(sights) ?? 0
        if sights.count == 1 {
            if chart.nmea != nil {
                throw NavigationCLI.fail("--nmea: one line of position is not a position, and NMEA carries positions; "
                                         + "give two sights or more for a fix (--gpx carries the line)")
            }
            NavigationCLI.noteUT1(almanac, sights[0].unixSeconds)
            let line = try NavigationCLI.guarding {
                try solver.line(sights[0], deadReckoning: deadReckoning, lineUnixSeconds: fixTime)
            }
            print(json ? Self.json(line) : Self.text(line, deadReckoning: deadReckoning, CommandConfig.language))
            try chart.emit(ChartExport(lines: [line.reduced], deadReckoning: deadReckoning, lineUnixSeconds: fixTime, solver: solver))
            return
        }
        for t in Set(sights.map(\.unixSeconds).map { ($0 / 86400).rounded(.down) }) {
            NavigationCLI.noteUT1(almanac, t * 86400)
        }
        let fix = try NavigationCLI.guarding {
            try solver.fix(sights, deadReckoning: deadReckoning, fixUnixSeconds: fixTime)
        }
        print(json ? Self.json(fix) : Self.text(fix, deadReckoning: deadReckoning, CommandConfig.language))
        try chart.emit(ChartExport(fix, deadReckoning: deadReckoning, solver: solver))
    }

    /// `BODY, HS, ISO`.
    static func parseSight(_ text: String, index: Int, almanac: Almanac) throws -> Sight {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 3 else {
            throw NavigationCLI.fail(CommandConfig.language.text(.sightShape(number: index + 1, text: text)))
        }
        return try NavigationCLI.guarding {
            let (body, limb) = try SightText.body(parts[0], almanac: almanac)
            let hs = try SightText.altitudeDegrees(parts[1], field: .altitudeOfSight(index + 1))
            let unixSeconds = try NavigationCLI.instant(parts[2], source: .sightTime(index + 1))
            return Sight(body: body, limb: limb, sextantAltitudeDegrees: hs, unixSeconds: unixSeconds)
        }
    }

    /// The marks `12,13,15` with their sights, in the order given: a mark
    /// named twice, a mark that does not exist and a mark without a sight
    /// each exit 2 saying which.
    static func storedSights(_ list: String) throws -> [(mark: SightingMark, sight: MarkSight)] {
        let ids = try list.split(separator: ",", omittingEmptySubsequences: false)
            .map { try MarksCLI.markNumber(String($0).trimmingCharacters(in: .whitespaces)) }
        var seen = Set<Int64>()
        for id in ids where !seen.insert(id).inserted {
            throw NavigationCLI.fail("--marks: mark #\(id) is given twice; a sight counts once (give each mark once)")
        }
        let db = try MarksCLI.openStore()
        return try ids.map { id in
            if let stored = try MarksCLI.store({ try db.sight(markId: id) }) { return stored }
            guard try MarksCLI.store({ try db.mark(id: id) }) != nil else {
                throw NavigationCLI.fail("--marks: no mark #\(id) (never made, or deleted); `timedeck marks list` shows them")
            }
            throw NavigationCLI.fail("--marks: mark #\(id) has no sight (attach one with: timedeck marks sight \(id) \"BODY, HS\")")
        }
    }

    static func json(_ fix: CelestialFix) -> String {
        let n = NavigationCLI.number
        let sights = fix.sights.indices.map { i -> String in
            let r = fix.fromDeadReckoning[i]
            return "{\"body\":\(NavigationCLI.string(r.sight.bodyText)),\"utc\":\(NavigationCLI.string(NavigationCLI.utc(r.sight.unixSeconds))),"
                + "\"hs\":\(n(r.sight.sextantAltitudeDegrees, 6)),\"ho\":\(n(r.observedAltitudeDegrees, 6)),"
                + "\"hc\":\(n(r.computedAltitudeDegrees, 6)),\"zn\":\(n(r.azimuthDegrees, 3)),"
                + "\"intercept\":\(n(r.interceptNauticalMiles, 2)),\"residual\":\(n(fix.sights[i].interceptNauticalMiles, 2))}"
        }
        var fields = ["\"lat\":\(n(fix.position.latitudeDegrees, 6))", "\"lon\":\(n(fix.position.longitudeDegrees, 6))",
                      "\"utc\":\(NavigationCLI.string(NavigationCLI.utc(fix.unixSeconds)))",
                      "\"rms_residual\":\(n(fix.rmsResidualNauticalMiles, 2))",
                      "\"crossing_angle\":\(n(fix.bestCrossingAngleDegrees, 1))",
                      "\"from_dr\":{\"distance\":\(n(fix.fromDeadReckoningNauticalMiles, 2)),\"bearing\":\(n(fix.fromDeadReckoningBearingDegrees, 1))}"]
        if let e = fix.ellipse {
            fields.append("\"ellipse\":{\"semi_major\":\(n(e.semiMajorNauticalMiles, 2)),\"semi_minor\":\(n(e.semiMinorNauticalMiles, 2)),\"axis\":\(n(e.majorAxisDegrees, 1))}")
        }
        if let c = fix.clockDoubt {
            fields.append("\"clock_doubt\":{\"sights\":[\(c.sightIndices.map { "\($0 + 1)" }.joined(separator: ","))],"
                          + "\"seconds\":\(n(c.seconds, 3)),\"longitude_arcminutes\":\(n(c.longitudeArcminutes, 2)),"
                          + "\"east_west_nm\":\(n(c.eastWestNauticalMiles, 2)),\"text\":\(NavigationCLI.string(c.description))}")
        }
        fields.append("\"sights\":[\n" + sights.joined(separator: ",\n") + "\n]")
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// One sight: its line of position, and no `lat`/`lon` (a line is no fix).
    static func json(_ line: LineOfPosition) -> String {
        let n = NavigationCLI.number
        let r = line.reduced
        func point(_ p: GeoPosition) -> String { "[\(n(p.latitudeDegrees, 6)),\(n(p.longitudeDegrees, 6))]" }
        let sight = "{\"body\":\(NavigationCLI.string(r.sight.bodyText)),\"utc\":\(NavigationCLI.string(NavigationCLI.utc(r.sight.unixSeconds))),"
            + "\"hs\":\(n(r.sight.sextantAltitudeDegrees, 6)),\"ho\":\(n(r.observedAltitudeDegrees, 6)),"
            + "\"hc\":\(n(r.computedAltitudeDegrees, 6)),\"zn\":\(n(r.azimuthDegrees, 3)),"
            + "\"intercept\":\(n(r.interceptNauticalMiles, 2))}"
        let lop = "{\"points\":[\(line.points.map(point).joined(separator: ","))],"
            + "\"intercept_point\":\(point(line.interceptPoint)),\"direction\":\(n(line.directionDegrees, 3)),"
            + "\"utc\":\(NavigationCLI.string(NavigationCLI.utc(line.unixSeconds))),"
            + "\"advanced_nm\":\(n(line.advancedNauticalMiles, 2))}"
        var doubt = ""
        if let c = line.clockDoubt {
            doubt = ",\"clock_doubt\":{\"sights\":[1],\"seconds\":\(n(c.seconds, 3)),"
                + "\"longitude_arcminutes\":\(n(c.longitudeArcminutes, 2)),\"east_west_nm\":\(n(c.eastWestNauticalMiles, 2)),"
                + "\"text\":\(NavigationCLI.string(c.description.replacingOccurrences(of: "the fix", with: "the line")))}"
        }
        return "{\"lop\":\(lop)\(doubt),\"sights\":[\n\(sight)\n]}"
    }

    static func text(_ line: LineOfPosition, deadReckoning: GeoPosition, _ l: UILanguage = .en) -> String {
        let r = line.reduced
        var lines = [l.text(.deadReckoning(position: deadReckoning.navigatorText)), ""]
        lines.append(l.text(.fixHeader(residual: false)))
        lines.append(row(r) + String(format: "%6.1f nm ", abs(r.interceptNauticalMiles)) + l.text(.towardOrAway(toward: r.isToward)))
        lines.append("")
        lines.append(l.text(.oneSightIsALine))
        lines.append(l.text(.lineRuns(direction: String(format: "%03.0f°–%03.0f°", line.directionDegrees, line.directionDegrees + 180),
                                      through: line.interceptPoint.navigatorText, at: NavigationCLI.utc(line.unixSeconds),
                                      advancedMiles: line.advancedNauticalMiles > 0 ? String(format: "%.1f", line.advancedNauticalMiles) : nil)))
        lines.append(l.text(.lineEnds(halfLengthMiles: String(format: "%.0f", LineOfPosition.halfLengthNauticalMiles),
                                      ends: line.points.map(\.navigatorText))))
        if let c = line.clockDoubt { lines.append(l.text(clockDoubt(c, line: true))) }
        return lines.joined(separator: "\n")
    }

    /// A sight's row up to its intercept: body, UTC, Ho, Hc, Zn (the same in every language).
    static func row(_ r: ReducedSight) -> String {
        r.sight.bodyText.padding(toLength: 16, withPad: " ", startingAt: 0) + " "
            + NavigationCLI.utc(r.sight.unixSeconds) + "   "
            + NavigationCLI.degreesMinutes(r.observedAltitudeDegrees).leftPadded(10) + "   "
            + NavigationCLI.degreesMinutes(r.computedAltitudeDegrees).leftPadded(10) + "   "
            + String(format: "%05.1f°  ", r.azimuthDegrees)
    }

    /// An unsynchronized clock's doubt in the catalog's words (`ClockDoubt.description`'s numbers).
    static func clockDoubt(_ c: ClockDoubt, line: Bool) -> CommandMessage {
        .clockDoubt(sights: c.sightIndices.map { $0 + 1 }, seconds: c.seconds > 0 ? ClockDoubt.seconds(c.seconds) : nil,
                    arcminutes: String(format: "%.1f", c.longitudeArcminutes), miles: String(format: "%.1f", c.eastWestNauticalMiles),
                    line: line)
    }

    static func text(_ fix: CelestialFix, deadReckoning: GeoPosition, _ l: UILanguage = .en) -> String {
        var lines = [l.text(.deadReckoning(position: deadReckoning.navigatorText)), ""]
        lines.append(l.text(.fixHeader(residual: true)))
        for (i, r) in fix.fromDeadReckoning.enumerated() {
            lines.append(row(r) + String(format: "%6.1f nm %@  %6.2f nm", abs(r.interceptNauticalMiles), r.isToward ? "T" : "A",
                                            fix.sights[i].interceptNauticalMiles))
        }
        lines.append("")
        lines.append(l.text(.fixAt(position: fix.position.navigatorText, at: NavigationCLI.utc(fix.unixSeconds))))
        lines.append(l.text(.fixSpread(rms: String(format: "%.2f", fix.rmsResidualNauticalMiles),
                                       crossing: String(format: "%.0f", fix.bestCrossingAngleDegrees),
                                       ellipse: fix.ellipse.map { String(format: "%.2f × %.2f", $0.semiMajorNauticalMiles, $0.semiMinorNauticalMiles) },
                                       axis: fix.ellipse.map { String(format: "%03.0f°", $0.majorAxisDegrees) })))
        lines.append(l.text(.fromDeadReckoning(miles: String(format: "%.1f", fix.fromDeadReckoningNauticalMiles),
                                               bearing: String(format: "%03.0f°", fix.fromDeadReckoningBearingDegrees))))
        if let c = fix.clockDoubt { lines.append(l.text(clockDoubt(c, line: false))) }
        return lines.joined(separator: "\n")
    }
}
