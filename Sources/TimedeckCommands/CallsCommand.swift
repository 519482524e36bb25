import ArgumentParser
import DeckShell
import Foundation
import TimeKit
import TimeStore

/// `timedeck calls …`: the saved calls of the call planner, on the same
/// store as the dashboard (an open dashboard shows a change within 2 s).
struct CallsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calls",
        abstract: "List, add, change and remove saved calls; print the next one for a status bar.",
        discussion: """
            The same calls as the dashboard's call planner, in the same database \
            ($TIMEDECK_HOME/timedeck.sqlite, else $XDG_DATA_HOME/timedeck/, else \
            ~/.local/share/timedeck/). Bad input exits 2 and changes nothing.
            """,
        subcommands: [CallsListCommand.self, CallsAddCommand.self, CallsSetCommand.self, CallsRemoveCommand.self,
                      CallsNextCommand.self]
    )
}

/// The store for one `calls` command: opened once per process.
enum CallsStore {
    /// The calls, or none when the database file does not exist yet
    /// (reading never creates it).
    static func read() throws -> [CallPlan] {
        try guarded { try StoreHandle.atDefaultLocation().existing()?.fetchCalls() ?? [] }
    }

    /// The database, created if needed, for a write.
    static func forWriting() throws -> AppDatabase {
        try guarded { try StoreHandle.atDefaultLocation().forWriting() }
    }

    /// Store problems exit 1 with the store's message.
    static func guarded<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw MarksCLI.fail(error.description, code: 1)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw MarksCLI.fail("database error: \(error)", code: 1)
        }
    }
}

/// One call as `calls list --json` and `calls next --json` print it.
struct CallJSONRecord: Encodable {
    var id: Int64?
    var name: String
    /// The start, UTC, ISO 8601 to the second.
    var start: String
    var durationMinutes: Int?
    /// Minutes before the start the reminder comes (nil: none), as in force
    /// now (a call without its own follows `calls.remind`).
    var remindMinutes: Int?
    /// "off", "10m", or "default" (follows `calls.remind`).
    var remind: String
    var places: [Place]
    /// Only in `calls next`: whole minutes until the start, and the line.
    var minutesUntil: Int?
    var line: String?

    struct Place: Encodable {
        var name: String
        var country: String
        var zone: String
        /// The local wall time at the start, `2027-03-15T14:00:00`; on Mars
        /// `sol 2049 13:38` (the mission sol at a mission's site).
        var local: String
        /// null for a Mars site, which has no UTC offset.
        var utcOffsetSeconds: Int?
        var people: String

        enum CodingKeys: String, CodingKey { case name, country, zone, local, utcOffsetSeconds, people }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(country, forKey: .country)
            try c.encode(zone, forKey: .zone)
            try c.encode(local, forKey: .local)
            try c.encode(utcOffsetSeconds, forKey: .utcOffsetSeconds)
            try c.encode(people, forKey: .people)
        }
    }

    /// The Mars sites (the library's and the config's), for mission sols.
    static let marsSites: MarsSiteLibrary? = (try? MarsSiteLibrary.bundled())?
        .adding(CommandConfig.settings.marsSites).library

    init(_ call: CallPlan, setting: Int?) {
        id = call.id
        name = call.name
        start = ISOInstant.seconds(call.start)
        durationMinutes = call.durationMinutes
        remindMinutes = call.reminder.minutes(setting: setting)
        switch call.reminder {
        case .followSetting: remind = "default"
        case .off: remind = "off"
        case .minutesBefore(let m): remind = CallReminder.text(minutes: m)
        }
        places = zip(call.participants, call.rows(marsSites: Self.marsSites)).map { participant, row in
            Place(name: participant.place.name, country: participant.place.countryCode,
                  zone: participant.place.zoneIdentifier,
                  local: row.mars.map { "sol \($0.shownSol) \($0.clockText)" } ?? row.reading.wall.isoText,
                  utcOffsetSeconds: row.mars == nil ? row.reading.utcOffsetSeconds : nil, people: participant.people)
        }
    }
}

