import ArgumentParser
import DeckShell
import Foundation
import TimeKit
import TimeStore

/// `timedeck sights plan --dr POS [--at ISO]`.
struct SightsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sights", abstract: "Plan celestial sights, and average a run of sights of one body.",
        subcommands: [SightsPlanCommand.self, SightsAverageCommand.self])
}

struct SightsPlanCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Bodies well placed for a fix at the next civil twilight (altitude 15°–70°, spread in azimuth, bright).")

    @Option(parsing: .unconditional, help: "Dead-reckoning position, in any form marks accept.")
    var dr: String

    @Option(help: "Plan from this UTC instant (ISO 8601); default now.")
    var at: String?

    @OptionGroup var output: OutputOptions<SightsPlanCommand>
    static let jsonHelp = "JSON output."
    var json: Bool { output.json }

    func run() throws {
        let almanac = try NavigationCLI.loadAlmanac()
        let position = try NavigationCLI.position(dr, field: "--dr")
        let start = try NavigationCLI.instant(at)
        let plan: SightPlan
        do {
            plan = try NavigationCLI.guarding { try SightPlan.next(after: start, at: position, almanac: almanac) }
        } catch let error as SightPlan.NoTwilight {
            throw NavigationCLI.fail(error.description)
        }
        let n = NavigationCLI.number
        if json {
            let rows = plan.candidates.map {
                "{\"body\":\(NavigationCLI.string($0.body.name)),\"altitude\":\(n($0.altitudeDegrees, 2)),"
                    + "\"azimuth\":\(n($0.azimuthDegrees, 1)),\"magnitude\":\(n($0.magnitude, 2)),\"suggested\":\($0.suggested)}"
            }
            print("{\"twilight\":\"\(plan.twilight.rawValue)\",\"utc\":\(NavigationCLI.string(NavigationCLI.utc(plan.unixSeconds))),"
                  + "\"bodies\":[\n" + rows.joined(separator: ",\n") + "\n]}")
            return
        }
        print("\(plan.twilight.rawValue) civil twilight at \(NavigationCLI.utc(plan.unixSeconds)) from \(position.navigatorText)")
        print("  body             altitude    Zn     mag")
        for c in plan.candidates {
            print((c.suggested ? "* " : "  ") + c.body.name.padding(toLength: 16, withPad: " ", startingAt: 0)
                  + String(format: " %5.1f°   %05.1f°  %5.1f", c.altitudeDegrees, c.azimuthDegrees, c.magnitude))
        }
        print("* a suggested set: bright and spread around the horizon")
    }
}

/// `timedeck marks sight ID "BODY, HS"`.
struct MarksSightCommand: ParsableCommand {
    /// The DR for the horizon check, as the panel takes it: `sights.dr`,
    /// else the mark's own position, else `marks.position`.
    static func deadReckoning(_ settings: Settings, mark: SightingMark) -> (GeoPosition, String)? {
        if let text = settings.sightsDeadReckoning, let dr = try? GeoPosition(parsing: text) { return (dr, "sights.dr") }
        if let position = mark.position.coordinate { return (position, "the mark's position") }
        if let text = settings.fixedPosition, let position = try? GeoPosition(parsing: text) { return (position, "marks.position") }
        return nil
    }

    static let configuration = CommandConfiguration(
        commandName: "sight",
        abstract: "Attach a sextant sight to a mark (the mark's instant is the sight's time), or remove it.",
        discussion: """
            Example: timedeck marks sight 12 "Sun LL, 43 23.8"; then timedeck fix --dr POS --marks 12,13,14. \
            timedeck marks sight 12 --remove takes the sight off (the mark stays) and prints the command that \
            puts it back.
            """)

    @Argument(help: "The mark's number as `marks list` shows it (12 or #12).")
    var id: String

    @Argument(help: "\"BODY, HS\": Kaus Australis, Sun LL, Moon UL, Venus…; HS as 43 23.8, 43-23.8 or 43.3967.")
    var sight: String?

    @Flag(help: "Remove the mark's sight instead (the mark stays).")
    var remove = false

