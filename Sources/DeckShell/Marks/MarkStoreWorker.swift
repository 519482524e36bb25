import Dashboard
import Foundation
import TimeKit
import TimeStore

/// The marks panel's store work, off the key and draw path: one serial
/// background thread does every marks read and write, so the run loop never
/// waits for SQLite (another process may hold its lock for seconds). Results
/// come back as events through the `EventInbox`.
///
/// What happens to each mark (journal first, retry, import at start) is
/// decided by `MarkKeeper` (TimeStore, unit-tested); this class is only its
/// thread and queue, and maps its requests and outcomes to the dashboard's.
final class MarkStoreWorker: @unchecked Sendable {
    /// The process's store: the file is opened when it exists and created
    /// by the first mark, never just because the dashboard started.
    private let store: StoreHandle
    private let post: @Sendable (Event) -> Void
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var queued: [MarkKeeper.Request] = []
    private var stopped = false
    private var finished = false

    init(store: StoreHandle, post: @escaping @Sendable (Event) -> Void) {
        self.store = store
        self.post = post
    }

    /// Queues store work; returns at once.
    func enqueue(_ effect: MarksEffect) {
        condition.lock()
        queued.append(MarkKeeper.Request(effect))
        condition.signal()
        condition.unlock()
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "timedeck-marks-store"
        thread.start()
    }

    /// Ends the thread after the work in hand, waiting briefly for it (a
    /// mark queued just before `q` still reaches the journal).
    func stop(waitingAtMost seconds: TimeInterval = 2) {
        condition.lock()
        stopped = true
        condition.broadcast()
        let deadline = Date().addingTimeInterval(seconds)
        while !finished, Date() < deadline { _ = condition.wait(until: deadline) }
        condition.unlock()
    }

    private func run() {
        let post = post
        let keeper = MarkKeeper(store: store, reloadLimit: MarksPanelState.loadedLimit,
                                takeLeadingRecords: { [self] in takeLeadingRecords() },
                                report: { post(.marks(MarksEvent($0))) })
        keeper.start()
        // Idle, the thread sleeps until work arrives; only while marks wait
        // in the journal for a busy database does it wake once a second to
        // retry. (Other writers are noticed by the one look in MarksShell.)
        while let jobs = takeJobs(until: keeper.retryDeadline) {
            keeper.perform(jobs)
            keeper.retryIfDue()
        }
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for work or the deadline (nil: no deadline); nil once stopped
    /// and drained. (NSCondition on Linux traps on a far deadline such as
    /// `.distantFuture`, so "no deadline" is a plain `wait`.)
    private func takeJobs(until deadline: Date?) -> [MarkKeeper.Request]? {
        condition.lock()
        defer { condition.unlock() }
        while queued.isEmpty, !stopped {
            guard let deadline else { condition.wait(); continue }
            guard Date() < deadline else { break }
            _ = condition.wait(until: deadline)
        }
        if stopped && queued.isEmpty { return nil }
        let jobs = queued
        queued.removeAll()
        return jobs
    }

    /// The records at the head of the queue (journaled early while a slower
    /// job waits for the lock; records behind another job keep their place).
    private func takeLeadingRecords() -> [SightingMark] {
        condition.lock()
        defer { condition.unlock() }
        var marks: [SightingMark] = []
        while case .record(let mark)? = queued.first {
            marks.append(mark)
            queued.removeFirst()
        }
        return marks
    }
}
