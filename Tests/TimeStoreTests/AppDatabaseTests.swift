import Foundation
import GRDB
import Testing
import TimeKit
@testable import TimeStore

@Suite("AppDatabase: marks and settings (in memory)")
struct AppDatabaseTests {
    static let brisbane = try! GeoPosition(latitudeDegrees: -27.467, longitudeDegrees: 153.380_667)

    func sample(_ ns: Int64, note: String = "") -> SightingMark {
        SightingMark(unixNanoseconds: ns, correctionNanoseconds: -300_000_000, note: note,
                     position: MarkPosition(source: .gpsd, coordinate: Self.brisbane, fixUnixNanoseconds: ns - 7,
                                            fixMode: 3, fixAgeMilliseconds: 250),
                     clock: ClockStatus(kernel: .init(synchronized: true, estimatedErrorMicroseconds: 2000, maximumErrorMicroseconds: 40_000),
                                        gpsOffset: .init(nanoseconds: -300_000, method: .toff)))
    }

    @Test("A recorded mark reads back exactly, to the nanosecond")
    func roundTrip() throws {
        let db = try AppDatabase.inMemory()
        let saved = try db.recordMark(sample(1_795_305_600_123_456_789, note: "Sun LL \u{1B}[31m"))
        #expect(saved.id == 1)
        let back = try #require(try db.mark(id: 1))
        #expect(back == saved)
        #expect(back.unixNanoseconds == 1_795_305_600_123_456_789)
        #expect(back.note == "Sun LL \u{1B}[31m")  // stored as typed
        #expect(back.clock.summary == "clock synced ±2.0 ms (kernel), GPS \u{2212}0.3 ms (TOFF)")
    }

    @Test("Latest marks come newest first; marks with the same instant stay distinct")
    func ordering() throws {
        let db = try AppDatabase.inMemory()
        for ns in [3, 1, 2, 2] as [Int64] { try db.recordMark(sample(ns)) }
        let latest = try db.latestMarks(limit: 3)
        #expect(latest.map(\.unixNanoseconds) == [3, 2, 2])
        #expect(latest.map(\.id) == [1, 4, 3])
        #expect(try db.marks(newestFirstOffset: 3, limit: 10).map(\.id) == [2])
        #expect(try db.allMarks().map(\.unixNanoseconds) == [1, 2, 2, 3])
        #expect(try db.markCount() == 4)
    }

    @Test("Delete then restore puts the mark back under its id")
    func deleteUndo() throws {
        let db = try AppDatabase.inMemory()
        try db.recordMark(sample(10))
        let second = try db.recordMark(sample(20, note: "keep me"))
        let removed = try #require(try db.deleteMark(id: 2))
        #expect(removed == second)
        #expect(try db.markCount() == 1)
        #expect(try db.deleteMark(id: 2) == nil)
        try db.restoreMark(removed)
        #expect(try db.mark(id: 2) == second)
        try db.restoreMark(removed)  // twice: no duplicate
        #expect(try db.markCount() == 2)
        // a new mark never reuses a deleted id (AUTOINCREMENT)
        try db.deleteMark(id: 2)
        #expect(try db.recordMark(sample(30)).id == 3)
    }

    @Test("Clear returns everything, restore brings it all back")
    func clearUndo() throws {
        let db = try AppDatabase.inMemory()
        for ns in 1...5 as ClosedRange<Int64> { try db.recordMark(sample(ns, note: "n\(ns)")) }
        let before = try db.allMarks()
        let removed = try db.clearMarks()
        #expect(removed == before)
        #expect(try db.markCount() == 0)
        try db.restoreMarks(removed)
        #expect(try db.allMarks() == before)
    }

    @Test("Clear up to an instant leaves the marks made after it (issue 21)")
    func clearUpTo() throws {
        let db = try AppDatabase.inMemory()
        for ns in 1...6 as ClosedRange<Int64> { try db.recordMark(sample(ns)) }
        let removed = try db.clearMarks(upToUnixNanoseconds: 5)
        #expect(removed.map(\.unixNanoseconds) == [1, 2, 3, 4, 5])
        #expect(try db.allMarks().map(\.unixNanoseconds) == [6])
    }

    @Test("Notes: edit returns the old mark; over-long notes are refused")
    func notes() throws {
        let db = try AppDatabase.inMemory()
        try db.recordMark(sample(1, note: "old"))
        let before = try db.updateNote(id: 1, note: "Moon UL")
        #expect(before.note == "old")
        #expect(try db.mark(id: 1)?.note == "Moon UL")
        #expect(throws: MarkNote.TooLong.self) { try db.updateNote(id: 1, note: String(repeating: "x", count: 201)) }
        #expect(throws: MarkNote.TooLong.self) { try db.recordMark(sample(2, note: String(repeating: "x", count: 201))) }
        #expect(throws: StoreError.noSuchMark(id: 99)) { try db.updateNote(id: 99, note: "x") }
        #expect(try db.mark(id: 1)?.note == "Moon UL")
    }

    @Test("Settings: read, overwrite, delete")
    func settings() throws {
        let db = try AppDatabase.inMemory()
        #expect(try db.readSetting("mars.longitude") == nil)
        try db.writeSetting("mars.longitude", "137.4")
        try db.writeSetting("mars.longitude", "-5.0")
        try db.writeSetting("calls.active", "3")
        #expect(try db.readSetting("mars.longitude") == "-5.0")
        #expect(try db.allSettings() == ["mars.longitude": "-5.0", "calls.active": "3"])
        try db.writeSetting("calls.active", nil)
        #expect(try db.readSetting("calls.active") == nil)
    }

    @Test("Migrations have unique identifiers, start with the core, and are all applied")
    func migrations() throws {
        let ids = AppDatabase.migrations.map(\.identifier)
        #expect(Set(ids).count == ids.count)
        #expect(ids.first == "v1-core-settings")
        let db = try AppDatabase.inMemory()
        let applied = try db.writer.read { try AppDatabase.migrator().appliedIdentifiers($0) }
        #expect(applied == Set(ids))
        let appID = try db.writer.read { try Int32.fetchOne($0, sql: "PRAGMA application_id") }
        #expect(appID == AppDatabase.applicationID)
    }
}
