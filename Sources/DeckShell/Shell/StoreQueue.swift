import Dashboard
import Foundation

/// One store job of the call planner, the Mars panel, the sights panel or
/// the look for other writers: what it is (said if a stop abandons it) and
/// the work, whose events go to the inbox.
struct StoreJob: Sendable {
    let label: String
    let run: @Sendable () -> [Event]
}

/// The store work other than the marks' (which has its own worker): jobs
/// run in the order they were queued on one `Worker`, so the run loop never
/// waits for SQLite, even while another process holds the database for
/// seconds. Idle, the thread sleeps until a job arrives.
final class StoreJobs: WorkerTask {
    private let post: @Sendable (Event) -> Void

    init(post: @escaping @Sendable (Event) -> Void) {
        self.post = post
    }

    func perform(_ jobs: [StoreJob], _ queue: WorkerQueue<StoreJob>) {
        for job in jobs {
            for event in job.run() { post(event) }
        }
    }
}

typealias StoreQueue = Worker<StoreJobs>

extension Worker where Task == StoreJobs {
    /// The store worker, its events posted with `post`.
    static func store(post: @escaping @Sendable (Event) -> Void) -> StoreQueue {
        Worker(.store, task: StoreJobs(post: post))
    }

    /// Queues `run`, named `label`; returns at once.
    func submit(_ label: String, _ run: @escaping @Sendable () -> [Event]) {
        submit(StoreJob(label: label, run: run))
    }
}
