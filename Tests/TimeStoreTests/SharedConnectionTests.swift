import Foundation
import Testing
@testable import TimeStore

/// One connection per database file per process: a second descriptor on the
/// file, once closed, would drop the process's SQLite locks and let another
/// process delete the WAL under us (see AppDatabase.open).
@Suite struct SharedConnectionTests {
    @Test func openingOnePathTwiceGivesTheSameDatabase() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timedeck-shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("timedeck.sqlite").path
        let first = try AppDatabase.open(path: path)
        let second = try AppDatabase.open(path: folder.path + "/./timedeck.sqlite")
        #expect(first === second)
    }
}
