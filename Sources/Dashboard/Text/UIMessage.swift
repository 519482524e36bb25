import TimeKit

/// Interface text with typed arguments (counts, names, paths, times): the
/// templated half of the catalog; fixed text is `UIText`.
///
/// English is here and Japanese in `UIMessage+Japanese.swift`, both
/// exhaustive `switch`es. `Kind` and `samples(_:)` (test support, in
/// Tests/TestSupport) mirror the cases so a test can render every template in
/// every language: the tests do not compile until a new case has a kind and
/// samples too.
public enum UIMessage: Hashable, Sendable {
    /// Text from outside the interface (an OS or store error, a config
    /// problem) shown as it is, in whatever language it came in.
    case verbatim(String)
    /// A fixed text, so a message slot can hold either kind.
    case text(UIText)
    /// A subcommand's text report (`CommandMessage`: `weather`, `fix`, `noon`, …).
    case command(CommandMessage)

    // MARK: Help, notices, small terminal
    case panelSection(PanelID)
    /// A panel Tab skips for now (it has nothing to show yet).
    case panelSectionIdle(PanelID)
    case snapshotSaved(path: String, copied: Bool)
    case savedTo(path: String)
    case settingNotSaved(FileProblem)
    case snapshotNotSaved(FileProblem)
    /// The config file could not be used at all: defaults for everything.
    case configUnusable(path: String, problem: String, advice: String)
    /// Problems on some lines (line, key, what is wrong): defaults for those keys.
    case configHasProblems(path: String, problems: [String])
    /// `TZ` could not be followed as written.
    case localZoneProblem(LocalZoneProblem)
    case enlargeTerminal(minimum: String, now: String)
    case focusPanel(PanelID)
    case dateWithWeekday(date: String, weekday: String)
    case settingValue(title: BilingualText, value: String)

    // MARK: Marks
    case noteFor(id: Int64?)
    case confirmClear(count: Int)
    case newestLoaded(count: Int)
    case marksToggles(bell: Bool, flash: Bool)
    case watchCorrection(String)
    case bellForNewMarks(on: Bool)
    /// `heldOff`: flash is on but reduced motion keeps it from showing.
    case flashForNewMarks(on: Bool, heldOff: Bool)
    case keptAllMarks(count: Int)
    case notesAreAtMost(characters: Int)
    case markNotSaved(reason: StoreProblem, markTime: String, iso: String)
    /// Marks durable in the journal but not yet in SQLite (`more` besides the newest).
    case heldInJournal(markTime: String, more: Int, reason: StoreProblem)
    /// Marks stamped as the process went on after a stop: late by up to `seconds`.
    case stampedAfterStop(markTime: String, count: Int, seconds: Int)
    /// The store is read-only for this user: new marks are held in the
    /// journal (`journalWritable`) or cannot be saved at all; `advice` is the fix.
    case storeReadOnly(path: String, journalWritable: Bool, advice: String)
    /// The database file deleted or replaced while the dashboard had it open.
    case storeFileChanged(deleted: Bool, path: String)
    /// Journal lines that could not be imported, moved aside with their reasons.
    case journalLinesQuarantined(count: Int, path: String)
    case noteSaved(id: Int64)
    /// `id` nil: a held mark (deleted in the journal).
    case markDeleted(id: Int64?, markTime: String)
    case markRestored(id: Int64)
    case marksRestored(count: Int)
    case marksCleared(count: Int)
    case storeError(StoreProblem)
    /// A call could not be stored or deleted.
    case callNotSaved(StoreProblem)
    /// The stored calls could not be read at start.
    case callsUnreadable(StoreProblem)
    /// The Mars panel's choices could not be stored.
    case marsChoicesNotSaved(StoreProblem)
    case markRecorded(id: Int64, markTime: String, iso: String, position: String)
    /// The team log link: `team: online` / `team: offline, 3 to send`.
    case teamStatus(online: Bool, toSend: Int)
    /// Changes the server refused for good, set aside (not "offline").
    case teamRefused(count: Int)
    /// Another folder writes as this station.
    case teamStationShared(station: String, marks: Int, example: String)
    /// Plain mode: another station's mark arrived.
    case teamMarkArrived(station: String, markTime: String, iso: String)
    case typeNote(id: Int64?, current: String)
    /// Plain mode: what the note field holds after a key.
    case typedNote(String)
    case confirmClearSpoken(count: Int)

    // MARK: Marks: clock, gpsd and position status
    case clockSynced(error: String)
    case clockNotSynchronized
    case clockUnknown
    case gpsOffset(String, method: ClockStatus.OffsetMethod)
    case gpsdConnecting(address: String)
    case gpsdUnavailable(address: String, reason: String)
    case gpsdNoReport(address: String)
    case gpsdFix(address: String, mode: Int, satellites: Int?)
    case positionFixed(String)
    case positionGPSD(String, mode: Int?, age: String)
    case positionStale(String, mode: Int?, age: String)
    case noGPSFixGPSD
    case fixAge(seconds: String, afterMark: Bool)
    case fixAgeUnknown

