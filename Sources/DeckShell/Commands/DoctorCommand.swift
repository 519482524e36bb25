import ArgumentParser
import Foundation
import TimeKit
import TimeStore

/// `timedeck doctor`: the full check of the store that opening no longer
/// does (opening reads only the header and schema, so it costs the same for
/// ten marks or a million). Reads every page; the store is not changed.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the whole database file (every page and index) and the marks journal beside it.",
        discussion: """
            Exit 0: the file is sound. Exit 1: problems were found (they are listed; restore the file from \
            a backup or export what can still be read with `timedeck marks export`). Nothing is changed.
            """)

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        let url = try MarksCLI.store { try DatabaseLocation.databaseURL() }
        guard FileManager.default.fileExists(atPath: url.path) else {
            report(path: url.path, marks: 0, journal: 0, problems: [], note: "no database yet (nothing to check)")
            return
        }
        let db: AppDatabase
        do {
            db = try AppDatabase.open(path: url.path)
        } catch let error as StoreError {
            report(path: url.path, marks: nil, journal: nil, problems: [error.description], note: nil)
            throw ExitCode(1)
        }
        var problems: [String] = []
        do {
            problems = try db.integrityProblems()
        } catch {
            problems = ["the check could not read the file: \(AppDatabase.shortReason(error))"]
        }
        let marks = try? db.markCount()
        let journal = (try? MarkJournal.beside(db)?.pending().count) ?? 0
        report(path: url.path, marks: marks, journal: journal, problems: problems, note: nil)
        if !problems.isEmpty { throw ExitCode(1) }
    }

    private func report(path: String, marks: Int?, journal: Int?, problems: [String], note: String?) {
        if json {
            let object: [String: Any] = [
                "database": path, "ok": problems.isEmpty, "problems": problems.map(InertText.display),
                "marks": marks.map { $0 as Any } ?? NSNull(), "journalPending": journal.map { $0 as Any } ?? NSNull(),
            ]
            if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
                print(String(decoding: data, as: UTF8.self))
            }
            return
        }
        print("database: \(InertText.display(path))")
        if let note { print(note); return }
        if let marks { print("marks: \(marks)") }
        if let journal, journal > 0 { print("held in the journal: \(journal) (stored the next time the database is free)") }
        if problems.isEmpty {
            print("integrity: ok")
        } else {
            print("integrity: \(problems.count) problem\(problems.count == 1 ? "" : "s")")
            for p in problems { print("  \(InertText.display(p))") }
            print("restore the file from a backup, or export what can still be read: "
                  + "timedeck marks export --format csv --output FILE")
        }
    }
}
