import Dashboard
import Foundation
import TimeKit
import TimeStore

/// The marks panel's store work, off the key and draw path: one serial
/// background thread does every marks read and write, so the run loop never
/// waits for SQLite (another process may hold its lock for seconds). Results
/// come back as events through the `EventInbox`.
///
/// A new mark goes to the journal beside the database first (`MarkJournal`,
/// fsynced): then `.held` tells the screen it is safe. Then the journal is
/// imported into SQLite (`.recorded` per mark); while the database is busy
/// the import is retried every second and the panel is told why
/// (`.storeWaiting`).
final class MarkStoreWorker: @unchecked Sendable {
    /// How long one write waits for another process's lock. Short, so a
    /// Space pressed meanwhile reaches the journal within about this long.
    static let busyWait: TimeInterval = 0.25
    /// How long a note, delete, undo or clear keeps trying while the
    /// database is busy before it is reported as failed.
    static let patience: TimeInterval = AppDatabase.busyTimeoutSeconds

    /// The process's store: the file is opened when it exists and created
    /// by the first mark, never just because the dashboard started.
    private let store: StoreHandle
    private let journal: MarkJournal?
    private let post: @Sendable (Event) -> Void
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var queued: [MarksEffect] = []
    private var stopped = false
    private var finished = false
    // Touched only by the worker thread.
    private var journalMayHoldEntries = true
    private var reportedWaiting: StoreProblem?

    init(store: StoreHandle, post: @escaping @Sendable (Event) -> Void) {
        self.store = store
        self.journal = MarkJournal(databasePath: store.url.path)
        self.post = post
    }

