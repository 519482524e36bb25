import Foundation
import GRDB
import TimeKit

/// What `importMarks` did.
public struct MarkImportResult: Equatable, Sendable {
    /// Marks stored, with their sights.
    public var stored: Int
    /// Sights stored (on new marks, or on a mark already here that had none).
    public var sights: Int
    /// Marks already here (same key): left as they are.
    public var alreadyHere: Int
}

extension AppDatabase {
    /// Stores imported marks and their sights in one transaction, oldest
    /// first as given: a mark whose key is already stored is left as it is
    /// (importing a file twice stores nothing twice), except that its
    /// sight is added when it has none. Every change is queued for the team
    /// log as any new mark is. All or nothing.
    public func importMarks(_ rows: [MarkImport.Row], busyTimeout: TimeInterval? = nil) throws -> MarkImportResult {
        for row in rows { _ = try MarkNote.validated(row.mark.note) }
        return try write(busyTimeout: busyTimeout) { db in
            var result = MarkImportResult(stored: 0, sights: 0, alreadyHere: 0)
            for row in rows {
                // One prepared statement for every key (the query interface
                // compiled a new one per mark: 40% of an import's time).
                let id: Int64
                if let key = row.mark.uniqueKey,
                   let existing = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM sightingMark WHERE uniqueKey = ?"),
                                                     arguments: [key]) {
                    id = existing
                    result.alreadyHere += 1
                } else {
                    var copy = row.mark
                    copy.id = nil
                    try copy.insert(db)
                    guard let new = copy.id else { continue }
                    try enqueuePut(db, id: new)
                    id = new
                    result.stored += 1
                }
                guard let sight = row.sight else { continue }
                try db.execute(sql: "INSERT OR IGNORE INTO markSight (markId, body, hsDegrees) VALUES (?, ?, ?)",
                               arguments: [id, sight.bodyText, sight.sextantAltitudeDegrees])
                guard db.changesCount > 0 else { continue }
                result.sights += 1
                // Queued again, now with its sight, for the team log.
                try enqueuePut(db, id: id)
            }
            return result
        }
    }
}
