import ArgumentParser
import Dashboard
import DeckShell
import Foundation
import TimeKit

struct CallCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Show what time a call is at each place, and find a good time.",
        discussion: """
            The first PLACE is where you call from (the source). Periods: before dawn \
            00–06 (bad), breakfast 06–09, morning 09–12, lunch 12–15, afternoon 15–18, \
            dinner 18–21, late night 21–24.
            """
    )

    // `.unconditional`: a shift back (`--at -2h`) is the option's value, not an option.
    @Option(parsing: .unconditional,
            help: "Start: HH:MM or YYYY-MM-DDTHH:MM in the first place, \"tomorrow 09:00\", a shift from now (+2h, -30m), or an instant such as 2026-03-08T14:00:00Z. Default: now.")
    var at: String?

    @Option(help: "Length of the call: 45m, 1h30m or minutes (1 minute to 24 hours), as in calls add.")
    var duration: String?

    @Option(help: "Move the start: earliest, latest (TimeToCall's rules) or best.")
    var optimize: String?

    @OptionGroup var output: OutputOptions<CallCommand>
    static let jsonHelp = "Print one JSON object instead of a table."
    var json: Bool { output.json }

    @Option(help: "Also write a calendar invitation (RFC 5545 .ics) for the call to this file (never replaces an existing file).")
    var ics: String?

    // `.allUnrecognized`: an offset is a place (`-03:00`, `+05:30`), not an
    // option; `PlaceArguments.check` refuses anything else that begins with `-`.
    @Argument(parsing: .allUnrecognized, help: "Places, source first: city names, \"London, CA\", zone names such as UTC, or here (the city nearest the gpsd fix, else marks.position).")
    var places: [String] = []

    func run() throws {
        do { try execute() } catch let failure as CLIFailure { throw failure.exit() }
    }

    func execute() throws {
        try PlaceArguments.check(places)
        guard !places.isEmpty else {
            throw CLIFailure.usage("name at least one place, e.g. `timedeck call London Tokyo`.")
        }
        var minutes: Int?
        if let duration { minutes = try CallsAddCommand.parseDuration(duration) }
        if let optimize, !["earliest", "latest", "best"].contains(optimize) {
            throw CLIFailure.usage("--optimize takes earliest, latest or best, not \"\(optimize)\".")
        }
        let input: CallTimeInput?
        do {
            input = try at.map(CallTimeInput.parse)
        } catch let error as CallTimeInput.ParseError {
            throw CLIFailure.usage(error.description)
        }
        let resolver = try CLIFailure.resolver()
        let here = HerePlace(places: resolver.places)
        let resolved = try places.map { try Self.resolve($0, with: resolver, here: here) }
        let chosen = resolved.map(\.place)
        if chosen[0].isMars {
            throw CLIFailure.usage("a Mars site cannot be the first place (the source): its sols have no dates "
                                   + "to type a time in. Put an Earth place first, e.g. `timedeck call London \(places[0])`.")
        }
        let earth = chosen.filter { !$0.isMars }
        let zones = earth.compactMap(\.timeZone)
        guard zones.count == earth.count, let sourceZone = zones.first else {
            throw CLIFailure.usage("a place has a time zone this system does not know; update timedeck.")
        }

        let now = Date()
        var start = now
        if let input {
            let (instant, resolution) = input.resolve(in: sourceZone, now: now)
            start = instant
            if let note = Self.note(for: resolution, instant: instant, zone: sourceZone) { Self.warn(note) }
        }
        let config = CommandConfig.loadedWarning()
        let optimizer = CallOptimizer(periods: config.settings.periods)
        switch optimize {
        case "earliest": start = optimizer.earliest(for: zones, scheduled: start) ?? start
        case "latest": start = optimizer.latest(for: zones, scheduled: start) ?? start
        case "best":
            let from = start
            if let best = optimizer.best(for: zones, from: from, durationMinutes: minutes ?? 0) {
                start = best.start
                if !best.isGoodForAll {
                    // Say what is bad: the minutes before dawn, place by place.
                    let earth = chosen.filter { !$0.isMars }
                    let bad = zip(earth, best.badMinutes).filter { $0.1 > 0 }
                        .map { "\($0.1) min in \(PlacesTable.label($0.0))" }.joined(separator: ", ")
                    Self.warn("no start in the 24 hours from \(ISOInstant.seconds(from)) keeps everyone out of "
                              + "before dawn (00:00–06:00); this is the least bad one, with the fewest minutes before dawn: "
                              + (bad.isEmpty ? "the start" : bad) + ". A shorter call, or fewer places, may fit.")
                }
            }
        default: break
        }
        guard let rows = CallTimeRow.rows(for: chosen, start: start, durationMinutes: minutes, periods: config.settings.periods,
                                          marsSites: resolver.mars) else { return }
        let changes = rows.map { CallPlan.clockChange(at: $0.place, near: start) }
        if let ics {
            if minutes == nil { Self.warn("the invitation lasts 30 minutes (no --duration given); add --duration to change it.") }
            try CallInviteFile.write(rows, start: start, minutes: minutes, to: ics, now: now, changes: changes)
        }
        if json {
            var list = zip(resolved, rows).map { CallPlaceJSON(query: $0.query, row: $1) }
            for i in list.indices { list[i].clockChange = changes[i].map(ClockChangeJSON.init) }
            let out = CallJSON(utc: ISOInstant.seconds(start), places: list)
            Console.json(try PlacesJSON.encode(out))
        } else {
            var text = Self.table(rows, start: start, minutes: minutes)
            for (row, change) in zip(rows, changes) {
                if let change { text += "\n" + Self.clockChangeLine(row.place, change) }
            }
            Console.out(text)
        }
    }

    /// What one PLACE argument means (`PlaceResolver`); notes on stderr
    /// whatever was assumed (a guess, an old name, an abbreviation, the
    /// most populous of several cities). An ambiguous abbreviation, an
    /// unknown zone or no match is an error (exit 2). `here` is the place
    /// nearest the gpsd fix or the configured position, for the word "here"
    /// (`HerePlace`, asked only when a query is "here").
    static func resolve(_ query: String, with resolver: PlaceResolver, here: HerePlace? = nil) throws -> (query: String, place: Place) {
        if PlaceDatabase.isHere(query) {
            guard let found = here?.lookup() else { throw CLIFailure.usage(CommandConfig.language.text(.hereNeedsPosition)) }
            warn(found.note)
            return (query, found.place)
        }
        if query.trimmingCharacters(in: .whitespaces).lowercased() == "local" {
            // "local" is this machine's zone, as `date` reads it (it was
            // Ocala, FL, by spelling).
            let local = LocalZone.current()
            guard local.problem == nil, local.name == "UTC" || ZoneCatalog.system.entry(named: local.name) != nil else {
                throw CLIFailure.usage(CommandConfig.language.text(.localNotAZone(query: query, zone: local.name)))
            }
            let place: Place = .zone(local.name)
            warn(.local(query: query, zone: local.name))
            if let problem = local.problem { warn(problem.description) }
            return (query, place)
        }
        let resolution = resolver.resolve(query, limit: 6)
        switch resolution.outcome {
        case let .resolved(candidate, notes):
            // A place is resolved, or it is asked about: a match by the
            // beginning of a name or by spelling distance alone is never
            // used (`UT` → Utsunomiya, `Bermuda` → Beruwala were).
            if candidate.tier >= .prefix {
                let close = resolution.candidates.filter(\.isUsable).prefix(5).map(\.place.label)
                throw CLIFailure.onlyClose(query, suggestions: close.isEmpty ? [candidate.place.label] : Array(close))
            }
            for note in notes { warn(note) }
            return (query, candidate.place)
        case .ambiguous:
            throw CLIFailure.usage(resolution.notes.map { CommandConfig.language.text(.placeNote($0)) }.joined(separator: " "))
        case let .unknownZone(name):
            throw CLIFailure.unknownZone(name)
        case let .notFound(suggestions):
            throw CLIFailure.unknownPlace(query, suggestions: suggestions)
        }
    }

    static func note(for resolution: ZoneClock.Resolution, instant: Date, zone: TimeZone) -> CallNote? {
        let shown = ZoneClock.reading(instant, in: zone)
        switch resolution {
        case .exact:
            return nil
        case let .skippedForward(gap):
            return .clockSkipped(zone: zone.identifier, gapMinutes: gap / 60, wall: shown.wall.isoText,
                                 offset: LocalTimeText.offset(seconds: shown.utcOffsetSeconds))
        case let .ambiguousFirst(later):
            let second = ZoneClock.reading(later, in: zone)
            return .clockTwice(zone: zone.identifier, first: LocalTimeText.offset(seconds: shown.utcOffsetSeconds),
                               second: LocalTimeText.offset(seconds: second.utcOffsetSeconds))
        }
    }

    static func warn(_ text: String) {
        Console.error("note: \(text)\n")
    }

    /// What `call`/`calls` assumed, in the interface language.
    static func warn(_ note: CallNote) {
        Console.error(CommandConfig.language.text(.callNoteLine(note)) + "\n")
    }

    /// A note of the place resolver, in the interface language.
    static func warn(_ note: PlaceNote) {
        Console.error(CommandConfig.language.text(.placeNoteLine(note)) + "\n")
    }

    /// The aligned text table (at most 80 columns).
    static func table(_ rows: [CallTimeRow], start: Date, minutes: Int?) -> String {
        let fit = PlacesTable.fit
        var lines = ["Call at \(ISOInstant.seconds(start))" + (minutes.map { ", \($0) min" } ?? "")]
        // Wider only when a call ends across a clock change (`01:30–01:30 (+00:00)`).
        let localWidth = rows.contains { $0.endOffsetNote != nil } ? 24 : 15
        lines.append(fit("PLACE", 24) + "  " + fit("LOCAL", localWidth) + "  " + "DAY" + "  " + fit("UTC OFFSET", 10)
                     + " " + fit("PERIOD", 11) + "  ")
        for row in rows {
            let r = row.reading
            var local = "\(r.weekdayName) \(hhmm(r))"
            if let end = row.endReading { local += "–" + hhmm(end) + (row.endOffsetNote.map { " " + $0 } ?? "") }
            var offset = LocalTimeText.offset(seconds: r.utcOffsetSeconds)
            if let m = row.mars { (local, offset) = ("Sol \(m.shownSol) \(m.clockText)", "LMST") }
            let day = row.dayOffset == 0 ? "" : (row.dayOffset > 0 ? "+\(row.dayOffset)" : "\(row.dayOffset)")
            var marker = ""
            if !row.good { marker = "✗ BAD" } else if row.endGood == false { marker = "✗ ENDS BAD" }
            let line = fit(PlacesTable.label(row.place), 24) + "  " + fit(local, localWidth) + "  "
                + PlacesTable.right(day, 3) + "  " + fit(offset, 10)
                + " " + fit(row.period.title, 11) + "  " + marker
            lines.append(String(line.reversed().drop(while: { $0 == " " }).reversed()))
        }
        lines[1] = String(lines[1].reversed().drop(while: { $0 == " " }).reversed())
        return lines.joined(separator: "\n")
    }

    /// `⚠ America/New_York clocks change Sun 2026-03-08 UTC-05:00→UTC-04:00 (+60 min)`:
    /// a change within 14 days either side of the call.
    static func clockChangeLine(_ place: Place, _ change: ZoneClock.Transition) -> String {
        guard let zone = place.timeZone else { return "" }
        let r = ZoneClock.reading(change.instant, in: zone)
        let delta = (change.offsetAfterSeconds - change.offsetBeforeSeconds) / 60
        // At most 80 columns, as the table: the label is cut to its column.
        let label = PlacesTable.label(place)
        return "⚠ \(label.count > 24 ? PlacesTable.fit(label, 24) : label) clocks change \(r.weekdayName) \(r.wall.isoText.prefix(10)) "
            + "\(LocalTimeText.offset(seconds: change.offsetBeforeSeconds))→\(LocalTimeText.offset(seconds: change.offsetAfterSeconds)) "
            + "(\(delta > 0 ? "+" : "")\(delta) min)"
    }

    static func hhmm(_ r: ZoneClock.Reading) -> String {
        "\(r.wall.hour < 10 ? "0" : "")\(r.wall.hour):\(r.wall.minute < 10 ? "0" : "")\(r.wall.minute)"
    }
}