    /// Queues store work; returns at once.
    func enqueue(_ effect: MarksEffect) {
        condition.lock()
        queued.append(effect)
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
        // Marks left in the journal by a crash or another process: shown at
        // once, stored as soon as the database lets us.
        for mark in (try? journal?.pending()) ?? [] { post(.marks(.held(mark))) }
        flushJournal(reportAlways: false)
        // Idle, the thread sleeps until work arrives; only while marks wait
        // in the journal for a busy database does it wake once a second to
        // retry. (Other writers are noticed by the one look in MarksShell.)
        var nextSecond = Date().addingTimeInterval(1)
        while let jobs = takeJobs(until: journalMayHoldEntries ? nextSecond : nil) {
            perform(jobs)
            if Date() >= nextSecond {
                nextSecond = Date().addingTimeInterval(1)
                if journalMayHoldEntries { flushJournal(reportAlways: false) }
            }
        }
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for work or the deadline (nil: no deadline); nil once stopped
    /// and drained. (NSCondition on Linux traps on a far deadline such as
    /// `.distantFuture`, so "no deadline" is a plain `wait`.)
    private func takeJobs(until deadline: Date?) -> [MarksEffect]? {
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

    /// Runs jobs in order; consecutive records share one journal append.
    private func perform(_ jobs: [MarksEffect]) {
        var index = 0
        while index < jobs.count {
            var group: [SightingMark] = []
            while index < jobs.count, case .record(let mark) = jobs[index] {
                group.append(mark)
                index += 1
            }
            if !group.isEmpty {
                hold(group)
                continue
            }
            // A clear or a reload must see every mark already acknowledged.
            if journalMayHoldEntries { flushJournal(reportAlways: false) }
            perform(jobs[index])
            index += 1
        }
    }

    /// Makes new marks durable: journal (then `.held`), then SQLite. If the
    /// journal cannot be written, straight to SQLite as before it existed.
    private func hold(_ marks: [SightingMark]) {
        let keyed = marks.map { mark in
            var mark = mark
            if mark.uniqueKey == nil { mark.uniqueKey = UUID().uuidString }
            return mark
        }
        if let journal {
            do {
                try DatabaseLocation.prepareFolder(store.url.deletingLastPathComponent())
                try journal.append(keyed)
                journalMayHoldEntries = true
                for mark in keyed { post(.marks(.held(mark))) }
                flushJournal(reportAlways: true)
                return
            } catch {
                // Disk full, no permission: SQLite may still take it.
            }
        }
        for mark in keyed {
            do {
                post(.marks(.recorded(try store.forWriting(busyTimeout: Self.busyWait).recordMark(mark))))
            } catch {
                post(.marks(.recordFailed(mark, reason: StoreProblem(error))))
            }
        }
    }

    /// Moves the journal into SQLite; on failure tells the panel why (once
    /// per reason, or every time after new marks were held).
    private func flushJournal(reportAlways: Bool) {
        guard let journal else { return }
        // Before each write: is the file we have open still the one at the
        // path? If it was deleted or replaced, nothing more goes into it:
        // marks stay in the journal until stored in the file the next
        // command will open (recreated here if it is gone). Said once, after
        // this flush, so the message is the last word.
        let change = store.fileChange()
        if change != nil {
            store.reopen()
            reportedWaiting = nil
        }
        defer {
            if let change {
                post(.marks(.storeFileChanged(deleted: change == .deleted, path: store.url.path)))
                if !journalMayHoldEntries, (try? store.existing(busyTimeout: Self.busyWait)) != nil { perform(.reload) }
            }
        }
        do {
            // No database and nothing journaled: nothing to create a file for.
            let wait = Self.busyWait
            guard let db = try store.existing(busyTimeout: wait)
                    ?? (journal.pending().isEmpty ? nil : store.forWriting(busyTimeout: wait)) else {
                journalMayHoldEntries = false
                return
            }
            var quarantined = 0
            let stored = try journal.importPending(into: db, busyTimeout: Self.busyWait, onQuarantine: { _ in quarantined += 1 })
            if quarantined > 0 { post(.marks(.journalQuarantined(count: quarantined, path: journal.quarantinePath))) }
            journalMayHoldEntries = false
            reportedWaiting = nil
            for mark in stored { post(.marks(.recorded(mark))) }
        } catch {
            journalMayHoldEntries = true
            let reason = StoreProblem(error)
            if reportAlways || reason != reportedWaiting {
                reportedWaiting = reason
                post(.marks(.storeWaiting(reason: reason)))
            }
        }
    }

    /// A note, delete, undo, clear or reload; retried while the database is
    /// busy (journaling any Space pressed meanwhile), for `patience`.
    private func perform(_ effect: MarksEffect) {
        // A reload is what the look for other writers asks for; a file
        // deleted or replaced under us is found by that look too (issue 20),
        // and the journal flush reopens, says so and reloads.
        if case .reload = effect, store.fileChange() != nil {
            flushJournal(reportAlways: true)
            return
        }
        let wait = Self.busyWait
        do {
            let event: Event? = try patiently {
                // A new mark goes to the journal first: never behind opening
                // (or creating) a database another process may hold.
                if case .record(let mark) = effect {
                    hold([mark])
                    return nil
                }
                // A note for a held mark goes where the mark is: the journal.
                if case let .updateHeldNote(key, note, expected) = effect {
                    try journaled(.noteJournaled(key: key, note: note)) { try $0.appendNote(key: key, note: note, expected: expected) }
                    return nil
                }
                // So does its deletion, and its undo (the mark again).
                if case .deleteHeld(let key) = effect {
                    try journaled(.heldDeleted(key: key)) { try $0.appendDelete(key: key) }
                    return nil
                }
                if case .restore(let marks) = effect, !marks.isEmpty, marks.allSatisfy({ $0.id == nil }) {
                    hold(marks)
                    return nil
                }
                if case .reload = effect, try store.existing(busyTimeout: wait) == nil {
                    return .marks(.reloaded([], totalCount: 0))
                }
                let db = try store.forWriting(busyTimeout: wait)
                switch effect {
                case .record, .updateHeldNote, .deleteHeld:
                    return nil
                case .updateNote(let id, let note):
                    do {
                        let before = try db.updateNote(id: id, note: note, busyTimeout: wait)
                        var after = before
                        after.note = note
                        return .marks(.noteSaved(after, previous: before.note))
                    } catch where AppDatabase.isBusy(error) {
                        // Another process holds the database: the note goes
                        // to the journal.
                        var key: String?
                        try journaled(nil) { key = try $0.appendNote(forStoredMark: id, in: db, note: note)?.uniqueKey }
                        guard let key else { throw error }
                        return .marks(.noteJournaled(key: key, note: note))
                    }
                case .delete(let id):
                    guard let removed = try db.deleteMark(id: id, busyTimeout: wait) else {
                        return .marks(.storeFailed(.markGone(id: id)))
                    }
                    return .marks(.deleted(removed))
                case .restore(let marks):
                    try db.restoreMarks(marks, busyTimeout: wait)
                    return .marks(.restored(marks))
                case .clear(let limit):
                    return .marks(.cleared(try db.clearMarks(upToUnixNanoseconds: limit, busyTimeout: wait)))
                case .reload:
                    return .marks(.reloaded(try db.latestMarks(limit: MarksPanelState.loadedLimit), totalCount: try db.markCount()))
                }
            }
            if let event { post(event) }
        } catch {
            post(.marks(.storeFailed(StoreProblem(error))))
        }
    }

    /// Writes a note or a deletion to the journal (fsynced), says so with
    /// `event` once it is durable, then tries the import: it reaches SQLite
    /// with its mark, or after it (a note never replaces one changed since).
    private func journaled(_ event: MarksEvent?, _ write: (MarkJournal) throws -> Void) throws {
        guard let journal else { throw JournalError(path: store.url.path, action: "write to", errno: ENOENT) }
        try write(journal)
        journalMayHoldEntries = true
        if let event { post(.marks(event)) }
        flushJournal(reportAlways: false)
    }

    private func patiently<T>(_ body: () throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(Self.patience)
        while true {
            do {
                return try body()
            } catch where AppDatabase.isBusy(error) && Date() < deadline {
                let marks = takeLeadingRecords()
                if !marks.isEmpty { hold(marks) }
            }
        }
    }
}
