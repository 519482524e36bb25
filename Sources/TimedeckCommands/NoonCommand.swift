import ArgumentParser
import Dashboard
import DeckShell
import Foundation
import TimeKit
import TimeStore

/// `timedeck noon [--dr POS] [--date D] [--sight "Sun LL, HS, ISO" … | --marks IDS]`:
/// local apparent noon at the ship, and the position a run of Sun sights
/// around it gives.
struct NoonCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "noon",
        abstract: "Local apparent noon (the Sun's meridian passage) at the DR; with a run of Sun sights, latitude and longitude from the noon curve.",
        discussion: """
            Example: timedeck noon --dr "40 10.0 N, 050 15.0 W" --date 2024-03-21 --course 180 --speed 6 \
            --sight "Sun LL, 49 40.2, 2024-03-21T15:13:00Z" --sight "Sun LL, 49 47.9, 2024-03-21T15:19:00Z" … \
            Without sights it predicts the meridian passage at the DR (moving with --course and --speed; \
            the DR is for the passage itself unless --dr-at names its time) and the Sun's altitude there. \
            With three or more Sun sights around the passage it fits a curve to them (each carried to a \
            stationary observer first) and gives the maximum altitude and its time, the latitude from the \
            one and the longitude from the other, with the standard errors the sights' scatter supports. \
            The DR, course, speed and corrections default to the [sights] settings, as in `fix`.
            """
    )

    @Option(parsing: .unconditional, help: "Dead-reckoning position, in any form marks accept; default sights.dr, else (with --marks) the newest mark's position, else marks.position.")
    var dr: String?

    @Option(name: .customLong("dr-at"), help: "The time the DR is for (UTC, ISO 8601); default: the meridian passage itself.")
    var drAt: String?

    @Option(help: "The UTC date of the noon (YYYY-MM-DD); default: the sights' date, else today.")
    var date: String?

    @Option(parsing: .unconditional, help: "Course made good, degrees true (0–360); default sights.course_degrees.")
    var course: Double?

    @Option(help: "Speed, knots (0–99); default sights.speed_knots.")
    var speed: Double?

    @OptionGroup var conditions: SightConditionOptions

    @Option(help: "A Sun sight: \"Sun LL, HS, ISO\" (repeat for each; at least three around noon for a position).")
    var sight: [String] = []

    @Option(help: "Marks with Sun sights attached, by number: 12,13,15.")
    var marks: String?

    @OptionGroup var chart: ChartOutputOptions

    @OptionGroup var output: OutputOptions<NoonCommand>
    static let jsonHelp = "JSON output: {\"meridianPassage\", …} and, with sights, {\"lat\",\"lon\",\"maxAltitude\",\"maxTime\"}."
    var json: Bool { output.json }

    func run() throws {
        try chart.check()
        var almanac = try NavigationCLI.loadAlmanac()
        let settings = CommandConfig.settings
        var solver = try NavigationCLI.solver(almanac: almanac, settings: settings, conditions: conditions,
                                              course: course, speed: speed)
        let (sights, marked) = try NavigationCLI.sights(typed: sight, marks: marks, almanac: &almanac)
        solver.almanac = almanac
        let position = try NavigationCLI.deadReckoning(dr, settings: settings, marks: marked.map(\.mark))
        let near = try noonGuess(position, sights: sights)
        let drTime = try drAt.map { try NavigationCLI.instant($0, source: .option("--dr-at")) }
        // A DR given for the passage itself (no --dr-at) does not move
        // before it: the passage is at the DR's longitude.
        let passage = try NavigationCLI.guarding {
            try NoonSight.meridianPassage(almanac: almanac, deadReckoning: position, drUnixSeconds: drTime ?? near,
                                          courseDegrees: drTime == nil ? 0 : solver.courseDegrees,
                                          speedKnots: drTime == nil ? 0 : solver.speedKnots, nearUnixSeconds: near)
        }
        let drInstant = drTime ?? passage.unixSeconds
        NavigationCLI.noteUT1(almanac, passage.unixSeconds)
        var result: NoonSight.Result?
        if !sights.isEmpty {
            result = try NavigationCLI.guarding {
                try NoonSight.fit(sights, solver: solver, deadReckoning: position, drUnixSeconds: drInstant)
            }
        }
        print(json ? Self.json(passage, result) : Self.text(passage, result, CommandConfig.language))
        guard chart.gpx != nil || chart.plot != nil || chart.nmea != nil else { return }
        guard let result else {
            throw NavigationCLI.fail("--gpx/--plot/--nmea: a meridian passage alone is not a position; give the noon sights (--sight or --marks)")
        }
        let dr = solver.position(position, at: drInstant, movedTo: result.maxUnixSeconds)
        var times = solver.speedKnots > 0 ? sights.map(\.unixSeconds) : []
        times.append(result.maxUnixSeconds)
        let track = Set(times).sorted().map {
            ChartExport.TimedPosition(position: solver.position(position, at: drInstant, movedTo: $0), unixSeconds: $0)
        }
        let rms = result.rmsResidualArcminutes
        try chart.emit(ChartExport(fix: .init(position: result.position, unixSeconds: result.maxUnixSeconds,
                                              sightCount: result.sightCount, rmsResidualNauticalMiles: rms),
                                   deadReckoning: .init(position: dr, unixSeconds: result.maxUnixSeconds),
                                   courseDegrees: solver.courseDegrees, speedKnots: solver.speedKnots, track: track, lines: []))
    }

    /// Near which instant to look for the passage: noon at the DR's
    /// longitude on `--date`, else on the sights' (mean) date, else today.
    func noonGuess(_ position: GeoPosition, sights: [Sight]) throws -> Double {
        let dayStart: Double
        if let date {
            guard date.count == 10, let parsed = try? InstantParser.parse(date + "T00:00:00Z") else {
                throw NavigationCLI.fail("--date: \"\(NMEATarget.inert(date))\" is not a date; write it as YYYY-MM-DD (e.g. 2024-03-21), 1700–2200")
            }
            dayStart = parsed.unixSeconds
        } else if !sights.isEmpty {
            return sights.map(\.unixSeconds).reduce(0, +) / Double(sights.count)
        } else {
            dayStart = (Date().timeIntervalSince1970 / 86400).rounded(.down) * 86400
        }
        return dayStart + 43200 - position.longitudeDegrees / 15 * 3600
    }

    static func json(_ passage: NoonSight.Passage, _ result: NoonSight.Result?) -> String {
        let n = NavigationCLI.number
        var fields = ["\"meridianPassage\":\(NavigationCLI.string(NavigationCLI.utc(passage.unixSeconds)))",
                      "\"dr\":{\"lat\":\(n(passage.position.latitudeDegrees, 6)),\"lon\":\(n(passage.position.longitudeDegrees, 6))}",
                      "\"altitudeAtPassage\":\(n(passage.altitudeDegrees, 6))",
                      "\"bearing\":\(n(passage.azimuthDegrees, 0))"]
        if let r = result {
            let optional = { (v: Double?, places: Int) in v.map { n($0, places) } ?? "null" }
            fields += ["\"lat\":\(n(r.position.latitudeDegrees, 6))", "\"lon\":\(n(r.position.longitudeDegrees, 6))",
                       "\"maxAltitude\":\(n(r.maxAltitudeDegrees, 6))",
                       "\"maxTime\":\(NavigationCLI.string(NavigationCLI.utc(r.maxUnixSeconds)))",
                       "\"uncertainty\":{\"time\":\(optional(r.timeUncertaintySeconds, 1)),\"lat\":\(optional(r.latitudeUncertaintyArcminutes, 2)),"
                       + "\"lon\":\(optional(r.longitudeUncertaintyArcminutes, 2))}",
                       "\"rms_residual\":\(n(r.rmsResidualArcminutes, 2))", "\"sights\":\(r.sightCount)"]
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func text(_ passage: NoonSight.Passage, _ result: NoonSight.Result?, _ l: UILanguage = .en) -> String {
        var lines = [l.text(.noonPassage(at: NavigationCLI.utc(passage.unixSeconds), position: passage.position.navigatorText)),
                     l.text(.noonSun(south: passage.azimuthDegrees == 180,
                                     belowDegrees: passage.altitudeDegrees < 0 ? String(format: "%.1f", -passage.altitudeDegrees) : nil,
                                     altitude: NavigationCLI.degreesMinutes(passage.altitudeDegrees)))]
        guard let r = result else { return lines.joined(separator: "\n") }
        lines.append("")
        lines.append(l.text(.noonCurve(sights: r.sightCount, maxAltitude: NavigationCLI.degreesMinutes(r.maxAltitudeDegrees),
                                       at: NavigationCLI.utc(r.maxUnixSeconds),
                                       seconds: r.timeUncertaintySeconds.map { String(format: "%.0f", $0) },
                                       rms: String(format: "%.2f", r.rmsResidualArcminutes))))
        lines.append(l.text(.noonLatitude(latitude: r.position.latitudeText,
                                          error: r.latitudeUncertaintyArcminutes.map { String(format: "%.1f", $0) })))
        lines.append(l.text(.noonLongitude(longitude: r.position.longitudeText,
                                           error: r.longitudeUncertaintyArcminutes.map { String(format: "%.1f", $0) })))
        if r.timeUncertaintySeconds == nil { lines.append(l.text(.noonExactFit)) }
        return lines.joined(separator: "\n")
    }
}
