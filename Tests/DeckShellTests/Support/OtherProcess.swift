import Foundation

/// Runs the built `timedeck` executable (another process on the same
/// store), found beside the test bundle as the end-to-end tests find it.
enum OtherProcess {
    static var binary: URL {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: exe).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("timedeck").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("timedeck")
    }

    /// `timedeck arguments…` with `environment` over the test's; its exit status.
    static func run(_ arguments: [String], environment: [String: String]) throws -> Int32 {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
