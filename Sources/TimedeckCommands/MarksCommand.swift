import ArgumentParser
import DeckShell
import Foundation
import TeamLog
import TimeKit
import TimeStore

/// `timedeck marks …`: sighting marks without the dashboard.
struct MarksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "marks",
        abstract: "Record, list, annotate, delete, export, import and clear sighting marks (exact UTC instants).",
        discussion: """
            The database is $TIMEDECK_HOME/timedeck.sqlite, else \
            $XDG_DATA_HOME/timedeck/timedeck.sqlite, else ~/.local/share/timedeck/timedeck.sqlite.
            """,
        subcommands: [MarksListCommand.self, MarksAddCommand.self, MarksNoteCommand.self, MarksDeleteCommand.self,
                      MarksExportCommand.self, MarksImportCommand.self, MarksClearCommand.self, MarksSightCommand.self]
    )
}

/// How `marks` subcommands fail: the message on stderr, then exit 2 for bad
/// input (the user can fix the command) or 1 for a store or system problem.
enum MarksCLI {
    static func fail(_ message: String, code: Int32 = 2) -> ExitCode {
        let text = message.hasPrefix("timedeck: ") ? String(message.dropFirst("timedeck: ".count)) : message
        Console.error(("timedeck: " + text + "\n"))
        return ExitCode(code)
    }

    /// Opens the default database, or exits 1 with the store's message.
    /// Marks left in the journal beside it (by a dashboard killed while the
    /// database was locked, or a `marks add` that found it busy) are moved
    /// into it first, unless `importingJournal` is false.
    static func openStore(importingJournal: Bool = true) throws -> AppDatabase {
        do {
            let db = try AppDatabase.openDefault()
            // With a team, every change is queued for the team log in the
            // same transaction that stores it.
            db.setTeamStation(CommandConfig.team?.station)
            if importingJournal { importJournal(db) }
            return db
        } catch let error as StoreError {
            throw fail(error.description, code: 1)
        } catch {
            throw fail("cannot open the database: \(error)", code: 1)
        }
    }

    /// Opens the store to read it (`marks list`, `marks export`): as
    /// `openStore`, but a store this user may not write is opened
    /// read-only, and stderr says so once, with the fix.
    static func openStoreForReading() throws -> AppDatabase {
        let url = try store { try DatabaseLocation.databaseURL() }
        guard FileManager.default.fileExists(atPath: url.path),
              let permission = StorePermission.problem(databasePath: url.path) else { return try openStore() }
        do {
            let db = try AppDatabase.openReadOnly(path: url.path)
            // Marks held in the journal meanwhile (the dashboard, `marks
            // add`) are not in the file: said, never listed as if stored.
            let held = (try? MarkJournal(databasePath: url.path).pending().count) ?? 0
            let heldNote = held == 0 ? "" : " (\(held) mark\(held == 1 ? "" : "s") held in the journal beside it "
                + "\(held == 1 ? "is" : "are") not listed; stored once it is writable)"
            Console.error("timedeck: the store is read-only (\(permission)): marks are shown as stored\(heldNote), "
                + "and none can be saved in it until you fix it: \(permission.advice)\n")
            return db
        } catch let error as StoreError {
            throw fail(error.description, code: 1)
        }
    }

    /// Stores the journal's marks (idempotently) and empties it. On failure
    /// (the database busy for the whole busy timeout) they stay safe in the
    /// journal and stderr says so. Returns the error, if any.
    @discardableResult
    static func importJournal(_ db: AppDatabase) -> (any Error)? {
        guard let journal = MarkJournal.beside(db) else { return nil }
        do {
            var quarantined: [MarkJournal.QuarantinedLine] = []
            try journal.importPending(into: db, onQuarantine: { quarantined.append($0) })
            if !quarantined.isEmpty {
                let lines = quarantined.count == 1 ? "1 line" : "\(quarantined.count) lines"
                Console.error("timedeck: \(lines) of \(journal.path) could not be imported and were moved to "
                    + "\(journal.quarantinePath) with the reason (" + quarantined.map(\.reason).joined(separator: "; ")
                    + "); every other mark was stored\n")
            }
            return nil
        } catch {
            let count = (try? journal.pending().count) ?? 0
            if count > 0 {
                let marks = count == 1 ? "1 mark" : "\(count) marks"
                Console.error(("timedeck: \(marks) held in \(journal.path) could not be stored yet "
                    + "(\(AppDatabase.shortReason(error))); they stay there and are stored the next time timedeck opens "
                    + "the database\n"))
            }
            return error
        }
    }

