import ArgumentParser
import Foundation
import TimeKit
import TimeStore

/// The conditions shared by `fix` and `sights plan`.
struct SightConditionOptions: ParsableArguments {
    @Option(help: "Height of eye, metres (dip 1.76′·√h).")
    var eye: Double = 0

    @Option(parsing: .unconditional, help: "Index error, arcminutes, positive on the arc (subtracted from Hs).")
    var ie: Double = 0

    @Option(parsing: .unconditional, help: "Air temperature, °C (scales the refraction).")
    var temp: Double = 10

    @Option(help: "Air pressure, hPa (scales the refraction).")
    var pressure: Double = 1010

    func corrections() throws -> SightCorrections {
        guard eye.isFinite, eye >= 0, eye < 1000 else { throw NavigationCLI.fail("--eye: height of eye \(eye) m is not 0–1000 m") }
        guard ie.isFinite, abs(ie) < 60 else { throw NavigationCLI.fail("--ie: index error \(ie)′ is not within ±60′") }
        guard temp.isFinite, temp > -60, temp < 60 else { throw NavigationCLI.fail("--temp: \(temp) °C is not within −60…60 °C") }
        guard pressure.isFinite, pressure > 800, pressure < 1100 else {
            throw NavigationCLI.fail("--pressure: \(pressure) hPa is not within 800…1100 hPa")
        }
        return SightCorrections(heightOfEyeMetres: eye, indexErrorArcminutes: ie, temperatureCelsius: temp,
                                pressureHectopascals: pressure)
    }
}

