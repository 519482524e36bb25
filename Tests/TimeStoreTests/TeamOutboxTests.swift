import Foundation
import Testing
import TimeKit
@testable import TimeStore

@Suite("Team outbox in the local store")
struct TeamOutboxTests {
    func mark(_ s: Int64, _ key: String?) -> SightingMark {
        SightingMark(unixNanoseconds: 1_795_000_000_000_000_000 + s * 1_000_000_000, uniqueKey: key)
    }

    @Test("Each change is queued with the write; a mark stored twice is queued once")
    func queued() throws {
        let db = try AppDatabase.inMemory()
        db.setTeamStation("north")
        let a = try db.recordMark(mark(1, "a"))
        try db.recordMark(mark(1, "a"))
        try db.updateNote(id: try #require(a.id), note: "n")
        let removed = try db.clearMarks()
        try db.restoreMarks(removed)
        let ops = try db.pendingOutbox(limit: 10)
        #expect(ops.map(\.operation) == [.put, .put, .delete, .put])
        #expect(ops.map(\.uniqueKey) == ["a", "a", "a", "a"])
        #expect(ops[1].mark?.note == "n" && ops[1].mark?.id == a.id)
        #expect(ops.allSatisfy { $0.station == "north" })
        try db.removeFromOutbox(seqs: ops.prefix(2).map(\.seq))
        #expect(try db.outboxSummary().count == 2)
    }

    @Test("A journal imported twice queues each mark once; a mark without a key gets one")
    func journalAndKeyless() throws {
        let db = try AppDatabase.inMemory()
        db.setTeamStation("south")
        try db.recordMarks([mark(1, "j1"), mark(2, "j2")])
        try db.recordMarks([mark(1, "j1"), mark(2, "j2")])
        #expect(try db.outboxSummary().count == 2)
        let keyless = try db.recordMark(mark(3, nil))
        let entry = try #require(try db.pendingOutbox(limit: 10).last)
        #expect(!entry.uniqueKey.isEmpty && entry.mark?.id == keyless.id)
        #expect(try db.mark(id: try #require(keyless.id))?.uniqueKey == entry.uniqueKey)
    }

    @Test("Without a team nothing is queued")
    func noTeam() throws {
        let db = try AppDatabase.inMemory()
        let a = try db.recordMark(mark(1, "a"))
        try db.deleteMark(id: try #require(a.id))
        #expect(try db.outboxSummary() == OutboxSummary(count: 0, oldestEnqueuedUnixNanoseconds: nil))
    }
}