    /// Runs a store operation, turning its errors into messages and exit codes.
    static func store<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as MarkNote.TooLong {
            throw fail(error.description)
        } catch let error as StoreError {
            if case .noSuchMark = error { throw fail(error.description) }
            throw fail(error.description, code: 1)
        } catch {
            throw fail("database error: \(error)", code: 1)
        }
    }

    /// True when stdout is a terminal (then notes are printed inert).
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// `#12  21d 23h 47m 12.345s  2026-11-21T23:47:12.345Z  27° 28'.02 S  153° 22'.84 E (fixed)  "note"`.
    /// With `sight`: `… sight Vega Hs 45° 30.0′ …` before the note (issue 28).
    static func line(_ mark: SightingMark, sight: ExportedSight? = nil) -> String {
        var parts = ["#\(mark.id.map(String.init) ?? "?")", mark.markTimeText, mark.isoText]
        if let correction = mark.correctionText {
            parts.append("corr \(correction) → \(mark.correctedISOText)")
        }
        parts.append(mark.position.summary)
        if let sight {
            parts.append("sight \(InertText.display(sight.bodyText)) Hs \(NavigationCLI.degreesMinutes(sight.sextantAltitudeDegrees))")
        }
        if !mark.note.isEmpty { parts.append("\"\(InertText.display(mark.note))\"") }
        return parts.joined(separator: "  ")
    }
}

/// `timedeck marks list [--json] [--limit N]`.
struct MarksListCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List marks, newest first.")

    @OptionGroup var output: OutputOptions<MarksListCommand>
    static let jsonHelp = "Print a JSON array of mark objects."
    var json: Bool { output.json }

    @Option(help: "Show only the newest N marks.")
    var limit: Int?

    @Flag(help: "List every station's marks from the team log (team.url), each with its station.")
    var team = false

    func validate() throws {
        if let limit, limit < 0 { throw MarksCLI.fail("--limit must be 0 or more, not \(limit)") }
    }

    func run() throws {
        if team { return try runTeam() }
        let db = try MarksCLI.openStoreForReading()
        // Streamed from a database cursor: a store of any size lists in
        // the same memory.
        if json {
            var writer = MarkExportWriter(format: .json) { try FileDescriptorOutput.writeAll($0, to: STDOUT_FILENO) }
            var sights = SightWorking()
            do {
                try writer.begin()
                try MarksCLI.store {
                    try db.forEachMarkWithSight(newestFirst: true, limit: limit) { try writer.add($0, sight: sights.exported($0, $1)) }
                }
                try writer.end()
                try FileDescriptorOutput.writeAll([0x0A], to: STDOUT_FILENO)
            } catch let error as FileDescriptorOutput.Failure {
                throw MarksCLI.fail("cannot write to standard output: \(error.description)", code: 1)
            }
        } else {
            var count = 0
            try MarksCLI.store {
                try db.forEachMarkWithSight(newestFirst: true, limit: limit) { mark, sight in
                    print(MarksCLI.line(mark, sight: sight.map {
                        ExportedSight(bodyText: $0.bodyText, sextantAltitudeDegrees: $0.sextantAltitudeDegrees)
                    }))
                    count += 1
                }
            }
            if count == 0 && limit != 0 {
                print("no marks yet (record one with `timedeck marks add` or the space bar in the dashboard)")
            }
        }
        fflush(nil)
        CommandConfig.team?.sendQueuedReporting(from: db)
    }
}

extension MarksListCommand {
    /// The team log, newest first, after sending what this station queued.
    func runTeam() throws {
        let all = try MarksCLI.teamMarks()
        let marks = Array(all.reversed().prefix(limit ?? Int.max))
        if json {
            var sights = SightWorking()
            print(MarkExport.teamJSON(marks.map { sights.exported($0) }))
        } else if marks.isEmpty && limit != 0 {
            print("no marks in the team log yet")
        } else {
            for mark in marks { print("\(InertText.display(mark.station))  " + MarksCLI.line(mark.mark, sight: mark.sight)) }
        }
    }
}

extension MarksCLI {
    /// Every station's marks from the team log, oldest first. This
    /// station's queue is sent first, so its own marks are in the view.
    static func teamMarks() throws -> [TeamMark] {
        guard let team = CommandConfig.team else {
            throw fail("no team is configured; set team.url (timedeck config set team.url postgresql://…)")
        }
        let db = try openStore()
        do {
            let client = try team.connect()
            try TeamSender.sendAll(from: db, to: client, configuration: team.configuration)
            return try client.allMarks()
        } catch {
            throw fail("\(TeamSetup.brief(error)) (server \(team.redactedURL))", code: 1)
        }
    }
}

/// `timedeck marks clear --yes`.
struct MarksClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear", abstract: "Delete every mark (asks for --yes).")

    @Flag(help: "Confirm: really delete all marks.")
    var yes = false

    func run() throws {
        let db = try MarksCLI.openStore()
        guard yes else {
            let count = try MarksCLI.store { try db.markCount() }
            throw MarksCLI.fail("this would delete all \(count) marks; run `timedeck marks clear --yes` to do it "
                                + "(export them first with `timedeck marks export --format csv --output FILE`)")
        }
        let removed = try MarksCLI.store { try db.clearMarks() }
        print("cleared \(removed.count) mark\(removed.count == 1 ? "" : "s")")
        CommandConfig.team?.sendQueuedReporting(from: db)
    }
}