struct CallsListCommand: JSONCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List saved calls, soonest first.")

    @OptionGroup var output: OutputOptions<CallsListCommand>
    static let jsonHelp = "Print a JSON array of calls (name, start, durationMinutes, remindMinutes, places, …)."
    var json: Bool { output.json }

    func run() throws {
        let setting = CommandConfig.settings.callRemindMinutes
        let calls = try CallsStore.read().sorted { ($0.start, $0.id ?? 0) < ($1.start, $1.id ?? 0) }
        if json {
            Console.json(try PlacesJSON.encode(calls.map { CallJSONRecord($0, setting: setting) }))
            return
        }
        if calls.isEmpty {
            Console.out("No saved calls. Add one with `timedeck calls add NAME --at TIME PLACE…`.")
            return
        }
        for call in calls {
            let minutes = call.durationMinutes.map { ", \($0) min" } ?? ""
            let remind = CallReminder.text(minutes: call.reminder.minutes(setting: setting))
            Console.out("\(call.name)  \(ISOInstant.seconds(call.start))\(minutes), remind \(remind)")
            Console.out("  " + CallReminders.localTimes(call))
        }
    }
}

struct CallsAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Save a new call.",
        discussion: "Example: timedeck calls add Standup --at \"2027-03-15 14:00\" --duration 45m --remind 10m London Tokyo")

    @Argument(help: "The call's name (unique among saved calls).")
    var name: String

    // `.unconditional`: a shift back (`--at -5m`) is the option's value, not an option.
    @Option(parsing: .unconditional,
            help: "Start: an instant with its zone (2027-03-15T14:00:00Z), a local date and time in the first place (\"2027-03-15 14:00\"), HH:MM, \"tomorrow 09:00\", or a shift from now (+3d, -5m).")
    var at: String

    @Option(help: "Length: 45m, 1h30m or minutes (1 minute to 24 hours).")
    var duration: String?

    @Option(help: "Reminder before the start: 10m, 1h, or off. Default: the config's calls.remind.")
    var remind: String?

    // `.allUnrecognized`: an offset is a place (`-03:00`, `+05:30`), not an
    // option; `PlaceArguments.check` refuses anything else that begins with `-`.
    @Argument(parsing: .allUnrecognized, help: "Places, source first: city names, zone names, or here (the city nearest the gpsd fix, else marks.position).")
    var places: [String] = []

    func run() throws {
        do { try execute() } catch let failure as CLIFailure { throw failure.exit() }
    }

    func execute() throws {
        // Everything is checked before the store is touched: bad input
        // writes nothing.
        try PlaceArguments.check(places)
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 80 else {
            throw CLIFailure.usage("a call needs a name of 1 to 80 characters.")
        }
        guard InertText.isInert(trimmed) else {
            throw CLIFailure.usage("a call name cannot hold control or bidi characters (shown here as "
                                   + "\"\(InertText.display(trimmed))\"); type the name as plain text.")
        }
        guard !places.isEmpty else {
            throw CLIFailure.usage("name at least one place, e.g. `timedeck calls add \(ShellWord.quoted(trimmed)) --at 14:00 London Tokyo`.")
        }
        let minutes = try duration.map(Self.parseDuration)
        let reminder: CallReminder
        do {
            reminder = try remind.map(CallReminder.parse) ?? .followSetting
        } catch let error as CallReminder.Invalid {
            throw CLIFailure.usage(error.description)
        }
        let input: CallTimeInput
        do {
            input = try CallTimeInput.parse(at)
        } catch let error as CallTimeInput.ParseError {
            throw CLIFailure.usage(error.description)
        }
        let resolver = try CLIFailure.resolver()
        let here = HerePlace(places: resolver.places)
        let chosen = try places.map { try CallCommand.resolve($0, with: resolver, here: here).place }
        // A Mars site first is refused for what it is (it has no time zone
        // either, which the next check would report as unknown).
        if chosen.first?.isMars == true {
            throw CLIFailure.usage("a Mars site cannot be the first place (the source): its sols have no dates to type a time in. "
                                   + "Put an Earth place first, e.g. `timedeck calls add \(ShellWord.quoted(trimmed)) --at \(ShellWord.quoted(at)) London \(ShellWord.quoted(places[0]))`.")
        }
        guard let sourceZone = chosen.first?.timeZone, chosen.allSatisfy({ $0.timeZone != nil || $0.isMars }) else {
            throw CLIFailure.usage("a place has a time zone this system does not know; update timedeck.")
        }
        let now = Date()
        let (start, resolution) = input.resolve(in: sourceZone, now: now)
        if let note = CallCommand.note(for: resolution, instant: start, zone: sourceZone) { CallCommand.warn(note) }
        CallsAddCommand.warnIfPast(start, now: now, input: at)
        let existing = try CallsStore.read()
        if existing.contains(where: { $0.name.caseInsensitiveCompare(trimmed) == .orderedSame }) {
            throw CLIFailure.usage("a call named \"\(trimmed)\" already exists; remove it first (`timedeck calls remove \(ShellWord.quoted(trimmed))`) or choose another name.")
        }
        let call = CallPlan(name: trimmed, participants: chosen.map { CallParticipant(place: $0) },
                            start: Date(timeIntervalSince1970: start.timeIntervalSince1970.rounded()),
                            durationMinutes: minutes, createdAt: now, reminder: reminder)
        let saved = try CallsStore.guarded { try CallsStore.forWriting().saveCall(call) }
        Console.out("Saved \"\(saved.name)\" at \(ISOInstant.seconds(saved.start)): \(CallReminders.localTimes(saved))")
    }

    /// A start that has already passed is saved as asked (a log of a call
    /// held, say), but said: it will not remind and `calls next` skips it.
    static func warnIfPast(_ start: Date, now: Date, input: String) {
        guard start.addingTimeInterval(60) < now else { return }
        let minutes = Int(now.timeIntervalSince(start) / 60)
        // "tomorrow" goes before a bare time only: before a date it would
        // make an input nothing reads ("tomorrow 2026-03-29 01:30").
        let time = input.trimmingCharacters(in: .whitespaces)
        let tomorrow = (time.wholeMatch(of: /(?i)(?:today\s+)?(\d{1,2}:\d{2})/)?.1).map(String.init)
        CallCommand.warn(.passed(start: ISOInstant.seconds(start), minutes: minutes, tomorrowTime: tomorrow))
    }

    /// `45m`, `1h30m`, or a bare number of minutes; 1 minute to 24 hours.
    static func parseDuration(_ text: String) throws -> Int {
        let problem = CLIFailure.usage("--duration is a length such as 45m, 1h30m or 60 (minutes), from 1 minute to 24 hours, not \"\(text)\".")
        if let m = Int(text.trimmingCharacters(in: .whitespaces)) {
            guard (1...1440).contains(m) else { throw problem }
            return m
        }
        guard let ns = try? DurationParser.parse(text), ns % 60_000_000_000 == 0 else { throw problem }
        let m = Int(ns / 60_000_000_000)
        guard (1...1440).contains(m) else { throw problem }
        return m
    }
}