    func run() throws {
        let number = try MarksCLI.markNumber(id)
        if remove {
            guard sight == nil else {
                throw NavigationCLI.fail("--remove takes no sight; give either \"BODY, HS\" or --remove")
            }
            return try removeSight(number)
        }
        guard let sight else {
            throw NavigationCLI.fail("give the sight as \"BODY, HS\" (e.g. \"Sun LL, 43 23.8\"), or --remove to take it off")
        }
        let parts = sight.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else {
            throw NavigationCLI.fail("sight \"\(sight)\": write it as \"BODY, HS\", e.g. \"Sun LL, 43 23.8\"")
        }
        let almanac = try NavigationCLI.loadAlmanac()
        let (body, limb, hs) = try NavigationCLI.guarding {
            let (body, limb) = try SightText.body(parts[0], almanac: almanac)
            return (body, limb, try SightText.altitudeDegrees(parts[1]))
        }
        let bodyText = body.name + limb.suffix
        let db = try MarksCLI.openStore()
        guard let target = try MarksCLI.store({ try db.mark(id: number) }) else {
            throw NavigationCLI.fail("no mark #\(number) (never made, or deleted); `timedeck marks list` shows them")
        }
        // The panel's check: a body below the horizon from the DR at the
        // mark's instant is no sight of it (refraction and dip never lift a
        // body by more than a degree).
        let settings = CommandConfig.settings
        if let (dr, source) = Self.deadReckoning(settings, mark: target),
           let entry = try? almanac.entry(for: body, atUnixSeconds: Double(target.correctedUnixMilliseconds) / 1000) {
            let altitude = SightReduction.altitudeAndAzimuth(ghaDegrees: entry.ghaDegrees, decDegrees: entry.decDegrees,
                                                             from: dr).altitudeDegrees
            if altitude < -1 {
                throw NavigationCLI.fail(String(format: "%@ was %.1f° below the horizon from %@ (%@) at mark #%lld's instant: "
                                                + "check the body, the mark, or sights.dr; nothing was stored",
                                                bodyText, -altitude, dr.navigatorText, source, number))
            }
        }
        let previous = try MarksCLI.store { try db.sight(markId: number) }
        let stored = try MarksCLI.store {
            try db.attachSight(MarkSight(markId: number, bodyText: bodyText, sextantAltitudeDegrees: hs))
        }
        guard let mark = stored else { throw NavigationCLI.fail("no mark #\(number) (deleted meanwhile); `timedeck marks list` shows them") }
        print("#\(number) \(ISOInstant.milliseconds(unixMilliseconds: mark.correctedUnixMilliseconds))  \(bodyText)  Hs "
              + NavigationCLI.degreesMinutes(hs))
        if let old = previous?.sight {
            Console.error("timedeck: replaced the sight on #\(number) (was \(old.bodyText), Hs "
                          + NavigationCLI.degreesMinutes(old.sextantAltitudeDegrees) + ")\n")
        }
    }

    /// Takes the sight off mark `number`; says what it was and how to put it back.
    func removeSight(_ number: Int64) throws {
        let db = try MarksCLI.openStore()
        guard try MarksCLI.store({ try db.mark(id: number) }) != nil else {
            throw NavigationCLI.fail("no mark #\(number) (never made, or deleted); `timedeck marks list` shows them")
        }
        guard let removed = try MarksCLI.store({ try db.removeSight(markId: number) }) else {
            throw NavigationCLI.fail("mark #\(number) has no sight; nothing was removed")
        }
        let hs = NavigationCLI.degreesMinutes(removed.sextantAltitudeDegrees)
        // Degrees and minutes when they give Hs back exactly, else decimal degrees that do.
        let hsDegrees = removed.sextantAltitudeDegrees, whole = hsDegrees.rounded(.down)
        let dm = String(format: "%.0f %04.1f", whole, ((hsDegrees - whole) * 600).rounded() / 10)
        let again = (try? SightText.altitudeDegrees(dm)).map { abs($0 - hsDegrees) < 1e-9 } == true
            ? dm : String(format: "%.9f", hsDegrees)
        print("removed the sight on #\(number) (\(removed.bodyText), Hs \(hs))")
        Console.error("timedeck: to put it back: timedeck marks sight \(number) \"\(removed.bodyText), \(again)\"\n")
    }
}
