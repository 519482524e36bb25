import Foundation
import GRDB
import Testing
import TimeKit
@testable import TimeStore

/// The marks-store policy driven directly: one thread (the test's), a clock
/// the test moves, no waiting for locks (`busyWait` 0). The database and
/// its journal are real files in a fresh temporary folder (the journal's
/// fsync and flock are part of what is tested); "busy" is a second
/// connection holding the write lock, as another process would.
@Suite("MarkKeeper: journal first, retry, import")
final class MarkKeeperTests {
    let folder: URL
    let store: StoreHandle
    let clock = TestClock()
    let log: OutcomeLog

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("timedeck-keeper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = StoreHandle(url: folder.appendingPathComponent("timedeck.sqlite"))
        log = OutcomeLog(journal: MarkJournal(databasePath: store.url.path))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var path: String { store.url.path }
    var journal: MarkJournal { log.journal }

    /// A keeper on the test's store, clock and log, started unless asked not
    /// to. Each retry while busy costs a second by default (nothing queued),
    /// so a request that wrongly waits for the lock fails by its patience
    /// instead of spinning on a clock that never moves.
    func keeper(start: Bool = true, reloadLimit: Int = 100,
                takeLeadingRecords: (() -> [SightingMark])? = nil) -> MarkKeeper {
        let log = log, clock = clock
        let keeper = MarkKeeper(store: store, clock: { clock.now }, busyWait: 0, reloadLimit: reloadLimit,
                                takeLeadingRecords: takeLeadingRecords ?? { clock.advance(1); return [] },
                                report: { log.append($0) })
        if start { keeper.start() }
        return keeper
    }

    func mark(_ key: String, at seconds: Int64 = 1_795_304_832, note: String = "") -> SightingMark {
        SightingMark(unixNanoseconds: seconds * 1_000_000_000, note: note, uniqueKey: key)
    }

    func stored(_ mark: SightingMark, id: Int64, note: String? = nil) -> SightingMark {
        var copy = mark
        copy.id = id
        if let note { copy.note = note }
        return copy
    }

    /// A stored mark, put there directly (not through the keeper).
    func storedMark(_ key: String, at seconds: Int64 = 1_795_304_832) throws -> SightingMark {
        try store.forWriting().recordMark(mark(key, at: seconds))
    }

    func markCount() throws -> Int { try store.existing()?.markCount() ?? 0 }

    // MARK: - New marks

    @Test("A new mark is in the journal when it is reported held, then recorded with its id")
    func heldThenRecorded() throws {
        let keeper = keeper()
        let a = mark("a")
        keeper.perform([.record(a)])
        #expect(log.outcomes == [.held(a), .recorded(stored(a, id: 1))])
        #expect(log.journalAtReport == [[a], []])
        #expect(try markCount() == 1)
        #expect(keeper.retryDeadline == nil)
    }

    @Test("Consecutive records share one journal append: both are journaled before the first is reported held")
    func recordsBatched() throws {
        let a = mark("a"), b = mark("b", at: 1_795_304_900)
        keeper().perform([.record(a), .record(b)])
        #expect(log.outcomes == [.held(a), .held(b), .recorded(stored(a, id: 1)), .recorded(stored(b, id: 2))])
        #expect(log.journalAtReport.first == [a, b])
    }

    @Test("A journal that cannot be written: the mark goes straight to SQLite, never reported held")
    func journalUnwritable() throws {
        try FileManager.default.createDirectory(atPath: journal.path, withIntermediateDirectories: false)
        let a = mark("a")
        keeper(start: false).perform([.record(a)])
        #expect(log.outcomes == [.recorded(stored(a, id: 1))])
    }

    @Test("Neither journal nor database can be written: the mark is reported NOT saved, with the reason")
    func recordFailed() throws {
        try FileManager.default.createDirectory(atPath: journal.path, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let a = mark("a")
        keeper(start: false).perform([.record(a)])
        guard log.outcomes.count == 1, case .recordFailed(a, .failed) = log.outcomes[0] else {
            Issue.record("\(log.outcomes)")
            return
        }
    }

    @Test("Unreadable journal lines are quarantined, said once with the count, and do not hold up the marks after them")
    func quarantine() throws {
        let a = mark("a"), b = mark("b", at: 1_795_304_900)
        try journal.append([a])
        let handle = try #require(FileHandle(forWritingAtPath: journal.path))
        handle.seekToEndOfFile()
        handle.write(Data("{not a mark}\n".utf8))
        handle.closeFile()
        try journal.append([b])
        _ = keeper()
        #expect(log.outcomes == [.held(a), .held(b), .journalQuarantined(count: 1, path: journal.quarantinePath),
                                 .recorded(stored(a, id: 1)), .recorded(stored(b, id: 2))])
        #expect(try journal.pending().isEmpty)
    }

