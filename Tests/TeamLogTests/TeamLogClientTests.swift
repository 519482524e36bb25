import Foundation
import Testing
import TeamLog
import TestSupport
import TimeKit
import TimeStore

/// The team log against a real PostgreSQL server: each test gets its own
/// database. These fail (never skip) without a server, saying how to start it.
@Suite("Team log on PostgreSQL")
struct TeamLogClientTests {
    static func mark(_ seconds: Int64, key: String, note: String = "") -> SightingMark {
        SightingMark(unixNanoseconds: 1_795_000_000_000_000_000 + seconds * 1_000_000_000, note: note,
                     position: .none, clock: .unknown, uniqueKey: key)
    }

    static func store(station: String) throws -> AppDatabase {
        let db = try AppDatabase.inMemory()
        db.setTeamStation(station)
        return db
    }

    @Test("A new mark, its note and its deletion reach the team log once each, in order")
    func sendsChanges() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let store = try Self.store(station: "north")
        let client = try TeamLogClient(url: server.url)
        let a = try store.recordMark(Self.mark(1, key: "a"))
        try store.recordMark(Self.mark(2, key: "b"))
        try store.updateNote(id: try #require(a.id), note: "first contact")
        #expect(try store.outboxSummary().count == 3)
        #expect(try TeamSender.sendAll(from: store, to: client) == 3)
        #expect(try store.outboxSummary().count == 0)
        var marks = try client.allMarks()
        #expect(marks.map(\.station) == ["north", "north"])
        #expect(marks.map(\.mark.note) == ["first contact", ""])
        #expect(marks.first?.mark.id == a.id)
        try store.deleteMark(id: try #require(a.id))
        try TeamSender.sendAll(from: store, to: client)
        marks = try client.allMarks()
        #expect(marks.map(\.mark.uniqueKey) == ["b"])
    }

    @Test("Sending the same changes twice, or an older one after a newer, changes nothing")
    func idempotentAndOrdered() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let store = try Self.store(station: "south")
        let client = try TeamLogClient(url: server.url)
        let a = try store.recordMark(Self.mark(1, key: "a"))
        try store.deleteMark(id: try #require(a.id))
        let entries = try store.pendingOutbox(limit: 10)
        #expect(entries.map(\.operation) == [.put, .delete])
        try client.send(entries)
        try client.send(entries)
        // A slow second sender delivering only the older put afterwards:
        try client.send([entries[0]])
        #expect(try client.allMarks().isEmpty)
        let rows = try client.connection.execute("SELECT count(*) FROM timedeck_mark")
        #expect(rows.values.first?.first == "1")
    }

    @Test("One batch holding several changes of the same marks, hostile notes, and deletes lands as the changes made one by one")
    func batchOfManyChanges() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let store = try Self.store(station: "east")
        let client = try TeamLogClient(url: server.url)
        let notes = ["plain", "quote \" and backslash \\", "{braces},commas", "NULL", "", "日本語 \u{202E}bidi",
                     "tab\tnew\nline", "\u{1B}[31m"]
        var ids: [Int64] = []
        for i in 0..<300 {
            let mark = try store.recordMark(Self.mark(Int64(i), key: "k\(i)", note: notes[i % notes.count]))
            ids.append(try #require(mark.id))
        }
        // Notes changed (twice for some), some deleted, one deleted and restored.
        for i in stride(from: 0, to: 300, by: 7) { try store.updateNote(id: ids[i], note: "edited \(i)") }
        for i in stride(from: 0, to: 300, by: 14) { try store.updateNote(id: ids[i], note: "edited again \(i)") }
        var deleted = Set<Int>()
        for i in stride(from: 3, to: 300, by: 11) { try store.deleteMark(id: ids[i]); deleted.insert(i) }
        let back = try #require(try store.deleteMark(id: ids[5]))
        try store.restoreMark(back)
        #expect(try TeamSender.sendAll(from: store, to: client) > 300)
        let server_ = try client.allMarks()
        let local = try store.allMarks()
        #expect(server_.map(\.mark.uniqueKey) == local.map(\.uniqueKey))
        #expect(server_.map(\.mark.note) == local.map(\.note))
        #expect(server_.count == 300 - deleted.count)
        // Deleted rows stay as tombstones; sending the same again changes nothing.
        let rows = try client.connection.execute("SELECT count(*) FROM timedeck_mark WHERE deleted")
        #expect(rows.values.first?.first == String(deleted.count))
    }

    @Test("A station whose store starts again (recreated, or a backup restored) still changes its marks there")
    func aRecreatedStoreStaysAheadOfTheServer() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let client = try TeamLogClient(url: server.url)
        let first = try Self.store(station: "east")
        let a = try first.recordMark(Self.mark(1, key: "a"))
        for n in 1...3 { try first.updateNote(id: try #require(a.id), note: "note \(n)") }
        try TeamSender.sendAll(from: first, to: client)
        #expect(try client.allMarks().map(\.mark.note) == ["note 3"])
        // The same mark in a store that starts from nothing, as after a
        // restore from a backup taken before the notes: one change only.
        let second = try Self.store(station: "east")
        let b = try second.recordMark(Self.mark(1, key: "a", note: "note 1"))
        try second.updateNote(id: try #require(b.id), note: "after the restore")
        try TeamSender.sendAll(from: second, to: client)
        #expect(try client.allMarks().map(\.mark.note) == ["after the restore"])
        // Within one store the numbers only grow, also faster than the clock.
        let seqs = try (1...50).map { n -> Int64 in
            try second.updateNote(id: try #require(b.id), note: "n\(n)")
            return try #require(second.pendingOutbox(limit: 100).last?.seq)
        }
        #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("Two stations share one log; each sees the other's marks with the station named")
    func twoStations() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let north = try Self.store(station: "north"), south = try Self.store(station: "south")
        let client = try TeamLogClient(url: server.url)
        try north.recordMark(Self.mark(1, key: "same-key"))
        try south.recordMark(Self.mark(2, key: "same-key"))
        try TeamSender.sendAll(from: north, to: client)
        try TeamSender.sendAll(from: south, to: client)
        #expect(try client.allMarks().map(\.station) == ["north", "south"])
        #expect(try client.recentMarks(otherThan: "north", limit: 10).map(\.station) == ["south"])
    }

    @Test("Nothing is queued without a team, and marks made before can be queued later")
    func noTeamNoQueue() throws {
        let store = try AppDatabase.inMemory()
        try store.recordMark(Self.mark(1, key: "a"))
        #expect(try store.outboxSummary().count == 0)
        store.setTeamStation("east")
        #expect(try store.enqueueAllMarksForTeam() == 1)
        #expect(try store.pendingOutbox(limit: 5).map(\.uniqueKey) == ["a"])
    }

    @Test("The schema is created once and a newer one is refused")
    func schemaVersions() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let first = try TeamLogClient(url: server.url)
        _ = try TeamLogClient(url: server.url)
        #expect(try first.schemaVersion() == 2)
        try first.connection.execute("UPDATE timedeck_schema SET version = 99")
        #expect(throws: TeamLogError.newerSchema(version: 99)) { try TeamLogClient(url: server.url) }
    }

    @Test("A server that is down is reported as unreachable, quickly")
    func unreachable() throws {
        let started = Date()
        #expect(throws: TeamLogError.self) { try TeamLogClient(url: "postgresql://127.0.0.1:1/none", timeoutSeconds: 2) }
        #expect(Date().timeIntervalSince(started) < 5)
    }

    /// A login role that owns the station "north" on `server` (row security
    /// lets it change only north's marks).
    static func northStationRole(on server: ThrowawayDatabase, owner: TeamLogClient) throws -> String {
        let role = "td_station_\(server.name.suffix(8))"
        try owner.connection.execute("CREATE ROLE \(role) LOGIN")
        try owner.connection.execute("GRANT SELECT, INSERT, UPDATE ON timedeck_mark TO \(role)")
        try owner.connection.execute("GRANT SELECT ON timedeck_station, timedeck_schema TO \(role)")
        try owner.connection.execute("INSERT INTO timedeck_station VALUES ('north', $1)", [role])
        return role
    }

    static func dropRole(_ role: String, owner: TeamLogClient) {
        _ = try? owner.connection.execute("DROP OWNED BY \(role)")
        _ = try? owner.connection.execute("DROP ROLE \(role)")
    }

    @Test("A station role cannot change another station's marks")
    func stationsOwnTheirMarks() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let owner = try TeamLogClient(url: server.url)
        let role = try Self.northStationRole(on: server, owner: owner)
        defer { Self.dropRole(role, owner: owner) }
        let north = try Self.store(station: "north")
        try north.recordMark(Self.mark(1, key: "n1"))
        // As the station role (SET ROLE at connect: peer authentication
        // would refuse a login under another name on the test machine).
        let asStation = try TeamLogClient(url: server.url + "?options=-crole%3D\(role)")
        try TeamSender.sendAll(from: north, to: asStation)
        let south = try Self.store(station: "south")
        try south.recordMark(Self.mark(2, key: "s1"))
        // Refused for good (row security): parked with the reason (issue 20).
        #expect(try TeamSender.sendAll(from: south, to: asStation) == 0)
        #expect(try south.outboxSummary().count == 0)
        #expect(try south.parkedOutbox().map(\.uniqueKey) == ["s1"])
        #expect(try owner.allMarks().map(\.station) == ["north"])
    }

    /// Issue 20, item 9: after one change the server refused (the folder's
    /// team.station set to another station's name by mistake, then
    /// corrected), every later mark, note and delete waited behind it.
    @Test("A refused change is parked with its reason and never blocks the rest; a changed config retries it")
    func refusedChangeIsParked() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let owner = try TeamLogClient(url: server.url)
        let role = try Self.northStationRole(on: server, owner: owner)
        defer { Self.dropRole(role, owner: owner) }
        let asStation = try TeamLogClient(url: server.url + "?options=-crole%3D\(role)")
        let store = try Self.store(station: "south")  // the mistake
        try store.recordMark(Self.mark(1, key: "wrong"))
        store.setTeamStation("north")  // corrected
        let kept = try store.recordMark(Self.mark(2, key: "n1"))
        try store.recordMark(Self.mark(3, key: "n2"))
        try store.updateNote(id: try #require(kept.id), note: "after the refusal")
        #expect(try TeamSender.sendAll(from: store, to: asStation, configuration: "north") == 3)
        #expect(try owner.allMarks().map(\.mark.uniqueKey) == ["n1", "n2"])
        #expect(try owner.allMarks().first?.mark.note == "after the refusal")
        let parked = try store.parkedOutbox()
        #expect(parked.map(\.uniqueKey) == ["wrong"])
        #expect(parked.first?.reason.contains("42501") == true, "\(parked)")
        #expect(try store.outboxSummary().count == 0)
        // Same config: not retried. Another config: retried (and parked again here).
        #expect(try store.unparkOutbox(notParkedUnder: "north") == 0)
        #expect(try TeamSender.sendAll(from: store, to: asStation, configuration: "north, fixed") == 0)
        #expect(try store.parkedOutbox().count == 1)
        #expect(try store.unparkOutbox(notParkedUnder: "north, fixed") == 0)
    }

    /// Issue 20, item 8: a station wrote five 40 MB notes with its normal
    /// insert; every other station read them whole. Reads are bounded in
    /// the query: note length, row count, time range.
    @Test("What is read from the team log is bounded at the query: note length, rows, time range")
    func readsAreBounded() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let client = try TeamLogClient(url: server.url)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let nanos = { (seconds: Int64) in String(1_795_000_000_000_000_000 + seconds * 1_000_000_000) }
        let insert = "INSERT INTO timedeck_mark (station, unique_key, seq, unix_nanoseconds, note) VALUES ($1, $2, 1, $3, $4)"
        try client.connection.execute(insert, ["east", "big", nanos(-60), String(repeating: "x", count: 5_000_000)])
        try client.connection.execute(insert, ["east", "small", nanos(-30), "ok"])
        try client.connection.execute(insert, ["east", "future", nanos(400 * 86_400), "wrong clock"])
        try client.connection.execute(insert, ["east", "ancient", nanos(-400 * 86_400), "last year"])
        let all = try client.allMarks()
        #expect(all.count == 4)
        #expect(all.allSatisfy { $0.mark.note.count <= MarkNote.maximumCharacters })
        #expect(try client.allMarks(maximumRows: 2).map(\.mark.uniqueKey) == ["ancient", "big"])
        let recent = try client.recentMarks(otherThan: "north", limit: 10, now: now)
        #expect(recent.map(\.mark.uniqueKey) == ["small", "big"])
        #expect(recent.last?.mark.note.count == MarkNote.maximumCharacters)
    }

    /// Issue 20, item 9: two folders with the same team.station wrote two
    /// different "south #1" with no warning.
    @Test("Marks of this station written by another folder are found and named")
    func twoFoldersClaimingOneStation() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let client = try TeamLogClient(url: server.url)
        let here = try Self.store(station: "south"), there = try Self.store(station: "south")
        try here.recordMark(Self.mark(1, key: "here-1"))
        let deleted = try here.recordMark(Self.mark(2, key: "here-2"))
        try there.recordMark(Self.mark(3, key: "there-1", note: "from the other folder"))
        try TeamSender.sendAll(from: here, to: client)
        try TeamSender.sendAll(from: there, to: client)
        #expect(try client.otherFolderMarks(station: "south", knownTo: here).isEmpty == false)
        let others = try client.otherFolderMarks(station: "south", knownTo: here)
        #expect(others.map(\.mark.uniqueKey) == ["there-1"])
        #expect(try client.otherFolderMarks(station: "south", knownTo: there).map(\.mark.uniqueKey) == ["here-2", "here-1"])
        // A local change not yet sent (a delete in the outbox) is not taken
        // for another folder's mark.
        try here.deleteMark(id: try #require(deleted.id))
        #expect(try client.otherFolderMarks(station: "south", knownTo: here).map(\.mark.uniqueKey) == ["there-1"])
        #expect(try client.otherFolderMarks(station: "north", knownTo: here).isEmpty)
    }
}
