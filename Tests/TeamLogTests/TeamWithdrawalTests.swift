import Foundation
import Testing
@testable import TeamLog
import TestSupport
import TimeKit
import TimeStore

/// Issue 28: withdrawn copies on a real PostgreSQL server — the schema
/// upgrade of a version-1 log, every read leaving out what a tombstone
/// names (also rows that arrive after it), and row security.
@Suite("Team log: withdrawn copies")
struct TeamWithdrawalTests {
    typealias T = TeamLogClientTests

    @Test("A version-1 team log is upgraded in place: its marks stay, withdrawn copies leave every read, a copy sent again stays out")
    func upgradeAndWithdraw() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        // The log as version 1 left it, with marks of a mistyped station.
        let raw = try PGConnection(url: server.url)
        try raw.execute("CREATE TABLE timedeck_schema (version integer NOT NULL)")
        try raw.execute("INSERT INTO timedeck_schema VALUES (1)")
        for sql in TeamSchema.steps[0] { try raw.execute(sql) }
        let wrong = try T.store(station: "nrth")
        try wrong.recordMark(T.mark(1, key: "k1", note: "one"))
        try wrong.recordMark(T.mark(2, key: "k2", note: "two"))
        let south = try T.store(station: "south")
        try south.recordMark(T.mark(3, key: "s1", note: "theirs"))
        // Rows as a version-1 client wrote them (its columns only).
        for (store, station) in [(wrong, "nrth"), (south, "south")] {
            for entry in try store.pendingOutbox(limit: 10) {
                try raw.execute("INSERT INTO timedeck_mark (station, unique_key, seq, local_id, unix_nanoseconds, note) "
                                + "VALUES ($1, $2, $3, $4, $5, $6)",
                                [station, entry.uniqueKey, String(entry.seq), entry.mark?.id.map(String.init),
                                 entry.mark.map { String($0.unixNanoseconds) }, entry.mark?.note])
            }
            try store.removeFromOutbox(seqs: try store.pendingOutbox(limit: 10).map(\.seq))
        }

        let client = try TeamLogClient(url: server.url)
        #expect(try client.schemaVersion() == 2)
        #expect(try client.allMarks().map(\.mark.note) == ["one", "two", "theirs"])
        #expect(try client.withdraw(station: "nrth", keys: ["k1", "k2"], by: "north") == 2)
        #expect(try client.withdraw(station: "nrth", keys: ["k1"], by: "north") == 0)
        #expect(try client.allMarks().map(\.station) == ["south"])
        #expect(try client.marks(ofStation: "nrth").isEmpty)
        #expect(try client.countsByStation().map(\.station) == ["south"])
        #expect(try client.recentMarks(otherThan: "south", limit: 10, now: Date(timeIntervalSince1970: 1_795_000_100)).isEmpty)
        #expect(try client.withdrawnByStation().map { "\($0.station) \($0.copies)" } == ["nrth 2"])
        // The same copy changed and sent again after the tombstone: still out.
        try wrong.updateNote(id: 1, note: "one, edited")
        try TeamSender.sendAll(from: wrong, to: client)
        #expect(try client.connection.execute("SELECT note FROM timedeck_mark WHERE unique_key = 'k1'").values.first?.first == "one, edited")
        #expect(try client.allMarks().map(\.station) == ["south"])
        // A new mark under that name is not a withdrawn copy.
        try wrong.recordMark(T.mark(4, key: "k3", note: "new"))
        try TeamSender.sendAll(from: wrong, to: client)
        #expect(try client.allMarks().map(\.mark.note) == ["theirs", "new"])
    }

    @Test("A mark's sight travels with it to the team log, exactly, also when attached after the mark was sent")
    func sightsReachTheTeamLog() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let client = try TeamLogClient(url: server.url)
        let store = try T.store(station: "north")
        let a = try store.recordMark(T.mark(1, key: "a"))
        try store.recordMark(T.mark(2, key: "b"))
        try TeamSender.sendAll(from: store, to: client)
        #expect(try client.allMarks().map(\.sight) == [nil, nil])
        try store.attachSight(MarkSight(markId: try #require(a.id), bodyText: "Kaus Australis, \"x\"",
                                        sextantAltitudeDegrees: 0.30000000000000004))
        try TeamSender.sendAll(from: store, to: client)
        let marks = try client.allMarks()
        #expect(marks.first?.sight == ExportedSight(bodyText: "Kaus Australis, \"x\"", sextantAltitudeDegrees: 0.30000000000000004))
        #expect(marks.last?.sight == nil)
        // A delete keeps what the row held; an undo puts the mark back with its sight.
        let id = try #require(a.id)
        let gone = try #require(try store.deleteMark(id: id))
        try store.restoreMark(gone)
        try TeamSender.sendAll(from: store, to: client)
        #expect(try client.allMarks().first?.sight?.bodyText == "Kaus Australis, \"x\"")
    }

    @Test("A withdrawal wakes every listening dashboard (its team view is read again)")
    func withdrawalNotifies() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let writer = try TeamLogClient(url: server.url)
        let listener = try TeamLogClient(url: server.url)
        try listener.listen()
        _ = try listener.waitForChange(timeoutMilliseconds: 0)
        try writer.withdraw(station: "nrth", keys: ["k1"], by: "north")
        #expect(try listener.waitForChange(timeoutMilliseconds: 5000))
    }

    @Test("A station role may withdraw only the stations it may write; the tombstone table is readable by it")
    func rowSecurity() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let owner = try TeamLogClient(url: server.url)
        let role = try T.northStationRole(on: server, owner: owner)
        defer { T.dropRole(role, owner: owner) }
        let south = try T.store(station: "south")
        try south.recordMark(T.mark(1, key: "s1"))
        try TeamSender.sendAll(from: south, to: owner)
        let asNorth = try TeamLogClient(url: server.url + "?options=-crole%3D\(role)")
        // Reads work for a role set up before tombstones existed.
        #expect(try asNorth.allMarks().map(\.station) == ["south"])
        #expect(throws: (any Error).self) { try asNorth.withdraw(station: "south", keys: ["s1"], by: "north") }
        #expect(try owner.allMarks().map(\.station) == ["south"])
        #expect(try asNorth.withdraw(station: "north", keys: ["n9"], by: "north") == 1)
    }
}
