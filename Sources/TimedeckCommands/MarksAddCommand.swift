import ArgumentParser
import DeckShell
import Foundation
import TimeKit
import TimeStore

/// `timedeck marks add [--note T] [--position P | --gpsd HOST:PORT | --no-position]`.
struct MarksAddCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Record a mark at this instant.",
        discussion: """
            The instant is read from the real-time clock as soon as the command starts. \
            The position comes from --position or --gpsd, else from the config file's \
            [marks] table (gpsd, then the fixed position; see `timedeck config keys`).
            """)

    @Option(help: "A short note (at most \(MarkNote.maximumCharacters) characters).")
    var note: String = ""

    @Option(parsing: .unconditional, help: "A fixed position: \"27 28.02 S 153 22.84 E\" or \"-27.467, 153.3807\".")
    var position: String?

    @Option(help: "Take the position from gpsd at HOST:PORT (default port 2947), or off to ask no gpsd (as marks.gpsd = \"off\").")
    var gpsd: String?

    @Flag(help: "Record no position, whatever the settings say.")
    var noPosition = false

    @Option(parsing: .unconditional, help: "Watch error / reaction correction in seconds (e.g. -0.3); overrides the setting.")
    var correction: String?

    @Option(help: "With gpsd: wait at most this many seconds for a fix.")
    var gpsWait: Double = 3

    @OptionGroup var output: OutputOptions<MarksAddCommand>
    static let jsonHelp = "Print the recorded mark as JSON."
    var json: Bool { output.json }

    func run() throws {
        // The instant first, before any parsing, I/O or connection.
        let instant = RealtimeClock.nowUnixNanoseconds()
        do {
            try record(at: instant)
        } catch let exit as ExitCode where exit.rawValue == 1 {
            // The store failed (a full disk, a damaged file): the instant the
            // user asked for is printed, to write down (issue 20). Usage
            // errors (exit 2) never meant to store anything.
            let mark = SightingMark(unixNanoseconds: instant)
            Console.error("timedeck: MARK NOT SAVED: \(mark.markTimeText) \(mark.isoText); write it down\n")
            throw exit
        }
    }

    func record(at instant: Int64) throws {
        let kernel = RealtimeClock.kernelStatus()
        let options = try parsedOptions()
        // A store this user may not write is not opened to write (issue
        // 29): the mark is held in the journal beside it, or not saved.
        let readOnly = try MarksCLI.store { try ReadOnlyStore.check(databasePath: DatabaseLocation.databaseURL().path) }
        let db = try readOnly == nil ? MarksCLI.openStore(importingJournal: false) : nil
        let journalError = db.flatMap(MarksCLI.importJournal)
        let config = CommandConfig.loadedWarning()
        var settings = MarkSettings(config.settings)
        if let c = options.correction { settings.correctionNanoseconds = c }
        if noPosition {
            settings.fixedPosition = nil
            settings.gpsdAddress = nil
        } else if let p = options.position {
            settings.fixedPosition = p
            settings.gpsdAddress = nil
        } else if gpsdOff {
            // As `marks.gpsd = "off"`: no gpsd; the configured position stays.
            settings.gpsdAddress = nil
        } else if let g = options.gpsd {
            settings.gpsdAddress = g
            settings.fixedPosition = nil
        }
        var snapshot: GPSDSnapshot?
        if let address = settings.gpsdAddress {
            snapshot = GPSDClient.waitForFix(address: address, seconds: gpsWait)
        }
        var mark = MarkComposer.compose(unixNanoseconds: instant, note: note, settings: settings,
                                        gps: snapshot, kernel: kernel)
        mark.uniqueKey = UUID().uuidString.lowercased()
        guard let db else { return try holdReadOnly(mark, readOnly) }
        let saved: SightingMark
        do {
            // Busy already while importing the journal: do not wait twice.
            if let journalError, AppDatabase.isBusy(journalError) { throw journalError }
            saved = try db.recordMark(mark)
        } catch where AppDatabase.isBusy(error) {
            try holdInJournal(mark, db: db)
            return
        } catch {
            saved = try MarksCLI.store { throw error }
        }
        if json {
            print(MarkExport.json([saved]))
        } else {
            print("recorded " + MarksCLI.line(saved))
            print(saved.clock.summary)
            if let snapshot, saved.position.status != .current { print(snapshot.summary) }
        }
        // Stored and printed; only now the network (never before the mark).
        fflush(nil)
        CommandConfig.team?.sendQueuedReporting(from: db)
    }

    /// `--gpsd off`, any case, as the config key takes it.
    var gpsdOff: Bool { gpsd?.trimmingCharacters(in: .whitespaces).lowercased() == "off" }

    func parsedOptions() throws -> (position: GeoPosition?, gpsd: GPSDAddress?, correction: Int64?) {
        guard [position != nil, gpsd != nil, noPosition].filter({ $0 }).count <= 1 else {
            throw MarksCLI.fail("give at most one of --position, --gpsd and --no-position")
        }
        do {
            _ = try MarkNote.validated(note)
            guard gpsWait >= 0, gpsWait <= 60 else {
                throw MarksCLI.fail("--gps-wait must be between 0 and 60 seconds")
            }
            return (try position.map(GeoPosition.init(parsing:)),
                    try (gpsdOff ? nil : gpsd).map(GPSDAddress.init(parsing:)),
                    try correction.map(MarkSettings.correctionNanoseconds(parsing:)))
        } catch let error as ExitCode {
            throw error
        } catch {
            throw MarksCLI.fail("\(error)")
        }
    }

    /// The store is read-only for this user: the mark goes to the journal
    /// beside it (fsynced) when that can be written, to be stored the next
    /// time timedeck opens the store writable; else it is NOT saved (exit 1,
    /// and `run` prints its instant).
    func holdReadOnly(_ mark: SightingMark, _ readOnly: ReadOnlyStore?) throws {
        guard let readOnly else { throw MarksCLI.fail("the store could not be opened; nothing was saved", code: 1) }
        let journal = MarkJournal(databasePath: readOnly.path)
        do {
            guard readOnly.journalWritable else { throw StoreError.readOnly(readOnly) }
            try journal.append([mark])
        } catch {
            let why = readOnly.journalWritable ? "the store is read-only and the journal could not be written (\(error))"
                                               : "the store and its folder are read-only (\(readOnly.permission))"
            throw MarksCLI.fail("\(why); nothing was saved. To fix: \(readOnly.advice)", code: 1)
        }
        Console.error("timedeck: the mark is held in the journal \(journal.path): the store is read-only "
            + "(\(readOnly.permission)); it is stored the next time timedeck opens the store writable. "
            + "To fix: \(readOnly.advice)\n")
        if json {
            print(MarkExport.json([mark]))
        } else {
            print("held " + MarksCLI.line(mark))
            print(mark.clock.summary)
        }
    }

    /// The database stayed locked by another process for the whole busy
    /// timeout: the mark goes to the journal beside it (fsynced), to be
    /// stored by the next timedeck that opens the database. Exit 0 only
    /// once it is durable there.
    func holdInJournal(_ mark: SightingMark, db: AppDatabase) throws {
        guard let journal = MarkJournal.beside(db) else {
            throw MarksCLI.fail("MARK NOT SAVED (database busy): \(mark.markTimeText) \(mark.isoText), write it down", code: 1)
        }
        do {
            try journal.append([mark])
        } catch {
            throw MarksCLI.fail("MARK NOT SAVED (database busy, and \(error)): \(mark.markTimeText) \(mark.isoText), "
                                + "write it down", code: 1)
        }
        Console.error(("timedeck: the database is busy (another process holds its lock); the mark "
            + "is safe in \(journal.path) and is stored the next time timedeck opens the database\n"))
        if json {
            print(MarkExport.json([mark]))
        } else {
            print("held " + MarksCLI.line(mark))
            print(mark.clock.summary)
        }
    }
}
