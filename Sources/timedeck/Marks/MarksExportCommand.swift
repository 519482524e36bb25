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

    @Flag(help: "Replace FILE if it exists.")
    var force = false

    @Flag(help: "Export every station's marks from the team log (team.url), with a station column/key.")
    var team = false

    func run() throws {
        // Check the destination before touching the database, so a bad path
        // writes nothing at all.
        let target = try output.map { try ExportFile.checkedTarget($0, force: force) }
        if team { return try runTeam(target: target) }
        let db = try MarksCLI.openStore()
        // Rows stream from a database cursor to the output: memory stays the
        // same whatever the store holds.
        try emit(noun: "mark", to: target, withStation: false) { writer in
            try MarksCLI.store { try db.forEachMark(newestFirst: false) { try writer.add($0) } }
        }
    }

    /// Streams the export to standard output (notes inert on a terminal),
    /// or to `target` without replacing a file unless `--force`, and says so.
    func emit(noun: String, to target: URL?, withStation: Bool,
              rows: (inout MarkExportWriter) throws -> Void) throws {
        let inert = target == nil && MarksCLI.stdoutIsTerminal
        let writerFormat: MarkExportWriter.Format = format == .csv ? .csv(inertText: inert) : .json
        func write(to fd: Int32) throws -> Int {
            var writer = MarkExportWriter(format: writerFormat, withStation: withStation) {
                try FileDescriptorOutput.writeAll($0, to: fd)
            }
            try writer.begin()
            try rows(&writer)
            try writer.end()
            if format == .json { try FileDescriptorOutput.writeAll([0x0A], to: fd) }
            return writer.count
        }
        guard let target else {
            do {
                _ = try write(to: STDOUT_FILENO)
            } catch let error as FileDescriptorOutput.Failure {
                throw MarksCLI.fail("cannot write to standard output: \(error.description)", code: 1)
            }
            return
        }
        let count: Int
        do {
            count = try ExportFile.write(to: target, replacing: force) { try write(to: $0) }
        } catch let error as ExportFile.Failure {
            throw MarksCLI.fail(error.description, code: error.isUsage ? 2 : 1)
        }
        FileHandle.standardError.write(Data("wrote \(count) \(noun)\(count == 1 ? "" : "s") to \(target.path)\n".utf8))
    }
}

extension MarksExportCommand {
    func runTeam(target: URL?) throws {
        let marks = try MarksCLI.teamMarks()
        try emit(noun: "team mark", to: target, withStation: true) { writer in
            for mark in marks { try writer.add(mark.mark, station: mark.station) }
        }
    }
}

/// Writing an export safely: to a temporary file in the same folder, fsynced,
/// then moved into place in one step, so a reader never sees half a file and
/// an existing file is never replaced unless asked (`link(2)` refuses to
/// overwrite, which closes the check-then-write race).
enum ExportFile {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        var isUsage: Bool
    }

    /// The absolute target, or a usage error: missing folder, a folder given
    /// as FILE, or an existing file without --force.
    static func checkedTarget(_ path: String, force: Bool) throws -> URL {
        guard !path.isEmpty, !path.contains("\0") else { throw MarksCLI.fail("--output needs a file name") }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw MarksCLI.fail("cannot write \(path): the folder \(folder.path) does not exist; nothing was written")
        }
        if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw MarksCLI.fail("cannot write \(path): it is a folder; give a file name; nothing was written")
        }
        if FileManager.default.fileExists(atPath: url.path) && !force {
            throw MarksCLI.fail("\(path) already exists; add --force to replace it (nothing was written)")
        }
        guard access(folder.path, W_OK) == 0 else {
            throw MarksCLI.fail("cannot write \(path): no permission to write in \(folder.path); nothing was written")
        }
        return url
    }

    /// Writes the export through `body` (given the temporary file's
    /// descriptor; it returns the count of rows written), then fsyncs and
    /// moves it into place. Nothing is left behind on failure.
    static func write(to target: URL, replacing: Bool, _ body: (Int32) throws -> Int) throws -> Int {
        let folder = target.deletingLastPathComponent().path
        let temp = "\(folder)/.\(target.lastPathComponent).\(getpid()).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(description: "cannot create \(temp): \(errnoText())", isUsage: false) }
        var count = 0
        var ok = true
        var bodyError: String?
        do {
            count = try body(fd)
        } catch let error as FileDescriptorOutput.Failure {
            ok = false
            bodyError = error.description
        } catch {
            close(fd)
            unlink(temp)
            throw error
        }
        ok = ok && fsync(fd) == 0
        let writeError = bodyError ?? errnoText()
        close(fd)
        guard ok else {
            unlink(temp)
            throw Failure(description: "cannot write \(target.path): \(writeError); nothing was written", isUsage: false)
        }
        if replacing {
            guard rename(temp, target.path) == 0 else {
                let e = errnoText(); unlink(temp)
                throw Failure(description: "cannot replace \(target.path): \(e); nothing was written", isUsage: false)
            }
        } else {
            guard link(temp, target.path) == 0 else {
                let exists = errno == EEXIST
                let e = errnoText(); unlink(temp)
                throw Failure(description: exists ? "\(target.path) already exists; add --force to replace it (nothing was written)"
                                                  : "cannot create \(target.path): \(e); nothing was written",
                              isUsage: exists)
            }
            unlink(temp)
        }
        return count
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
