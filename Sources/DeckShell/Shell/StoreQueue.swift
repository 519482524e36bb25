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

    /// The thread sleeps until a job arrives: it never wakes on its own.
    init(post: @escaping @Sendable (Event) -> Void) {
        self.post = post
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
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty {
                finished = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            for event in job() { post(event) }
        }
    }
}