/// `timedeck fix --dr POS --sight "BODY, HS, ISO" … | --marks ID,ID,…`.
struct FixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "A position from sextant sights: Ho, Hc, Zn and intercept for each, and the least-squares fix.",
        discussion: """
            Example: timedeck fix --dr "40 10.0 N, 050 15.0 W" --eye 2.5 --ie -1.2 \
            --sight "Vega, 43 23.8, 2024-03-21T09:58:12Z" --sight "Sun LL, 21-04.5, 2024-03-21T10:02:40Z". \
            BODY is a star (Kaus Australis), Sun LL/UL, Moon LL/UL or a planet; HS as 43 23.8, 43-23.8 or \
            43.3967. With --course and --speed earlier sights are advanced to the fix time (a running fix). \
            --marks takes the sights attached with `timedeck marks sight`.
            """
    )

    @Option(parsing: .unconditional, help: "Dead-reckoning position at the fix time, in any form marks accept.")
    var dr: String

    @Option(parsing: .unconditional, help: "Course made good, degrees true.")
    var course: Double = 0

    @Option(help: "Speed, knots.")
    var speed: Double = 0

    @Option(help: "The fix time (UTC, ISO 8601); default the last sight's.")
    var at: String?

    @OptionGroup var conditions: SightConditionOptions

    @Option(help: "A sight: \"BODY, HS, ISO\" (repeat for each).")
    var sight: [String] = []

    @Option(help: "Marks with sights attached, by number: 12,13,15.")
    var marks: String?

    @Flag(help: "JSON output.")
    var json = false

    func run() throws {
        let almanac = try NavigationCLI.loadAlmanac()
        let deadReckoning = try NavigationCLI.position(dr, field: "--dr")
        let corrections = try conditions.corrections()
        guard course.isFinite, speed.isFinite, speed >= 0, speed < 100 else {
            throw NavigationCLI.fail("--course/--speed: give a course in degrees true and a speed of 0–100 knots")
        }
        var sights = try sight.enumerated().map { try Self.parseSight($1, index: $0, almanac: almanac) }
        if let marks { sights += try Self.sightsFromMarks(marks, almanac: almanac) }
        guard !sights.isEmpty else { throw NavigationCLI.fail("--sight: give at least two sights (or --marks)") }
        let fixTime = try at.map { try NavigationCLI.instant($0) } ?? sights.map(\.unixSeconds).max() ?? 0
        for t in Set(sights.map(\.unixSeconds).map { ($0 / 86400).rounded(.down) }) {
            NavigationCLI.noteUT1(almanac, t * 86400)
        }
        let solver = FixSolver(almanac: almanac, corrections: corrections, courseDegrees: course, speedKnots: speed)
        let fix = try NavigationCLI.guarding {
            try solver.fix(sights, deadReckoning: deadReckoning, fixUnixSeconds: fixTime)
        }
        print(json ? Self.json(fix) : Self.text(fix, deadReckoning: deadReckoning))
    }

    /// `BODY, HS, ISO`.
    static func parseSight(_ text: String, index: Int, almanac: Almanac) throws -> Sight {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 3 else {
            throw NavigationCLI.fail("--sight \(index + 1) \"\(text)\": write it as \"BODY, HS, ISO\", e.g. "
                                     + "\"Sun LL, 43 23.8, 2024-03-21T10:02:40Z\"")
        }
        return try NavigationCLI.guarding {
            let (body, limb) = try SightText.body(parts[0], almanac: almanac)
            let hs = try SightText.altitudeDegrees(parts[1], field: "Hs of sight \(index + 1)")
            let unixSeconds = try NavigationCLI.instant(parts[2], field: "time of sight \(index + 1)")
            return Sight(body: body, limb: limb, sextantAltitudeDegrees: hs, unixSeconds: unixSeconds)
        }
    }

    /// The sights attached to marks `12,13,15`, at the marks' corrected instants to the
    /// millisecond as `marks list` shows them, so typing them gives the same fix.
    static func sightsFromMarks(_ list: String, almanac: Almanac) throws -> [Sight] {
        let ids = try list.split(separator: ",").map { try MarksCLI.markNumber(String($0).trimmingCharacters(in: .whitespaces)) }
        let db = try MarksCLI.openStore()
        return try ids.map { id in
            guard let stored = try MarksCLI.store({ try db.sight(markId: id) }) else {
                throw NavigationCLI.fail("--marks: mark #\(id) has no sight (attach one with: timedeck marks sight \(id) \"BODY, HS\")")
            }
            let (body, limb) = try NavigationCLI.guarding { try SightText.body(stored.sight.bodyText, almanac: almanac) }
            return Sight(body: body, limb: limb, sextantAltitudeDegrees: stored.sight.sextantAltitudeDegrees,
                         unixSeconds: Double(stored.mark.correctedUnixMilliseconds) / 1000)
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
                      "\"crossing_angle\":\(n(fix.bestCrossingAngleDegrees, 1))"]
        if let e = fix.ellipse {
            fields.append("\"ellipse\":{\"semi_major\":\(n(e.semiMajorNauticalMiles, 2)),\"semi_minor\":\(n(e.semiMinorNauticalMiles, 2)),\"axis\":\(n(e.majorAxisDegrees, 1))}")
        }
        if let d = fix.disagreement { fields.append("\"verdict\":\(NavigationCLI.string(d.description))") }
        fields.append("\"sights\":[\n" + sights.joined(separator: ",\n") + "\n]")
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func text(_ fix: CelestialFix, deadReckoning: GeoPosition) -> String {
        var lines = ["DR  \(deadReckoning.navigatorText)", ""]
        lines.append("sight            UTC                        Ho           Hc           Zn     intercept   residual")
        for (i, r) in fix.fromDeadReckoning.enumerated() {
            let toward = r.isToward ? "T" : "A"
            lines.append(r.sight.bodyText.padding(toLength: 16, withPad: " ", startingAt: 0) + " "
                         + NavigationCLI.utc(r.sight.unixSeconds) + "   "
                         + NavigationCLI.degreesMinutes(r.observedAltitudeDegrees).leftPadded(10) + "   "
                         + NavigationCLI.degreesMinutes(r.computedAltitudeDegrees).leftPadded(10) + "   "
                         + String(format: "%05.1f°  %6.1f nm %@  %6.2f nm", r.azimuthDegrees,
                                  abs(r.interceptNauticalMiles), toward, fix.sights[i].interceptNauticalMiles))
        }
        lines.append("")
        lines.append("fix  \(fix.position.navigatorText)  at \(NavigationCLI.utc(fix.unixSeconds))")
        var spread = String(format: "spread: rms residual %.2f nm, lines cross at up to %.0f°",
                            fix.rmsResidualNauticalMiles, fix.bestCrossingAngleDegrees)
        if let e = fix.ellipse {
            spread += String(format: ", 1σ ellipse %.2f × %.2f nm along %03.0f°", e.semiMajorNauticalMiles,
                             e.semiMinorNauticalMiles, e.majorAxisDegrees)
        }
        lines.append(spread)
        if let d = fix.disagreement { lines.append(d.description) }
        return lines.joined(separator: "\n")
    }
}
