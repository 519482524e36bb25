import Foundation
import Testing
@testable import DeckShell

/// A task that says when its thread has begun (the name is set before
/// `begin`), then idles until stopped.
private final class BeginSignal: WorkerTask {
    typealias Job = Int
    let begun = DispatchSemaphore(value: 0)
    func begin(_ queue: WorkerQueue<Int>) { begun.signal() }
    func perform(_ jobs: [Int], _ queue: WorkerQueue<Int>) {}
}

/// The names the kernel holds for this process's threads.
private func threadNamesInProc() -> [String] {
    let folder = "/proc/self/task"
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return tasks.compactMap { task in
        (try? String(contentsOfFile: "\(folder)/\(task)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .newlines)
    }
}

/// Starts a worker named `name` and returns the thread names /proc shows
/// while it runs (read after its `begin`, which follows the naming).
private func namesWhileRunning(_ name: String) -> [String]? {
    let task = BeginSignal()
    let worker = Worker(name: name, task: task)
    worker.start()
    defer { _ = worker.stop(deadline: Date().addingTimeInterval(5)) }
    guard task.begun.wait(timeout: .now() + 5) == .success else { return nil }
    return threadNamesInProc()
}

@Suite struct WorkerThreadNameTests {
    #if os(Linux)
    @Test func aWorkersThreadShowsItsNameInProc() throws {
        let name = "tdt-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        #expect(!threadNamesInProc().contains(name))
        let names = try #require(namesWhileRunning(name))
        #expect(names.contains(name), "threads: \(names)")
    }

    @Test func aLongNameIsCutTo15BytesInProc() throws {
        let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let name = "tdlong-\(suffix)-and-more-words"
        let names = try #require(namesWhileRunning(name))
        #expect(names.contains(String(name.utf8.prefix(15))!), "threads: \(names)")
    }
    #endif

    @Test(arguments: [
        ("td-store", "td-store"),
        ("timedeck-marks-store", "timedeck-marks-"),
        // 3 + 4×3 = 15 bytes fit; the next character would split.
        ("td-観測天気記", "td-観測天気"),
        ("td-観測天気記録", "td-観測天気"),
        // 2 + 4×3 = 14 bytes: one more character would make 17.
        ("ab観測天気記録", "ab観測天気"),
        ("ab", "ab"),
    ])
    func osNameKeepsWholeCharactersWithin15Bytes(name: String, expected: String) {
        #expect(ThreadName.osName(name) == expected)
        #expect(ThreadName.osName(name).utf8.count <= 15)
    }

    @Test func everyProductWorkerNameFitsAndIsUnique() {
        let names = WorkerName.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for name in names { #expect(name.utf8.count <= ThreadName.maximumBytes, "\(name)") }
    }
}