    // MARK: Calls
    case minutes(Int)
    case callOf(index: Int, count: Int)
    case deleteCallQuestion(name: String)
    case callFrom(place: String)
    case callSaved(name: String)
    /// A store write waits for the database another program holds.
    case storeWritesWaiting
    /// Writes that waited are saved.
    case storeWritesSaved(count: Int)
    case callDeleted(name: String)
    case bestInNext24Hours(good: Int, of: Int)
    /// `b` when nothing avoids before dawn: the minutes before dawn at each place that has some.
    case leastBadTime(places: [String], minutes: [Int])
    case clocksChange(weekday: String, date: String, minutes: Int)
    case marsSol(sol: Int, clock: String)
    /// Places of the call that do not fit the stack.
    case morePlaces(Int)
    case plainCall(name: String, at: String, rows: String)
    case plainCallRow(place: String, weekday: String, time: String, dayOffset: Int, offset: String, period: UIText, bad: Bool)
    /// A Mars place of a call in plain mode and snapshots: its sol and LMST, not an Earth time.
    case plainMarsCallRow(place: String, sol: Int, clock: String, period: UIText, bad: Bool)
    case plainMars(site: String?, longitude: String, lmst: String, ltst: String, missionSol: Int?)
    /// A call's reminder: `"Standup" starts in 10 min · 14:00 London · 22:00 Tokyo`.
    case callStartsIn(name: String, minutes: Int, times: String)
    /// The header's next call: `next: Standup in 23 min`.
    case nextCallIn(name: String, minutes: Int)
    /// The call editor's reminder: `remind 10 min before (default)`; nil
    /// minutes is no reminder; `isDefault` when it follows `calls.remind`.
    case reminderLabel(minutes: Int?, isDefault: Bool)
    /// The `g` input could not read the text.
    case cannotReadTime(String)
    /// After `g`: where the call went, in the source's local time.
    case movedTo(local: String, place: String)
    case movedToSkipped(local: String)
    case movedToRepeated(local: String)

    // MARK: Calls: plain mode's call editor
    // Places are labels in the interface language; positions count from 1.
    /// `places`: the draft's place labels, the source first.
    case plainEditorOpened(name: String, isNew: Bool, places: [String])
    case plainEditorClosed(name: String)
    case plainPlaces([String])
    case plainPlaceAdded(place: String, position: Int, count: Int)
    case plainPlaceRemoved(place: String, left: Int)
    case plainPlaceMoved(place: String, position: Int)
    case plainPlaceChanged(from: String, to: String)
    case plainPlaceSelected(place: String, position: Int, count: Int, people: String)
    case plainCallName(String)
    case plainDuration(minutes: Int?)
    case plainReminder(minutes: Int?, isDefault: Bool)
    case plainPeople(place: String, people: String)
    case plainAskDelete(name: String)
    case plainPickerOpened(replacing: Bool, query: String)
    /// What an editor field holds after a key.
    case plainTyped(String)
    /// The settings' theme while NO_COLOR (or --no-color) forces mono.
    case themeForcedMono(saved: String)
    /// `shown`: the first results (each a `plainResultPlace`); more follow
    /// when `count` is larger.
    case plainResults(count: Int, shown: [String])
    case plainResultChosen(place: String, position: Int, count: Int)
    /// A search result with its zone; `zone` is nil for a Mars site.
    /// Beside a picker result reached through a tz link: `old name Asia/Calcutta`.
    case matchOldZoneName(String)
    /// Beside a Mars site reached by an alias: `Mars site, also called "jezero"`.
    case matchMarsAlias(String)
    /// `match`: how the query reached it when not by its name (`guess`).
    case plainResultPlace(label: String, zone: String?, match: String?)
    /// `field`: one of the `plainField…` names.
    case plainFieldOpened(field: UIText, text: String)

    // MARK: Mars notices
    case unknownMarsSite(name: String, suggestions: String)
    case marsChoicesNotRemembered(error: String)
    /// A config site (`[mars-site-<id>]`) left out: its name is a library site's.
    case marsSiteNameTaken(site: String, taken: String)
    /// The go-to field moved the active call to a Mars time.
    case marsCallMoved(sol: Int, time: String, place: String, utc: String)
    /// The go-to field could not be read (what was typed).
    case marsGoToUnreadable(typed: String)
    /// A mission sol before the mission's first.
    case marsGoToBeforeMission(site: String, firstSol: Int)
    /// The Mars time falls in a year a call cannot be moved to.
    case marsGoToOutsideCalls(sol: Int, year: Int)
    /// An LTST that the asked sol skips (near local mean midnight).
    case marsGoToNotOnSol(time: String, sol: Int)
    /// The go-to field as typed, while open.
    case marsGoToField(text: String)
    case leapListMissing(path: String, seconds: Int, builtIn: Bool)
    case leapListUnreadable(path: String, reason: String, seconds: Int, builtIn: Bool)
    case leapListExpired(day: String, seconds: Int, builtIn: Bool)

