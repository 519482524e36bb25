import Foundation
import Synchronization

/// What a `Worker` runs. Every method is called on the worker's own thread,
/// one at a time, so a task keeps its state in plain stored properties.
public protocol WorkerTask: AnyObject {
    associatedtype Job: Sendable
    /// Once, before any job.
    func begin(_ queue: WorkerQueue<Job>)
    /// The jobs waiting, oldest first (every job submitted since the last
    /// call, so a task may batch them).
    func perform(_ jobs: [Job], _ queue: WorkerQueue<Job>)
    /// What else wakes the thread while no job waits: a period (nil: none)
    /// and a descriptor to watch (nil: none). Asked again after every wake.
    func idleWake() -> WorkerWake
    /// The period ended or the descriptor became readable.
    func woke(readable: Bool, _ queue: WorkerQueue<Job>)
    /// Once, last, after `stop` (close sockets here).
    func end()
}

public extension WorkerTask {
    func begin(_ queue: WorkerQueue<Job>) {}
    func idleWake() -> WorkerWake { .never }
    func woke(readable: Bool, _ queue: WorkerQueue<Job>) {}
    func end() {}
}

/// When an idle worker wakes without a job.
public struct WorkerWake: Equatable, Sendable {
    /// Seconds from now (nil: no period).
    public var afterSeconds: Double?
    /// A descriptor whose input wakes the worker (a socket).
    public var readable: Int32?

    public init(afterSeconds: Double? = nil, readable: Int32? = nil) {
        self.afterSeconds = afterSeconds
        self.readable = readable
    }

    /// Only a job or `stop` wakes the thread.
    public static let never = WorkerWake()
}

/// The queue as a running task sees it: it may take jobs queued behind the
/// one in hand (the marks worker journals marks that arrive while a slow
/// write waits for a lock), and ask whether a stop was asked for.
public struct WorkerQueue<Job: Sendable>: Sendable {
    fileprivate let shared: WorkerShared<Job>

    /// Removes and returns the jobs at the head of the queue while `take`
    /// says yes.
    public func takeLeading(while take: (Job) -> Bool) -> [Job] {
        shared.state.withLock { state in
            let count = state.jobs.prefix(while: take).count
            let taken = Array(state.jobs.prefix(count))
            state.jobs.removeFirst(count)
            return taken
        }
    }

    /// Whether `stop` was called (a long task can end early).
    public var isStopping: Bool { shared.state.withLock { $0.stopping } }

    /// A queue of no worker, to call a task's methods on the caller's
    /// thread (tests drive a task step by step with it).
    static func standalone() -> WorkerQueue { WorkerQueue(shared: WorkerShared()) }
}

/// What `stop` left behind: nothing is abandoned silently.
public struct WorkerStopReport<Job: Sendable>: Sendable {
    /// Jobs still queued at the deadline: never run.
    public var abandoned: [Job]
    /// Whether the thread had ended by the deadline (false: a job was
    /// still running; it finishes on its own, and nothing after it runs).
    public var finished: Bool
    public var isClean: Bool { abandoned.isEmpty && finished }
}

/// The one kind of background thread in the shell: serial jobs, an
/// optional period or descriptor for idle wakes, and `stop(deadline:)`
/// that reports what it abandoned. It sleeps in `poll` on a pipe (and the
/// task's descriptor, if any): idle, it never wakes on its own, and no
/// flag is ever polled. State is guarded by a `Mutex`.
public final class Worker<Task: WorkerTask>: Sendable {
    public typealias Job = Task.Job
    public let name: String
    private let shared: WorkerShared<Job>
    private let task: TaskBox<Task>

    /// `name` is the thread's name for the OS (cut to 15 bytes); the
    /// product's workers use `init(_:task:)` with a `WorkerName`.
    public init(name: String, task: Task) {
        self.name = name
        self.shared = WorkerShared()
        self.task = TaskBox(task)
    }

    /// One of the product's workers, named once in `WorkerName`.
    public convenience init(_ name: WorkerName, task: Task) {
        self.init(name: name.rawValue, task: task)
    }

