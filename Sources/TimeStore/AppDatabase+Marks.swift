import GRDB
import TimeKit

/// Writes and reads of sighting marks, named by what they mean.
extension AppDatabase {
    /// Stores a new mark and returns it with its id. When this returns, the
    /// commit is on disk (WAL, synchronous=FULL): only then may the screen
    /// acknowledge the mark.
    @discardableResult
    public func recordMark(_ mark: SightingMark) throws -> SightingMark {
        var mark = mark
        mark.id = nil
        _ = try MarkNote.validated(mark.note)
        try writer.write { db in try mark.insert(db) }
        return mark
    }

    /// Replaces the note of mark `id`; returns the mark as it was before, for
    /// undo. Throws `MarkNote.TooLong` or `StoreError.noSuchMark`.
    @discardableResult
    public func updateNote(id: Int64, note: String) throws -> SightingMark {
        _ = try MarkNote.validated(note)
        return try writer.write { db in
            guard let before = try SightingMark.fetchOne(db, key: id) else { throw StoreError.noSuchMark(id: id) }
            try db.execute(sql: "UPDATE sightingMark SET note = ? WHERE id = ?", arguments: [note, id])
            return before
        }
    }

    /// Deletes mark `id` and returns it (to `restoreMark` on undo), or nil if
    /// there was no such mark.
    @discardableResult
    public func deleteMark(id: Int64) throws -> SightingMark? {
        try writer.write { db in
            guard let mark = try SightingMark.fetchOne(db, key: id) else { return nil }
            try SightingMark.deleteOne(db, key: id)
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
    public func restoreMarks(_ marks: [SightingMark]) throws {
        try writer.write { db in
            for mark in marks {
                if let id = mark.id, try SightingMark.exists(db, key: id) { continue }
                var copy = mark
                try copy.insert(db)
            }
        }
    }

    /// Deletes every mark and returns them, oldest first, so the caller can
    /// offer an undo (`restoreMarks`).
    @discardableResult
    public func clearMarks() throws -> [SightingMark] {
        try writer.write { db in
            let all = try SightingMark.order(SightingMark.MarkColumns.unixNanoseconds, SightingMark.MarkColumns.id).fetchAll(db)
            try SightingMark.deleteAll(db)
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

    /// How many marks are stored.
    public func markCount() throws -> Int {
        try writer.read { db in try SightingMark.fetchCount(db) }
    }
}