/// `timedeck calls set NAME [--at TIME] [--duration D|none] [--remind R|off|default] [--name NEW]`:
/// changes a saved call in place (its places stay); an open dashboard shows
/// the change within 2 s.
struct CallsSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Change a saved call: its start, length, reminder, name or places.",
        discussion: """
            Places are added after the others and removed by name; the first place stays the source \
            (the start instant is kept, so every local time follows). \
            Example: timedeck calls set Standup --at "tomorrow 09:30" --remind off --add Paris --remove Tokyo
            """)

    @Argument(help: "The call's name (case does not matter).")
    var name: String

    @Option(parsing: .unconditional,
            help: "New start, as for calls add; a shift (+2h, -1d) moves the call from its own start, a local date and time is read in the call's first place.")
    var at: String?

    @Option(help: "New length: 45m, 1h30m, minutes, or none.")
    var duration: String?

    @Option(help: "New reminder: 10m, 1h, off, or default (follow calls.remind).")
    var remind: String?

    @Option(name: .customLong("name"), help: "A new name (unique among saved calls).")
    var newName: String?

    @Option(name: .customLong("add"), help: "Add a place (repeatable; as in calls add, here included).")
    var added: [String] = []

    @Option(name: .customLong("remove"), help: "Remove a place by its name (repeatable).")
    var removed: [String] = []

    func run() throws {
        do { try execute() } catch let failure as CLIFailure { throw failure.exit() }
    }

    func execute() throws {
        guard at != nil || duration != nil || remind != nil || newName != nil || !added.isEmpty || !removed.isEmpty else {
            throw CLIFailure.usage("say what to change: --at, --duration, --remind, --name, --add or --remove, "
                                   + "e.g. `timedeck calls set \(ShellWord.quoted(name)) --at \"tomorrow 09:30\"`.")
        }
        // Everything is read and checked before the store is written.
        let calls = try CallsStore.read()
        var call = try CallsRemoveCommand.unique(name, in: calls)
        if let newName {
            let trimmed = newName.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed.count <= 80 else { throw CLIFailure.usage("a call needs a name of 1 to 80 characters.") }
            guard InertText.isInert(trimmed) else {
                throw CLIFailure.usage("a call name cannot hold control or bidi characters; type the name as plain text.")
            }
            if calls.contains(where: { $0.id != call.id && $0.name.caseInsensitiveCompare(trimmed) == .orderedSame }) {
                throw CLIFailure.usage("a call named \"\(trimmed)\" already exists; choose another name.")
            }
            call.name = trimmed
        }
        if !added.isEmpty || !removed.isEmpty { try changePlaces(&call) }
        if let duration {
            call.durationMinutes = duration.trimmingCharacters(in: .whitespaces).lowercased() == "none"
                ? nil : try CallsAddCommand.parseDuration(duration)
        }
        if let remind {
            if remind.trimmingCharacters(in: .whitespaces).lowercased() == "default" {
                call.reminder = .followSetting
            } else {
                do { call.reminder = try CallReminder.parse(remind) } catch let error as CallReminder.Invalid {
                    throw CLIFailure.usage(error.description + ", or default")
                }
            }
        }
        if let at {
            let input: CallTimeInput
            do { input = try CallTimeInput.parse(at) } catch let error as CallTimeInput.ParseError {
                throw CLIFailure.usage(error.description)
            }
            guard let zone = call.participants.first?.place.timeZone else {
                throw CLIFailure.usage("the call's first place has a time zone this system does not know; update timedeck.")
            }
            // "+2h" shifts from the call's own start, as `g` does in the dashboard.
            let (start, resolution) = input.resolve(in: zone, now: Date(), current: call.start)
            if let note = CallCommand.note(for: resolution, instant: start, zone: zone) { CallCommand.warn(note) }
            CallsAddCommand.warnIfPast(start, now: Date(), input: at)
            call.start = Date(timeIntervalSince1970: start.timeIntervalSince1970.rounded())
        }
        let saved = try CallsStore.guarded { try CallsStore.forWriting().saveCall(call) }
        let setting = CommandConfig.settings.callRemindMinutes
        let minutes = saved.durationMinutes.map { ", \($0) min" } ?? ""
        Console.out("Changed \"\(saved.name)\": \(ISOInstant.seconds(saved.start))\(minutes), remind "
              + CallReminder.text(minutes: saved.reminder.minutes(setting: setting)) + " · " + CallReminders.localTimes(saved))
    }
}

