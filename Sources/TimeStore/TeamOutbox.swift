import Foundation
import GRDB
import TimeKit

/// The team log's outbox: every change to a mark this station makes while a
/// team is configured (new mark, note, delete, undo) is queued here in the
/// same SQLite transaction as the change itself, then sent to the team log
/// at least once (`TeamLog.TeamSender`). The server keeps one row per
/// (station, mark key) and applies an entry only if its `seq` is newer than
/// the one it holds, so a retried or reordered send changes nothing.
enum TeamMigrations {
    static let all: [StoreMigration] = [
        StoreMigration("v1-team-outbox") { db in
            try db.create(table: "teamOutbox") { t in
                // AUTOINCREMENT: a sequence number is never reused, so it
                // orders every change this store ever queued.
                t.autoIncrementedPrimaryKey("seq")
                t.column("station", .text).notNull()
                t.column("uniqueKey", .text).notNull()
                t.column("operation", .text).notNull().check { ["put", "delete"].contains($0) }
                // The mark's local id (shown as `id` in the team views).
                t.column("markID", .integer)
                // `put`: the whole mark as a journal line (`MarkJournal.Entry`).
                t.column("payload", .text)
                t.column("enqueuedUnixNanoseconds", .integer).notNull()
            }
        },
        // Issue 20: a change the server refuses for good (row security, a
        // constraint) is parked with its reason instead of blocking the rest;
        // `parkedUnder` is the team configuration it was refused under, so a
        // changed configuration retries it.
        StoreMigration("v2-team-outbox-parked") { db in
            try db.alter(table: "teamOutbox") { t in
                t.add(column: "parkedReason", .text)
                t.add(column: "parkedUnder", .text)
                t.add(column: "parkedUnixNanoseconds", .integer)
            }
        },
    ]
}

/// One queued change for the team log.
public struct OutboxEntry: Equatable, Sendable {
    public enum Operation: String, Sendable { case put, delete }

    public var seq: Int64
    public var station: String
    public var uniqueKey: String
    public var operation: Operation
    /// The mark as it was when queued (with its local id); nil for a delete.
    public var mark: SightingMark?
    public var enqueuedUnixNanoseconds: Int64
    /// The mark's sight when queued (issue 28: the team log carries it too).
    public var sight: ExportedSight? = nil
}

/// The sight travels with each queued put (appended: shipped migrations
/// are never changed).
enum TeamSightMigrations {
    static let all: [StoreMigration] = [
        StoreMigration("v3-team-outbox-sight") { db in
            try db.alter(table: "teamOutbox") { t in
                t.add(column: "sightBody", .text)
                t.add(column: "sightHsDegrees", .double)
            }
        },
    ]
}

/// What `timedeck team status` reports about the local queue.
public struct OutboxSummary: Equatable, Sendable {
    public var count: Int
    public var oldestEnqueuedUnixNanoseconds: Int64?
}

extension AppDatabase {
    /// The station name changes are queued under, or nil when no team is
    /// configured (then nothing is queued). Set once by whoever opens the
    /// store (the composition root, each `marks` command).
    public var teamStation: String? {
        get { team.withLock { $0 } }
    }

    public func setTeamStation(_ station: String?) {
        team.withLock { $0 = station.flatMap { $0.isEmpty ? nil : $0 } }
    }

    /// Queues the current state of mark `id` (inside the caller's transaction).
    /// A mark stored before keys existed gets one now, so the server can
    /// tell it apart from every other.
    func enqueuePut(_ db: Database, id: Int64) throws {
        guard let station = teamStation, var mark = try SightingMark.fetchOne(db, key: id) else { return }
        if mark.uniqueKey == nil {
            mark.uniqueKey = UUID().uuidString
            try db.execute(sql: "UPDATE sightingMark SET uniqueKey = ? WHERE id = ?", arguments: [mark.uniqueKey, id])
        }
        guard let key = mark.uniqueKey else { return }
        let payload = String(decoding: try MarkJournal.line(for: mark).dropLast(), as: UTF8.self)
        let sight = try Row.fetchOne(db, sql: "SELECT body, hsDegrees FROM markSight WHERE markId = ?", arguments: [id])
        try db.execute(sql: """
            INSERT INTO teamOutbox (seq, station, uniqueKey, operation, markID, payload, enqueuedUnixNanoseconds,
                                    sightBody, sightHsDegrees)
            VALUES (?, ?, ?, 'put', ?, ?, ?, ?, ?)
            """, arguments: [try Self.nextSeq(db), station, key, id, payload, Self.nowNanoseconds(),
                             sight?["body"] as String?, sight?["hsDegrees"] as Double?])
    }

