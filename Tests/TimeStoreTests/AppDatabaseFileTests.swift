import Foundation
import GRDB
import Testing
import TimeKit
@testable import TimeStore

/// The store on real files in a fresh temporary folder per test.
@Suite("AppDatabase on disk: location, modes, foreign files, two processes")
final class AppDatabaseFileTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("timedeck-store-\(UUID().uuidString)")
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    var path: String { folder.appendingPathComponent("timedeck.sqlite").path }

    func mode(_ p: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: p)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func sha(_ p: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: p)) }

    @Test("Location: TIMEDECK_HOME, then absolute XDG_DATA_HOME, then ~/.local/share")
    func location() throws {
        #expect(try DatabaseLocation.databaseURL(environment: ["TIMEDECK_HOME": "/x", "XDG_DATA_HOME": "/y", "HOME": "/h"]).path
                == "/x/timedeck.sqlite")
        #expect(try DatabaseLocation.databaseURL(environment: ["XDG_DATA_HOME": "/y", "HOME": "/h"]).path
                == "/y/timedeck/timedeck.sqlite")
        #expect(try DatabaseLocation.databaseURL(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]).path
                == "/h/.local/share/timedeck/timedeck.sqlite")
        #expect(throws: StoreError.self) { try DatabaseLocation.databaseURL(environment: [:]) }
    }

    @Test("A new database: folder 0700, file 0600, WAL, synchronous FULL; data survives reopening")
    func newFile() throws {
        let old = umask(0o022)
        defer { umask(old) }
        let db = try AppDatabase.openDefault(environment: ["TIMEDECK_HOME": folder.path])
        #expect(try mode(folder.path) == 0o700)
        #expect(try mode(path) == 0o600)
        try db.recordMark(SightingMark(unixNanoseconds: 42, note: "persist"))
        #expect(try db.writer.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        #expect(try db.writer.read { try Int.fetchOne($0, sql: "PRAGMA synchronous") } == 2)  // 2 = FULL
        #expect(try mode(path + "-wal") == 0o600)
        let again = try AppDatabase.open(path: path)
        #expect(try again.allMarks().map(\.note) == ["persist"])
    }

    func expectUntouched(_ setup: (String) throws -> Void, check: (StoreError) -> Bool) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try setup(path)
        let before = try sha(path)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        do {
            _ = try AppDatabase.open(path: path)
            Issue.record("opened a file that is not ours")
        } catch let error as StoreError {
            #expect(check(error), "\(error)")
            #expect(error.description.contains(path))
        }
        #expect(try sha(path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == files)
    }

    @Test("A text file is refused by name and left untouched")
    func textFile() throws {
        try expectUntouched({ try Data("hello\n".utf8).write(to: URL(fileURLWithPath: $0)) }) {
            if case .notSQLite = $0 { return true } else { return false }
        }
    }

    @Test("Another program's SQLite database is refused and left untouched")
    func foreign() throws {
        try expectUntouched({ p in
            let q = try DatabaseQueue(path: p)
            try q.write { try $0.execute(sql: "CREATE TABLE contacts(name); INSERT INTO contacts VALUES ('x')") }
            try q.close()
        }) { if case .foreignDatabase(_, let detail) = $0 { return detail.contains("contacts") } else { return false } }
    }

    /// Found by the locked-store end-to-end test under load: GRDB makes its
    /// `grdb_migrations` table before (and outside) the first step's
    /// transaction, so a first creation stopped there (a busy lock, a kill)
    /// left a file with that table alone, no application id, and no step
    /// recorded, which every later open refused as another program's, for
    /// good. It is ours, interrupted: the steps run and the store works.
    @Test("A first creation stopped after GRDB's own table is finished, not refused")
    func interruptedCreation() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            let q = try DatabaseQueue(path: path)
            var migrator = DatabaseMigrator()
            migrator.registerMigration("v1-core-settings") { _ in throw DatabaseError(resultCode: .SQLITE_BUSY) }
            #expect(throws: (any Error).self) { try migrator.migrate(q) }
            #expect(try q.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") } == ["grdb_migrations"])
            try q.close()
        }
        let db = try AppDatabase.open(path: path)
        try db.recordMark(SightingMark(unixNanoseconds: 42, note: "after"))
        #expect(try db.allMarks().map(\.note) == ["after"])
    }

    @Test("GRDB's table holding another program's steps, with no application id, is still refused")
    func foreignMigrations() throws {
        try expectUntouched({ p in
            let q = try DatabaseQueue(path: p)
            var migrator = DatabaseMigrator()
            migrator.registerMigration("create-contacts-v1") { _ in }
            try migrator.migrate(q)
            try q.close()
        }) { if case .foreignDatabase(_, let detail) = $0 { return detail.contains("grdb_migrations") } else { return false } }
    }

    @Test("A foreign application id is refused even with no tables")
    func foreignID() throws {
        try expectUntouched({ p in
            let q = try DatabaseQueue(path: p)
            try q.writeWithoutTransaction { try $0.execute(sql: "PRAGMA application_id = 1234") }
            try q.close()
        }) { if case .foreignDatabase(_, let detail) = $0 { return detail.contains("0x000004D2") } else { return false } }
    }

    /// Opening reads only the header and schema (its cost must not grow
    /// with the store), so a damaged data page is found by the full check
    /// (`timedeck doctor`) and by any read that reaches it, never written
    /// over: the file stays byte for byte as it was.
    @Test("A damaged data page: the full check finds it, reads that reach it fail, the file is untouched")
    func damaged() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            let db = try AppDatabase.open(path: path)
            for i in 0..<200 { try db.recordMark(SightingMark(unixNanoseconds: Int64(i), note: String(repeating: "n", count: 150))) }
            try (db.writer as? DatabaseQueue)?.close()
        }
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: 4096 * 3)
        handle.write(Data(repeating: 0xA5, count: 4096 * 3))
        try handle.close()
        let before = try sha(path)
        let db = try AppDatabase.openNew(path: path)
        let problems = try db.integrityProblems()
        #expect(!problems.isEmpty)
        #expect(throws: (any Error).self) { _ = try db.allMarks() }
        try (db.writer as? DatabaseQueue)?.close()
        #expect(try sha(path) == before)
    }

    @Test("A sound database passes the full check")
    func soundFilePassesCheck() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let db = try AppDatabase.openNew(path: path)
        for i in 0..<50 { try db.recordMark(SightingMark(unixNanoseconds: Int64(i), note: "n\(i)")) }
        #expect(try db.integrityProblems() == [])
    }

    @Test("A truncated file is refused")
    func truncated() throws {
        try expectUntouched({ p in
            try Data(FileCheck.sqliteMagic + [1, 2, 3]).write(to: URL(fileURLWithPath: p))
        }) { if case .corrupt = $0 { return true } else { return false } }
    }

    @Test("A database from a newer timedeck is refused")
    func newer() throws {
        try expectUntouched({ p in
            let db = try AppDatabase.open(path: p)
            try db.writer.write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-future')") }
            try (db.writer as? DatabaseQueue)?.close()
        }) { if case .newerSchema(_, let unknown) = $0 { return unknown == ["v99-future"] } else { return false } }
    }

    // `AppDatabase.open` shares one instance per file per process, so two
    // writers need `openNew`: two SQLite connections, each with its own
    // handle, lock requests and busy waits, competing as two processes do.
    @Test("Two separate SQLite connections to one file both keep recording")
    func twoWriters() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let a = try AppDatabase.openNew(path: path)
        let b = try AppDatabase.openNew(path: path)
        #expect(a !== b, "the test needs two connections, not one shared instance")
        let p = path
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, db) in [a, b].enumerated() {
                group.addTask {
                    for i in 0..<100 { try db.recordMark(SightingMark(unixNanoseconds: Int64(index * 1000 + i))) }
                    _ = p
                }
            }
            try await group.waitForAll()
        }
        #expect(try a.markCount() == 200)
        #expect(try b.latestMarks(limit: 1).first?.unixNanoseconds == 1099)
    }
}