extension CallsSetCommand {
    /// `--remove` by name (a place of the call whose name, label or zone is
    /// the text, any case), then `--add` (resolved as `calls add` does). At
    /// least one place stays, the first is an Earth place, no place twice.
    func changePlaces(_ call: inout CallPlan) throws {
        for text in removed {
            let key = SearchFolding.fold(text)
            let index = call.participants.firstIndex { p in
                [p.place.name, p.place.label, p.place.zoneIdentifier].contains { SearchFolding.fold($0) == key }
            }
            guard let index else {
                let names = call.participants.map { "\"\($0.place.label)\"" }.joined(separator: ", ")
                throw CLIFailure.usage("\"\(call.name)\" has no place named \"\(text)\"; its places are \(names): name one of them.")
            }
            call.participants.remove(at: index)
        }
        if !added.isEmpty {
            let resolver = try CLIFailure.resolver()
            let here = HerePlace(places: resolver.places)
            for text in added {
                let place = try CallCommand.resolve(text, with: resolver, here: here).place
                guard place.isMars || place.timeZone != nil else {
                    throw CLIFailure.usage("\(place.label) has a time zone this system does not know; update timedeck.")
                }
                guard !call.participants.contains(where: { $0.place == place }) else {
                    throw CLIFailure.usage("\(place.label) is already in \"\(call.name)\"; leave out that --add (nothing was changed).")
                }
                call.participants.append(CallParticipant(place: place))
            }
        }
        guard let first = call.participants.first else {
            throw CLIFailure.usage("a call keeps at least one place; add another before removing the last.")
        }
        if first.place.isMars {
            throw CLIFailure.usage("a Mars site cannot be the first place (the source); keep an Earth place first.")
        }
    }
}