    @Test("A mark without a key is given one before it is journaled")
    func keyGiven() throws {
        keeper().perform([.record(SightingMark(unixNanoseconds: 5))])
        guard case .held(let held)? = log.outcomes.first else { Issue.record("\(log.outcomes)"); return }
        #expect(held.uniqueKey?.isEmpty == false)
        #expect(try store.existing()?.hasMark(uniqueKey: held.uniqueKey ?? "") == true)
    }

    @Test("Busy database: waiting said once per reason and again for each new mark; retried once a second by the clock; recorded after the lock goes")
    func busyThenRecorded() throws {
        _ = try store.forWriting()
        let keeper = keeper()
        let lock = try WriteLock(path: path)
        let a = mark("a"), b = mark("b", at: 1_795_304_900)
        keeper.perform([.record(a)])
        #expect(log.outcomes == [.held(a), .storeWaiting(.busy)])
        #expect(keeper.retryDeadline == clock.start.addingTimeInterval(1))
        clock.advance(1)
        keeper.retryIfDue()
        #expect(log.outcomes.count == 2, "the same reason is not said twice: \(log.outcomes)")
        keeper.perform([.record(b)])
        #expect(log.outcomes.suffix(2) == [.held(b), .storeWaiting(.busy)])
        try lock.release()
        clock.advance(0.5)
        keeper.retryIfDue()
        #expect(log.outcomes.count == 4, "not retried before its second: \(log.outcomes)")
        #expect(try journal.pending() == [a, b])
        clock.advance(0.5)
        keeper.retryIfDue()
        #expect(log.outcomes.suffix(2) == [.recorded(stored(a, id: 1)), .recorded(stored(b, id: 2))])
        #expect(try journal.pending().isEmpty)
        #expect(keeper.retryDeadline == nil)
    }

    @Test("Marks left in the journal at start are reported held, then recorded")
    func leftoversImportedAtStart() throws {
        let a = mark("a"), b = mark("b", at: 1_795_304_900)
        try journal.append([a, b])
        let keeper = keeper(start: false)
        #expect(log.outcomes.isEmpty)
        keeper.start()
        #expect(log.outcomes == [.held(a), .held(b), .recorded(stored(a, id: 1)), .recorded(stored(b, id: 2))])
        #expect(try journal.pending().isEmpty)
    }

    @Test("Leftovers at start while the database is busy: held, waiting, recorded on the first retry after the lock goes")
    func leftoversWhileBusy() throws {
        _ = try store.forWriting()
        let a = mark("a")
        try journal.append([a])
        let lock = try WriteLock(path: path)
        let keeper = keeper()
        #expect(log.outcomes == [.held(a), .storeWaiting(.busy)])
        try lock.release()
        clock.advance(1)
        keeper.retryIfDue()
        #expect(log.outcomes.last == .recorded(stored(a, id: 1)))
    }

    // MARK: - Patience

    @Test("Marks queued behind a delete waiting for the lock are journaled meanwhile; the delete goes through once the lock goes")
    func recordsBehindBusyDelete() throws {
        let x = try storedMark("x")
        let t0 = clock.now
        let lock = try WriteLock(path: path)
        let b = mark("b", at: 1_795_304_900)
        var calls = 0
        let keeper = keeper(takeLeadingRecords: { [clock] in
            calls += 1
            clock.advance(1)
            if calls == 1 { return [b] }
            try? lock.release()
            return []
        })
        keeper.perform([.delete(id: 1)])
        #expect(log.outcomes == [.held(b), .storeWaiting(.busy), .deleted(x)])
        #expect(calls == 2)
        #expect(try journal.pending() == [b])
        #expect(clock.now == t0.addingTimeInterval(2))
        keeper.retryIfDue()
        #expect(log.outcomes.last == .recorded(stored(b, id: 2)))
        #expect(try markCount() == 1)
    }

