import Foundation
import TimeKit

/// What the sights panel's keys do.
public enum SightsAction: Equatable, Hashable, Sendable {
    /// Open the entry field for the selected mark's sight ("BODY, HS").
    case enterSight
    /// Take the selected mark's sight off (the mark stays).
    case removeSight
    /// Put back the sight last removed.
    case undoRemoval
    /// Draw the fix (or the line of position) on a plotting sheet and have
    /// the shell write it as a new SVG file.
    case writeSheet
}

/// The sights panel: keys and the pure `perform`/`handle` here, the entry
/// field in `SightsPanel+Entry.swift`, drawing in `SightsPanel+Draw.swift`.
public enum SightsPanel {
    /// `s` works in the marks panel too, on the mark selected there: the
    /// navigator presses Space, then `s`, without moving the focus.
    public static let keyBindings: [KeyBinding] = [
        KeyBinding([.character("s")], .sights(.enterSight), .keyEnterSight, scope: .panel(.marks)),
        KeyBinding([.character("s"), .enter], .sights(.enterSight), .keyEnterSight, scope: .panel(.sights)),
        KeyBinding([.character("x")], .sights(.removeSight), .keyRemoveSight, scope: .panel(.sights)),
        KeyBinding([.character("u")], .sights(.undoRemoval), .keyUndoSightRemoval, scope: .panel(.sights)),
        // Before the snapshot's `w` while the panel has focus: the sheet is
        // this panel's picture (issue 32, item 9).
        KeyBinding([.character("w")], .sights(.writeSheet), .keyWriteSheet, scope: .panel(.sights)),
    ]

    /// A body whose computed altitude from the DR is below this (degrees)
    /// is below the horizon: refraction and dip never lift a body more.
    static let lowestAltitudeDegrees = -1.0

    /// The next state for a sights key.
    static func perform(_ action: SightsAction, in state: AppState) -> (AppState, [Effect]) {
        var next = state
        switch action {
        case .enterSight:
            // The field opens even when the sight cannot be taken yet: the
            // text typed next belongs to it, never to the commands.
            next.sights.message = nil
            guard let mark = state.marks.selectedMark else {
                next.sights.entry = SightEntry(markId: nil, unixMilliseconds: 0, text: "")
                next.sights.message = .init(.text(.sightNeedsMark), isError: true)
                return (next, [])
            }
            if let id = mark.id {
                let existing = state.sights.sights.first { $0.markId == id }
                let text = existing.map { "\($0.bodyText), \(SightsText.altitude($0.sextantAltitudeDegrees))" } ?? ""
                next.sights.entry = SightEntry(markId: id, unixMilliseconds: mark.correctedUnixMilliseconds, text: text,
                                               clock: mark.clock)
            } else if let key = mark.uniqueKey {
                // Not in the database yet (held in the journal, or Space a
                // moment ago): named by its key, stored by its number on
                // Enter once it has one.
                next.sights.entry = SightEntry(markId: nil, heldKey: key, unixMilliseconds: mark.correctedUnixMilliseconds, text: "",
                                               clock: mark.clock)
            } else {
                next.sights.entry = SightEntry(markId: nil, unixMilliseconds: mark.correctedUnixMilliseconds, text: "")
                next.sights.message = .init(.text(.sightMarkNotStored), isError: true)
            }
        case .removeSight:
            guard let id = state.marks.selectedMark?.id, let sight = state.sights.sights.first(where: { $0.markId == id }) else {
                next.sights.message = .init(.sightNoneToRemove(id: state.marks.selectedMark?.id), isError: true)
                return (next, [])
            }
            next.sights.message = nil
            return (next, [.sights(.remove(sight))])
        case .undoRemoval:
            guard let sight = state.sights.lastRemoved else {
                next.sights.message = .init(.text(.nothingToUndo))
                return (next, [])
            }
            next.sights.lastRemoved = nil
            next.sights.pending += 1
            next.sights.message = .init(.sightStoring(id: sight.markId, body: sight.bodyText))
            return (next, [.sights(.attach(sight))])
        case .writeSheet:
            guard let (export, stem) = sheet(state) else {
                next.sights.message = .init(.text(.sightsSheetNoFix), isError: true)
                return (next, [])
            }
            next.sights.message = nil
            return (next, [.sights(.writeSheet(export, fileStem: stem))])
        }
        return (next, [])
    }

