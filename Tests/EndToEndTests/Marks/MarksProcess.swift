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
        // A baseline binary (say, main's) to see a new test fail before its fix.
        if let other = ProcessInfo.processInfo.environment["TIMEDECK_TEST_BINARY"], !other.isEmpty {
            return URL(fileURLWithPath: other)
        }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // The xctest bundle may be a folder inside the build folder.
        for _ in 0..<3 where !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("timedeck").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("timedeck")
    }

    var databasePath: String { home.appendingPathComponent("timedeck.sqlite").path }
    /// A config file of the test's own (absent unless the test writes it).
    var configPath: String { home.appendingPathComponent("config.toml").path }

    @discardableResult
    func run(_ arguments: [String], extraEnvironment: [String: String] = [:]) throws -> Output {
        var env = ProcessInfo.processInfo.environment
        env["TIMEDECK_HOME"] = home.path
        env["TIMEDECK_CONFIG"] = configPath
        for (k, v) in extraEnvironment { env[k] = v }
        // Files, not pipes, and posix_spawn, not Foundation's Process: see
        // `spawn` in Support/TmuxSession.swift.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString).out").path
        let err = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString).err").path
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: err)
        }
        let pid = try spawn([Self.binary.path] + arguments, environment: env, stdin: "/dev/null", stdout: out, stderr: err)
        let status = waitForExit(pid) ?? -1
        return Output(status: status,
                      stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
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