    @Test("A delete still refused when patience has passed by the clock is reported failed, and the mark stays")
    func patienceRunsOut() throws {
        _ = try storedMark("x")
        let lock = try WriteLock(path: path)
        var calls = 0
        let keeper = keeper(takeLeadingRecords: { [clock] in
            calls += 1
            clock.advance(1)
            return []
        })
        keeper.perform([.delete(id: 1)])
        #expect(log.outcomes == [.storeFailed(.busy)])
        #expect(calls == Int(MarkKeeper.patience), "one try per second of patience")
        try lock.release()
        #expect(try markCount() == 1)
    }

    // MARK: - Notes, deletes, undo, clear

    @Test("A note for a held mark goes to the journal and reaches SQLite with its mark")
    func heldNote() throws {
        _ = try store.forWriting()
        let keeper = keeper()
        let lock = try WriteLock(path: path)
        let a = mark("a")
        keeper.perform([.record(a)])
        keeper.perform([.updateHeldNote(key: "a", note: "Venus", expected: "")])
        #expect(log.outcomes == [.held(a), .storeWaiting(.busy), .noteJournaled(key: "a", note: "Venus")])
        #expect(try journal.pending() == [mark("a", note: "Venus")])
        try lock.release()
        clock.advance(1)
        keeper.retryIfDue()
        #expect(log.outcomes.last == .recorded(stored(a, id: 1, note: "Venus")))
    }

    @Test("A note for a stored mark is saved with the one before; while the database is busy it is journaled and applied after")
    func storedNote() throws {
        let x = try storedMark("x")
        let keeper = keeper()
        keeper.perform([.updateNote(id: 1, note: "Mars")])
        #expect(log.outcomes == [.noteSaved(stored(x, id: 1, note: "Mars"), previous: "")])
        let lock = try WriteLock(path: path)
        keeper.perform([.updateNote(id: 1, note: "Jupiter")])
        #expect(log.outcomes.suffix(2) == [.storeWaiting(.busy), .noteJournaled(key: "x", note: "Jupiter")])
        try lock.release()
        clock.advance(1)
        keeper.retryIfDue()
        #expect(log.outcomes.last == .recorded(stored(x, id: 1, note: "Jupiter")))
        #expect(try store.existing()?.mark(id: 1)?.note == "Jupiter")
    }

    @Test("Deleting a held mark is journaled: it never reaches SQLite")
    func deleteHeld() throws {
        _ = try store.forWriting()
        let keeper = keeper()
        let lock = try WriteLock(path: path)
        keeper.perform([.record(mark("a")), .deleteHeld(key: "a")])
        #expect(log.outcomes.last == .heldDeleted(key: "a"))
        #expect(try journal.pending().isEmpty)
        try lock.release()
        clock.advance(1)
        keeper.retryIfDue()
        #expect(!log.outcomes.contains { if case .recorded = $0 { true } else { false } })
        #expect(try markCount() == 0)
        #expect(keeper.retryDeadline == nil)
    }

    @Test("Undo of a held mark's delete puts it back in the journal, then in SQLite")
    func restoreHeld() throws {
        let keeper = keeper()
        let a = mark("a")
        keeper.perform([.deleteHeld(key: "a")])
        keeper.perform([.restore([a])])
        #expect(log.outcomes.suffix(2) == [.held(a), .recorded(stored(a, id: 1))])
    }

    @Test("Undo of a stored mark's delete restores it under its id")
    func restoreStored() throws {
        let x = try storedMark("x")
        let keeper = keeper()
        keeper.perform([.delete(id: 1)])
        keeper.perform([.restore([x])])
        #expect(log.outcomes == [.deleted(x), .restored([x])])
        #expect(try store.existing()?.mark(id: 1) == x)
    }

    @Test("Deleting a mark already gone says which")
    func deleteGone() throws {
        _ = try store.forWriting()
        keeper().perform([.delete(id: 7)])
        #expect(log.outcomes == [.storeFailed(.markGone(id: 7))])
    }

