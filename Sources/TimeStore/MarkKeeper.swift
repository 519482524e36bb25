import Foundation
import TimeKit

/// The marks store's policy, journal first: what happens to each mark,
/// note, delete, undo, clear and reload, and when to try the database
/// again. Synchronous and single-threaded: the shell's store worker calls
/// it from its one thread (off the key path); tests call it directly.
/// Every deadline is read from the injected `clock`.
///
/// A new mark goes to the journal beside the database first (`MarkJournal`,
/// fsynced): then `.held` says it is safe. Then the journal is imported
/// into SQLite (`.recorded` per mark); while the database is busy the import
/// is retried once a second (`retryIfDue`) and the reason is reported
/// (`.storeWaiting`) once per reason, or each time new marks were held.
public final class MarkKeeper {
    /// How long one write waits for another process's lock. Short, so a
    /// Space pressed meanwhile reaches the journal within about this long.
    public static let busyWait: TimeInterval = 0.25
    /// How long a note, delete, undo or clear keeps trying while the
    /// database is busy before it is reported as failed.
    public static let patience: TimeInterval = AppDatabase.busyTimeoutSeconds

    private let store: StoreHandle
    private let journal: MarkJournal
    private let clock: () -> Date
    private let busyWait: TimeInterval
    private let reloadLimit: Int
    private let takeLeadingRecords: () -> [SightingMark]
    private let report: (Outcome) -> Void
    private var journalMayHoldEntries = true
    private var reportedWaiting: Failure?
    private var nextRetry: Date

    /// - Parameters:
    ///   - store: the process's one handle; the file is created by the
    ///     first mark, never just because the keeper started.
    ///   - journal: default, the one beside the store's file.
    ///   - busyWait: how long one write waits for a lock (tests: 0).
    ///   - reloadLimit: how many of the newest marks a reload reads.
    ///   - takeLeadingRecords: new marks queued behind the request in hand,
    ///     taken from the queue while that request waits for the lock, so
    ///     they reach the journal at once.
    ///   - report: each outcome, as it happens.
    public init(store: StoreHandle, journal: MarkJournal? = nil, clock: @escaping () -> Date = Date.init,
                busyWait: TimeInterval = MarkKeeper.busyWait, reloadLimit: Int,
                takeLeadingRecords: @escaping () -> [SightingMark] = { [] },
                report: @escaping (Outcome) -> Void) {
        self.store = store
        self.journal = journal ?? MarkJournal(databasePath: store.url.path)
        self.clock = clock
        self.busyWait = busyWait
        self.reloadLimit = reloadLimit
        self.takeLeadingRecords = takeLeadingRecords
        self.report = report
        nextRetry = clock().addingTimeInterval(1)
    }

    /// Marks left in the journal by a crash or another process: reported
    /// held at once, stored as soon as the database lets us.
    public func start() {
        for mark in (try? journal.pending()) ?? [] { report(.held(mark)) }
        flushJournal(reportAlways: false)
        nextRetry = clock().addingTimeInterval(1)
    }

    /// When `retryIfDue` has work: a second after the last retry while
    /// marks may wait in the journal; nil when nothing waits (the caller
    /// may sleep until new requests come).
    public var retryDeadline: Date? { journalMayHoldEntries ? nextRetry : nil }

    /// Once a second (by the clock), while marks may wait in the journal,
    /// tries to import them again. Call after each batch and at
    /// `retryDeadline`.
    public func retryIfDue() {
        let now = clock()
        guard now >= nextRetry else { return }
        nextRetry = now.addingTimeInterval(1)
        if journalMayHoldEntries { flushJournal(reportAlways: false) }
    }

