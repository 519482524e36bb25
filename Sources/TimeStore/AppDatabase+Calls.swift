import Foundation
import GRDB
import TimeKit

/// Calls of the call planner: one `callPlan` row per call and its places in
/// `callPlace`, in order (position 0 is the source). A place is stored in
/// full (name, zone, coordinates), not only by GeoNames id, so a saved call
/// reads the same after the place database is regenerated.
enum CallsMigrations {
    static let all: [StoreMigration] = [
        StoreMigration("v1-calls") { db in
            try db.create(table: "callPlan") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("startUnixSeconds", .integer).notNull()
                t.column("durationMinutes", .integer).check { $0 == nil || ($0 >= 1 && $0 <= 1440) }
                t.column("createdUnixSeconds", .integer).notNull().indexed()
            }
            try db.create(table: "callPlace") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("callPlan", onDelete: .cascade).notNull()
                t.column("position", .integer).notNull()
                t.column("geonameId", .integer).notNull()
                t.column("name", .text).notNull()
                t.column("asciiName", .text).notNull()
                t.column("countryCode", .text).notNull()
                t.column("countryName", .text).notNull()
                t.column("admin1Code", .text).notNull()
                t.column("latitude", .double).notNull()
                t.column("longitude", .double).notNull()
                t.column("population", .integer).notNull()
                t.column("zone", .text).notNull()
                t.column("people", .text).notNull().defaults(to: "")
                t.uniqueKey(["callPlanId", "position"])
            }
        },
        StoreMigration("v2-calls-reminders") { db in
            // `reminder`: NULL follows the config's `calls.remind`; else
            // "off" or minutes ("10m"). `remindedStartUnixSeconds`: the start
            // the reminder was given for, so it fires once per start, also
            // across restarts (moving the call re-arms it).
            try db.alter(table: "callPlan") { t in
                t.add(column: "reminder", .text)
                t.add(column: "remindedStartUnixSeconds", .integer)
            }
        },
    ]
}

extension AppDatabase {
    /// Inserts a new call (its `id` nil) or replaces a saved one, places and
    /// all, in one transaction; returns the call with its id.
    @discardableResult
    public func saveCall(_ call: CallPlan) throws -> CallPlan {
        try writer.write { db in
            var saved = call
            let start = Int64(call.start.timeIntervalSince1970.rounded())
            let created = Int64(call.createdAt.timeIntervalSince1970.rounded())
            let reminded = call.remindedStart.map { Int64($0.timeIntervalSince1970.rounded()) }
            if let id = call.id, try Bool.fetchOne(db, sql: "SELECT 1 FROM callPlan WHERE id = ?", arguments: [id]) == true {
                // The reminder's record is not overwritten by a save that
                // came from before it fired (another process may have fired
                // it); a new start re-arms it.
                try db.execute(sql: """
                    UPDATE callPlan SET name = ?, startUnixSeconds = ?, durationMinutes = ?, reminder = ?,
                        remindedStartUnixSeconds = CASE WHEN ? IS NOT NULL THEN ? ELSE remindedStartUnixSeconds END
                    WHERE id = ?
                    """,
                    arguments: [call.name, start, call.durationMinutes, call.reminder.storedText, reminded, reminded, id])
                try db.execute(sql: "DELETE FROM callPlace WHERE callPlanId = ?", arguments: [id])
            } else {
                try db.execute(sql: "INSERT INTO callPlan (id, name, startUnixSeconds, durationMinutes, createdUnixSeconds, "
                                 + "reminder, remindedStartUnixSeconds) VALUES (?, ?, ?, ?, ?, ?, ?)",
                               arguments: [call.id, call.name, start, call.durationMinutes, created,
                                           call.reminder.storedText, reminded])
                saved.id = db.lastInsertedRowID
            }
            for (position, p) in call.participants.enumerated() {
                let place = p.place
                try db.execute(sql: """
                    INSERT INTO callPlace (callPlanId, position, geonameId, name, asciiName, countryCode, countryName,
                        admin1Code, latitude, longitude, population, zone, people)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    arguments: [saved.id, position, place.geonameID, place.name, place.asciiName, place.countryCode,
                                place.countryName, place.admin1Code, place.latitudeDegrees, place.longitudeDegrees,
                                place.population, place.zoneIdentifier, p.people])
            }
            return saved
        }
    }

    /// Deletes a call and its places.
    public func deleteCall(id: Int64) throws {
        try writer.write { db in
            try db.execute(sql: "DELETE FROM callPlan WHERE id = ?", arguments: [id])
        }
    }

    /// Records that the reminder of call `id` was given for the start
    /// `start`, so it is not given again (here or in a restarted dashboard).
    public func markCallReminded(id: Int64, start: Date) throws {
        try writer.write { db in
            try db.execute(sql: "UPDATE callPlan SET remindedStartUnixSeconds = ? WHERE id = ?",
                           arguments: [Int64(start.timeIntervalSince1970.rounded()), id])
        }
    }

    /// Every call, newest first, in one query (calls joined with their
    /// places, grouped as the rows arrive): start-up costs one statement
    /// whatever the number of calls.
    public func fetchCalls() throws -> [CallPlan] {
        try writer.read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT p.id, p.name, p.startUnixSeconds, p.durationMinutes, p.createdUnixSeconds, p.reminder,
                       p.remindedStartUnixSeconds,
                       c.geonameId, c.name, c.asciiName, c.countryCode, c.countryName, c.admin1Code,
                       c.latitude, c.longitude, c.population, c.zone, c.people
                FROM callPlan p LEFT JOIN callPlace c ON c.callPlanId = p.id
                ORDER BY p.createdUnixSeconds DESC, p.id DESC, c.position
                """)
            var calls: [CallPlan] = []
            while let row = try rows.next() {
                let id: Int64 = row[0]
                if calls.last?.id != id {
                    calls.append(CallPlan(
                        id: id, name: row[1], participants: [],
                        start: Date(timeIntervalSince1970: TimeInterval(row[2] as Int64)),
                        durationMinutes: row[3],
                        createdAt: Date(timeIntervalSince1970: TimeInterval(row[4] as Int64)),
                        reminder: CallReminder(storedText: row[5]),
                        remindedStart: (row[6] as Int64?).map { Date(timeIntervalSince1970: TimeInterval($0)) }))
                }
                // A call without places (never written so, but possible in a
                // hand-edited file) has NULLs here.
                guard let geonameID = row[7] as Int?, !calls.isEmpty else { continue }
                calls[calls.count - 1].participants.append(CallParticipant(place: Place(
                    geonameID: geonameID, name: row[8], asciiName: row[9], countryCode: row[10],
                    countryName: row[11], admin1Code: row[12], latitudeDegrees: row[13], longitudeDegrees: row[14],
                    population: row[15], zoneIdentifier: row[16]), people: row[17]))
            }
            return calls
        }
    }
}
