import Foundation
import GRDB

/// A queued change the team log refused for good, set aside with why.
public struct ParkedOutboxEntry: Equatable, Sendable {
    public var seq: Int64
    public var station: String
    public var uniqueKey: String
    public var operation: OutboxEntry.Operation
    public var reason: String
    public var parkedUnixNanoseconds: Int64
}

extension AppDatabase {
    /// Sets the change `seq` aside (it no longer blocks the queue) with the
    /// server's `reason`, under `configuration` (the team setup it was
    /// refused under).
    public func parkOutbox(seq: Int64, reason: String, under configuration: String,
                           busyTimeout: TimeInterval? = nil) throws {
        try write(busyTimeout: busyTimeout) { db in
            try db.execute(sql: """
                UPDATE teamOutbox SET parkedReason = ?, parkedUnder = ?, parkedUnixNanoseconds = ? WHERE seq = ?
                """, arguments: [reason, configuration, Self.nowNanoseconds(), seq])
        }
    }

    /// Puts back in the queue every change parked under another
    /// configuration than `configuration` (the user changed team.station
    /// or team.url: worth trying again). Returns how many.
    @discardableResult
    public func unparkOutbox(notParkedUnder configuration: String, busyTimeout: TimeInterval? = nil) throws -> Int {
        let parked = try writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM teamOutbox WHERE parkedReason IS NOT NULL AND parkedUnder IS NOT ?",
                             arguments: [configuration]) ?? 0
        }
        guard parked > 0 else { return 0 }
        return try write(busyTimeout: busyTimeout) { db in
            try db.execute(sql: """
                UPDATE teamOutbox SET parkedReason = NULL, parkedUnder = NULL, parkedUnixNanoseconds = NULL
                WHERE parkedReason IS NOT NULL AND parkedUnder IS NOT ?
                """, arguments: [configuration])
            return db.changesCount
        }
    }

    /// The parked changes, oldest first.
    public func parkedOutbox() throws -> [ParkedOutboxEntry] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM teamOutbox WHERE parkedReason IS NOT NULL ORDER BY seq").compactMap { row in
                guard let operation = OutboxEntry.Operation(rawValue: row["operation"]) else { return nil }
                return ParkedOutboxEntry(seq: row["seq"], station: row["station"], uniqueKey: row["uniqueKey"],
                                         operation: operation, reason: row["parkedReason"] ?? "",
                                         parkedUnixNanoseconds: row["parkedUnixNanoseconds"] ?? 0)
            }
        }
    }
}

extension AppDatabase {
    /// Whether this folder has ever had the mark with `key`: stored here, or
    /// a change for it still queued or parked (a local delete not yet sent).
    public func knowsTeamKey(_ key: String) throws -> Bool {
        try writer.read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM sightingMark WHERE uniqueKey = ?)
                    OR EXISTS (SELECT 1 FROM teamOutbox WHERE uniqueKey = ?)
                """, arguments: [key, key]) ?? false
        }
    }
}


extension AppDatabase {
    /// The keys of `keys` this folder has ever had (`knowsTeamKey` for
    /// many, 500 to a query).
    public func knownTeamKeys(_ keys: [String]) throws -> Set<String> {
        try writer.read { db in
            var known = Set<String>()
            for start in stride(from: 0, to: keys.count, by: 500) {
                let part = Array(keys[start..<min(start + 500, keys.count)])
                let marks = part.map { _ in "?" }.joined(separator: ",")
                let rows = try String.fetchAll(db, sql: """
                    SELECT uniqueKey FROM sightingMark WHERE uniqueKey IN (\(marks))
                    UNION SELECT uniqueKey FROM teamOutbox WHERE uniqueKey IN (\(marks))
                    """, arguments: StatementArguments(part + part))
                known.formUnion(rows)
            }
            return known
        }
    }

    /// Forgets the changes queued or parked under `station` (the copies
    /// `team withdraw` withdrew: sending them would only add rows every
    /// station hides); returns their keys.
    @discardableResult
    public func dropOutbox(station: String, busyTimeout: TimeInterval? = nil) throws -> [String] {
        try write(busyTimeout: busyTimeout) { db in
            let keys = try String.fetchAll(db, sql: "SELECT DISTINCT uniqueKey FROM teamOutbox WHERE station = ?", arguments: [station])
            try db.execute(sql: "DELETE FROM teamOutbox WHERE station = ?", arguments: [station])
            return keys
        }
    }
}