    /// Carries out requests in order; consecutive records share one
    /// journal append.
    public func perform(_ requests: [Request]) {
        var index = 0
        while index < requests.count {
            var group: [SightingMark] = []
            while index < requests.count, case .record(let mark) = requests[index] {
                group.append(mark)
                index += 1
            }
            if !group.isEmpty {
                hold(group)
                continue
            }
            // A clear or a reload must see every mark already acknowledged.
            if journalMayHoldEntries { flushJournal(reportAlways: false) }
            carryOut(requests[index])
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
        do {
            try DatabaseLocation.prepareFolder(store.url.deletingLastPathComponent())
            try journal.append(keyed)
            journalMayHoldEntries = true
            for mark in keyed { report(.held(mark)) }
            flushJournal(reportAlways: true)
            return
        } catch {
            // Disk full, no permission: SQLite may still take it.
        }
        for mark in keyed {
            do {
                report(.recorded(try store.forWriting(busyTimeout: busyWait).recordMark(mark)))
            } catch {
                report(.recordFailed(mark, Failure(error)))
            }
        }
    }

    /// Moves the journal into SQLite; on failure says why (once per
    /// reason, or every time after new marks were held).
    private func flushJournal(reportAlways: Bool) {
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
                report(.storeFileChanged(deleted: change == .deleted, path: store.url.path))
                if !journalMayHoldEntries, (try? store.existing(busyTimeout: busyWait)) != nil { carryOut(.reload) }
            }
        }
        do {
            var found = try store.existing(busyTimeout: busyWait)
            if found != nil, store.readOnly != nil {
                // A store this user may not write: what is journaled waits
                // there (said once, as `.readOnly`); nothing journaled,
                // nothing to say.
                if try journal.pending().isEmpty { found = nil } else { found = try store.forWriting(busyTimeout: busyWait) }
            }
            // No database and nothing journaled: nothing to create a file for.
            guard let db = try found
                    ?? (journal.pending().isEmpty ? nil : store.forWriting(busyTimeout: busyWait)) else {
                journalMayHoldEntries = false
                return
            }
            var quarantined = 0
            let stored = try journal.importPending(into: db, busyTimeout: busyWait, onQuarantine: { _ in quarantined += 1 })
            if quarantined > 0 { report(.journalQuarantined(count: quarantined, path: journal.quarantinePath)) }
            journalMayHoldEntries = false
            reportedWaiting = nil
            for mark in stored { report(.recorded(mark)) }
        } catch {
            journalMayHoldEntries = true
            let reason = Failure(error)
            if reportAlways || reason != reportedWaiting {
                reportedWaiting = reason
                report(.storeWaiting(reason))
            }
        }
    }

    /// A note, delete, undo, clear or reload; retried while the database is
    /// busy (journaling any new mark queued meanwhile), for `patience`.
    private func carryOut(_ request: Request) {
        // A reload is what the look for other writers asks for; a file
        // deleted or replaced under us is found by that look too (issue 20),
        // and the journal flush reopens, says so and reloads.
        if case .reload = request, store.fileChange() != nil {
            flushJournal(reportAlways: true)
            return
        }
        do {
            if let outcome = try patiently({ try attempt(request) }) { report(outcome) }
        } catch {
            report(.storeFailed(Failure(error)))
        }
    }

    /// One try at `request`; nil when its outcomes were reported on the way.
    private func attempt(_ request: Request) throws -> Outcome? {
        let wait = busyWait
        switch request {
        case .record(let mark):
            // A new mark goes to the journal first: never behind opening
            // (or creating) a database another process may hold.
            hold([mark])
            return nil
        case let .updateHeldNote(key, note, expected):
            // A note for a held mark goes where the mark is: the journal.
            try journaled(.noteJournaled(key: key, note: note)) { try $0.appendNote(key: key, note: note, expected: expected) }
            return nil
        case .deleteHeld(let key):
            // So does its deletion, and its undo (the mark again).
            try journaled(.heldDeleted(key: key)) { try $0.appendDelete(key: key) }
            return nil
        case .restore(let marks) where !marks.isEmpty && marks.allSatisfy({ $0.id == nil }):
            hold(marks)
            return nil
        case .reload:
            // Opens the file if it exists, never creates it.
            guard let db = try store.existing(busyTimeout: wait) else { return .reloaded([], totalCount: 0) }
            return .reloaded(try db.latestMarks(limit: reloadLimit), totalCount: try db.markCount())
        case .updateNote(let id, let note):
            let db = try store.forWriting(busyTimeout: wait)
            do {
                let before = try db.updateNote(id: id, note: note, busyTimeout: wait)
                var after = before
                after.note = note
                return .noteSaved(after, previous: before.note)
            } catch where AppDatabase.isBusy(error) {
                // Another process holds the database: the note goes to the
                // journal.
                var key: String?
                try journaled(nil) { key = try $0.appendNote(forStoredMark: id, in: db, note: note)?.uniqueKey }
                guard let key else { throw error }
                return .noteJournaled(key: key, note: note)
            }
        case .delete(let id):
            guard let removed = try store.forWriting(busyTimeout: wait).deleteMark(id: id, busyTimeout: wait) else {
                return .storeFailed(.markGone(id: id))
            }
            return .deleted(removed)
        case .restore(let marks):
            try store.forWriting(busyTimeout: wait).restoreMarks(marks, busyTimeout: wait)
            return .restored(marks)
        case .clear(let limit):
            return .cleared(try store.forWriting(busyTimeout: wait).clearMarks(upToUnixNanoseconds: limit, busyTimeout: wait))
        }
    }

    /// Writes a note or a deletion to the journal (fsynced), reports
    /// `outcome` once it is durable, then tries the import: it reaches
    /// SQLite with its mark, or after it (a note never replaces one changed
    /// since).
    private func journaled(_ outcome: Outcome?, _ write: (MarkJournal) throws -> Void) throws {
        try write(journal)
        journalMayHoldEntries = true
        if let outcome { report(outcome) }
        flushJournal(reportAlways: false)
    }

    /// `body`, tried again while the database is busy until `patience` has
    /// passed by the clock; new marks queued meanwhile go to the journal.
    private func patiently<T>(_ body: () throws -> T) throws -> T {
        let deadline = clock().addingTimeInterval(Self.patience)
        while true {
            do {
                return try body()
            } catch where AppDatabase.isBusy(error) && clock() < deadline {
                let marks = takeLeadingRecords()
                if !marks.isEmpty { hold(marks) }
            }
        }
    }
}