    /// What `w` draws: the panel's fix with every line of position, or its
    /// one line when the round has one sight, exactly as `timedeck fix
    /// --marks … --plot` draws them (`ChartExport` from the same solver);
    /// and the file's name stem, from the fix time. Sights that make no
    /// fix draw their lines alone. Nil when there is nothing to draw.
    static func sheet(_ state: AppState) -> (ChartExport, String)? {
        let readout = SightsReadout(state)
        guard let loaded = state.sights.almanac, let dr = readout.deadReckoning else { return nil }
        let solver = FixInputs.solver(almanac: loaded.almanac, settings: state.settings)
        let export: ChartExport
        if let fix = readout.fix {
            export = ChartExport(fix, deadReckoning: dr, solver: solver)
        } else if let line = readout.line {
            export = ChartExport(lines: [line.reduced], deadReckoning: dr, lineUnixSeconds: line.unixSeconds, solver: solver)
        } else if case .refused = readout.noFix, let newest = state.sights.round.last {
            // Sights that make no fix: their lines, so the sheet shows why
            // (every row was reduced, or the verdict would be another).
            let reduced = readout.rows.compactMap(\.reduced)
            guard !reduced.isEmpty else { return nil }
            export = ChartExport(lines: reduced, deadReckoning: dr, lineUnixSeconds: Double(newest.unixMilliseconds) / 1000,
                                 solver: solver)
        } else {
            return nil
        }
        let stem = "sheet-" + CalendarInvite.utcStamp(Date(timeIntervalSince1970: export.deadReckoning.unixSeconds.rounded(.down)))
        return (export, stem)
    }

    /// A result from the shell, and what the panel asks next: the brighter
    /// stars, once, when the sights or the almanac that came name a star
    /// the almanac lacks (`askForBrighterStars`).
    static func handle(_ event: SightsEvent, in state: AppState) -> (AppState, [Effect]) {
        var next = handled(event, in: state)
        switch event {
        case .almanacLoaded, .stored, .reloaded:
            let asks = askForBrighterStars(&next)
            return (next, asks)
        case let .brighterStarsLoaded(almanac, problem):
            return brighterStarsLoaded(almanac, problem: problem, in: next)
        case .noSuchMark, .notStored, .removed, .sheetWritten, .sheetNotWritten, .dayPlanned:
            return (next, [])
        }
    }

    private static func handled(_ event: SightsEvent, in state: AppState) -> AppState {
        var next = state
        switch event {
        case .stored(let sight):
            next.sights.pending = max(0, next.sights.pending - 1)
            next.sights.store(sight)
            next.sights.message = .init(.sightStored(id: sight.markId, body: sight.bodyText))
        case .noSuchMark(let id):
            next.sights.pending = max(0, next.sights.pending - 1)
            next.sights.message = .init(.sightMarkGone(id: id), isError: true)
        case .notStored(let id, let problem):
            next.sights.pending = max(0, next.sights.pending - 1)
            next.sights.message = .init(.sightNotStored(id: id, problem), isError: true)
        case .removed(let sight):
            next.sights.sights.removeAll { $0.markId == sight.markId }
            next.sights.lastRemoved = sight
            next.sights.message = .init(.sightRemoved(id: sight.markId, body: sight.bodyText))
        case let .almanacLoaded(almanac, problem):
            next.sights.almanac = almanac
            next.sights.almanacProblem = problem
        case .reloaded(let list):
            // Not while this panel's own writes are in flight: their answers
            // come next and would be read over.
            if next.sights.pending == 0 { next.sights.sights = list }
        case let .sheetWritten(path, fix, lines):
            next.sights.message = .init(.sightsSheetWritten(path: path, fix: fix, lines: lines))
        case .sheetNotWritten(let problem):
            next.sights.message = .init(.sightsSheetNotWritten(problem), isError: true)
        case let .dayPlanned(day, request):
            if let day { next.sights.day = day }
            // A failed answer keeps the request until it is old: asked again then.
            if day != nil, next.sights.dayAsked == request { next.sights.dayAsked = nil }
        case .brighterStarsLoaded:
            break  // `brighterStarsLoaded(_:problem:in:)`
        }
        return next
    }

