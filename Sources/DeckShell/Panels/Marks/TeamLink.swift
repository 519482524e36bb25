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
/// 0.5 s doubling to 8 s; marks stay queued meanwhile. Connected and idle,
/// it sleeps on the listener's socket and its job queue alone
/// (`TeamLinkSchedule`): no period.
final class TeamLink: Sendable {
    private let worker: Worker<TeamLinkTask>

    init(setup: TeamSetup, store: StoreHandle, now: @escaping @Sendable () -> Date = WallClock.now,
         post: @escaping @Sendable (Event) -> Void) {
        worker = Worker(.team, task: TeamLinkTask(setup: setup, store: store, now: now, post: post))
    }

    func start() { worker.start() }

    /// The outbox may have changed (a local write, or another process's
    /// write found by the look for other writers): send it and count it
    /// now (returns at once).
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
    private let now: @Sendable () -> Date
    private var client: TeamLogClient?
    private var listener: TeamLogClient?
    private(set) var schedule = TeamLinkSchedule()
    private var lastReported: (online: Bool, toSend: Int)?
    private var lastRefused = 0

    init(setup: TeamSetup, store: StoreHandle, now: @escaping @Sendable () -> Date = WallClock.now,
         post: @escaping @Sendable (Event) -> Void) {
        self.setup = setup
        self.store = store
        self.now = now
        self.post = post
    }

    func begin(_ queue: WorkerQueue<Job>) { cycle() }

    func perform(_ jobs: [Job], _ queue: WorkerQueue<Job>) { cycle() }

    /// The listener's socket; a timer only while a reconnect is due or a
    /// busy store is to be tried again (`TeamLinkSchedule`).
    func idleWake() -> WorkerWake {
        WorkerWake(afterSeconds: schedule.secondsToWake(at: now()), readable: listener?.connection.socket)
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
        if listener == nil, schedule.connectDue(at: now()) { connect() }
        var storeBusy = false
        if listener != nil { storeBusy = !sendQueued() }
        storeBusy = !report() || storeBusy
        schedule.outboxPass(storeBusy: storeBusy, at: now())
    }

    private func connect() {
        do {
            let reader = try setup.connect()
            try reader.listen()
            listener = reader
            client = try setup.connect()
            schedule.connected()
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
        schedule.disconnected(at: now())
    }

    /// Sends the outbox; false when the local store was busy (the queue
    /// stays, and the schedule arms a retry).
    private func sendQueued() -> Bool {
        guard let client else { return true }
        do {
            guard let db = try store.existing(busyTimeout: 0.25) else { return true }
            // A change refused for good is parked (OutboxParking): the link
            // stays online and the rest goes on.
            try TeamSender.sendAll(from: db, to: client, busyTimeout: 0.25, configuration: setup.configuration)
            return true
        } catch is TeamLogError {
            disconnect()
            return true
        } catch {
            return false
        }
    }

    /// Posts the link's state and counts when they changed; false when the
    /// store was too busy to count (nothing is said then: the last counts
    /// stand until the retry).
    private func report() -> Bool {
        let toSend: Int, refused: Int
        do {
            let db = try store.existing(busyTimeout: 0.25)
            toSend = try db?.outboxSummary().count ?? 0
            refused = try db?.parkedOutbox().count ?? 0
        } catch {
            return false
        }
        let online = listener != nil
        if lastReported?.online != online || lastReported?.toSend != toSend {
            lastReported = (online, toSend)
            post(.marks(.teamLink(online: online, toSend: toSend)))
        }
        if lastRefused != refused {
            lastRefused = refused
            post(.marks(.teamRefused(count: refused)))
        }
        return true
    }
}