    // MARK: Sights panel
    /// A body the almanac does not know, with the nearest names.
    case sightUnknownBody(typed: String, close: String)
    /// Enter on a body the almanac lacks: the brighter stars are being read
    /// (once) to see whether it is one of them; the field stays open.
    case sightLookingAmongBrighterStars(typed: String)
    /// The brighter stars could not be read (the reader's words): a sight
    /// naming one is not worked in the panel.
    case sightsBrighterStarsUnreadable(problem: String)
    case sightBadAltitude(typed: String)
    /// The body's computed altitude from the DR at the mark's instant.
    case sightBelowHorizon(body: String, altitude: String)
    case sightStoring(id: Int64, body: String)
    case sightStored(id: Int64, body: String)
    case sightMarkGone(id: Int64)
    /// `x` removed a mark's sight; `u` puts it back.
    case sightRemoved(id: Int64, body: String)
    /// `x` with no sight on the selected mark (nil: no mark selected).
    case sightNoneToRemove(id: Int64?)
    /// `w` in the sights panel wrote the plotting sheet (with a fix or
    /// only lines of position, and how many lines).
    case sightsSheetWritten(path: String, fix: Bool, lines: Int)
    /// `w` in the sights panel could not write the plotting sheet.
    case sightsSheetNotWritten(FileProblem)
    case sightNotStored(id: Int64, StoreProblem)
    case sightCannotReduce(body: String)
    /// RMS residual (nm), and the 1σ ellipse's axes (nm) and direction when there are three sights or more.
    case sightsSpread(rms: String, ellipse: String?, axis: String?)
    /// The one sight the others identify as off, and how far it misses their fix.
    case sightsDisagree(body: String, miles: String)
    /// No fix: the lines' best angle of cut, and the least that makes a fix.
    case sightsPoorCut(degrees: String, least: String)
    /// No fix: two circles of equal altitude that never meet, and the gap.
    case sightsCirclesApart(miles: String)
    /// No fix: the least-squares position is this far from the DR (more than `limit` nm).
    case sightsFarFromDeadReckoning(miles: String, bearing: String, limit: String)
    /// No fix: residuals beyond sextant error (`limit` nm).
    case sightsDisagreeBy(miles: String, limit: String)
    /// One of these sights is off and the data cannot say which.
    case sightsCandidates(bodies: String)
    /// The fix from the DR: distance and bearing.
    case sightsFromDeadReckoning(miles: String, bearing: String)
    /// One sight: its line of position (through a position, running between two bearings), never a fix.
    case sightsOneLine(through: String, direction: String)
    /// Marks stamped by an unsynchronized clock: its estimated error (nil: not known) and what it means for longitude.
    case sightsClockDoubt(seconds: String?, arcminutes: String, miles: String)
    /// More sights in the round than go into one fix.
    case sightsRoundLeftOut(used: Int, total: Int)
    case sightsFix(position: String)
    case sightsDeadReckoning(position: String, source: String)
    /// The sight times still to come at the DR (UTC `HH:MM`; nil: not ahead, or none that day).
    case sightsDayAhead(morning: String?, noon: String?, evening: String?)
    case sightIntercept(miles: String, toward: Bool, azimuth: String)
    case sightEntryField(id: Int64?, held: Bool, text: String)
    /// Plain mode, while typing in a field: what one key added or took
    /// away (a character, spoken; a space as "space").
    case plainKeyTyped(String)
    case plainKeyErased(String)
    case sightCompletions(names: String)
    case plainSight(id: Int64, body: String, miles: String, toward: Bool, azimuth: String)
    case plainFix(position: String)

    // MARK: Weather panel
    /// The first-use prompt: weather is off, and where the position would go.
    case weatherOff(host: String)
    case weatherAsking(host: String)
    /// `time` in the display zone, `peak` in mm/h (one decimal).
    case weatherRainFrom(time: String, minutes: Int, peak: String)
    case weatherRainNow(until: String, peak: String)
    case weatherAge(minutes: Int)
    /// The last forecast's age and why the latest ask failed.
    case weatherStale(minutes: Int, problem: WeatherProblem)
    case weatherNoForecast(problem: WeatherProblem)
    /// The shown forecast was asked for another place than the position now
    /// (after a move, until a forecast for here arrives): where, how far.
    case weatherForecastFor(place: String, kilometres: Int)
    /// As `weatherRainFrom`/`weatherRainNow` for snow, showers or a mix
    /// (issue 34: at −4 °C it said "rain").
    case weatherFallsFrom(kind: PrecipitationType, time: String, minutes: Int, peak: String)
    case weatherFallsNow(kind: PrecipitationType, until: String, peak: String)
    /// The wind now (issue 34): where it comes from (degrees true, shown as
    /// compass points and degrees; nil when not sent), speed and gusts
    /// rounded, in knots or km/h.
    case weatherWind(degrees: Int?, speed: Int?, gusts: Int?, knots: Bool)
    /// The highest probability of precipitation in the ring's span (%).
    case weatherChance(percent: Int)
    /// Today's (local day's) high and low, with their unit (`9.1 °C`).
    case weatherHighLow(high: String, low: String)
    /// Sunrise and sunset today at the position (local clock text; nil when
    /// the Sun does not rise or set that day).
    case weatherSun(rise: String?, set: String?)

