import Foundation
import GRDB
import TimeKit

/// Writes and reads of sighting marks, named by what they mean.
extension AppDatabase {
    /// Stores a new mark and returns it with its id. When this returns, the
    /// commit is on disk (WAL, synchronous=FULL): only then may the screen
    /// acknowledge the mark. A mark whose `uniqueKey` is already stored is
    /// not stored again: the stored row comes back instead.
    @discardableResult
    public func recordMark(_ mark: SightingMark, busyTimeout: TimeInterval? = nil) throws -> SightingMark {
        let stored = try recordMarks([mark], busyTimeout: busyTimeout)
        guard let first = stored.first else { throw StoreError.noSuchMark(id: 0) }
        return first
    }

    /// Stores marks in one transaction, idempotently: a mark whose
    /// `uniqueKey` is already in the table is returned as stored, not
    /// inserted twice (the UNIQUE index `sightingMark_uniqueKey` backs this
    /// check). Returns the stored marks, with ids, in the order given.
    /// `busyTimeout` overrides the connection's wait for another process's
    /// write lock for this call only (the dashboard's worker keeps it short).
    @discardableResult
    public func recordMarks(_ marks: [SightingMark], busyTimeout: TimeInterval? = nil) throws -> [SightingMark] {
        for mark in marks { _ = try MarkNote.validated(mark.note) }
        return try write(busyTimeout: busyTimeout) { db in try marks.map { try insertOnce(db, $0) } }
    }

    /// Inserts `mark` unless its `uniqueKey` is already stored (then the
    /// stored one is returned), queuing it for the team log.
    func insertOnce(_ db: Database, _ mark: SightingMark) throws -> SightingMark {
        if let key = mark.uniqueKey,
           let existing = try SightingMark.filter(SightingMark.MarkColumns.uniqueKey == key).fetchOne(db) {
            return existing
        }
        var copy = mark
        copy.id = nil
        try copy.insert(db)
        if let id = copy.id { try enqueuePut(db, id: id) }
        return copy
    }

    /// Stores a journal's contents in one transaction, in order: marks as
    /// `recordMarks` does (never twice), notes by key and only where the
    /// note is still what the user saw when typing (compare and set),
    /// deletions by key; each change queued for the team log. Returns the
    /// marks of this batch as they are after it, and the marks whose notes
    /// changed, with ids (not the ones deleted).
    @discardableResult
    public func recordJournal(_ items: [MarkJournal.Item], busyTimeout: TimeInterval? = nil) throws -> [SightingMark] {
        for case .mark(let mark) in items { _ = try MarkNote.validated(mark.note) }
        return try write(busyTimeout: busyTimeout) { db in
            var touched: [SightingMark] = []
            func remember(_ mark: SightingMark) {
                if let i = touched.firstIndex(where: { $0.id == mark.id }) { touched[i] = mark } else { touched.append(mark) }
            }
            for item in items {
                switch item {
                case .mark(let mark):
                    remember(try insertOnce(db, mark))
                case .delete(let key):
                    guard let mark = try SightingMark.filter(SightingMark.MarkColumns.uniqueKey == key).fetchOne(db),
                          let id = mark.id else { continue }
                    try SightingMark.deleteOne(db, key: id)
                    try enqueueDelete(db, mark)
                    touched.removeAll { $0.id == id }
                case let .note(key, note, expected):
                    guard var mark = try SightingMark.filter(SightingMark.MarkColumns.uniqueKey == key).fetchOne(db),
                          let id = mark.id, mark.note == expected, note != expected else { continue }
                    try db.execute(sql: "UPDATE sightingMark SET note = ? WHERE id = ?", arguments: [note, id])
                    try enqueuePut(db, id: id)
                    mark.note = note
                    remember(mark)
                }
            }
            return touched
        }
    }

    /// Whether a mark with this idempotency key is stored.
    public func hasMark(uniqueKey: String) throws -> Bool {
        try writer.read { db in
            try SightingMark.filter(SightingMark.MarkColumns.uniqueKey == uniqueKey).fetchCount(db) > 0
        }
    }