    @Test("Clear first imports the journal, then removes the marks made up to the instant asked about, oldest first")
    func clear() throws {
        let x = try storedMark("x", at: 100)
        let z = try storedMark("z", at: 300)
        let keeper = keeper()
        let lock = try WriteLock(path: path)
        let y = mark("y", at: 200)
        keeper.perform([.record(y)])
        try lock.release()
        keeper.perform([.clear(upToUnixNanoseconds: 200_000_000_000)])
        #expect(log.outcomes.suffix(2) == [.recorded(stored(y, id: 3)), .cleared([x, stored(y, id: 3)])])
        #expect(try store.existing()?.allMarks() == [z])
    }

    // MARK: - Reload

    @Test("Reload with no database file: empty, and no file is created")
    func reloadWithoutFile() {
        keeper().perform([.reload])
        #expect(log.outcomes == [.reloaded([], totalCount: 0)])
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("Reload reads the newest marks up to the limit, and the count")
    func reloadLimited() throws {
        _ = try storedMark("x", at: 100)
        let y = try storedMark("y", at: 200)
        keeper(reloadLimit: 1).perform([.reload])
        #expect(log.outcomes == [.reloaded([y], totalCount: 2)])
    }

    // MARK: - The file deleted or replaced

    @Test("Store file deleted under the keeper: the next mark goes to a new file, said once, then reloaded")
    func storeFileDeleted() throws {
        let keeper = keeper()
        let a = mark("a"), b = mark("b", at: 1_795_304_900)
        keeper.perform([.record(a)])
        try removeDatabaseFiles()
        keeper.perform([.record(b)])
        #expect(log.outcomes.suffix(4) == [.held(b), .recorded(stored(b, id: 1)),
                                           .storeFileChanged(deleted: true, path: path),
                                           .reloaded([stored(b, id: 1)], totalCount: 1)])
    }

    @Test("A reload that finds the file deleted says so, creates nothing and reads nothing")
    func reloadFindsFileDeleted() throws {
        let keeper = keeper()
        keeper.perform([.record(mark("a"))])
        try removeDatabaseFiles()
        keeper.perform([.reload])
        #expect(log.outcomes.last == .storeFileChanged(deleted: true, path: path))
        #expect(log.outcomes.count == 3)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("Store file replaced by one not usable: marks stay in the journal until a usable file exists")
    func storeFileReplaced() throws {
        let keeper = keeper()
        let a = mark("a"), b = mark("b", at: 1_795_304_900)
        keeper.perform([.record(a)])
        try removeDatabaseFiles()
        try Data("not a database\n".utf8).write(to: store.url)
        keeper.perform([.record(b)])
        let last = Array(log.outcomes.suffix(3))
        #expect(last.first == .held(b))
        guard last.count == 3, case .storeWaiting(.failed) = last[1] else { Issue.record("\(last)"); return }
        #expect(last[2] == .storeFileChanged(deleted: false, path: path))
        #expect(try journal.pending() == [b])
        clock.advance(1)
        keeper.retryIfDue()
        #expect(log.outcomes.count == 5, "the same reason is not said again: \(log.outcomes)")
        try FileManager.default.removeItem(at: store.url)
        clock.advance(1)
        keeper.retryIfDue()
        #expect(log.outcomes.last == .recorded(stored(b, id: 1)))
        #expect(try journal.pending().isEmpty)
    }

    func removeDatabaseFiles() throws {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}

/// The time as the test says: starts at a fixed instant, moves only when told.
final class TestClock {
    let start = Date(timeIntervalSince1970: 1_795_304_832)
    var now: Date
    init() { now = start }
    func advance(_ seconds: TimeInterval) { now = now.addingTimeInterval(seconds) }
}

/// Every outcome in order, and what the journal held at each.
final class OutcomeLog {
    let journal: MarkJournal
    var outcomes: [MarkKeeper.Outcome] = []
    var journalAtReport: [[SightingMark]] = []
    init(journal: MarkJournal) { self.journal = journal }

    func append(_ outcome: MarkKeeper.Outcome) {
        outcomes.append(outcome)
        journalAtReport.append((try? journal.pending()) ?? [])
    }
}

/// Another connection holding the database's write lock (`BEGIN IMMEDIATE`),
/// as another process would, until `release`.
final class WriteLock {
    let queue: DatabaseQueue

    init(path: String) throws {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
    }

    func release() throws {
        try queue.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
    }
}
