import Foundation
import GRDB
import TimeKit

/// A sight stored against a mark: the body as the almanac names it (with
/// ` LL`/` UL` for a limb) and Hs in degrees.
public struct MarkSight: Equatable, Sendable {
    public var markId: Int64
    public var bodyText: String
    public var sextantAltitudeDegrees: Double
    public init(markId: Int64, bodyText: String, sextantAltitudeDegrees: Double) {
        self.markId = markId
        self.bodyText = bodyText
        self.sextantAltitudeDegrees = sextantAltitudeDegrees
    }
}

extension AppDatabase {
    /// Attaches (or replaces) the sight of mark `markId`; nil when there is no such mark.
    public func attachSight(_ sight: MarkSight, busyTimeout: TimeInterval? = nil) throws -> SightingMark? {
        try write(busyTimeout: busyTimeout) { db in
            guard let mark = try SightingMark.fetchOne(db, key: sight.markId) else { return nil }
            try db.execute(sql: "INSERT OR REPLACE INTO markSight (markId, body, hsDegrees) VALUES (?, ?, ?)",
                           arguments: [sight.markId, sight.bodyText, sight.sextantAltitudeDegrees])
            // The team log carries the sight with its mark (issue 28).
            try enqueuePut(db, id: sight.markId)
            return mark
        }
    }

    /// The sight attached to mark `markId`, with the mark; nil when either is missing.
    public func sight(markId: Int64) throws -> (mark: SightingMark, sight: MarkSight)? {
        try writer.read { db in
            guard let mark = try SightingMark.fetchOne(db, key: markId),
                  let row = try Row.fetchOne(db, sql: "SELECT body, hsDegrees FROM markSight WHERE markId = ?",
                                             arguments: [markId])
            else { return nil }
            return (mark, MarkSight(markId: markId, bodyText: row["body"], sextantAltitudeDegrees: row["hsDegrees"]))
        }
    }

    /// The newest `limit` marks that have a sight, newest first, each with
    /// its sight (the dashboard's sights panel reads them at start).
    public func markSights(limit: Int = 100) throws -> [(mark: SightingMark, sight: MarkSight)] {
        try writer.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT markId, body, hsDegrees FROM markSight "
                                            + "ORDER BY markId DESC LIMIT ?", arguments: [max(0, limit)])
            return try rows.compactMap { row -> (mark: SightingMark, sight: MarkSight)? in
                let id: Int64 = row["markId"]
                guard let mark = try SightingMark.fetchOne(db, key: id) else { return nil }
                return (mark, MarkSight(markId: id, bodyText: row["body"], sextantAltitudeDegrees: row["hsDegrees"]))
            }
        }
    }
}

extension AppDatabase {
    /// As `forEachMark`, each mark with its sight (nil: none), from one
    /// cursor over the marks joined to their sights: the exports and
    /// `marks list --json` carry the sextant log (issue 28) in the same
    /// constant memory.
    public func forEachMarkWithSight(newestFirst: Bool, limit: Int? = nil,
                                     _ body: (SightingMark, MarkSight?) throws -> Void) throws {
        let order = newestFirst ? "unixNanoseconds DESC, id DESC" : "unixNanoseconds, id"
        let limitClause = limit.map { " LIMIT \(max(0, $0))" } ?? ""
        try writer.read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT \(SightingMark.streamColumns), markSight.body, markSight.hsDegrees "
                                               + "FROM sightingMark LEFT JOIN markSight ON markSight.markId = sightingMark.id "
                                               + "ORDER BY \(order)\(limitClause)")
            while let row = try rows.next() {
                let mark = SightingMark(streamRow: row)
                var sight: MarkSight?
                if let id = mark.id, let bodyText = row[16] as String?, let hs = row[17] as Double? {
                    sight = MarkSight(markId: id, bodyText: bodyText, sextantAltitudeDegrees: hs)
                }
                try body(mark, sight)
            }
        }
    }

    /// Removes the sight of mark `markId` (the mark stays); the sight that
    /// was there, so the caller can say what to type to put it back; nil
    /// when the mark had none.
    public func removeSight(markId: Int64, busyTimeout: TimeInterval? = nil) throws -> MarkSight? {
        try write(busyTimeout: busyTimeout) { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT body, hsDegrees FROM markSight WHERE markId = ?",
                                             arguments: [markId])
            else { return nil }
            try db.execute(sql: "DELETE FROM markSight WHERE markId = ?", arguments: [markId])
            // The team log drops the sight with the mark's next put.
            try enqueuePut(db, id: markId)
            return MarkSight(markId: markId, bodyText: row["body"], sextantAltitudeDegrees: row["hsDegrees"])
        }
    }
}