    /// The message in English.
    var english: String {
        switch self {
        case .verbatim(let text): text
        case .text(let text): text.english
        case .command(let message): message.english
        case .panelSection(let panel): "\(panel.rawValue.capitalized) panel (Tab to focus)"
        case .panelSectionIdle(let panel): "\(panel.rawValue.capitalized) panel (Tab skips it while it has nothing to show)"
        case let .snapshotSaved(path, copied): "Snapshot saved: \(path)" + (copied ? " (offered to the clipboard)" : "")
        case .savedTo(let path): "Saved to \(path)"
        case .settingNotSaved(let problem): "Not saved: " + problem.english
        case .snapshotNotSaved(let problem): "Snapshot not saved: " + problem.english
        case let .configUnusable(path, problem, advice): "config \(path) \(problem); using defaults (\(advice))"
        case let .configHasProblems(path, problems):
            "config \(path) has \(problems.count == 1 ? "1 problem" : "\(problems.count) problems"), using defaults for those keys only: "
                + problems.joined(separator: "; ") + " (timedeck config check says how to fix each)"
        case .localZoneProblem(let problem): problem.description
        case let .enlargeTerminal(minimum, now): "Enlarge the terminal to at least \(minimum) (now \(now)). q quits."
        case .focusPanel(let panel): "Focus: \(panel.rawValue) panel."
        case let .dateWithWeekday(date, weekday): "\(weekday) \(date)"
        case let .settingValue(title, value): "\(title.en): \(value)."
        case .noteFor(let id): id.map { "Note for #\($0): " } ?? "Note for the held mark: "
        case .confirmClear(let count):
            "Delete all \(count) mark\(count == 1 ? "" : "s")? "
        case .newestLoaded(let count): " (newest \(count) loaded)"
        case let .marksToggles(bell, flash): "bell \(bell ? "on" : "off") · flash \(flash ? "on" : "off")"
        case .watchCorrection(let seconds): "watch \(seconds)"
        case .bellForNewMarks(let on): "Bell \(on ? "on" : "off") for new marks (config: marks.bell)."
        case .flashForNewMarks(let on, let heldOff):
            "Flash \(on ? "on" : "off") for new marks (config: marks.flash)\(heldOff ? " (held off by reduced motion)" : "")."
        case .keptAllMarks(let count): count == 1 ? "Kept the 1 mark." : "Kept all \(count) marks."
        case .notesAreAtMost(let limit): "Notes are at most \(limit) characters."
        // The instant first: a narrow panel cuts the end, never the time.
        case let .markNotSaved(reason, markTime, iso): "\(markTime) MARK NOT SAVED (\(reason.text(.en))) \(iso), write it down"
        case let .heldInJournal(markTime, more, reason):
            "\(markTime) held in journal\(more > 0 ? " (+\(more))" : ""): \(reason.text(.en))"
        case let .stampedAfterStop(markTime, count, seconds):
            "LATE STAMP: \(markTime)\(count > 1 ? " (+\(count - 1))" : "") read after timedeck was stopped; "
                + "the key may have been pressed up to \(seconds) s earlier"
        case let .storeReadOnly(path, journalWritable, advice):
            journalWritable
                ? "The store is read-only (\(path)): new marks are kept in the journal until it is writable — \(advice)"
                : "The store and its folder are read-only: new marks cannot be saved — \(advice)"
        case let .storeFileChanged(deleted, path):
            "Database file \(deleted ? "deleted" : "replaced") while open: new marks stay in the journal until stored in \(path)"
        case let .journalLinesQuarantined(count, path):
            "\(count) journal line\(count == 1 ? "" : "s") could not be imported; moved with the reason to \(path)"
        case .noteSaved(let id): "Note saved on #\(id) (u undoes)."
        case let .markDeleted(id, markTime): "Deleted " + (id.map { "#\($0)" } ?? "the held mark") + " \(markTime) (u undoes)."
        case .markRestored(let id): "Restored #\(id)."
        case .marksRestored(let count): "Restored \(count) mark\(count == 1 ? "" : "s")."
        case .marksCleared(let count): "Cleared \(count) mark\(count == 1 ? "" : "s") (u undoes)."
        case .storeError(let reason): "Store error: \(reason.text(.en))"
        case .callNotSaved(let problem): "Not saved: \(problem.text(.en))"
        case .callsUnreadable(let problem): "Calls could not be read (\(problem.text(.en))); changes will not be saved."
        case .marsChoicesNotSaved(let problem): "Mars choices not saved: \(problem.text(.en))"
        case let .markRecorded(id, markTime, iso, position): "Mark #\(id) recorded: \(markTime), \(iso), \(position)."
        case let .teamStatus(online, toSend):
            online ? "team: online" + (toSend > 0 ? ", \(toSend) to send" : "") : "team: offline, \(toSend) to send"
        case .teamRefused(let count): "\(count) refused by the server (timedeck team status)"
        case let .teamStationShared(station, marks, example):
            "STATION \(station) IS ALSO USED BY ANOTHER FOLDER: \(marks) mark\(marks == 1 ? "" : "s") this folder never had "
                + "(e.g. \(example)); give each folder its own team.station"
        case let .teamMarkArrived(station, markTime, iso): "Station \(station) marked \(markTime), \(iso)."
        case .typedNote(let text):
            "Typed: \(text.isEmpty ? "(empty)" : Self.withoutTrailingSpaces(text))"
                + Self.trailingSpaces(text, one: "space", many: { "\($0) spaces" }, separator: ", ")
        case let .typeNote(id, current): "Type the note for " + (id.map { "mark #\($0)" } ?? "the held mark") + ", Enter saves, Escape cancels, Ctrl-Space marks. Current note: \(current)"
        case .confirmClearSpoken(let count): "Delete all \(count) mark\(count == 1 ? "" : "s")? Press y to delete, any other key keeps \(count == 1 ? "it" : "them")."
        case .clockSynced(let error): "clock synced ±\(error) (kernel)"
        case .clockNotSynchronized: "clock NOT synchronized (kernel)"
        case .clockUnknown: "clock status unknown (adjtimex unavailable)"
        case let .gpsOffset(offset, method):
            ", GPS \(offset) " + (method == .tpv ? "(NMEA, coarse)" : method == .toff ? "(TOFF)" : "(PPS)")
        case .gpsdConnecting(let address): "gpsd \(address): connecting"
        case let .gpsdUnavailable(address, reason): "gpsd \(address): unavailable (\(reason))"
        case .gpsdNoReport(let address): "gpsd \(address): connected, no report yet"
        case let .gpsdFix(address, mode, satellites):
            "gpsd \(address): " + (mode == 3 ? "3D fix" : mode == 2 ? "2D fix" : "no fix") + (satellites.map { ", \($0) satellites" } ?? "")
        case .positionFixed(let place): "\(place) (fixed)"
        case let .positionGPSD(place, mode, age): "\(place) (gpsd \(Self.englishMode(mode)), \(age))"
        case let .positionStale(place, mode, age): "STALE fix, \(age): \(place) (gpsd \(Self.englishMode(mode)))"
        case .noGPSFixGPSD: "no GPS fix (gpsd)"
        case let .fixAge(seconds, afterMark): afterMark ? "fix \(seconds) after mark" : "\(seconds) old"
        case .fixAgeUnknown: "age unknown"
        case .minutes(let minutes): "\(minutes) min"
        case let .callOf(index, count): "(\(index) of \(count))"
        case .callFrom(let place): "Call from \(place)"
        case .deleteCallQuestion(let name): "Delete \"\(name)\"? "
        case .callSaved(let name): "Saved \"\(name)\"."
        case .storeWritesWaiting: "Not saved yet: another program holds the database; saved as soon as it is free"
        case .storeWritesSaved(let count): "Saved \(count) change\(count == 1 ? "" : "s") that waited for the database"
        case .callDeleted(let name): "Deleted \"\(name)\"."
        case let .bestInNext24Hours(good, of): "Best in the next 24 h: \(good) of \(of) places in working hours."
        case let .leastBadTime(places, minutes):
            "Nothing in the next 24 h avoids before dawn for everyone; least bad: "
                + zip(places, minutes).map { "\($1) min in \($0)" }.joined(separator: ", ") + "."
        case let .clocksChange(weekday, date, minutes):
            "⚠ clocks change \(weekday) \(date) (\(minutes > 0 ? "+" : "−")\(abs(minutes)) min)"
        case let .marsSol(sol, clock): "Sol \(sol) \(clock) LMST"
        case let .morePlaces(n): "  … \(n) more place\(n == 1 ? "" : "s"): a taller terminal, or hide a panel, shows them"
        case let .callStartsIn(name, minutes, times):
            (minutes == 0 ? "\"\(name)\" starts now" : "\"\(name)\" starts in \(CallReminders.englishSpan(minutes: minutes))")
                + (times.isEmpty ? "" : " · \(times)")
        case let .nextCallIn(name, minutes):
            minutes == 0 ? "next: \(name) now" : "next: \(name) in \(CallReminders.englishSpan(minutes: minutes))"
        case let .reminderLabel(minutes, isDefault):
            (minutes.map { "remind \(CallReminders.englishSpan(minutes: $0)) before" } ?? "no reminder") + (isDefault ? " (default)" : "")
        case .cannotReadTime(let text):
            "Cannot read \"\(text)\": try 2027-03-15 14:00, tomorrow 09:00, +3d, -1w, +2h or 2027-03-15T14:00Z"
        case let .movedTo(local, place): "Moved to \(local) \(place) time."
        case .movedToSkipped(let local): "That time does not exist there (clocks jump forward); moved to \(local)."
        case .movedToRepeated(let local): "That time occurs twice there; moved to the first, \(local)."
        case let .plainCall(name, at, rows): "Call \"\(name)\" at \(at): \(rows)."
        case let .plainCallRow(place, weekday, time, dayOffset, offset, period, bad):
            "\(place): \(weekday) \(time)" + (dayOffset == 0 ? "" : " (\(dayOffset > 0 ? "+" : "")\(dayOffset) day)")
                + " \(offset), \(period.english)" + (bad ? ", BAD" : "")
        case let .plainMarsCallRow(place, sol, clock, period, bad):
            "\(place): Sol \(sol) \(clock) LMST, \(period.english)" + (bad ? ", BAD" : "")
        case let .plainMars(site, longitude, lmst, ltst, missionSol):
            "Mars: " + (site.map { "\($0), " } ?? "") + "\(longitude), LMST \(lmst), LTST \(ltst)"
                + (missionSol.map { ", mission sol \($0)." } ?? ".")
        case let .plainEditorOpened(name, isNew, places):
            (isNew ? "New call \"\(name)\". " : "Editing call \"\(name)\". ") + UIMessage.plainPlaces(places).english
                + " Keys: a add, c change, x remove, J and K move, s make source, r rename, "
                + "t duration, m reminder, P people, D delete call, Enter saves, Escape cancels."
        case .plainEditorClosed(let name): "Call editor closed (\"\(name)\")."
        case .plainPlaces(let places):
            "Places: " + places.enumerated().map { i, place in
                "\(i + 1). \(place)" + (i == 0 ? " " + UIText.plainSource.english : "")
            }.joined(separator: "; ") + "."
        case let .plainPlaceAdded(place, position, count): "Added \(place), place \(position) of \(count)."
        case let .plainPlaceRemoved(place, left): "Removed \(place); \(left) place\(left == 1 ? "" : "s") left."
        case let .plainPlaceMoved(place, position):
            "Moved \(place) to place \(position)" + (position == 1 ? " " + UIText.plainSource.english : "") + "."
        case let .plainPlaceChanged(from, to): "Changed \(from) to \(to)."
        case let .plainPlaceSelected(place, position, count, people):
            "Place \(position) of \(count): \(place)" + (position == 1 ? " " + UIText.plainSource.english : "")
                + (people.isEmpty ? "." : ", people: \(people).")
        case .plainCallName(let name): "Call name: \(name)."
        case .plainDuration(let minutes): minutes.map { "Duration: \($0) minute\($0 == 1 ? "" : "s")." } ?? "No duration."
        case let .plainReminder(minutes, isDefault):
            (minutes.map { "Reminder: \(CallReminders.englishSpan(minutes: $0)) before the start" } ?? "No reminder")
                + (isDefault ? ", as calls.remind says." : ".")
        case let .plainPeople(place, people):
            people.isEmpty ? "No people named at \(place)." : "People at \(place): \(people)."
        case .plainAskDelete(let name): "Delete call \"\(name)\"? Press y to delete, n or Escape keeps it."
        case let .plainPickerOpened(replacing, query):
            (replacing ? "Change the place: " : "Add a place: ")
                + "type to search (query: \(query.isEmpty ? "empty" : query)); up and down choose, Enter accepts, Escape closes."
        case .plainTyped(let text):
            // Trailing spaces are said, or a typed space would read as the same text again.
            "Typed: \(text.isEmpty ? UIText.plainEmpty.english : Self.withoutTrailingSpaces(text))"
                + Self.trailingSpaces(text, one: "space", many: { "\($0) spaces" }, separator: ", ")
        case .themeForcedMono(let saved): "mono (NO_COLOR; saved \(saved))"
        case let .plainResults(count, shown):
            "\(count) result\(count == 1 ? "" : "s"): \(shown.joined(separator: "; "))\(count > shown.count ? "; …" : "")."
        case let .plainResultChosen(place, position, count): "Result \(position) of \(count): \(place)."
        case .matchOldZoneName(let name): "old name \(name)"
        case .matchMarsAlias(let alias): "Mars site, also called \"\(alias)\""
        case let .plainResultPlace(label, zone, match): "\(label) (\(zone ?? "Mars, LMST"))" + (match.map { ", \($0)" } ?? "")
        case let .plainFieldOpened(field, text):
            "\(field.english): \(text.isEmpty ? UIText.plainEmpty.english : text). Type, Enter accepts, Escape closes."
        case let .unknownMarsSite(name, suggestions):
            "config mars.site \"\(name)\" is not a known site (did you mean \(suggestions)?)"
        case .marsChoicesNotRemembered(let error): "Mars choices will not be remembered: \(error)"
        case let .marsSiteNameTaken(site, taken): "Config Mars site \(site) left out: \(taken) already has that name"
        case let .marsCallMoved(sol, time, place, utc): "Call moved to sol \(sol) \(time) at \(place): \(utc)"
        case .marsGoToUnreadable(let typed): "Cannot read \"\(typed)\": type a sol and a time, e.g. 1700 13:00 (add ltst for true solar time)"
        case let .marsGoToBeforeMission(site, first): "\(site) counts sols from \(first); give sol \(first) or later"
        case let .marsGoToOutsideCalls(sol, year): "sol \(sol) falls in \(year); a call moves only within 1972–2199 (clocks before 1972 kept local or rubber time)"
        case let .marsGoToNotOnSol(time, sol): "\(time) does not occur on sol \(sol) (it falls as the sol turns); try the sol before or after"
        case .marsGoToField(let text): "Go to sol and time: \(text)▏"
        case let .leapListMissing(path, seconds, builtIn):
            "leap-second list not found at \(path); " + Self.englishUsing(seconds, builtIn)
        case let .leapListUnreadable(path, reason, seconds, builtIn):
            "leap-second list \(path) unreadable (\(reason)); " + Self.englishUsing(seconds, builtIn)
        case let .leapListExpired(day, seconds, builtIn):
            "leap-second list expired \(day); " + Self.englishUsing(seconds, builtIn)
        case let .sightUnknownBody(typed, close): "\"\(typed)\" is not a body of the almanac (close names: \(close))"
        case .sightLookingAmongBrighterStars(let typed): "Looking for \"\(typed)\" among the brighter stars…"
        case .sightsBrighterStarsUnreadable(let problem):
            "The brighter stars could not be read (\(InertText.display(problem))): their sights are not worked here; "
                + "set TIMEDECK_RESOURCES to the Resources folder"
        case .sightBadAltitude(let typed):
            "Hs \"\(typed)\" is not an altitude of 0°–90°: type 43 23.8, 43-23.8 or 43.3967"
        case let .sightBelowHorizon(body, altitude):
            "\(body) is below the horizon at the mark's instant from the DR (computed altitude \(altitude)); check the body and the DR"
        case let .sightStoring(id, body): "Storing \(body) for #\(id)…"
        case let .sightStored(id, body): "Sight stored: \(body) for #\(id)."
        case .sightMarkGone(let id): "Mark #\(id) is gone; its sight was not stored."
        case let .sightRemoved(id, body): "Sight removed from #\(id) (\(body)); u puts it back."
        case .sightNoneToRemove(let id?): "Mark #\(id) has no sight to remove."
        case .sightNoneToRemove(nil): "No mark selected: select one in the marks panel, then press x here."
        case let .sightsSheetWritten(path, fix, lines):
            "Plotting sheet saved (\(fix ? "fix, " : "no fix, ")\(lines) line\(lines == 1 ? "" : "s") of position): \(path)"
        case .sightsSheetNotWritten(let problem): "Plotting sheet not saved: " + problem.english
        case let .sightNotStored(id, problem): "Sight for #\(id) not stored: \(problem.text(.en))"
        case .sightCannotReduce(let body): "\(body) cannot be worked at that instant (outside the almanac)"
        case let .sightsSpread(rms, ellipse, axis):
            "rms \(rms) nm" + (ellipse.map { " · 1σ ellipse \($0) nm along \(axis ?? "")" } ?? "")
        case let .sightsDisagree(body, miles): "\(body) misses the others' fix by \(miles) nm: check its body, Hs and time"
        case let .sightsPoorCut(degrees, least):
            "No fix: the lines of position cross at only \(degrees) (under \(least)); add a body about 90° from the others"
        case .sightsCirclesApart(let miles): "No fix: the circles of position miss each other by \(miles) nm"
        case let .sightsFarFromDeadReckoning(miles, bearing, limit): "No fix: \(miles) nm \(bearing) from the DR (more than \(limit) nm)"
        case let .sightsDisagreeBy(miles, limit): "No fix: the sights disagree by up to \(miles) nm (more than \(limit) nm)"
        case .sightsCandidates(let bodies): "One of \(bodies) is off and the sights cannot tell which: check each body, Hs and time"
        case let .sightsFromDeadReckoning(miles, bearing): "\(miles) nm \(bearing) from the DR"
        case let .sightsOneLine(through, direction): "One line of position, not a fix: through \(through), running \(direction)"
        case let .sightsClockDoubt(seconds?, arcminutes, miles):
            "Clock NOT synchronized (estimated error \(seconds) s): longitude may be off \(arcminutes)′ (\(miles) nm east or west)"
        case .sightsClockDoubt(nil, _, _): "Clock NOT synchronized (error not known): the longitude is only as good as that clock"
        case let .sightsRoundLeftOut(used, total): "Fix from the newest \(used) of the \(total) sights of this round"
        case .sightsFix(let position): "Fix \(position)"
        case let .sightsDeadReckoning(position, source): "DR \(position) (\(source))"
        case let .sightsDayAhead(morning, noon, evening):
            "sights ahead (UTC): " + [morning.map { "twilight \($0)" }, noon.map { "noon \($0)" },
                                      evening.map { "twilight \($0)" }].compactMap { $0 }.joined(separator: " · ")
        case let .sightIntercept(miles, toward, azimuth): "\(miles) nm \(toward ? "T" : "A")  Zn \(azimuth)"
        case let .sightEntryField(id?, _, text): "Sight for #\(id) (body, Hs): \(text)▏"
        case let .sightEntryField(nil, true, text): "Sight for the held mark (body, Hs): \(text)▏"
        case let .sightEntryField(nil, false, text): "Sight (body, Hs): \(text)▏"
        case let .plainKeyTyped(c): c == " " ? "space" : c
        case let .plainKeyErased(c): "erased " + (c == " " ? "space" : c)
        case .sightCompletions(let names): "Tab: \(names)"
        case let .plainSight(id, body, miles, toward, azimuth):
            "Sight #\(id) \(body): intercept \(miles) nm \(toward ? "toward" : "away"), Zn \(azimuth)."
        case .plainFix(let position): "Fix \(position)."
        case .weatherOff(let host): "Weather is off — it would send your position to \(host). Press e to turn it on"
        case .weatherAsking(let host): "asking \(host) for the forecast…"
        case let .weatherRainFrom(time, minutes, peak): "rain from \(time) for \(Self.englishDuration(minutes)), up to \(peak) mm/h"
        case let .weatherRainNow(until, peak): "rain now until \(until), up to \(peak) mm/h"
        case .weatherAge(let minutes): "forecast \(Self.englishAge(minutes)) old"
        case let .weatherStale(minutes, problem): "forecast \(Self.englishAge(minutes)) old: \(Self.englishProblem(problem))"
        case .weatherNoForecast(let problem): "no forecast: \(Self.englishProblem(problem))"
        case let .weatherForecastFor(place, km): "forecast for \(place), \(km) km away"
        case let .weatherFallsFrom(kind, time, minutes, peak):
            "\(Self.englishFall(kind)) from \(time) for \(Self.englishDuration(minutes)), up to \(peak) mm/h"
        case let .weatherFallsNow(kind, until, peak): "\(Self.englishFall(kind)) now until \(until), up to \(peak) mm/h"
        case let .weatherWind(degrees, speed, gusts, knots):
            "wind " + (degrees.map { "\(CompassPoint.english($0)) \(CompassPoint.degreesText($0)) " } ?? "")
                + (speed.map { "\($0) \(knots ? "kn" : "km/h")" } ?? "–") + (gusts.map { ", gusts \($0)" } ?? "")
        case .weatherChance(let percent): "chance of precipitation up to \(percent)%"
        case let .weatherHighLow(high, low): "today high \(high), low \(low)"
        case let .weatherSun(rise, set):
            (rise.map { "sunrise \($0)" } ?? "no sunrise") + ", " + (set.map { "sunset \($0)" } ?? "no sunset")
        }
    }
}

