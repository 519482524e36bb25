import Foundation
import GRDB
import Testing
@testable import TimeKit
@testable import TimeStore

/// Reminders in the store (migration `v2-calls-reminders`).
@Suite struct CallReminderStoreTests {
    let start = Date(timeIntervalSince1970: 1_795_303_800)
    func call(_ reminder: CallReminder) -> CallPlan {
        CallPlan(name: "Standup", participants: [CallParticipant(place: .zone("Europe/London"))], start: start,
                 durationMinutes: 30, createdAt: Date(timeIntervalSince1970: 1_000), reminder: reminder)
    }

    @Test func theReminderAndItsRecordRoundTrip() throws {
        let db = try AppDatabase.inMemory()
        for reminder in [CallReminder.followSetting, .off, .minutesBefore(90)] {
            let saved = try db.saveCall(call(reminder))
            #expect(try db.fetchCalls().first { $0.id == saved.id }?.reminder == reminder)
        }
    }

    @Test func aGivenReminderIsRememberedAndNotUndoneByAnOlderSave() throws {
        let db = try AppDatabase.inMemory()
        let saved = try db.saveCall(call(.minutesBefore(10)))
        let id = try #require(saved.id)
        try db.markCallReminded(id: id, start: start)
        #expect(try db.fetchCalls().first?.remindedStart == start)
        // A save from before the reminder (remindedStart nil) keeps the record.
        var renamed = saved
        renamed.name = "Daily"
        try db.saveCall(renamed)
        #expect(try db.fetchCalls().first?.remindedStart == start)
        #expect(try db.fetchCalls().first?.name == "Daily")
    }

    @Test func theMigrationComesAfterTheMarksOnes() {
        let ids = AppDatabase.migrations.map(\.identifier)
        let mine = try? #require(ids.firstIndex(of: "v2-calls-reminders"))
        // Registered after every migration that existed before it (a file
        // migrated by an older timedeck then gets it last).
        #expect(ids.firstIndex(of: "v2-marks-unique-key")! < mine!)
        #expect(ids.firstIndex(of: "v1-calls")! < mine!)
    }
}
