import Dashboard
import Foundation
import TimeKit
import TimeStore

/// The marks panel's store work, off the key and draw path: one `Worker`
/// does every marks read and write, so the run loop never waits for SQLite
/// (another process may hold its lock for seconds). Results come back as
/// events through the `EventInbox`.
///
/// What happens to each mark (journal first, retry, import at start) is
/// decided by `MarkKeeper` (TimeStore, unit-tested); this is only its
/// worker, and maps its requests and outcomes to the dashboard's.
final class MarkStoreWorker: Sendable {
    private let worker: Worker<MarkStoreTask>

    /// The store's file is opened when it exists and created by the first
    /// mark, never just because the dashboard started.
    init(store: StoreHandle, post: @escaping @Sendable (Event) -> Void) {
        worker = Worker(.marks, task: MarkStoreTask(store: store, post: post))
    }

    /// Queues store work; returns at once.
    func enqueue(_ effect: MarksEffect) {
        worker.submit(MarkKeeper.Request(effect))
    }

    func start() { worker.start() }

    /// Ends the worker after the work in hand, waiting until `deadline` (a
    /// mark queued just before `q` still reaches the journal). Returns what
    /// it could not finish: marks not made durable are named by their time.
    func stop(deadline: Date = Date().addingTimeInterval(2)) -> [String] {
        let report = worker.stop(deadline: deadline)
        var unfinished: [String] = report.abandoned.map { request in
            if case .record(let mark) = request { return "mark \(mark.markTimeText) not saved" }
            return "marks: " + caseName(request)
        }
        if !report.finished { unfinished.append("a marks store job still running at exit (its marks are in the journal)") }
        return unfinished
    }
}

/// The marks worker's task: the `MarkKeeper`, made on the worker's thread
/// and used only there.
final class MarkStoreTask: WorkerTask {
    private let store: StoreHandle
    private let post: @Sendable (Event) -> Void
    private var keeper: MarkKeeper?

    init(store: StoreHandle, post: @escaping @Sendable (Event) -> Void) {
        self.store = store
        self.post = post
    }

    func begin(_ queue: WorkerQueue<MarkKeeper.Request>) {
        let post = post
        let keeper = MarkKeeper(store: store, reloadLimit: MarksPanelState.loadedLimit,
                                takeLeadingRecords: { Self.leadingRecords(queue) },
                                report: { post(.marks(MarksEvent($0))) })
        self.keeper = keeper
        keeper.start()
    }

    func perform(_ jobs: [MarkKeeper.Request], _ queue: WorkerQueue<MarkKeeper.Request>) {
        keeper?.perform(jobs)
        keeper?.retryIfDue()
    }

    /// Idle, the worker sleeps until work arrives; only while marks wait in
    /// the journal for a busy database does it wake (once a second) to retry.
    func idleWake() -> WorkerWake {
        guard let due = keeper?.retryDeadline else { return .never }
        return WorkerWake(afterSeconds: max(0, due.timeIntervalSinceNow))
    }

    func woke(readable: Bool, _ queue: WorkerQueue<MarkKeeper.Request>) {
        keeper?.retryIfDue()
    }

    /// The records at the head of the queue (journaled early while a slower
    /// job waits for the lock; records behind another job keep their place).
    private static func leadingRecords(_ queue: WorkerQueue<MarkKeeper.Request>) -> [SightingMark] {
        queue.takeLeading { if case .record = $0 { true } else { false } }.compactMap {
            if case .record(let mark) = $0 { mark } else { nil }
        }
    }
}
