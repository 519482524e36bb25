import ArgumentParser
import DeckShell
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

    @Option(help: "Write to this file instead of standard output (- is standard output).")
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
        // `-` is standard output, as for every Unix tool (it was a file named `-`).
        let target = try output.flatMap { $0 == "-" ? nil : try ExportFile.checkedTarget($0, force: force) }
        if team { return try runTeam(target: target) }
        let db = try MarksCLI.openStoreForReading()
        // Rows stream from a database cursor to the output: memory stays the
        // same whatever the store holds.
        var sights = SightWorking()
        try emit(noun: "mark", to: target, withStation: false) { writer in
            try MarksCLI.store {
                try db.forEachMarkWithSight(newestFirst: false) { try writer.add($0, sight: sights.exported($0, $1)) }
            }
        }
    }

    /// Streams the export to standard output (notes inert on a terminal),
    /// or to `target` through `AtomicOutputFile` (a regular file, atomic,
    /// 0600 unless `--mode`; never replacing a file unless `--force`), and
    /// says so.
    func emit(noun: String, to target: URL?, withStation: Bool,
              rows: (inout MarkExportWriter) throws -> Void) throws {
        let inert = target == nil && MarksCLI.stdoutIsTerminal
        let writerFormat: MarkExportWriter.Format = format == .csv ? .csv(inertText: inert) : .json
        func stream(into sink: @escaping ([UInt8]) throws -> Void) throws -> Int {
            var writer = MarkExportWriter(format: writerFormat, withStation: withStation, flush: sink)
            try writer.begin()
            try rows(&writer)
            try writer.end()
            if format == .json { try sink([0x0A]) }
            return writer.count
        }
        guard let target else {
            do {
                _ = try stream { try FileDescriptorOutput.writeAll($0, to: STDOUT_FILENO) }
            } catch let error as FileDescriptorOutput.Failure {
                throw MarksCLI.fail("cannot write to standard output: \(error.description)", code: 1)
            }
            return
        }
        let count: Int
        do {
            // Discarded (nothing left behind) unless committed.
            let file = try AtomicOutputFile(path: target.path, replacing: force,
                                            mode: mode?.bits ?? AtomicOutputFile.privateMode)
            count = try stream { try file.write($0) }
            try file.commit()
        } catch let error as AtomicOutputFile.Failure {
            throw MarksCLI.fail(error.description, code: error.isUsage ? 2 : 1)
        }
        Console.error("wrote \(count) \(noun)\(count == 1 ? "" : "s") to \(target.path)\n")
    }
}

extension MarksExportCommand {
    func runTeam(target: URL?) throws {
        let marks = try MarksCLI.teamMarks()
        var sights = SightWorking()
        try emit(noun: "team mark", to: target, withStation: true) { writer in
            for mark in marks {
                let worked = sights.exported(mark)
                try writer.add(worked.mark, station: worked.station, sight: worked.sight)
            }
        }
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