    /// One write transaction; with `busyTimeout`, the connection waits at
    /// most that long for another process's lock during this transaction
    /// and then goes back to `AppDatabase.busyTimeoutSeconds`.
    func write<T>(busyTimeout: TimeInterval?, _ body: (Database) throws -> T) throws -> T {
        guard let busyTimeout else { return try writer.write(body) }
        return try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA busy_timeout = \(Int((busyTimeout * 1000).rounded()))")
            defer { try? db.execute(sql: "PRAGMA busy_timeout = \(Int(Self.busyTimeoutSeconds * 1000))") }
            var result: T?
            try db.inTransaction(.immediate) {
                result = try body(db)
                return .commit
            }
            guard let result else { throw StoreError.noSuchMark(id: 0) }
            return result
        }
    }

    /// Replaces the note of mark `id`; returns the mark as it was before, for
    /// undo. Throws `MarkNote.TooLong` or `StoreError.noSuchMark`.
    @discardableResult
    public func updateNote(id: Int64, note: String, busyTimeout: TimeInterval? = nil) throws -> SightingMark {
        _ = try MarkNote.validated(note)
        return try write(busyTimeout: busyTimeout) { db in
            guard let before = try SightingMark.fetchOne(db, key: id) else { throw StoreError.noSuchMark(id: id) }
            try db.execute(sql: "UPDATE sightingMark SET note = ? WHERE id = ?", arguments: [note, id])
            try enqueuePut(db, id: id)
            return before
        }
    }

    /// Deletes mark `id` and returns it (to `restoreMark` on undo), or nil if
    /// there was no such mark.
    @discardableResult
    public func deleteMark(id: Int64, busyTimeout: TimeInterval? = nil) throws -> SightingMark? {
        try write(busyTimeout: busyTimeout) { db in
            guard let mark = try SightingMark.fetchOne(db, key: id) else { return nil }
            try Self.retireSights(db, where: "markId = ?", arguments: [id])
            try SightingMark.deleteOne(db, key: id)
            try enqueueDelete(db, mark)
            return mark
        }
    }

    /// Puts back a deleted mark under its old id (undo of `deleteMark`).
    /// Restoring a mark that is already there changes nothing.
    public func restoreMark(_ mark: SightingMark) throws {
        try restoreMarks([mark])
    }

    /// Puts back marks removed by `clearMarks` (or several deletes), in one
    /// transaction.
    public func restoreMarks(_ marks: [SightingMark], busyTimeout: TimeInterval? = nil) throws {
        try write(busyTimeout: busyTimeout) { db in
            for mark in marks {
                if let id = mark.id, try SightingMark.exists(db, key: id) { continue }
                var copy = mark
                try copy.insert(db)
                if let id = copy.id {
                    // The sight first, so the queued put carries it.
                    try Self.unretireSight(db, markId: id)
                    try enqueuePut(db, id: id)
                }
            }
        }
    }

    /// Deletes every mark and returns them, oldest first, so the caller can
    /// offer an undo (`restoreMarks`).
    @discardableResult
    /// `upToUnixNanoseconds`: only marks made at or before that instant (the
    /// dashboard's `C` asks about the marks there were; one recorded while
    /// it asks stays).
    public func clearMarks(upToUnixNanoseconds limit: Int64 = .max, busyTimeout: TimeInterval? = nil) throws -> [SightingMark] {
        try write(busyTimeout: busyTimeout) { db in
            let asked = SightingMark.filter(SightingMark.MarkColumns.unixNanoseconds <= limit)
            let all = try asked.order(SightingMark.MarkColumns.unixNanoseconds, SightingMark.MarkColumns.id).fetchAll(db)
            try Self.retireSights(db, where: "markId IN (SELECT id FROM sightingMark WHERE unixNanoseconds <= ?)",
                                  arguments: [limit])
            try asked.deleteAll(db)
            for mark in all { try enqueueDelete(db, mark) }
            return all
        }
    }

    /// The newest `limit` marks, newest first (by instant, then id).
    public func latestMarks(limit: Int) throws -> [SightingMark] {
        try marks(newestFirstOffset: 0, limit: limit)
    }

    /// A page of the history, newest first: skip `offset`, take `limit`.
    public func marks(newestFirstOffset offset: Int, limit: Int) throws -> [SightingMark] {
        try writer.read { db in
            try SightingMark
                .order(SightingMark.MarkColumns.unixNanoseconds.desc, SightingMark.MarkColumns.id.desc)
                .limit(max(0, limit), offset: max(0, offset))
                .fetchAll(db)
        }
    }

    /// Every mark, oldest first (exports).
    public func allMarks() throws -> [SightingMark] {
        try writer.read { db in
            try SightingMark.order(SightingMark.MarkColumns.unixNanoseconds, SightingMark.MarkColumns.id).fetchAll(db)
        }
    }

    /// Calls `body` with every mark, one at a time from a database cursor,
    /// newest first or oldest first, at most `limit` of them: memory stays
    /// the same whatever the store holds (`marks list --json`, `marks
    /// export`). The read sees one snapshot of the table.
    public func forEachMark(newestFirst: Bool, limit: Int? = nil, _ body: (SightingMark) throws -> Void) throws {
        let order = newestFirst ? "unixNanoseconds DESC, id DESC" : "unixNanoseconds, id"
        let limitClause = limit.map { " LIMIT \(max(0, $0))" } ?? ""
        try writer.read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT \(SightingMark.streamColumns) FROM sightingMark ORDER BY \(order)\(limitClause)")
            while let row = try rows.next() { try body(SightingMark(streamRow: row)) }
        }
    }

    /// Mark `id`, or nil.
    public func mark(id: Int64) throws -> SightingMark? {
        try writer.read { db in try SightingMark.fetchOne(db, key: id) }
    }

    /// SQLite's `PRAGMA data_version` on this connection: it changes when
    /// another connection (another timedeck process) commits, never for this
    /// connection's own writes. The dashboard polls it to show marks added
    /// by `timedeck marks add` or a second dashboard.
    public func externalChangeCounter() throws -> Int {
        try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }

    /// SQLite's full `PRAGMA integrity_check` (every page, index and
    /// constraint; at most `limit` problems): empty when the file is sound.
    /// Reads the whole file, so it runs only when asked (`timedeck doctor`),
    /// never on open.
    public func integrityProblems(limit: Int = 20) throws -> [String] {
        do {
            let lines = try writer.read { db in
                try String.fetchAll(db, sql: "PRAGMA integrity_check(\(max(1, limit)))")
            }
            return lines == ["ok"] ? [] : lines
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB {
            // Damage bad enough that the check itself cannot walk the file.
            return [error.message ?? "database disk image is malformed"]
        }
    }

    /// How many marks are stored: one row kept by triggers (migration
    /// `v3-marks-count`), so it costs the same for any number of marks.
    public func markCount() throws -> Int {
        try writer.read { db in try Int.fetchOne(db, sql: "SELECT count FROM sightingMarkCount WHERE id = 1") ?? 0 }
    }
}

extension AppDatabase {
    /// Keeps the sights of the marks about to be deleted (`markSight`'s
    /// cascade would drop them), so an undo (`restoreMarks`) puts each back
    /// with its mark.
    static func retireSights(_ db: Database, where condition: String, arguments: StatementArguments) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO retiredMarkSight (markId, body, hsDegrees) "
                           + "SELECT markId, body, hsDegrees FROM markSight WHERE \(condition)", arguments: arguments)
    }

    /// Puts a restored mark's kept sight back (if it had one).
    static func unretireSight(_ db: Database, markId: Int64) throws {
        try db.execute(sql: "INSERT OR IGNORE INTO markSight (markId, body, hsDegrees) "
                           + "SELECT markId, body, hsDegrees FROM retiredMarkSight WHERE markId = ?", arguments: [markId])
        try db.execute(sql: "DELETE FROM retiredMarkSight WHERE markId = ?", arguments: [markId])
    }
}
