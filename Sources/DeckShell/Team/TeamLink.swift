import Dashboard
import Foundation
import TeamLog
import TimeKit
import TimeStore

/// The dashboard's link to the team log, on its own thread (the run loop
/// never waits for the network): it sends this station's outbox as soon as
/// the marks worker says something was written (`poke`), listens for other
/// stations' changes (LISTEN/NOTIFY) and posts their newest marks and the
/// link's state to the inbox. An unreachable server is retried with backoff,
/// 0.5 s doubling to 8 s; marks stay queued meanwhile.
final class TeamLink: @unchecked Sendable {
    static let firstRetry: TimeInterval = 0.5
    static let longestRetry: TimeInterval = 8

    private let setup: TeamSetup
    private let store: StoreHandle
    private let post: @Sendable (Event) -> Void
    /// Wakes the thread: a byte per poke; closed ends it.
    private var pipeFDs: [Int32] = [-1, -1]
    private let lock = NSLock()
    private var stopped = false
    private var finished = false
    // Touched only by the link's thread.
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
        pipe(&pipeFDs)
        for fd in pipeFDs { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "timedeck-team"
        thread.start()
    }

    /// Something was written locally: send it now (returns at once).
    func poke() {
        var byte: UInt8 = 1
        _ = write(pipeFDs[1], &byte, 1)
    }

    func stop(waitingAtMost seconds: TimeInterval = 1) {
        lock.lock()
        stopped = true
        lock.unlock()
        poke()
        let deadline = Date().addingTimeInterval(seconds)
        while !isFinished, Date() < deadline { usleep(10_000) }
    }

    private var isStopped: Bool { lock.withLock { stopped } }
    private var isFinished: Bool { lock.withLock { finished } }

    private func run() {
        while !isStopped {
            if listener == nil, Date() >= nextAttempt { connect() }
            if listener != nil { sendQueued() }
            report()
            let changed = waitForWork()
            if changed, let listener {
                do {
                    post(.marks(.teamMarks(try listener.recentMarks(otherThan: setup.station,
                                                                   limit: MarksPanelState.TeamView.shownLimit))))
                } catch {
                    disconnect()
                }
            }
        }
        lock.withLock { finished = true }
    }

    private func connect() {
        do {
            let reader = try setup.connect()
            try reader.listen()
            listener = reader
            client = try setup.connect()
            retryDelay = Self.firstRetry
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
        retryDelay = min(retryDelay * 2, Self.longestRetry)
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

    /// Sleeps until a notification, a poke, the next retry or a second
    /// (the queue count is refreshed at least once a second). True when
    /// other stations changed something.
    private func waitForWork() -> Bool {
        var fds = [pollfd(fd: pipeFDs[0], events: Int16(POLLIN), revents: 0)]
        if let listener { fds.append(pollfd(fd: listener.connection.socket, events: Int16(POLLIN), revents: 0)) }
        let untilRetry = listener == nil ? Int32(max(0, min(1000, nextAttempt.timeIntervalSinceNow * 1000))) : 1000
        _ = poll(&fds, nfds_t(fds.count), untilRetry)
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(pipeFDs[0], &buffer, buffer.count) > 0 {}
        guard let listener, fds.count > 1, fds[1].revents != 0 else { return false }
        do {
            return try listener.waitForChange(timeoutMilliseconds: 0)
        } catch {
            disconnect()
            return false
        }
    }

    deinit {
        for fd in pipeFDs where fd >= 0 { close(fd) }
    }
}
