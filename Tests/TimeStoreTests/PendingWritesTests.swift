import Foundation
import GRDB
import Testing
import TimeKit
@testable import TimeStore

/// Issue 20, item 7: a call moved while another process held the store was
/// lost (3 of 3: "Not saved: SQLite error 5", never retried). Store writes
/// other than marks now wait in a durable queue beside the database, like
/// marks in their journal, and are saved when the database is free.
@Suite("Pending store writes (calls, Mars choices, settings)", .serialized)
final class PendingWritesTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("timedeck-pending-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var databasePath: String { folder.appendingPathComponent("timedeck.sqlite").path }

    func call(_ name: String, hour: Int) -> CallPlan {
        let london = Place(geonameID: 2_643_743, name: "London", asciiName: "London", countryCode: "GB",
                           countryName: "United Kingdom", admin1Code: "ENG", latitudeDegrees: 51.508,
                           longitudeDegrees: -0.126, population: 8_961_989, zoneIdentifier: "Europe/London")
        return CallPlan(name: name, participants: [CallParticipant(place: london)],
                        start: Date(timeIntervalSince1970: 1_795_000_000 + Double(hour) * 3600), durationMinutes: 30,
                        createdAt: Date(timeIntervalSince1970: 1_794_000_000))
    }

    @Test("While another connection holds the write lock, a call change waits durably; once free it is saved, in order")
    func callChangeWaitsAndIsSaved() throws {
        let store = StoreHandle(url: URL(fileURLWithPath: databasePath))
        let db = try store.forWriting()
        let saved = try db.saveCall(call("standup", hour: 9))
        let id = try #require(saved.id)
        var moved = saved
        moved.start = saved.start.addingTimeInterval(3600)
        // Another process's lock (a second connection, BEGIN EXCLUSIVE).
        var unsafe = Configuration()
        unsafe.allowsUnsafeTransactions = true  // the transaction spans accesses, as another process's would
        let other = try DatabaseQueue(path: databasePath, configuration: unsafe)
        try other.writeWithoutTransaction { try $0.execute(sql: "BEGIN EXCLUSIVE") }
        let pending = PendingWrites(databasePath: databasePath)
        let outcome = try pending.perform(.saveCall(moved), on: store, busyTimeout: 0.2)
        #expect(outcome == .waiting)
        #expect(try pending.pending() == [.saveCall(moved)])
        // Still locked: nothing saved, nothing lost.
        #expect(try pending.replay(on: store, busyTimeout: 0.2) == nil)
        #expect(try pending.pending().count == 1)
        try other.writeWithoutTransaction { try $0.execute(sql: "COMMIT") }
        let replayed = try #require(try pending.replay(on: store, busyTimeout: 0.2))
        #expect(replayed.written == 1 && replayed.savedCalls.map(\.start) == [moved.start])
        #expect(try pending.pending().isEmpty)
        #expect(try db.fetchCalls().first { $0.id == id }?.start == moved.start)
    }

    @Test("Waiting writes survive the process: a new queue on the same file replays them")
    func survivesARestart() throws {
        let pending = PendingWrites(databasePath: databasePath)
        try pending.append(.setting(key: "calls.active", value: "7"))
        try pending.append(.marsSettings(MarsSettings(longitudeEast: 77.45, siteID: "perseverance", advanced: false)))
        let again = PendingWrites(databasePath: databasePath)
        #expect(try again.pending() == [.setting(key: "calls.active", value: "7"), .marsSettings(MarsSettings(longitudeEast: 77.45, siteID: "perseverance", advanced: false))])
        let store = StoreHandle(url: URL(fileURLWithPath: databasePath))
        let replayed = try #require(try again.replay(on: store, busyTimeout: 0.2))
        #expect(replayed.written == 2)
        #expect(try store.forWriting().readSetting("calls.active") == "7")
    }
}
