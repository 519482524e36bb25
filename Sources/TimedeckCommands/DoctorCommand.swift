import ArgumentParser
import Foundation
import TimeKit
import TimeStore

/// `timedeck doctor`: the full check of the store that opening no longer
/// does (opening reads only the header and schema, so it costs the same for
/// ten marks or a million). Reads every page; the store is not changed.
struct DoctorCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the whole database file (every page and index) and the marks journal beside it.",
        discussion: """
            Exit 0: the file is sound. Exit 1: problems were found (they are listed; restore the file from \
            a backup or export what can still be read with `timedeck marks export`). A store you may not \
            write (the file or its folder read-only) is a permission problem, named with the chmod that \
            fixes it (exit 1, the file is not opened). Nothing is changed.
            """)

    @OptionGroup var output: OutputOptions<DoctorCommand>
    static let jsonHelp = "Print the result as JSON."
    var json: Bool { output.json }

    func run() throws {
        let url = try MarksCLI.store { try DatabaseLocation.databaseURL() }
        guard FileManager.default.fileExists(atPath: url.path) else {
            report(path: url.path, marks: 0, journal: 0, problems: [], note: "no database yet (nothing to check)")
            return
        }
        // A store this user may not write cannot be opened by SQLite (a WAL
        // store needs its journals written even to be read): a permission,
        // never "damage, restore from a backup".
        if let permission = StorePermission.problem(databasePath: url.path) {
            // Read-only, the file can still be checked: damage is told apart.
            var problems: [String]? = nil, marks: Int? = nil
            if let db = try? AppDatabase.openReadOnly(path: url.path) {
                problems = (try? db.integrityProblems()) ?? ["the check could not read the file"]
                marks = try? db.markCount()
            }
            reportPermission(path: url.path, permission, marks: marks, problems: problems)
            throw ExitCode(1)
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

    /// A store this user may not write: the permission and its fix, and
    /// the integrity check's result when the file could be read (`problems`
    /// nil: it could not be opened at all).
    private func reportPermission(path: String, _ permission: StorePermission, marks: Int?, problems: [String]?) {
        if json {
            let object: [String: Any] = [
                "database": path, "ok": false, "permission": InertText.display(permission.description),
                "problems": ([InertText.display("permission: \(permission.description)")] + (problems ?? []).map(InertText.display)),
                "advice": InertText.display(permission.advice), "marks": marks.map { $0 as Any } ?? NSNull(), "journalPending": NSNull(),
            ]
            if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
                print(String(decoding: data, as: UTF8.self))
            }
            return
        }
        print("database: \(InertText.display(path))")
        print("permission: \(InertText.display(permission.description))")
        if let marks { print("marks: \(marks)") }
        switch problems {
        case nil: print("integrity: not checked (the file could not be opened read-only either)")
        case let list? where list.isEmpty: print("integrity: ok (checked read-only; the file is sound)")
        case let list?:
            print("integrity: \(list.count) problem\(list.count == 1 ? "" : "s") (checked read-only)")
            for p in list { print("  \(InertText.display(p))") }
        }
        print("to fix the permission: \(InertText.display(permission.advice))")
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