    /// Asks the shell for the brighter stars when a sight the panel holds
    /// (stored, or waiting for an undo) names a body the almanac lacks; at
    /// most once. Called on the events that bring sights or the almanac,
    /// never on a tick: without such a sight the panel does no new work.
    /// A name that is no star at all asks too (as `Almanac.naming` reads
    /// the file for a typo), and stays unworked after the answer.
    static func askForBrighterStars(_ state: inout AppState) -> [Effect] {
        guard state.sights.brighterStars == .notAsked, let loaded = state.sights.almanac else { return [] }
        // Each name once: a long log has a few bodies many times.
        let names = Set(state.sights.sights.map(\.bodyText) + state.sights.retired.map(\.bodyText))
        guard names.contains(where: { (try? SightText.body($0, almanac: loaded.almanac)) == nil }) else { return [] }
        state.sights.brighterStars = .asked
        return [.sights(.loadBrighterStars(loaded))]
    }

    /// The shell's answer: the almanac with the brighter stars (the panel
    /// works their sights from then on), or why they could not be read
    /// (said, and their sights stay unworked). A sight typed while they
    /// were read is submitted again if the field still holds it.
    static func brighterStarsLoaded(_ almanac: LoadedAlmanac?, problem: String?, in state: AppState) -> (AppState, [Effect]) {
        var next = state
        let awaited = next.sights.entryAwaitingBrighterStars
        next.sights.entryAwaitingBrighterStars = nil
        guard let almanac else {
            let problem = problem ?? "no reason given"
            next.sights.brighterStars = .unreadable(problem)
            next.sights.message = .init(.sightsBrighterStarsUnreadable(problem: problem), isError: true)
            return (next, [])
        }
        next.sights.almanac = almanac
        next.sights.brighterStars = .added
        if let entry = next.sights.entry, let awaited, entry.text == awaited { return submit(entry, in: next) }
        return (next, [])
    }
}

/// What the sights panel asks the shell to do.
public enum SightsEffect: Equatable, Sendable {
    /// Store (or replace) the sight of a mark (`AppDatabase.attachSight`);
    /// answered by `.stored`, `.noSuchMark` or `.notStored`.
    case attach(MarkedSight)
    /// Remove the sight of a mark (`AppDatabase.removeSight`); answered by
    /// `.removed` (kept for `u`), or `.noSuchMark`/`.notStored`.
    case remove(MarkedSight)
    /// Draw `PlottingSheet.svg` of this export and write it as a new file
    /// named from `fileStem` in the data folder's `sheets/` (never over an
    /// existing one); answered by `.sheetWritten` or `.sheetNotWritten`.
    case writeSheet(ChartExport, fileStem: String)
    /// Work the day ahead at the DR (`SightsDay.plan`); answered by `.dayPlanned`.
    case planDay(SightsDay.Request)
    /// Read `almanac-bright-stars.tsv` and add its stars to this almanac
    /// (`Almanac.including`, as `fix` does for a name it lacks); answered
    /// by `.brighterStarsLoaded`. Asked once, when a sight names such a star.
    case loadBrighterStars(LoadedAlmanac)
}

/// What comes back to the sights panel from the shell.
public enum SightsEvent: Equatable, Sendable {
    case stored(MarkedSight)
    /// The sight was taken off its mark (what it was, for an undo).
    case removed(MarkedSight)
    /// The mark was deleted before its sight could be stored.
    case noSuchMark(Int64)
    case notStored(Int64, StoreProblem)
    /// The almanac, read on a background thread after the first frame (it
    /// is a few megabytes; the clock does not wait for it), or why not.
    case almanacLoaded(LoadedAlmanac?, problem: String?)
    /// The stored sights, read again after another process changed the
    /// store (`timedeck marks sight` in another terminal), newest first.
    case reloaded([MarkedSight])
    /// The plotting sheet was written to `path` (with a fix or not, how many lines).
    case sheetWritten(path: String, fix: Bool, lines: Int)
    case sheetNotWritten(FileProblem)
    /// The day asked for, or nil when it could not be worked (an instant
    /// outside the almanac's data): asked again after a while.
    case dayPlanned(SightsDay?, for: SightsDay.Request)
    /// The almanac with the brighter stars added, or nil and why the file
    /// could not be read.
    case brighterStarsLoaded(LoadedAlmanac?, problem: String?)
}
