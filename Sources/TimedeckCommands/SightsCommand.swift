import ArgumentParser
import Dashboard
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
        abstract: "The navigator's day: twilights, sunrise and sunset, moonrise and moonset, noon, daytime Sun–Moon and "
            + "Sun–Venus fixes, and the bodies for a fix at the next civil twilight.",
        discussion: """
            The next civil twilight after --at comes first (altitude 15°–70°, the Moon's seen from the surface, \
            spread in azimuth, bright); then its day (the mean solar day at the DR's longitude holding that plan): its \
            events, the spans when the Sun and the Moon or Venus are both 10° up and 45°–135° apart in azimuth, \
            and the star plans at its morning and evening civil twilight. In polar night the stars are planned at \
            the Sun's highest; in polar day there are Sun lines only.
            """)

    @Option(parsing: .unconditional, help: "Dead-reckoning position, in any form marks accept.")
    var dr: String

    @Option(help: "Plan from this UTC instant (ISO 8601); default now.")
    var at: String?

    @OptionGroup var output: OutputOptions<SightsPlanCommand>
    static let jsonHelp = "JSON output: twilight, utc, polar, bodies (body, altitude, azimuth, magnitude, suggested, rank), "
        + "day (start, end, sunLowest, sunHighest, polar), events (each null when it does not happen), opportunities, twilights."
    var json: Bool { output.json }

    func run() throws {
        let almanac = try NavigationCLI.loadAlmanac()
        let position = try NavigationCLI.position(dr, field: "--dr")
        let start = try NavigationCLI.instant(at)
        // The day is the one the plan falls in (the next twilight's, or the
        // polar plan's, within 24 hours of --at): what is ahead, not the
        // local day of --at, which may be nearly over.
        let (plan, day) = try NavigationCLI.guarding {
            let plan = try SightPlan.next(after: start, at: position, almanac: almanac)
            return (plan, try DayPlan.day(containing: plan.unixSeconds, at: position, almanac: almanac))
        }
        if json {
            print(Self.json(plan, day))
            return
        }
        print(Self.text(plan, day, position, CommandConfig.language))
    }

    static func bodiesJSON(_ plan: SightPlan) -> String {
        let n = NavigationCLI.number
        let rows = plan.candidates.map {
            "{\"body\":\(NavigationCLI.string($0.body.name)),\"altitude\":\(n($0.altitudeDegrees, 2)),"
                + "\"azimuth\":\(n($0.azimuthDegrees, 1)),\"magnitude\":\(n($0.magnitude, 2)),\"suggested\":\($0.suggested)"
                + ($0.rank.map { ",\"rank\":\($0)" } ?? "") + "}"
        }
        return "[" + (rows.isEmpty ? "" : "\n" + rows.joined(separator: ",\n") + "\n") + "]"
    }

    /// `twilight`, `utc` (null in polar day), `polar` (why, when there is no civil twilight) and `bodies`.
    static func planFields(_ plan: SightPlan) -> [String] {
        var fields = ["\"twilight\":\"\(plan.twilight.rawValue)\"",
                      "\"utc\":" + (plan.twilight == .polarDay ? "null" : NavigationCLI.string(NavigationCLI.utc(plan.unixSeconds)))]
        // English in every language: the JSON is the same whatever the user reads.
        if let text = polar(plan, .en) { fields.append("\"polar\":" + NavigationCLI.string(text)) }
        fields.append("\"bodies\":" + bodiesJSON(plan))
        return fields
    }

    static func planJSON(_ plan: SightPlan) -> String { "{" + planFields(plan).joined(separator: ",") + "}" }

    static func json(_ plan: SightPlan, _ day: DayPlan) -> String {
        let n = NavigationCLI.number, utc = { NavigationCLI.string(NavigationCLI.utc($0)) }
        let events = DayPlan.Event.allCases.map { e in
            "\"\(e.rawValue)\":" + (day.time(of: e).map(utc) ?? "null")
        }
        let opportunities = day.opportunities.map { o in
            "{\"bodies\":[\"Sun\",\(NavigationCLI.string(o.body.name))],\"start\":\(utc(o.startUnixSeconds)),"
                + "\"end\":\(utc(o.endUnixSeconds)),\"best\":\(utc(o.bestUnixSeconds)),"
                + "\"sunAzimuth\":\(n(o.sunAzimuthDegrees, 1)),\"bodyAzimuth\":\(n(o.bodyAzimuthDegrees, 1)),"
                + "\"sunAltitude\":\(n(o.sunAltitudeDegrees, 1)),\"bodyAltitude\":\(n(o.bodyAltitudeDegrees, 1)),"
                + "\"azimuthDifference\":\(n(o.azimuthDifferenceDegrees, 1))}"
        }
        let polar = day.sunLowestDegrees > SunriseSunset.horizonAltitudeDegrees ? "\"day\""
            : day.sunHighestDegrees < SunriseSunset.horizonAltitudeDegrees ? "\"night\"" : "null"
        var fields = planFields(plan)
        fields.append("\"day\":{\"start\":\(utc(day.dayStartUnixSeconds)),\"end\":\(utc(day.dayStartUnixSeconds + 86400)),"
                      + "\"sunLowest\":\(n(day.sunLowestDegrees, 2)),\"sunHighest\":\(n(day.sunHighestDegrees, 2)),"
                      + "\"polar\":\(polar)}")
        fields.append("\"events\":{" + events.joined(separator: ",") + "}")
        fields.append("\"opportunities\":[" + opportunities.joined(separator: ",\n") + "]")
        fields.append("\"twilights\":[" + day.twilights.map(planJSON).joined(separator: ",\n") + "]")
        return "{" + fields.joined(separator: ",\n") + "}"
    }

    static func table(_ plan: SightPlan, _ l: UILanguage = .en) -> [String] {
        guard !plan.candidates.isEmpty else { return ["  " + l.text(.planNoBody)] }
        var lines = [l.text(.planHeader)]
        for c in plan.candidates {
            lines.append((c.rank.map { "\($0) " } ?? "  ") + c.body.name.padding(toLength: 16, withPad: " ", startingAt: 0)
                         + String(format: " %5.1f°   %05.1f°  %5.1f", c.altitudeDegrees, c.azimuthDegrees, c.magnitude))
        }
        return lines
    }

    static func heading(_ plan: SightPlan, from position: GeoPosition? = nil, _ l: UILanguage = .en) -> String {
        l.text(.planHeading(plan.twilight, at: NavigationCLI.utc(plan.unixSeconds), from: position?.navigatorText))
    }

    /// Why there is no civil twilight, from the catalog (the one source of
    /// the sentence, for the text and the JSON `polar` field).
    static func polar(_ plan: SightPlan, _ l: UILanguage) -> String? {
        guard plan.isPolar, let range = plan.sunRangeDegrees else { return nil }
        return l.text(.planPolar(plan.twilight, lowest: range.lowerBound, highest: range.upperBound))
    }

    static func text(_ plan: SightPlan, _ day: DayPlan, _ position: GeoPosition, _ l: UILanguage = .en) -> String {
        var lines = [heading(plan, from: position, l)]
        if let why = polar(plan, l) { lines.append("  " + why) }
        if plan.twilight != .polarDay { lines += table(plan, l) }
        lines.append("")
        lines.append(l.text(.planDay(start: NavigationCLI.utc(day.dayStartUnixSeconds), end: NavigationCLI.utc(day.dayStartUnixSeconds + 86400),
                                     lowest: String(format: "%.1f", day.sunLowestDegrees), highest: String(format: "%.1f", day.sunHighestDegrees))))
        for e in day.events {
            lines.append("  " + NavigationCLI.utc(e.unixSeconds) + "  " + l.text(.planEvent(e.event)))
        }
        let missing = DayPlan.Event.allCases.filter { day.time(of: $0) == nil }
        if !missing.isEmpty { lines.append("  " + l.text(.planNoneThatDay(missing))) }
        if day.opportunities.isEmpty {
            lines.append(l.text(.planNoDaytimeFix))
        } else {
            lines.append(l.text(.planDaytimeFixes))
            for o in day.opportunities {
                lines.append("  " + l.text(.planOpportunity(body: o.body.name, start: NavigationCLI.utc(o.startUnixSeconds),
                                                            end: NavigationCLI.utc(o.endUnixSeconds), best: NavigationCLI.utc(o.bestUnixSeconds),
                                                            sunAzimuth: String(format: "%05.1f", o.sunAzimuthDegrees),
                                                            bodyAzimuth: String(format: "%05.1f", o.bodyAzimuthDegrees),
                                                            apart: String(format: "%.0f", o.azimuthDifferenceDegrees))))
            }
        }
        // The day's twilight the plan above already showed (found by its own
        // bisection, so within a millisecond, not equal) is not repeated.
        for twilight in day.twilights
        where twilight.twilight != plan.twilight || abs(twilight.unixSeconds - plan.unixSeconds) > 1 {
            lines.append(heading(twilight, from: nil, l) + ":")
            if twilight.twilight != .polarDay { lines += table(twilight, l) }
        }
        lines.append(l.text(.planLegend))
        return lines.joined(separator: "\n")
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
        let almanac = try NavigationCLI.almanac(try NavigationCLI.loadAlmanac(), naming: [parts[0]])
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