    /// Starts the thread (once).
    public func start() {
        let first = shared.state.withLock { state -> Bool in
            defer { state.started = true }
            return !state.started
        }
        guard first else { return }
        let (shared, task, name) = (shared, task, name)
        let thread = Thread {
            ThreadName.setForCurrentThread(name)
            Self.run(shared: shared, task: task)
        }
        thread.name = name
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Queues `job`; returns at once. After `stop`, the job is refused and
    /// returned (the caller says it was not done).
    @discardableResult
    public func submit(_ job: Job) -> Job? {
        let refused = shared.state.withLock { state -> Bool in
            if state.stopping { return true }
            state.jobs.append(job)
            return false
        }
        if refused { return job }
        shared.wake()
        return nil
    }

    /// Asks the thread to run what is queued and end; waits until it has,
    /// or until `deadline`. Jobs still queued then are removed and reported,
    /// never run.
    public func stop(deadline: Date) -> WorkerStopReport<Job> {
        let started = shared.state.withLock { state -> Bool in
            state.stopping = true
            return state.started
        }
        shared.wake()
        if started { shared.waitUntilFinished(deadline: deadline) }
        return shared.state.withLock { state in
            let abandoned = state.jobs
            state.jobs.removeAll()
            return WorkerStopReport(abandoned: abandoned, finished: state.finished || !started)
        }
    }

    private static func run(shared: WorkerShared<Job>, task box: TaskBox<Task>) {
        let task = box.task
        let queue = WorkerQueue(shared: shared)
        task.begin(queue)
        while true {
            let jobs = shared.state.withLock { state -> [Job]? in
                if state.jobs.isEmpty { return state.stopping ? nil : [] }
                defer { state.jobs.removeAll() }
                return state.jobs
            }
            guard let jobs else { break }
            if !jobs.isEmpty {
                task.perform(jobs, queue)
                continue
            }
            let wake = task.idleWake()
            switch shared.sleep(wake) {
            case .job: continue
            case .readable: task.woke(readable: true, queue)
            case .period: task.woke(readable: false, queue)
            }
        }
        task.end()
        shared.finish()
    }
}

/// The task, handed to the worker's thread at `start` and touched only there.
private final class TaskBox<Task: WorkerTask>: @unchecked Sendable {  // touched only by the worker's thread
    let task: Task
    init(_ task: Task) { self.task = task }
}

/// The queue and the pipes a worker sleeps on.
final class WorkerShared<Job: Sendable>: Sendable {
    struct State {
        var jobs: [Job] = []
        var started = false
        var stopping = false
        var finished = false
    }

    let state = Mutex(State())
    /// A byte per submit or stop wakes the thread.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// A byte when the thread ends wakes `stop`.
    private let doneRead: Int32
    private let doneWrite: Int32

    init() {
        var wake: [Int32] = [-1, -1]
        var done: [Int32] = [-1, -1]
        _ = pipe(&wake)
        _ = pipe(&done)
        for fd in wake + done where fd >= 0 {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        (wakeRead, wakeWrite, doneRead, doneWrite) = (wake[0], wake[1], done[0], done[1])
    }

    deinit {
        for fd in [wakeRead, wakeWrite, doneRead, doneWrite] where fd >= 0 { close(fd) }
    }

    func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    enum Wake { case job, readable, period }

    /// Sleeps until a submit or stop (a byte on the wake pipe), the task's
    /// descriptor, or its period.
    func sleep(_ wake: WorkerWake) -> Wake {
        var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        if let fd = wake.readable { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
        let timeout: Int32 = wake.afterSeconds.map { Int32(max(0, min($0, 86_400)) * 1000) } ?? -1
        while true {
            let n = poll(&fds, nfds_t(fds.count), timeout)
            if n < 0 && errno == EINTR { continue }
            if n == 0 { return .period }
            if n < 0 { return .job }  // a broken poll: look at the queue again
            if fds[0].revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 64)
                while read(wakeRead, &buffer, buffer.count) > 0 {}
                return .job
            }
            return .readable
        }
    }

    func finish() {
        state.withLock { $0.finished = true }
        var byte: UInt8 = 1
        _ = write(doneWrite, &byte, 1)
    }

    func waitUntilFinished(deadline: Date) {
        while !state.withLock({ $0.finished }) {
            let milliseconds = deadline.timeIntervalSinceNow * 1000
            guard milliseconds > 0 else { return }
            var fds = [pollfd(fd: doneRead, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 1, Int32(min(milliseconds.rounded(.up), 86_400_000)))
        }
    }
}
