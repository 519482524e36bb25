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
            try ExportFile.write(Data(text.utf8), to: target, replacing: force)
        } catch let error as ExportFile.Failure {
            throw MarksCLI.fail(error.description, code: error.isUsage ? 2 : 1)
        }
        FileHandle.standardError.write(Data("wrote \(count) \(noun)\(count == 1 ? "" : "s") to \(target.path)\n".utf8))
    }
}

extension MarksExportCommand {
    func runTeam(target: URL?) throws {
        let marks = try MarksCLI.teamMarks()
        try emit(count: marks.count, noun: "team mark", to: target,
                 csv: { MarkExport.teamCSV(marks, inertNotes: $0) }, json: { MarkExport.teamJSON(marks) })
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

    static func write(_ data: Data, to target: URL, replacing: Bool) throws {
        let folder = target.deletingLastPathComponent().path
        let temp = "\(folder)/.\(target.lastPathComponent).\(getpid()).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(description: "cannot create \(temp): \(errnoText())", isUsage: false) }
        var ok = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if n <= 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
        ok = ok && fsync(fd) == 0
        let writeError = errnoText()
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
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
