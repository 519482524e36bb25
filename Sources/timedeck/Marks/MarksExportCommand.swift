import ArgumentParser
import Foundation
import TimeKit
import TimeStore

/// `timedeck marks export --format csv|json [--output FILE] [--force]`.
struct MarksExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every mark, oldest first, as CSV (RFC 4180) or JSON.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, json
    }

    @Option(help: "csv or json.")
    var format: Format

    @Option(help: "Write to this file instead of standard output.")
    var output: String?

    @Flag(help: "Replace FILE if it exists (a regular file only; a device, FIFO, folder or link is never replaced).")
    var force = false

    @Option(help: "Permissions of FILE in octal, e.g. 644 to let others read it (default 600: only you).")
    var mode: FileMode?

    @Flag(help: "Export every station's marks from the team log (team.url), with a station column/key.")
    var team = false

    func run() throws {
        // Check the destination before touching the database, so a bad path
        // writes nothing at all.
        let target = try output.map { try ExportFile.checkedTarget($0, force: force) }
        if team { return try runTeam(target: target) }
        let db = try MarksCLI.openStore()
        let marks = try MarksCLI.store { try db.allMarks() }
        try emit(count: marks.count, noun: "mark", to: target,
                 csv: { MarkExport.csv(marks, inertNotes: $0) }, json: { MarkExport.json(marks) })
    }

    /// Prints the export (notes inert on a terminal), or writes it to
    /// `target` without replacing a file unless `--force`, and says so.
    func emit(count: Int, noun: String, to target: URL?,
              csv: (_ inertNotes: Bool) -> String, json: () -> String) throws {
        guard let target else {
            switch format {
            case .csv: print(csv(MarksCLI.stdoutIsTerminal), terminator: "")
            case .json: print(json())
            }
            return
        }
        let text = format == .csv ? csv(false) : json() + "\n"
        do {
            try ExportFile.write(Data(text.utf8), to: target, replacing: force, mode: mode?.bits ?? AtomicOutputFile.privateMode)
        } catch let error as AtomicOutputFile.Failure {
            throw MarksCLI.fail(error.description, code: error.isUsage ? 2 : 1)
        }
        Console.error("wrote \(count) \(noun)\(count == 1 ? "" : "s") to \(target.path)\n")
    }
}

extension MarksExportCommand {
    func runTeam(target: URL?) throws {
        let marks = try MarksCLI.teamMarks()
        try emit(count: marks.count, noun: "team mark", to: target,
                 csv: { MarkExport.teamCSV(marks, inertNotes: $0) }, json: { MarkExport.teamJSON(marks) })
    }
}

/// The export's destination: checked before the store is opened, written
/// through `AtomicOutputFile` (regular files only, atomic, 0600 unless
/// `--mode`).
enum ExportFile {
    /// The absolute target, or a usage error (exit 2) naming what is wrong.
    static func checkedTarget(_ path: String, force: Bool) throws -> URL {
        do {
            try AtomicOutputFile.check(path: path, replacing: force)
        } catch let failure as AtomicOutputFile.Failure {
            throw MarksCLI.fail(failure.description, code: failure.isUsage ? 2 : 1)
        }
        return URL(fileURLWithPath: path).standardizedFileURL
    }

    static func write(_ data: Data, to target: URL, replacing: Bool, mode: mode_t) throws {
        let file = try AtomicOutputFile(path: target.path, replacing: replacing, mode: mode)
        try file.write(data)
        try file.commit()
    }
}

/// `--mode 644`: the permission bits of the export file, in octal.
struct FileMode: ExpressibleByArgument {
    var bits: mode_t

    init?(argument: String) {
        guard (1...4).contains(argument.count), let value = mode_t(argument, radix: 8), value <= 0o777 else { return nil }
        bits = value
    }

    static var defaultValueDescription: String { "600" }
}
