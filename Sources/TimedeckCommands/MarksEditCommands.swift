import ArgumentParser
import DeckShell
import Foundation
import TimeKit
import TimeStore

/// `timedeck marks note ID TEXT [--json]`: sets the note of a stored mark
/// ("" clears it), as `n` does in the dashboard. While another process
/// holds the database the note goes to the journal beside it (fsynced),
/// like a mark that finds it busy, and is stored the next time timedeck
/// opens the database — unless the note was changed again meanwhile.
struct MarksNoteCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "note", abstract: "Set the note of a mark (\"\" clears it).",
        discussion: "Example: timedeck marks note 12 \"Sun LL, IE -1.2'\"")

    @Argument(help: "The mark's number as `marks list` shows it (12 or #12).")
    var id: String

    @Argument(help: "The note, at most \(MarkNote.maximumCharacters) characters; \"\" clears it.")
    var text: String

    @OptionGroup var output: OutputOptions<MarksNoteCommand>
    static let jsonHelp = "Print the mark as JSON."
    var json: Bool { output.json }

    func run() throws {
        let number = try MarksCLI.markNumber(id)
        do { _ = try MarkNote.validated(text) } catch { throw MarksCLI.fail("\(error)") }
        let db = try MarksCLI.openStore()
        var mark: SightingMark
        var held = false
        do {
            mark = try db.updateNote(id: number, note: text)
        } catch where AppDatabase.isBusy(error) {
            let journal = MarkJournal.beside(db)
            let journaledMark: SightingMark?
            do {
                journaledMark = try journal?.appendNote(forStoredMark: number, in: db, note: text)
            } catch {
                throw MarksCLI.fail("the database is busy and the note could not be journaled (\(error)); it was not saved.", code: 1)
            }
            guard let stored = journaledMark, let journal else {
                throw MarksCLI.fail("the database is busy (another process holds its lock); the note was not saved. "
                                    + "Try again when it is free.", code: 1)
            }
            Console.error(("timedeck: the database is busy (another process holds its lock); the note is "
                + "safe in \(journal.path) and is stored the next time timedeck opens the database\n"))
            mark = stored
            held = true
        } catch {
            mark = try MarksCLI.store { throw error }
        }
        mark.note = text
        if json {
            print(MarkExport.json([mark]))
        } else {
            print((held ? "held note " : "noted ") + MarksCLI.line(mark))
        }
        fflush(nil)
        CommandConfig.team?.sendQueuedReporting(from: db)
    }
}

/// `timedeck marks delete ID [--json]`: deletes one stored mark, as `d`
/// does in the dashboard. It is queued for the team log like any change.
struct MarksDeleteCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete one mark by its number.",
        discussion: "Example: timedeck marks delete 12 (export first if you may want it back).")

    @Argument(help: "The mark's number as `marks list` shows it (12 or #12).")
    var id: String

    @OptionGroup var output: OutputOptions<MarksDeleteCommand>
    static let jsonHelp = "Print the deleted mark as JSON."
    var json: Bool { output.json }

    func run() throws {
        let number = try MarksCLI.markNumber(id)
        let db = try MarksCLI.openStore()
        let removed: SightingMark?
        do {
            removed = try db.deleteMark(id: number)
        } catch where AppDatabase.isBusy(error) {
            throw MarksCLI.fail("the database is busy (another process holds its lock); nothing was deleted. "
                                + "Try again when it is free.", code: 1)
        } catch {
            removed = try MarksCLI.store { throw error }
        }
        guard let removed else { throw MarksCLI.fail(StoreError.noSuchMark(id: number).description) }
        if json {
            print(MarkExport.json([removed]))
        } else {
            print("deleted " + MarksCLI.line(removed))
        }
        fflush(nil)
        CommandConfig.team?.sendQueuedReporting(from: db)
    }
}

extension MarksCLI {
    /// `12` or `#12`: a mark's number; anything else exits 2 saying so.
    static func markNumber(_ text: String) throws -> Int64 {
        let digits = text.trimmingCharacters(in: .whitespaces).drop { $0 == "#" }
        guard let n = Int64(digits), n > 0 else {
            throw fail("\"\(text)\" is not a mark number; give the number `timedeck marks list` shows, e.g. 12 or #12")
        }
        return n
    }
}