extension UIMessage {
    /// `42 min`, `3 h`.
    static func englishAge(_ minutes: Int) -> String { minutes < 120 ? "\(minutes) min" : "\(minutes / 60) h" }

    /// What falls, in English.
    static func englishFall(_ kind: PrecipitationType) -> String {
        switch kind {
        case .snow: "snow"
        case .showers: "showers"
        case .mixed: "rain and snow"
        case .rain, .none: "rain"
        }
    }

    /// `30 min`, `5 h`, `1 h 30 min`.
    static func englishDuration(_ minutes: Int) -> String {
        guard minutes >= 90 else { return "\(minutes) min" }
        return "\(minutes / 60) h" + (minutes % 60 == 0 ? "" : " \(minutes % 60) min")
    }

    /// Why a forecast could not be had, in English (text from the server
    /// arrives inert and bounded from `OpenMeteoParser`).
    static func englishProblem(_ problem: WeatherProblem) -> String {
        switch problem {
        case .timedOut(let s): "no answer within \(s) s"
        case .unreachable(let why): "server unreachable (\(why))"
        case let .httpStatus(code, reason): "server answered HTTP \(code)" + (reason.map { ": \($0)" } ?? "")
        case .tooLarge: "response too large"
        case .malformed(let what): "unreadable response (\(what))"
        case .serverRefused(let reason): "server said \(reason)"
        case .missingField(let name): "response lacks \(name)"
        case .unequalLengths(let block): "\(block) values do not match their times"
        case .badValue(let what): "impossible value (\(what))"
        case .otherPlace(let km): String(format: "response is for a place %.0f km away", km)
        case .notUTC: "response times are not UTC"
        case .unexpectedUnits(let unit): "unexpected unit \(unit)"
        case .allInPast: "every forecast time is in the past"
        case .noPosition: "no position to ask for"
        case .tlsRefused(let why): "certificate refused: \(why)"
        case .addressRefused(let url, let reason):
            "weather.url \"\(url)\" refused (\(reason)): nothing is sent; correct it with timedeck config set weather.url"
        }
    }