/// `timedeck call --json`: `{"utc": ..., "places": [...]}`.
struct CallJSON: Encodable {
    var utc: String
    var places: [CallPlaceJSON]
}

/// A Mars place has no UTC offset or day offset: they are `null`, and
/// `sol` (and `missionSol` at a mission's site) say where it is in its sols.
struct CallPlaceJSON: Encodable {
    var query: String
    var name: String
    var country: String
    var zone: String
    var local: String
    var utcOffsetSeconds: Int?
    var dayOffset: Int?
    var period: String
    var good: Bool
    var endLocal: String?
    var endGood: Bool?
    var sol: Int?
    var missionSol: Int?
    /// A change of the place's UTC offset within 14 days of the call; null when none.
    var clockChange: ClockChangeJSON?

    enum CodingKeys: String, CodingKey {
        case query, name, country, zone, local, utcOffsetSeconds, dayOffset, period, good, endLocal, endGood, sol, missionSol, clockChange
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(query, forKey: .query)
        try c.encode(name, forKey: .name)
        try c.encode(country, forKey: .country)
        try c.encode(zone, forKey: .zone)
        try c.encode(local, forKey: .local)
        try c.encode(utcOffsetSeconds, forKey: .utcOffsetSeconds)  // null on Mars
        try c.encode(dayOffset, forKey: .dayOffset)
        try c.encode(period, forKey: .period)
        try c.encode(good, forKey: .good)
        try c.encode(clockChange, forKey: .clockChange)
        try c.encodeIfPresent(endLocal, forKey: .endLocal)
        try c.encodeIfPresent(endGood, forKey: .endGood)
        try c.encodeIfPresent(sol, forKey: .sol)
        try c.encodeIfPresent(missionSol, forKey: .missionSol)
    }

    init(query: String, row: CallTimeRow) {
        self.query = query
        name = row.place.name
        country = row.place.countryCode
        zone = row.place.zoneIdentifier
        // A Mars site: its local mean solar time, `Sol 52300 14:05 LMST`.
        local = row.mars.map { "Sol \($0.shownSol) \($0.clockText) LMST" } ?? row.reading.wall.isoText
        utcOffsetSeconds = row.mars == nil ? row.reading.utcOffsetSeconds : nil
        dayOffset = row.mars == nil ? row.dayOffset : nil
        sol = row.mars?.sol
        missionSol = row.mars?.missionSol
        period = row.period.rawValue
        good = row.good
        endLocal = row.endReading?.wall.isoText
        endGood = row.endGood
    }
}

/// `clockChange` in `call --json`: when, and the offsets either side.
struct ClockChangeJSON: Encodable {
    var utc: String
    var offsetBeforeSeconds: Int
    var offsetAfterSeconds: Int

    init(_ t: ZoneClock.Transition) {
        utc = ISOInstant.seconds(t.instant)
        offsetBeforeSeconds = t.offsetBeforeSeconds
        offsetAfterSeconds = t.offsetAfterSeconds
    }
}
