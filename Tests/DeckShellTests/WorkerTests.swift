import Foundation
import Synchronization
import Testing
@testable import DeckShell

private final class Log: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// A task whose every call is recorded, with a semaphore for each moment a
/// test waits for (no test orders anything by sleeping): `entered` as a job
/// starts (before `gate`), `progress` as it ends or a wake is handled,
/// `idleAsked` each time the thread is about to sleep, `ended` at `end`.
/// `gate` (when set) holds each job until signalled.
private final class RecordingTask: WorkerTask {
    typealias Job = Int
    let log: Log
    let entered = DispatchSemaphore(value: 0)
    let progress = DispatchSemaphore(value: 0)
    let idleAsked = DispatchSemaphore(value: 0)
    let ended = DispatchSemaphore(value: 0)
    let gate: DispatchSemaphore?
    var wake: WorkerWake
    var takeBehind = false

    init(log: Log, gate: DispatchSemaphore? = nil, wake: WorkerWake = .never) {
        self.log = log
        self.gate = gate
        self.wake = wake
    }

    func begin(_ queue: WorkerQueue<Int>) { log.add("begin") }

    func perform(_ jobs: [Int], _ queue: WorkerQueue<Int>) {
        for job in jobs {
            entered.signal()
            gate?.wait()
            log.add("job \(job)")
            if takeBehind {
                let taken = queue.takeLeading { $0 >= 100 }
                log.add("took \(taken)")
            }
            progress.signal()
        }
    }

    func idleWake() -> WorkerWake {
        idleAsked.signal()
        return wake
    }

    func woke(readable: Bool, _ queue: WorkerQueue<Int>) {
        log.add(readable ? "readable" : "period")
        if readable, let fd = wake.readable {
            var buffer = [UInt8](repeating: 0, count: 16)
            _ = read(fd, &buffer, buffer.count)
        }
        progress.signal()
    }

    func end() {
        log.add("end")
        ended.signal()
    }
}

/// Waits for `count` signals, each within `seconds`.
private func waitFor(_ semaphore: DispatchSemaphore, count: Int, seconds: Double = 5) -> Bool {
    (0..<count).allSatisfy { _ in semaphore.wait(timeout: .now() + seconds) == .success }
}

@Suite struct WorkerTests {
    @Test func jobsRunInOrderAfterBeginAndStopEndsCleanly() {
        let log = Log()
        let task = RecordingTask(log: log)
        let worker = Worker(name: "test", task: task)
        worker.start()
        for i in 1...5 { worker.submit(i) }
        #expect(waitFor(task.progress, count: 5))
        let report = worker.stop(deadline: Date().addingTimeInterval(5))
        #expect(report.isClean)
        #expect(log.all == ["begin", "job 1", "job 2", "job 3", "job 4", "job 5", "end"])
    }

    @Test func stopRunsWhatIsQueuedWhenTimeAllows() {
        let log = Log()
        let worker = Worker(name: "test", task: RecordingTask(log: log))
        worker.start()
        for i in 1...50 { worker.submit(i) }
        let report = worker.stop(deadline: Date().addingTimeInterval(5))
        #expect(report.isClean)
        #expect(log.all.filter { $0.hasPrefix("job") }.count == 50)
    }

    @Test func jobsStillQueuedAtTheDeadlineAreReportedAndNeverRun() {
        let log = Log()
        let gate = DispatchSemaphore(value: 0)
        let task = RecordingTask(log: log, gate: gate)
        let worker = Worker(name: "test", task: task)
        worker.start()
        worker.submit(1)
        // Job 1 holds the thread at the gate; 2 and 3 queue behind it.
        #expect(waitFor(task.entered, count: 1))
        worker.submit(2)
        worker.submit(3)
        let report = worker.stop(deadline: Date().addingTimeInterval(0.2))
        #expect(report.finished == false)
        #expect(report.abandoned == [2, 3])
        gate.signal()
        gate.signal()
        gate.signal()
        #expect(waitFor(task.progress, count: 1))
        // The thread ends after job 1: the abandoned jobs never ran.
        #expect(waitFor(task.ended, count: 1))
        #expect(log.all == ["begin", "job 1", "end"])
    }

    @Test func aJobSubmittedAfterStopIsRefusedAndReturned() {
        let worker = Worker(name: "test", task: RecordingTask(log: Log()))
        worker.start()
        #expect(worker.stop(deadline: Date().addingTimeInterval(5)).isClean)
        #expect(worker.submit(7) == 7)
    }

    @Test func stoppingAWorkerThatNeverStartedReportsItsJobs() {
        let worker = Worker(name: "test", task: RecordingTask(log: Log()))
        worker.submit(1)
        worker.submit(2)
        let report = worker.stop(deadline: Date().addingTimeInterval(1))
        #expect(report.abandoned == [1, 2])
        #expect(report.finished)
    }

    @Test func aPeriodWakesTheIdleTaskRepeatedly() {
        let log = Log()
        let task = RecordingTask(log: log, wake: WorkerWake(afterSeconds: 0.01))
        let worker = Worker(name: "test", task: task)
        worker.start()
        #expect(waitFor(task.progress, count: 3))
        #expect(worker.stop(deadline: Date().addingTimeInterval(5)).isClean)
        #expect(log.all.filter { $0 == "period" }.count >= 3)
    }

    @Test func aReadableDescriptorWakesTheTask() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { fds.forEach { close($0) } }
        let log = Log()
        let task = RecordingTask(log: log, wake: WorkerWake(readable: fds[0]))
        let worker = Worker(name: "test", task: task)
        worker.start()
        var byte: UInt8 = 1
        _ = write(fds[1], &byte, 1)
        #expect(waitFor(task.progress, count: 1))
        #expect(worker.stop(deadline: Date().addingTimeInterval(5)).isClean)
        #expect(log.all.contains("readable"))
        #expect(!log.all.contains("period"))
    }

    @Test func anIdleWorkerWithoutAPeriodDoesNotWakeOnItsOwn() {
        let log = Log()
        let task = RecordingTask(log: log)
        let worker = Worker(name: "test", task: task)
        worker.start()
        // The thread asks `idleWake` each time it goes to sleep: once, then
        // never again unless something woke it. A wake within 0.3 s fails
        // at once; load can only make this pass later, never fail.
        #expect(waitFor(task.idleAsked, count: 1))
        #expect(task.idleAsked.wait(timeout: .now() + 0.3) == .timedOut)
        #expect(worker.stop(deadline: Date().addingTimeInterval(5)).isClean)
        #expect(log.all == ["begin", "end"])
    }

    @Test func aRunningJobCanTakeTheJobsQueuedBehindIt() {
        let log = Log()
        let gate = DispatchSemaphore(value: 0)
        let task = RecordingTask(log: log, gate: gate)
        task.takeBehind = true
        let worker = Worker(name: "test", task: task)
        worker.start()
        worker.submit(1)
        // Job 1 is in hand (held at the gate) before the others queue.
        #expect(waitFor(task.entered, count: 1))
        worker.submit(100)
        worker.submit(101)
        worker.submit(2)
        gate.signal()
        #expect(waitFor(task.progress, count: 1))
        gate.signal()
        #expect(waitFor(task.progress, count: 1))
        #expect(worker.stop(deadline: Date().addingTimeInterval(5)).isClean)
        #expect(log.all == ["begin", "job 1", "took [100, 101]", "job 2", "took []", "end"])
    }
}
