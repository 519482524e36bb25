import Dashboard
import Foundation
import TeamLog
import TimeKit
import TimeStore

/// The dashboard's link to the team log, on a `Worker` (the run loop
/// never waits for the network): it sends this station's outbox as soon as
/// the marks worker says something was written (`poke`), listens for other
/// stations' changes (LISTEN/NOTIFY) and posts their newest marks and the
/// link's state to the inbox. An unreachable server is retried with backoff,
/// 0.5 s doubling to 8 s; marks stay queued meanwhile.
final class TeamLink: Sendable {
    static let firstRetry: TimeInterval = 0.5
    static let longestRetry: TimeInterval = 8
    private let worker: Worker<TeamLinkTask>

    init(setup: TeamSetup, store: StoreHandle, post: @escaping @Sendable (Event) -> Void) {
        worker = Worker(.team, task: TeamLinkTask(setup: setup, store: store, post: post))
    }

    func start() { worker.start() }

    /// Something was written locally: send it now (returns at once).
    func poke() { worker.submit(.send) }

    /// Ends the link, waiting for a send in progress until `deadline`;
    /// returns what was unfinished (the outbox keeps whatever was not sent).
    func stop(deadline: Date = Date().addingTimeInterval(1)) -> [String] {
        worker.stop(deadline: deadline).finished ? [] : ["the team log link (a send still in progress; the outbox keeps it)"]
    }
}

/// The link's state, touched only on its worker's thread.
final class TeamLinkTask: WorkerTask {
    enum Job: Sendable { case send }

    private let setup: TeamSetup
    private let store: StoreHandle
    private let post: @Sendable (Event) -> Void
    private var client: TeamLogClient?
    private var listener: TeamLogClient?
    private var retryDelay = TeamLink.firstRetry
    private var nextAttempt = Date.distantPast
    private var lastReported: (online: Bool, toSend: Int)?
    private var lastRefused = 0

    init(setup: TeamSetup, store: StoreHandle, post: @escaping @Sendable (Event) -> Void) {
        self.setup = setup
        self.store = store
        self.post = post
    }

    func begin(_ queue: WorkerQueue<Job>) { cycle() }

    func perform(_ jobs: [Job], _ queue: WorkerQueue<Job>) { cycle() }

    /// The listener's socket, the next retry, or a second (the queue count
    /// is refreshed at least once a second).
    func idleWake() -> WorkerWake {
        guard let listener else { return WorkerWake(afterSeconds: max(0, min(1, nextAttempt.timeIntervalSinceNow))) }
        return WorkerWake(afterSeconds: 1, readable: listener.connection.socket)
    }

    func woke(readable: Bool, _ queue: WorkerQueue<Job>) {
        if readable, let listener {
            do {
                if try listener.waitForChange(timeoutMilliseconds: 0) {
                    post(.marks(.teamMarks(try listener.recentMarks(otherThan: setup.station,
                                                                   limit: MarksPanelState.TeamView.shownLimit))))
                }
            } catch {
                disconnect()
            }
        }
        if !queue.isStopping { cycle() }
    }

    /// Connects when due, sends what is queued, reports the state.
    private func cycle() {
        if listener == nil, Date() >= nextAttempt { connect() }
        if listener != nil { sendQueued() }
        report()
    }

    private func connect() {
        do {
            let reader = try setup.connect()
            try reader.listen()
            listener = reader
            client = try setup.connect()
            retryDelay = TeamLink.firstRetry
            post(.marks(.teamMarks(try reader.recentMarks(otherThan: setup.station, limit: MarksPanelState.TeamView.shownLimit))))
            checkStationIsOurs(reader)
        } catch {
            disconnect()
        }
    }

    /// Another folder writing as this station (issue 20): said once per
    /// connection, with one of its marks to recognise it by.
    private func checkStationIsOurs(_ reader: TeamLogClient) {
        guard let db = try? store.existing(busyTimeout: 0.25),
              let others = try? reader.otherFolderMarks(station: setup.station, knownTo: db) else { return }
        let example = others.first.map { other in "#\(other.mark.id.map(String.init) ?? "?") \(other.mark.markTimeText)" }
        post(.marks(.teamStationShared(otherMarks: others.count, example: example)))
    }

    private func disconnect() {
        listener = nil
        client = nil
        nextAttempt = Date().addingTimeInterval(retryDelay)
        retryDelay = min(retryDelay * 2, TeamLink.longestRetry)
    }

    private func sendQueued() {
        guard let client, let db = try? store.existing(busyTimeout: 0.25) else { return }
        do {
            // A change refused for good is parked (OutboxParking): the link
            // stays online and the rest goes on.
            try TeamSender.sendAll(from: db, to: client, busyTimeout: 0.25, configuration: setup.configuration)
        } catch is TeamLogError {
            disconnect()
        } catch {
            // The local store was busy: the queue stays, next wake retries.
        }
    }

    private func report() {
        let db = try? store.existing(busyTimeout: 0.25)
        let toSend = (try? db?.outboxSummary().count) ?? 0
        let refused = (try? db?.parkedOutbox().count) ?? 0
        let online = listener != nil
        if lastReported?.online != online || lastReported?.toSend != toSend {
            lastReported = (online, toSend)
            post(.marks(.teamLink(online: online, toSend: toSend)))
        }
        if lastRefused != refused {
            lastRefused = refused
            post(.marks(.teamRefused(count: refused)))
        }
    }
}
