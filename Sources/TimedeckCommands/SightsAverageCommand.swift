import ArgumentParser
import Dashboard
import DeckShell
import Foundation
import TimeKit
import TimeStore

/// `timedeck sights average [--dr POS] --sight "BODY, HS, ISO" … | --marks IDS`:
/// a run of sights of one body checked against the computed slope and
/// reduced to one sight.
struct SightsAverageCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "average",
        abstract: "Check a run of sights of one body against the computed rate of change of altitude, flag outliers, and reduce the rest to one sight at the middle time.",
        discussion: """
            Example: timedeck sights average --dr "40 10.0 N, 050 15.0 W" --sight "Vega, 52 10.2, 2024-03-21T06:43:00Z" \
            --sight "Vega, 52 19.5, 2024-03-21T06:44:07Z" --sight "Vega, 52 27.9, 2024-03-21T06:45:10Z". \
            Each sight's intercept from the DR (moved with --course/--speed to its time) is the same for a perfect \
            run, because the computed altitude rises or falls with the body; a sight more than 1′ (or three times \
            the run's robust spread) from the others is flagged and left out. The rest give one sight at the middle \
            time, printed as "BODY, HS, ISO" for `fix --sight`. Corrections and defaults as in `fix`.
            """
    )

    @Option(parsing: .unconditional, help: "Dead-reckoning position; default sights.dr, else (with --marks) the newest mark's position, else marks.position.")
    var dr: String?

    @Option(parsing: .unconditional, help: "Course made good, degrees true (0–360); default sights.course_degrees.")
    var course: Double?

    @Option(help: "Speed, knots (0–99); default sights.speed_knots.")
    var speed: Double?

    @OptionGroup var conditions: SightConditionOptions

    @Option(help: "A sight: \"BODY, HS, ISO\" (repeat; all of one body and limb, within 30 minutes).")
    var sight: [String] = []

    @Option(help: "Marks with sights attached, by number: 12,13,15.")
    var marks: String?

    @OptionGroup var output: OutputOptions<SightsAverageCommand>
    static let jsonHelp = "JSON output: {\"body\",\"rate\",\"sights\":[…],\"average\":{…},\"sight\"}."
    var json: Bool { output.json }

    func run() throws {
        var almanac = try NavigationCLI.loadAlmanac()
        let settings = CommandConfig.settings
        var solver = try NavigationCLI.solver(almanac: almanac, settings: settings, conditions: conditions,
                                              course: course, speed: speed)
        let (sights, marked) = try NavigationCLI.sights(typed: sight, marks: marks, almanac: &almanac)
        solver.almanac = almanac
        let position = try NavigationCLI.deadReckoning(dr, settings: settings, marks: marked.map(\.mark))
        let middle = sights.isEmpty ? 0 : (sights.map(\.unixSeconds).min()! + sights.map(\.unixSeconds).max()!) / 2
        NavigationCLI.noteUT1(almanac, middle)
        let run = try NavigationCLI.guarding {
            try SightRun.average(sights, solver: solver, deadReckoning: position, drUnixSeconds: middle)
        }
        print(json ? Self.json(run) : Self.text(run, CommandConfig.language))
    }

    /// `Vega, 52 19.47, 2024-03-21T06:44:07.412Z`: what `fix --sight` takes.
    static func sightText(_ s: Sight) -> String {
        let whole = Int(s.sextantAltitudeDegrees)
        var minutes = ((s.sextantAltitudeDegrees - Double(whole)) * 60 * 100).rounded() / 100
        var degrees = whole
        if minutes >= 60 { degrees += 1; minutes -= 60 }
        return "\(s.bodyText), \(degrees) \(String(format: "%05.2f", minutes)), \(NavigationCLI.utc(s.unixSeconds))"
    }

    static func json(_ run: SightRun.Result) -> String {
        let n = NavigationCLI.number
        let rows = run.entries.map {
            "{\"utc\":\(NavigationCLI.string(NavigationCLI.utc($0.sight.unixSeconds))),\"hs\":\(n($0.sight.sextantAltitudeDegrees, 6)),"
                + "\"ho\":\(n($0.observedAltitudeDegrees, 6)),\"intercept\":\(n($0.interceptArcminutes, 2)),"
                + "\"residual\":\(n($0.residualArcminutes, 2)),\"outlier\":\($0.isOutlier)}"
        }
        let a = run.averaged
        return "{\"body\":\(NavigationCLI.string(a.bodyText)),\"rate\":\(n(run.rateArcminutesPerMinute, 3)),"
            + "\"rms_residual\":\(n(run.rmsResidualArcminutes, 2)),\"outliers\":\(run.outlierCount),"
            + "\"sights\":[\n" + rows.joined(separator: ",\n") + "\n],"
            + "\"average\":{\"utc\":\(NavigationCLI.string(NavigationCLI.utc(a.unixSeconds))),\"hs\":\(n(a.sextantAltitudeDegrees, 6)),"
            + "\"ho\":\(n(run.averagedObservedAltitudeDegrees, 6)),\"intercept\":\(n(run.meanInterceptArcminutes, 2))},"
            + "\"sight\":\(NavigationCLI.string(sightText(a)))}"
    }

    static func text(_ run: SightRun.Result, _ l: UILanguage = .en) -> String {
        var lines = [l.text(.averageRate(body: run.averaged.bodyText, rate: String(format: "%+.2f", run.rateArcminutesPerMinute))), "",
                     l.text(.averageHeader)]
        for e in run.entries {
            lines.append(NavigationCLI.utc(e.sight.unixSeconds) + "   " + NavigationCLI.degreesMinutes(e.sight.sextantAltitudeDegrees).leftPadded(10)
                         + String(format: "   %+6.2f′     %+6.2f′", e.interceptArcminutes, e.residualArcminutes)
                         + (e.isOutlier ? "   " + l.text(.averageOutlier) : ""))
        }
        lines.append("")
        lines.append(l.text(.averageKept(count: run.entries.count - run.outlierCount, rms: String(format: "%.2f", run.rmsResidualArcminutes),
                                         mean: String(format: "%+.2f", run.meanInterceptArcminutes))))
        lines.append(l.text(.averageOneSight(sight: sightText(run.averaged))))
        return lines.joined(separator: "\n")
    }
}
