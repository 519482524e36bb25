import Foundation

/// The built `timedeck` executable and a way to run it to completion.
///
/// SwiftPM puts test bundles and executables in one folder, so the binary is
/// found next to the running test process, whatever the scratch path.
enum TimedeckBinary {
    static var url: URL {
        // A baseline binary (say, main's) to see a new test fail before its fix.
        if let other = ProcessInfo.processInfo.environment["TIMEDECK_TEST_BINARY"], !other.isEmpty {
            return URL(fileURLWithPath: other)
        }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // Inside an .xctest bundle the process may run from a nested folder.
        for _ in 0..<4 where !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("timedeck").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("timedeck")
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `timedeck args…` and waits (at most 60 s). The streams go
    /// through temporary files, not pipes: a pipe's write end inherited by
    /// any process the child leaves behind would block a reader forever.
    /// Unless `environment` says otherwise, data and config go to a private
    /// temporary folder, never the user's own.
    static func run(_ arguments: [String], environment: [String: String] = [:], stdin: String = "") throws -> Result {
        let scratch = TemporaryFolder()
        var env = ProcessInfo.processInfo.environment
        env["TIMEDECK_HOME"] = scratch.path("data")
        env["XDG_CONFIG_HOME"] = scratch.path("config")
        env.removeValue(forKey: "TIMEDECK_CONFIG")
        env.merge(environment) { _, new in new }
        let input = scratch.path("stdin"), output = scratch.path("stdout"), errors = scratch.path("stderr")
        _ = FileManager.default.createFile(atPath: input, contents: Data(stdin.utf8))
        let pid = try spawn([url.path] + arguments, environment: env, stdin: input, stdout: output, stderr: errors)
        let status = waitForExit(pid) ?? -1
        return Result(status: status,
                      stdout: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }
}

/// Polls `condition` every 20 ms until it holds or `seconds` pass.
func waitUntil(_ seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// A scratch folder removed when the value goes away.
final class TemporaryFolder {
    let url: URL
    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("timedeck-e2e-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    func read(_ name: String) -> String? { try? String(contentsOfFile: path(name), encoding: .utf8) }
}
