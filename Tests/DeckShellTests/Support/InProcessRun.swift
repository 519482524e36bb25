import Foundation
import TimeStore
@testable import DeckShell

/// A temporary data and config folder for one in-process run: the store
/// (real SQLite, created on first write) and a config file that starts
/// absent (the defaults). Removed when released.
final class RuntimeFolder: @unchecked Sendable {  // immutable after init
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("deckshell-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var databaseURL: URL { url.appendingPathComponent("timedeck.sqlite") }
    var configURL: URL { url.appendingPathComponent("config.toml") }
    /// The environment the runner finds its config file from (and a
    /// subcommand its store from).
    var environment: [String: String] {
        ["TIMEDECK_CONFIG": configURL.path, "TIMEDECK_HOME": url.path, "LANG": "C.UTF-8"]
    }
    func makeStore() -> StoreHandle { StoreHandle(url: databaseURL) }
    var config: String? { try? String(contentsOf: configURL, encoding: .utf8) }

    /// The marks in the store, read through a fresh handle (after the run).
    func storedMarkCount() throws -> Int {
        try makeStore().existing()?.allMarks().count ?? 0
    }
}

/// A runner's `run()` on a thread of its own, as the program's main thread
/// runs it; the test drives it through its terminal or input pipe.
final class InProcessRun: @unchecked Sendable {  // `outcome` is set once, before `done` is signalled
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<Int32, any Error>?

    /// Hands a runner (not `Sendable`: it is moved, not shared) to its thread.
    private final class Body: @unchecked Sendable {
        let run: () throws -> Int32
        init(_ run: @escaping () throws -> Int32) { self.run = run }
    }

    init(_ body: @escaping () throws -> Int32) {
        let body = Body(body)
        let thread = Thread { [self] in
            outcome = Result { try body.run() }
            done.signal()
        }
        // The main thread's stack, which the run loop gets in the program.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The exit status once `run()` returned (nil: still running after
    /// `seconds`); rethrows what it threw.
    func exitStatus(within seconds: Double = 15) throws -> Int32? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        done.signal()  // a second ask gets the same answer
        return try outcome?.get()
    }
}

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

extension LoopPoller {
    /// The real `poll(2)`, with `input` polled in stdin's place (the
    /// test terminal's pipe, or the pipe plain mode reads).
    static func system(input: Int32) -> LoopPoller {
        LoopPoller { fds, timeout in
            let stdin = fds[0].fd
            fds[0].fd = input
            _ = Glibc.poll(&fds, nfds_t(fds.count), timeout)
            fds[0].fd = stdin
        }
    }
}

/// What plain mode wrote, as it arrives; a test waits for text in it.
final class SaidText: @unchecked Sendable {  // `text` behind `lock`
    private let lock = NSCondition()
    private var said = ""

    var text: String { lock.withLock { said } }

    func append(_ text: String) {
        lock.withLock {
            said += text
            lock.broadcast()
        }
    }

    /// Waits (at most `seconds`) until what was said after `offset`
    /// characters contains `expected`.
    func waitFor(_ expected: String, after offset: Int = 0, _ seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while !String(said.dropFirst(offset)).contains(expected) {
            if !lock.wait(until: deadline) { return String(said.dropFirst(offset)).contains(expected) }
        }
        return true
    }
}

/// A pipe standing in for plain mode's stdin.
final class InputPipe: @unchecked Sendable {  // the write end is closed once
    let readFd: Int32
    private var writeFd: Int32

    init() {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0, "cannot make a pipe")
        readFd = fds[0]
        writeFd = fds[1]
    }

    deinit {
        closeInput()
        Glibc.close(readFd)
    }

    /// Writes `text` in one `write` (a terminal delivers a burst so).
    func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(writeFd, $0.baseAddress, $0.count) }
    }

    /// End of input (Ctrl-D on a terminal, the end of a `printf |`).
    func closeInput() {
        if writeFd >= 0 { Glibc.close(writeFd) }
        writeFd = -1
    }
}
