import Foundation

/// Runs the built `timedeck` binary for the marks tests, each with its own
/// TIMEDECK_HOME (a private helper; the shared e2e support may replace it).
struct MarksProcess {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("timedeck-e2e-marks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: home)
    }

    /// The `timedeck` executable beside the test bundle.
    static var binary: URL {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // The xctest bundle may be a folder inside the build folder.
        for _ in 0..<3 where !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("timedeck").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("timedeck")
    }

    var databasePath: String { home.appendingPathComponent("timedeck.sqlite").path }

    @discardableResult
    func run(_ arguments: [String], extraEnvironment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["TIMEDECK_HOME"] = home.path
        for (k, v) in extraEnvironment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read before waiting so a full pipe cannot deadlock the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// `marks list --json` decoded.
    func listJSON() throws -> [[String: Any]] {
        let out = try run(["marks", "list", "--json"])
        guard out.status == 0,
              let array = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]]
        else { throw Failure(message: "marks list --json failed: \(out.stderr)") }
        return array
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
