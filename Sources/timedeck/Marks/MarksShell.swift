import Dashboard
import Foundation
import TimeKit
import TimeStore

/// The marks panel's side of the shell: the store, the gpsd client and the
/// kernel-clock watcher. Performs `MarksEffect`s synchronously, so a mark is
/// committed (WAL, fsync) before `update` sees `.recorded` and before the
/// screen can show it.
final class MarksShell {
    /// The process's store; the file is created by the first mark.
    let store: StoreHandle
    private var gpsd: GPSDClient?
    private var watcher: ClockWatcher?

    init(store: StoreHandle) {
        self.store = store
    }

    /// The panel as the dashboard opens: the newest marks, the config's
    /// settings and the kernel clock state. Throws `StoreError` for a
    /// database that is not ours or is damaged (the dashboard then refuses
    /// to start, naming the file).
    static func initialState(settings: Settings, store: StoreHandle) throws -> MarksPanelState {
        let db = try store.existing()
        var state = MarksPanelState(marks: try db?.latestMarks(limit: MarksPanelState.loadedLimit) ?? [],
                                    totalCount: try db?.markCount() ?? 0)
        state.kernel = RealtimeClock.kernelStatus()
        if let address = MarkSettings(settings).gpsdAddress { state.gps = GPSDSnapshot(address: address) }
        return state
    }

    /// Opens the store and starts the background watchers, which post their
    /// observations to `inbox`.
    static func start(inbox: EventInbox, settings: MarkSettings, store: StoreHandle) throws -> MarksShell {
        let shell = MarksShell(store: store)
        if let address = settings.gpsdAddress {
            let client = GPSDClient(address: address)
            client.onUpdate = { snapshot in inbox.post(.marks(.gps(snapshot))) }
            client.start()
            shell.gpsd = client
        }
        var lastVersion = (try? store.existing()?.externalChangeCounter()) ?? 0
        let watcher = ClockWatcher(report: { kernel in inbox.post(.marks(.clock(kernel))) }, everySecond: {
            // Marks written by another process (marks add, a second
            // dashboard), also into a file that did not exist at start.
            guard let db = try? store.existing(), let version = try? db.externalChangeCounter(),
                  version != lastVersion else { return }
            lastVersion = version
            inbox.post(.marks(.changedElsewhere))
        })
        watcher.start()
        shell.watcher = watcher
        return shell
    }

    func stop() {
        gpsd?.stop()
        watcher?.stop()
    }

    /// Performs one effect against the store; the result is an event.
    func perform(_ effect: MarksEffect) -> Event {
        do {
            if case .reload = effect, try store.existing() == nil { return .marks(.reloaded([], totalCount: 0)) }
            let db = try store.forWriting()
            switch effect {
            case .record(let mark):
                return .marks(.recorded(try db.recordMark(mark)))
            case .updateNote(let id, let note):
                let before = try db.updateNote(id: id, note: note)
                var after = before
                after.note = note
                return .marks(.noteSaved(after, previous: before.note))
            case .delete(let id):
                guard let removed = try db.deleteMark(id: id) else { return .marks(.storeFailed("mark #\(id) is already gone")) }
                return .marks(.deleted(removed))
            case .restore(let marks):
                try db.restoreMarks(marks)
                return .marks(.restored(marks))
            case .clear:
                return .marks(.cleared(try db.clearMarks()))
            case .reload:
                return .marks(.reloaded(try db.latestMarks(limit: MarksPanelState.loadedLimit), totalCount: try db.markCount()))
            }
        } catch {
            let reason = String(describing: error)
            if case .record(let mark) = effect { return .marks(.recordFailed(mark, reason: reason)) }
            return .marks(.storeFailed(reason))
        }
    }
}

/// Reads the kernel clock state once a second on its own thread and reports
/// changes (adjtimex is cheap, but the main loop should not wake for it);
/// also runs the store's "did another process write?" check.
final class ClockWatcher: @unchecked Sendable {
    private let report: @Sendable (ClockStatus.Kernel?) -> Void
    private let everySecond: () -> Void
    private let lock = NSLock()
    private var stopped = false

    /// `everySecond` also runs on the watcher's thread, once a second.
    init(report: @escaping @Sendable (ClockStatus.Kernel?) -> Void, everySecond: @escaping () -> Void = {}) {
        self.report = report
        self.everySecond = everySecond
    }

    func start() {
        let thread = Thread { [self] in
            var last = RealtimeClock.kernelStatus()
            while !isStopped {
                Thread.sleep(forTimeInterval: 1)
                everySecond()
                let now = RealtimeClock.kernelStatus()
                // The error estimates drift by microseconds each second;
                // report when the state or the shown millisecond changes.
                if now?.synchronized != last?.synchronized
                    || (now?.estimatedErrorMicroseconds ?? 0) / 100 != (last?.estimatedErrorMicroseconds ?? 0) / 100 {
                    report(now)
                    last = now
                }
            }
        }
        thread.name = "timedeck-clock"
        thread.start()
    }

    var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }
}
