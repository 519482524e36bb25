import Foundation
import GRDB
import Testing
import TimeKit
@testable import TimeStore

/// The journal of marks not yet in SQLite: appended and fsynced before the
/// screen calls a mark saved, imported idempotently, emptied only after the
/// SQLite commit.
@Suite("Mark journal")
final class MarkJournalTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("timedeck-journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var databasePath: String { folder.appendingPathComponent("timedeck.sqlite").path }
    var journal: MarkJournal { MarkJournal(databasePath: databasePath) }

    func mark(_ key: String, at seconds: Int64 = 1_795_304_832, note: String = "") throws -> SightingMark {
        let position = MarkPosition(source: .gpsd, coordinate: try GeoPosition(latitudeDegrees: -27.467, longitudeDegrees: 153.380_667),
                                    fixUnixNanoseconds: seconds * 1_000_000_000 - 400_000_000, fixMode: 3, fixAgeMilliseconds: 400)
        let clock = ClockStatus(kernel: .init(synchronized: true, estimatedErrorMicroseconds: 2000, maximumErrorMicroseconds: 40_000),
                                gpsOffset: .init(nanoseconds: -300_000, method: .pps))
        return SightingMark(unixNanoseconds: seconds * 1_000_000_000 + 654_321_987, correctionNanoseconds: -300_000_000,
                            note: note, position: position, clock: clock, uniqueKey: key)
    }

    func contents() -> String { (try? String(contentsOfFile: journal.path, encoding: .utf8)) ?? "" }

    @Test("Appended marks read back field for field, one line each, in a 0600 file beside the database")
    func appendAndReadBack() throws {
        let a = try mark("a", note: "Sun LL \"quoted\"\nnext line")
        let b = try mark("b", at: 1_795_304_900)
        try journal.append([a])
        try journal.append([b])
        #expect(try journal.pending() == [a, b])
        #expect(contents().split(separator: "\n").count == 2 && contents().hasSuffix("\n"))
        #expect(journal.path == databasePath + ".pending-marks")
        let mode = (try FileManager.default.attributesOfItem(atPath: journal.path)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
    }

    @Test("A torn last line (a crash mid-append) is ignored, and the next append starts a fresh line")
    func partialLastLine() throws {
        let a = try mark("a")
        try journal.append([a])
        let handle = try #require(FileHandle(forWritingAtPath: journal.path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"correctionNanoseconds":0,"key":"torn","unixNano"#.utf8))
        handle.closeFile()
        #expect(try journal.pending() == [a])
        let b = try mark("b")
        try journal.append([b])
        #expect(try journal.pending() == [a, b])
    }

    @Test("Lines that are not entries (garbage, another version) are skipped")
    func garbage() throws {
        try Data("\u{0}\u{0}\u{0}\n{\"v\":99,\"key\":\"x\"}\nnot json\n".utf8).write(to: URL(fileURLWithPath: journal.path))
        let a = try mark("a")
        try journal.append([a])
        #expect(try journal.pending() == [a])
    }

    @Test("Import stores each entry once, however often it runs; the journal is emptied after the commit")
    func idempotentImport() throws {
        let db = try AppDatabase.open(path: databasePath)
        let a = try mark("a"), b = try mark("b", at: 1_795_304_900)
        try journal.append([a, b])
        let first = try journal.importPending(into: db)
        #expect(first.map(\.uniqueKey) == ["a", "b"] && first.allSatisfy { $0.id != nil })
        #expect(try db.markCount() == 2)
        #expect(contents().isEmpty)
        // The same mark journaled again (a crash after the commit, before the
        // journal was emptied): imported again, stored once.
        try journal.append([a])
        let second = try journal.importPending(into: db)
        #expect(second.map(\.id) == [first[0].id])
        #expect(try db.markCount() == 2)
        let firstID = try #require(first[0].id)
        var stored = try #require(try db.mark(id: firstID))
        stored.id = nil
        #expect(stored == a)
    }

    @Test("A note for a held mark is journaled beside it, shown with it, and imported with it")
    func noteForAHeldMark() throws {
        let db = try AppDatabase.open(path: databasePath)
        db.setTeamStation("north")
        try journal.append([try mark("a"), try mark("b", at: 1_795_304_900)])
        try journal.appendNote(key: "a", note: "first light", expected: "")
        #expect(try journal.pending().map(\.note) == ["first light", ""])
        // A build that knows only marks reads the note line as nothing.
        #expect(MarkJournal.parse(Data(contents().utf8)).map(\.note) == ["", ""])
        let stored = try journal.importPending(into: db)
        #expect(stored.map(\.uniqueKey) == ["a", "b"] && stored.map(\.note) == ["first light", ""])
        #expect(try db.latestMarks(limit: 5).first { $0.uniqueKey == "a" }?.note == "first light")
        #expect(contents().isEmpty)
        // The mark and its note are both queued for the team log, in order.
        let queued = try db.pendingOutbox(limit: 10).filter { $0.uniqueKey == "a" }
        #expect(queued.last?.mark?.note == "first light")
    }

    @Test("A note journaled after its mark was imported still applies; it never undoes a later edit")
    func noteAfterImportAndLaterEdit() throws {
        let db = try AppDatabase.open(path: databasePath)
        try journal.append([try mark("a")])
        let stored = try journal.importPending(into: db)
        let id = try #require(stored.first?.id)
        // The note was typed while the mark was held; the import came first.
        try journal.appendNote(key: "a", note: "typed while held", expected: "")
        #expect(try journal.importPending(into: db).map(\.note) == ["typed while held"])
        #expect(try db.mark(id: id)?.note == "typed while held")
        // Edited since (by number); an old note line imported again (a crash
        // before the journal was emptied) changes nothing.
        try db.updateNote(id: id, note: "edited later")
        try journal.appendNote(key: "a", note: "typed while held", expected: "")
        #expect(try journal.importPending(into: db).isEmpty)
        #expect(try db.mark(id: id)?.note == "edited later")
        // A note for a mark that is gone, or one too long, is no entry at all.
        try journal.appendNote(key: "nobody", note: "x", expected: "")
        #expect(try journal.importPending(into: db).isEmpty)
        #expect(throws: (any Error).self) { try self.journal.appendNote(key: "a", note: String(repeating: "x", count: 500), expected: "") }
    }

    @Test("A held mark deleted in the journal is never stored; deleted after its import, it goes; appended again, it is back")
    func deleteForAHeldMark() throws {
        let db = try AppDatabase.open(path: databasePath)
        db.setTeamStation("north")
        let a = try mark("a"), b = try mark("b", at: 1_795_304_900)
        try journal.append([a, b])
        try journal.appendDelete(key: "a")
        #expect(try journal.pending().map(\.uniqueKey) == ["b"])
        // An older build reads the delete line as nothing (never as a mark).
        #expect(MarkJournal.parse(Data(contents().utf8)).map(\.uniqueKey) == ["a", "b"])
        let stored = try journal.importPending(into: db)
        #expect(stored.map(\.uniqueKey) == ["b"])
        #expect(try db.latestMarks(limit: 5).map(\.uniqueKey) == ["b"])
        // The team log is told of both the mark and its deletion, in order.
        #expect(try db.pendingOutbox(limit: 10).filter { $0.uniqueKey == "a" }.map(\.operation) == [.put, .delete])
        // Deleted after the mark reached SQLite (the import came first).
        try journal.appendDelete(key: "b")
        #expect(try journal.importPending(into: db).isEmpty)
        #expect(try db.markCount() == 0)
        // Undo: the mark journaled again comes back, once.
        try journal.append([b])
        #expect(try journal.importPending(into: db).map(\.uniqueKey) == ["b"])
        #expect(try db.markCount() == 1)
    }

    @Test("The same key recorded twice directly is one row, and the UNIQUE index refuses a raw duplicate")
    func uniqueKey() throws {
        let db = try AppDatabase.inMemory()
        let a = try mark("same")
        let one = try db.recordMark(a)
        let two = try db.recordMark(a)
        #expect(one.id == two.id)
        #expect(try db.markCount() == 1)
        #expect(throws: DatabaseError.self) {
            try db.writer.write { db in
                try db.execute(sql: "INSERT INTO sightingMark (unixNanoseconds, uniqueKey) VALUES (1, 'same')")
            }
        }
    }

    @Test("While another connection holds the write lock, import fails as busy and keeps the journal; after, it stores")
    func busyKeepsJournal() throws {
        let db = try AppDatabase.open(path: databasePath)
        let a = try mark("a")
        try journal.append([a])
        let other = try DatabaseQueue(path: databasePath)
        try other.writeWithoutTransaction { locker in
            try locker.execute(sql: "BEGIN EXCLUSIVE")
            defer { try? locker.execute(sql: "ROLLBACK") }
            do {
                try journal.importPending(into: db, busyTimeout: 0.1)
                Issue.record("import succeeded under an exclusive lock")
            } catch {
                #expect(AppDatabase.isBusy(error), "\(error)")
            }
        }
        #expect(try journal.pending() == [a])
        #expect(try journal.importPending(into: db).count == 1)
        #expect(try db.markCount() == 1)
        #expect(try journal.pending().isEmpty)
    }

    @Test("Entries appended after the import read the file stay for the next import")
    func appendedDuringImport() throws {
        let a = try mark("a"), b = try mark("b")
        try journal.append([a])
        let snapshot = try Data(contentsOf: URL(fileURLWithPath: journal.path))
        try journal.append([b])
        try journal.removePrefix(snapshot)
        #expect(try journal.pending() == [b])
    }

    // MARK: - Issue 20, item 4: lines validated one by one

    var quarantinePath: String { journal.path + MarkJournal.quarantineSuffix }

    func quarantined() -> [[String: Any]] {
        let text = (try? String(contentsOfFile: quarantinePath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// A mark line as another writer could leave it (a note too long for
    /// the database, which refused the whole import and held every later
    /// mark forever).
    func rawMarkLine(key: String, note: String) throws -> Data {
        var line = try MarkJournal.line(for: try mark(key))
        let text = String(decoding: line, as: UTF8.self).replacingOccurrences(of: "\"note\":\"\"", with: "\"note\":\"\(note)\"")
        line = Data(text.utf8)
        return line
    }

    @Test("A line the database cannot take (a 201-character note) is quarantined with its reason; later lines import")
    func tooLongNoteIsQuarantined() throws {
        let db = try AppDatabase.open(path: databasePath)
        try journal.append([try mark("a")])
        try journal.appendLines(try rawMarkLine(key: "long", note: String(repeating: "x", count: 201)))
        try journal.append([try mark("b", at: 1_795_304_900)])
        var reported: [MarkJournal.QuarantinedLine] = []
        let stored = try journal.importPending(into: db, onQuarantine: { reported.append($0) })
        #expect(stored.map(\.uniqueKey) == ["a", "b"])
        #expect(try db.markCount() == 2)
        #expect(contents().isEmpty, "the journal still holds: \(contents())")
        #expect(reported.count == 1 && reported.first?.reason.contains("201") == true, "\(reported)")
        let kept = quarantined()
        #expect(kept.count == 1)
        #expect((kept.first?["line"] as? String)?.contains("\"key\":\"long\"") == true)
        #expect((kept.first?["reason"] as? String)?.contains("201") == true)
        // Shown once: a second import has nothing more to say.
        var again: [MarkJournal.QuarantinedLine] = []
        _ = try journal.importPending(into: db, onQuarantine: { again.append($0) })
        #expect(again.isEmpty)
    }

    @Test("Garbage, a changed byte and invalid UTF-8 are quarantined with a reason, never silently deleted")
    func damagedLinesAreQuarantined() throws {
        let db = try AppDatabase.open(path: databasePath)
        var changed = try MarkJournal.line(for: try mark("changed"))
        changed[changed.startIndex + 1] = UInt8(ascii: "X")  // {"X… : no longer JSON
        try journal.appendLines(Data("this is not json\n".utf8))
        try journal.appendLines(changed)
        try journal.appendLines(Data([0x7B, 0xFF, 0xFE, 0x7D, 0x0A]))
        try journal.append([try mark("good")])
        var reported: [MarkJournal.QuarantinedLine] = []
        let stored = try journal.importPending(into: db, onQuarantine: { reported.append($0) })
        #expect(stored.map(\.uniqueKey) == ["good"])
        #expect(reported.count == 3, "\(reported)")
        let kept = quarantined()
        #expect(kept.count == 3)
        #expect(kept.allSatisfy { ($0["reason"] as? String)?.isEmpty == false })
        #expect(kept.contains { $0["lineBase64"] as? String == Data([0x7B, 0xFF, 0xFE, 0x7D]).base64EncodedString() })
        #expect(contents().isEmpty)
    }

    @Test("A newer version's line is kept in the journal for the newer program, not deleted or quarantined")
    func newerVersionLinesAreKept() throws {
        let db = try AppDatabase.open(path: databasePath)
        let newer = #"{"v":2,"key":"future","unixNanoseconds":1,"shape":"unknown to v1"}"# + "\n"
        try journal.appendLines(Data(newer.utf8))
        try journal.append([try mark("now")])
        var reported: [MarkJournal.QuarantinedLine] = []
        let stored = try journal.importPending(into: db, onQuarantine: { reported.append($0) })
        #expect(stored.map(\.uniqueKey) == ["now"])
        #expect(reported.isEmpty)
        #expect(contents() == newer, "the v2 line is gone: \(contents().debugDescription)")
        #expect(quarantined().isEmpty)
        // Importing again keeps it still and stores nothing twice.
        _ = try journal.importPending(into: db)
        #expect(contents() == newer)
        #expect(try db.markCount() == 1)
    }

    /// The journal line parser under random damage (the fuzz target's
    /// invariant, run in the suite): whatever a line became, the good lines
    /// around it are stored, and it is stored, kept (a newer version) or
    /// quarantined — never silently gone, never blocking.
    @Test("Randomly damaged lines never block the good lines around them, and each line has one fate")
    func randomDamage() throws {
        let db = try AppDatabase.open(path: databasePath)
        var state: UInt64 = 0x2020_0020
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let template = try MarkJournal.line(for: try mark("template", note: "Sun LL"))
        for round in 0..<200 {
            var damaged = template.dropLast()  // without its newline
            for _ in 0...next(4) {
                let at = damaged.startIndex + next(damaged.count)
                switch next(3) {
                case 0: damaged[at] = UInt8(next(256))
                case 1: damaged.remove(at: at)
                default: damaged.insert(UInt8(next(256)), at: at)
                }
            }
            damaged.removeAll { $0 == UInt8(ascii: "\n") }
            let before = try mark("before-\(round)", at: 1_795_000_000 + Int64(round) * 2)
            let after = try mark("after-\(round)", at: 1_795_000_001 + Int64(round) * 2)
            try journal.append([before])
            try journal.appendLines(Data(damaged) + Data([0x0A]))
            try journal.append([after])
            var quarantinedHere = 0
            let stored = try journal.importPending(into: db, onQuarantine: { _ in quarantinedHere += 1 })
            let keys = Set(stored.compactMap(\.uniqueKey))
            #expect(keys.contains("before-\(round)") && keys.contains("after-\(round)"), "round \(round): \(keys)")
            let kept = contents().isEmpty ? 0 : 1
            let storedDamaged = keys.subtracting(["before-\(round)", "after-\(round)"]).count
            #expect(quarantinedHere + kept + min(storedDamaged, 1) == 1,
                    "round \(round): quarantined \(quarantinedHere), kept \(kept), stored \(storedDamaged)")
            if kept == 1 { try Data().write(to: URL(fileURLWithPath: journal.path)) }
        }
    }
}