struct CallsRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Delete a saved call by name.")

    @Argument(help: "The call's name (case does not matter).")
    var name: String

    func run() throws {
        do {
            let call = try Self.unique(name, in: try CallsStore.read())
            guard let id = call.id else { throw CLIFailure.usage("no saved call is named \"\(name)\"") }
            try CallsStore.guarded { try CallsStore.forWriting().deleteCall(id: id) }
            Console.out("Removed \"\(call.name)\".")
        } catch let failure as CLIFailure {
            throw failure.exit()
        }
    }

    /// The one saved call with this name (any case); names made in the
    /// dashboard may repeat, so a repeated one is refused.
    static func unique(_ name: String, in calls: [CallPlan]) throws -> CallPlan {
        let matches = calls.filter { $0.name.caseInsensitiveCompare(name.trimmingCharacters(in: .whitespaces)) == .orderedSame }
        guard let call = matches.first, call.id != nil else {
            let names = calls.map { "\"\($0.name)\"" }.joined(separator: ", ")
            throw CLIFailure.usage("no saved call is named \"\(name)\"" + (names.isEmpty ? "; there are none." : ". Saved calls: \(names)."))
        }
        guard matches.count == 1 else {
            throw CLIFailure.usage("\(matches.count) saved calls are named \"\(name)\"; rename one in the dashboard first.")
        }
        return call
    }
}

struct CallsNextCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "next", abstract: "Print the next call as one line for a status bar.",
        discussion: "Example output: Standup in 23 min · 14:00 London · 22:00 Tokyo. With no call ahead: nothing on stdout, \"no calls ahead\" on stderr, exit 0.")

    @OptionGroup var output: OutputOptions<CallsNextCommand>
    static let jsonHelp = "Print the next call as a JSON object (as in calls list, plus minutesUntil and line), or null."
    var json: Bool { output.json }

    func run() throws { try Self.answer(json: json) }

    /// The whole command (also reached without ArgumentParser: `QuickCommands`).
    static func answer(json: Bool) throws {
        let now = Date()
        let next = CallReminders.next(try CallsStore.read(), now: now)
        if json {
            guard let next else { print("null"); return }
            var record = CallJSONRecord(next, setting: CommandConfig.settings.callRemindMinutes)
            record.minutesUntil = CallReminders.minutesUntil(next.start, now: now)
            record.line = CallReminders.statusLine(next, now: now)
            Console.json(try PlacesJSON.encode(record))
            return
        }
        guard let next else {
            // stdout stays empty for a status bar; a person is told why.
            FileHandle.standardError.write(Data(("timedeck: no calls ahead; add one with "
                + "`timedeck calls add NAME --at TIME PLACE…` (timedeck calls list shows the saved ones).\n").utf8))
            return
        }
        Console.out(CallReminders.statusLine(next, now: now))
    }
}
