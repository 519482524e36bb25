import Dashboard
import Foundation

/// One background thread for the store work of the call planner and the
/// Mars panel (the marks have their own, `MarkStoreWorker`): jobs run in the
/// order they were queued and their events come back through the inbox, so
/// the run loop never waits for SQLite, even while another process holds
/// the database for seconds.
final class StoreQueue: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var jobs: [@Sendable () -> [Event]] = []
    private var stopped = false
    private var finished = false
    private let post: @Sendable (Event) -> Void
    /// Run on the queue's thread about once a second, between jobs (the
    /// calls' check for other writers), so it is ordered with our own writes.
    private let everySecond: (@Sendable () -> [Event])?

    init(post: @escaping @Sendable (Event) -> Void, everySecond: (@Sendable () -> [Event])? = nil) {
        self.post = post
        self.everySecond = everySecond
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "timedeck-store"
        thread.start()
    }

    /// Queues `job`; returns at once.
    func submit(_ job: @escaping @Sendable () -> [Event]) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs what is queued, then ends the thread; waits for that at most
    /// `seconds` (a save asked for by `q` or a signal must reach the file,
    /// even if the database is busy for the busy timeout).
    func stop(waitingAtMost seconds: TimeInterval) {
        condition.lock()
        stopped = true
        condition.broadcast()
        let deadline = Date().addingTimeInterval(seconds)
        while !finished, Date() < deadline { _ = condition.wait(until: deadline) }
        condition.unlock()
    }

    private func run() {
        var nextSecond = Date().addingTimeInterval(1)
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped {
                if everySecond == nil {
                    condition.wait()
                } else if !condition.wait(until: nextSecond) || Date() >= nextSecond {
                    break
                }
            }
            if jobs.isEmpty && !stopped {
                condition.unlock()
                nextSecond = Date().addingTimeInterval(1)
                for event in everySecond?() ?? [] { post(event) }
                continue
            }
            if jobs.isEmpty {
                finished = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            for event in job() { post(event) }
            if Date() >= nextSecond, let everySecond {
                nextSecond = Date().addingTimeInterval(1)
                for event in everySecond() { post(event) }
            }
        }
    }
}
