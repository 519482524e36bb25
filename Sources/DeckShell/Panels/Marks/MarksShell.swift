import Dashboard
import Foundation
import TimeKit
import TimeStore

/// The marks panel's side of the shell: the store (through its worker
/// thread, `MarkStoreWorker`), the gpsd client and the kernel-clock watcher.
/// `perform` only queues store work and returns at once: the run loop never
/// waits for SQLite; results come back through the `EventInbox`.
final class MarksShell {
    /// The kernel clock state last reported (`pass`).
    var kernelClock = KernelClockReader()
    /// The process's store; the file is created by the first mark.
    let store: StoreHandle
    private var gpsd: GPSDClient?
    private var worker: MarkStoreWorker?
    private var team: TeamLink?

    init(store: StoreHandle) {
        self.store = store
    }

    /// The panel as the dashboard opens: the newest marks, the config's
    /// settings and the kernel clock state. Throws `StoreError` for a
    /// database that is not ours or is damaged (the dashboard then refuses
    /// to start, naming the file).
    static func initialState(settings: Settings, store: StoreHandle) throws -> MarksPanelState {
        let db = try store.existing()
        var state = MarksPanelState(marks: try db?.latestMarks(limit: MarksPanelState.openingLimit) ?? [],
                                    totalCount: try db?.markCount() ?? 0)
        if let readOnly = store.readOnly {
            state.readOnlyStore = .init(path: readOnly.path, journalWritable: readOnly.journalWritable, advice: readOnly.advice)
        }
        state.kernel = RealtimeClock.kernelStatus()
        // New marks' idempotency keys: this run's random prefix, then a count.
        state.keyPrefix = UUID().uuidString.lowercased()
        if let address = MarkSettings(settings).gpsdAddress { state.gps = GPSDSnapshot(address: address) }
        if let team = TeamSetup.current(settings) { state.team = MarksPanelState.TeamView(station: team.station) }
        return state
    }

    /// Starts the background threads (store worker, gpsd, clock watcher),
    /// which post their results to `inbox`. The store is the process's one
    /// handle; the worker opens or creates the file when it needs it.
    static func start(inbox: EventInbox, settings: MarkSettings, store: StoreHandle,
                      team: TeamSetup? = nil) throws -> MarksShell {
        let shell = MarksShell(store: store)
        // The team log's thread: sends after each local write (poked by the
        // store worker), listens for other stations.
        let link = team.map { TeamLink(setup: $0, store: store) { inbox.post($0) } }
        link?.start()
        shell.team = link
        if let address = settings.gpsdAddress {
            let client = GPSDClient(address: address) { snapshot in inbox.post(.marks(.gps(snapshot))) }
            client.start()
            shell.gpsd = client
        }
        let worker = MarkStoreWorker(store: store) { event in
            inbox.post(event)
            if case .marks(let marksEvent) = event, link != nil {
                switch marksEvent {
                case .recorded, .noteSaved, .deleted, .restored, .cleared: link?.poke()
                default: break
                }
            }
        }
        worker.start()
        shell.worker = worker
        // The history beyond the first screenful, read off the key path
        // once the dashboard shows (`openingLimit`).
        if let db = try? store.existing(), (try? db.markCount()) ?? 0 > MarksPanelState.openingLimit {
            worker.enqueue(.reload)
        }
        return shell
    }

    /// Stops the workers (marks queued before the quit still reach the
    /// journal); returns what could not be finished, to be said.
    func stop() -> [String] {
        let gps = gpsd?.stop() ?? []
        let marks = worker?.stop() ?? []
        return gps + marks + (team?.stop() ?? [])
    }

    /// Queues a reload of the marks on the store worker, from any thread
    /// (after another process changed the store), and pokes the team link:
    /// the other process may have queued changes, or sent ours (the link
    /// has no period that would notice; issue 31).
    func reloader() -> @Sendable () -> Void {
        let (worker, team) = (worker, team)
        return {
            worker?.enqueue(.reload)
            team?.poke()
        }
    }

    /// Queues one effect for the store worker and returns at once. Nothing
    /// to feed back now: `.held`, `.recorded` and the rest arrive as events.
    func enqueue(_ effect: MarksEffect) {
        worker?.enqueue(effect)
    }
}

/// The kernel clock state, read on the run loop's own pass (adjtimex is
/// one cheap system call; the loop is awake once a second anyway, so no
/// thread of its own wakes for it) and reported when it changes.
struct KernelClockReader {
    private var last = RealtimeClock.kernelStatus()

    /// An event when the state or the shown tenth of a millisecond
    /// changed (the error estimates drift by microseconds each second).
    mutating func change() -> Event? {
        let now = RealtimeClock.kernelStatus()
        guard now?.synchronized != last?.synchronized
            || (now?.estimatedErrorMicroseconds ?? 0) / 100 != (last?.estimatedErrorMicroseconds ?? 0) / 100
        else { return nil }
        last = now
        return .marks(.clock(now))
    }
}
