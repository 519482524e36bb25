import Foundation
import GRDB
import Testing
import TimeKit
@testable import TimeStore

/// Sights attached to marks (`markSight`, migration v1-mark-sights).
@Suite struct MarkSightStoreTests {
    @Test func attachReadReplaceAndCascade() throws {
        let db = try AppDatabase.inMemory()
        let mark = try db.recordMark(SightingMark(unixNanoseconds: 1_711_003_447_412_000_000, uniqueKey: "a"))
        let id = try #require(mark.id)
        #expect(try db.sight(markId: id) == nil)
        let hs = 52 + 19.5 / 60
        #expect(try db.attachSight(MarkSight(markId: id, bodyText: "Vega", sextantAltitudeDegrees: hs)) != nil)
        let stored = try #require(try db.sight(markId: id))
        #expect(stored.sight.bodyText == "Vega")
        #expect(stored.sight.sextantAltitudeDegrees == hs)  // bit for bit: the fix from marks equals the typed one
        #expect(stored.mark.unixNanoseconds == mark.unixNanoseconds)
        // A second sight on the same mark replaces the first.
        _ = try db.attachSight(MarkSight(markId: id, bodyText: "Sun LL", sextantAltitudeDegrees: 30))
        #expect(try db.sight(markId: id)?.sight.bodyText == "Sun LL")
        // No such mark: nothing stored.
        #expect(try db.attachSight(MarkSight(markId: 999, bodyText: "Vega", sextantAltitudeDegrees: 30)) == nil)
        // Deleting the mark deletes its sight.
        _ = try db.deleteMark(id: id)
        let left = try db.writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM markSight") }
        #expect(left == 0)
    }

    /// Undo puts a deleted mark back with its sight: the sight typed for it
    /// (a sextant altitude) is not lost with the deletion.
    @Test func undoingADeleteOrAClearPutsTheSightBackToo() throws {
        let db = try AppDatabase.inMemory()
        let marks = try (0..<3).map { i in
            try db.recordMark(SightingMark(unixNanoseconds: Int64(1_711_003_447 + i) * 1_000_000_000, uniqueKey: "u\(i)"))
        }
        let ids = marks.compactMap(\.id)
        _ = try db.attachSight(MarkSight(markId: ids[0], bodyText: "Vega", sextantAltitudeDegrees: 41.5))
        _ = try db.attachSight(MarkSight(markId: ids[2], bodyText: "Sun LL", sextantAltitudeDegrees: 30.25))
        // One deleted and put back.
        let removed = try #require(try db.deleteMark(id: ids[0]))
        #expect(try db.sight(markId: ids[0]) == nil)
        try db.restoreMarks([removed])
        #expect(try db.sight(markId: ids[0])?.sight == MarkSight(markId: ids[0], bodyText: "Vega", sextantAltitudeDegrees: 41.5))
        // All cleared and put back.
        let cleared = try db.clearMarks()
        #expect(try db.markSights().isEmpty)
        try db.restoreMarks(cleared)
        #expect(try db.markSights().map(\.sight.bodyText).sorted() == ["Sun LL", "Vega"])
        #expect(try db.sight(markId: ids[1]) == nil, "a mark without a sight comes back without one")
        // A sight replaced after a restore is not overwritten by an old one
        // at the next undo of the same mark.
        _ = try db.attachSight(MarkSight(markId: ids[0], bodyText: "Deneb", sextantAltitudeDegrees: 20))
        let again = try #require(try db.deleteMark(id: ids[0]))
        try db.restoreMarks([again])
        #expect(try db.sight(markId: ids[0])?.sight.bodyText == "Deneb")
    }

    @Test func markSightsListsTheNewestMarksWithASight() throws {
        let db = try AppDatabase.inMemory()
        let ids = try (0..<4).map { i in
            try #require(try db.recordMark(SightingMark(unixNanoseconds: Int64(1_711_003_447 + i) * 1_000_000_000,
                                                        uniqueKey: "k\(i)")).id)
        }
        for (i, id) in ids.enumerated() where i != 1 {
            _ = try db.attachSight(MarkSight(markId: id, bodyText: "Vega", sextantAltitudeDegrees: 40 + Double(i)))
        }
        let listed = try db.markSights()
        #expect(listed.map(\.sight.markId) == [ids[3], ids[2], ids[0]])
        #expect(listed.first?.mark.id == ids[3] && listed.first?.sight.sextantAltitudeDegrees == 43)
        #expect(try db.markSights(limit: 1).map(\.sight.markId) == [ids[3]])
    }

    /// Appended after the marks' count; the weather's (issue 24) follows it.
    @Test func theMigrationFollowsTheMarksCount() {
        let ids = AppDatabase.migrations.map(\.identifier)
        #expect(ids.firstIndex(of: "v1-mark-sights") == ids.firstIndex(of: "v3-marks-count").map { $0 + 1 })
    }
}