    /// The leap-second list's notice (nil when all is well), as TimeKit's
    /// `LeapSecondList.notice` says it in English.
    public static func leapSeconds(_ list: LeapSecondList) -> UIMessage? {
        let seconds = list.table.latestTAIMinusUTC
        switch list.status {
        case .ok: return nil
        case .missing: return .leapListMissing(path: list.path, seconds: seconds, builtIn: list.usingBuiltIn)
        case .unreadable(let reason):
            return .leapListUnreadable(path: list.path, reason: reason, seconds: seconds, builtIn: list.usingBuiltIn)
        case .expired(let expires):
            let day = String(ISOInstant.milliseconds(unixMilliseconds: expires * 1000).prefix(10))
            return .leapListExpired(day: day, seconds: seconds, builtIn: list.usingBuiltIn)
        }
    }

    static func englishUsing(_ seconds: Int, _ builtIn: Bool) -> String {
        "using \(seconds) s" + (builtIn ? " (built-in table)" : "")
    }

    static func englishMode(_ mode: Int?) -> String {
        switch mode {
        case 3?: "3D"
        case 2?: "2D"
        case 1?: "no fix"
        default: "mode ?"
        }
    }
}

extension UIMessage {
    /// `text` without the spaces at its end (all of it when it is only spaces: then nothing).
    static func withoutTrailingSpaces(_ text: String) -> String {
        let kept = String(text.reversed().drop { $0 == " " }.reversed())
        return kept
    }

    /// `, space` / `, 2 spaces` for the spaces at the end of `text`; empty when there are none.
    static func trailingSpaces(_ text: String, one: String, many: (Int) -> String, separator: String) -> String {
        let n = text.reversed().prefix { $0 == " " }.count
        guard n > 0 else { return "" }
        let said = n == 1 ? one : many(n)
        return withoutTrailingSpaces(text).isEmpty ? said : separator + said
    }
}

