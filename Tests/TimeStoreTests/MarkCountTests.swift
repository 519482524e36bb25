import Foundation
import GRDB
import Testing
import TimeKit
@testable import TimeStore

/// The marks' count is a row kept by triggers (it used to be `COUNT(*)`,
/// which walks an index of every mark): it must agree with the table after
/// every kind of change, and be right for a store made before it existed.
@Suite("Mark count kept by triggers")
struct MarkCountTests {
    static func count(_ db: AppDatabase) throws -> Int {
        try db.writer.read { try SightingMark.fetchCount($0) }
    }

    @Test("Records, journal imports, deletes, clears and restores keep the count equal to COUNT(*)")
    func agreesAfterEveryChange() throws {
        let db = try AppDatabase.inMemory()
        #expect(try db.markCount() == 0)
        var ids: [Int64] = []
        for i in 0..<20 { ids.append(try #require(try db.recordMark(SightingMark(unixNanoseconds: Int64(i), uniqueKey: "k\(i)")).id)) }
        #expect(try db.markCount() == 20)
        // A mark stored twice (same key) is stored once.
        try db.recordMark(SightingMark(unixNanoseconds: 3, uniqueKey: "k3"))
        #expect(try db.markCount() == 20)
        let removed = try #require(try db.deleteMark(id: ids[4]))
        #expect(try db.markCount() == 19)
        try db.restoreMark(removed)
        #expect(try db.markCount() == 20)
        try db.recordJournal([.mark(SightingMark(unixNanoseconds: 99, uniqueKey: "j")), .delete(key: "k7")])
        #expect(try db.markCount() == 20)
        let all = try db.clearMarks()
        #expect(try db.markCount() == 0)
        try db.restoreMarks(all)
        #expect(try db.markCount() == 20)
        #expect(try db.markCount() == (try Self.count(db)))
    }

    @Test("A store that held marks before the counter existed counts them when it is opened")
    func upgradeCountsExistingMarks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timedeck-count-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("timedeck.sqlite").path
        // A store as the previous release left it: every migration but the counter.
        do {
            let queue = try DatabaseQueue(path: path)
            var migrator = DatabaseMigrator()
            for step in AppDatabase.migrations where step.identifier != "v3-marks-count" {
                migrator.registerMigration(step.identifier, migrate: step.migrate)
            }
            try migrator.migrate(queue)
            try queue.write { db in
                for i in 0..<37 { try db.execute(sql: "INSERT INTO sightingMark (unixNanoseconds) VALUES (?)", arguments: [i]) }
            }
            try queue.close()
        }
        let db = try AppDatabase.openNew(path: path)
        #expect(try db.markCount() == 37)
        try db.recordMark(SightingMark(unixNanoseconds: 1000))
        #expect(try db.markCount() == 38)
    }
}
