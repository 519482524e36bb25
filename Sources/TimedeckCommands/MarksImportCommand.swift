import ArgumentParser
import DeckShell
import Foundation
import TimeKit
import TimeStore

/// `timedeck marks import FILE [--format csv|json]` (issue 28): puts back
/// what `marks export` wrote, sights included.
struct MarksImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Store the marks (and their sights) of a `marks export` file; a mark already here is left as it is.",
        discussion: """
            Reads CSV or JSON as `timedeck marks export` writes them (the format is guessed from the \
            first character unless --format is given; - reads standard input). Each mark keeps its key, \
            so importing the same file twice stores nothing twice. Nothing is stored unless every mark \
            in the file can be: a bad line is named and the command exits 2.
            Example: timedeck marks export --format json --output marks.json; then on another machine \
            timedeck marks import marks.json
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case csv, json }

    @Argument(help: "The exported file, or - for standard input.")
    var file: String

    @Option(help: "csv or json (default: json if the file starts with [, else csv).")
    var format: Format?

    /// An export of 100 000 marks is about 100 MB as JSON.
    static let maximumBytes = 256 << 20

    func run() throws {
        let data = try Self.read(file)
        let rows: [MarkImport.Row]
        do {
            let chosen: MarkImport.Format = format.map { $0 == .csv ? .csv : .json } ?? MarkImport.guessedFormat(data)
            rows = try MarkImport.rows(data, format: chosen)
        } catch let problem as MarkImport.Problem {
            throw MarksCLI.fail("cannot import \(InertText.display(file)): \(problem); nothing was stored")
        }
        let db = try MarksCLI.openStore()
        let result = try MarksCLI.store { try db.importMarks(rows) }
        var line = "imported \(result.stored) mark\(result.stored == 1 ? "" : "s")"
        line += " and \(result.sights) sight\(result.sights == 1 ? "" : "s") from \(InertText.display(file))"
        if result.alreadyHere > 0 {
            line += "; \(result.alreadyHere) mark\(result.alreadyHere == 1 ? " was" : "s were") already here and left as "
                + (result.alreadyHere == 1 ? "it is" : "they are")
        }
        print(line)
        fflush(nil)
        CommandConfig.team?.sendQueuedReporting(from: db)
    }

    /// The file's bytes (a regular file or standard input), at most
    /// `maximumBytes`, or exit 2 saying why not.
    static func read(_ path: String) throws -> Data {
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            var info = stat()
            guard stat(path, &info) == 0 else {
                throw MarksCLI.fail("cannot read \(InertText.display(path)): \(String(cString: strerror(errno))); "
                                    + "give the file `timedeck marks export` wrote")
            }
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw MarksCLI.fail("\(InertText.display(path)) is not a regular file; give the file `timedeck marks export` wrote")
            }
            guard let opened = FileHandle(forReadingAtPath: path) else {
                throw MarksCLI.fail("cannot open \(InertText.display(path)) for reading; check its permissions")
            }
            handle = opened
        }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw MarksCLI.fail("cannot read \(InertText.display(path)): \(error.localizedDescription)", code: 1)
        }
        guard data.count <= maximumBytes else {
            throw MarksCLI.fail("\(InertText.display(path)) is larger than \(maximumBytes >> 20) MB; split it and import the parts")
        }
        return data
    }
}