    /// Queues the deletion of `mark` (inside the caller's transaction).
    func enqueueDelete(_ db: Database, _ mark: SightingMark) throws {
        guard let station = teamStation, let key = mark.uniqueKey else { return }
        try db.execute(sql: """
            INSERT INTO teamOutbox (seq, station, uniqueKey, operation, markID, payload, enqueuedUnixNanoseconds)
            VALUES (?, ?, ?, 'delete', ?, NULL, ?)
            """, arguments: [try Self.nextSeq(db), station, key, mark.id, Self.nowNanoseconds()])
    }

    /// The next change's sequence number: after every one this store ever
    /// queued (AUTOINCREMENT's record, which deleted rows do not lower), and
    /// at least the clock in microseconds. The clock part keeps a station's
    /// changes newer than what the server holds when its store starts again
    /// from nothing — the file recreated, or a backup restored — where a
    /// counter alone would restart at 1 and the server would ignore its
    /// changes to marks it already has until the counter caught up.
    static func nextSeq(_ db: Database) throws -> Int64 {
        let last = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'teamOutbox'") ?? 0
        return max(last + 1, nowNanoseconds() / 1000)
    }

    /// The oldest `limit` queued changes, in the order they were made.
    public func pendingOutbox(limit: Int) throws -> [OutboxEntry] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM teamOutbox WHERE parkedReason IS NULL ORDER BY seq LIMIT ?", arguments: [limit]).compactMap { row in
                guard let operation = OutboxEntry.Operation(rawValue: row["operation"]) else { return nil }
                var mark: SightingMark?
                if operation == .put {
                    let payload: String = row["payload"] ?? ""
                    mark = MarkJournal.parse(Data((payload + "\n").utf8)).first
                    mark?.id = row["markID"]
                    if mark == nil { return nil }
                }
                var sight: ExportedSight?
                if let body: String = row["sightBody"], let hs: Double = row["sightHsDegrees"] {
                    sight = ExportedSight(bodyText: body, sextantAltitudeDegrees: hs)
                }
                return OutboxEntry(seq: row["seq"], station: row["station"], uniqueKey: row["uniqueKey"],
                                   operation: operation, mark: mark,
                                   enqueuedUnixNanoseconds: row["enqueuedUnixNanoseconds"], sight: sight)
            }
        }
    }

    /// Forgets changes the team log has confirmed (after its commit).
    public func removeFromOutbox(seqs: [Int64], busyTimeout: TimeInterval? = nil) throws {
        guard !seqs.isEmpty else { return }
        try write(busyTimeout: busyTimeout) { db in
            for chunk in stride(from: 0, to: seqs.count, by: 500) {
                let part = Array(seqs[chunk..<min(chunk + 500, seqs.count)])
                try db.execute(sql: "DELETE FROM teamOutbox WHERE seq IN (\(part.map { _ in "?" }.joined(separator: ",")))",
                               arguments: StatementArguments(part))
            }
        }
    }

    /// How many changes wait to be sent, and since when.
    public func outboxSummary() throws -> OutboxSummary {
        try writer.read { db in
            let row = try Row.fetchOne(db, sql: "SELECT COUNT(*) AS n, MIN(enqueuedUnixNanoseconds) AS oldest FROM teamOutbox WHERE parkedReason IS NULL")
            return OutboxSummary(count: row?["n"] ?? 0, oldestEnqueuedUnixNanoseconds: row?["oldest"])
        }
    }

    /// Queues every stored mark (marks made before the team was configured);
    /// returns how many. Sending one twice changes nothing on the server.
    @discardableResult
    public func enqueueAllMarksForTeam() throws -> Int {
        guard teamStation != nil else { return 0 }
        return try write(busyTimeout: nil) { db in
            let ids = try Int64.fetchAll(db, sql: "SELECT id FROM sightingMark ORDER BY unixNanoseconds, id")
            for id in ids { try enqueuePut(db, id: id) }
            return ids.count
        }
    }

    static func nowNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }
}
