import Foundation
import GRDB

/// Recognises a timedeck database before anything writes to it.
enum FileCheck {
    /// The 16-byte magic string every SQLite 3 database file starts with
    /// ("SQLite format 3\0", sqlite.org/fileformat.html §1.3).
    static let sqliteMagic: [UInt8] = Array("SQLite format 3".utf8) + [0]

    /// An empty file is a new database; anything else must start with the
    /// SQLite magic.
    static func requireSQLiteHeader(_ path: String) throws {
        // Plain open/read/close, closed before SQLite opens the file: a
        // descriptor closed later would drop SQLite's POSIX locks (see
        // AppDatabase.open).
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw StoreError.location(path: path, detail: "cannot open the database file for reading")
        }
        var buffer = [UInt8](repeating: 0, count: 100)
        var count = 0
        while count < buffer.count {
            let n = buffer[count...].withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            count += n
        }
        close(fd)
        let head = Data(buffer[0..<count])
        if head.isEmpty { return }
        guard head.count >= 16, Array(head.prefix(16)) == sqliteMagic else {
            throw StoreError.notSQLite(path: path)
        }
        guard head.count == 100 else {
            throw StoreError.corrupt(path: path, detail: "the file is truncated (\(head.count) bytes)")
        }
    }

    /// Ours (our application id), or an empty SQLite database we may
    /// initialise (no tables, or only GRDB's empty record of steps: our
    /// first creation, interrupted); anything else throws. Reads only the header and the
    /// schema page: the cost of opening does not grow with the store. A
    /// damaged data page is found when it is read (SQLITE_CORRUPT, reported
    /// as `StoreError.corrupt`) or by `timedeck doctor` (`integrityProblems`).
    static func requireOurs(_ db: Database, path: String) throws {
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        if applicationID != AppDatabase.applicationID {
            if applicationID == 0 && tables.isEmpty { return }
            // Our own first creation, stopped after GRDB made its table
            // (outside the first step's transaction) and before that step,
            // which sets the application id, committed: a busy lock or a
            // kill at that moment. No step is recorded and no other table
            // exists, so there is nothing here to lose: finish it.
            if applicationID == 0, tables == ["grdb_migrations"],
               try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") == 0 {
                return
            }
            let idText = applicationID == 0 ? "no application id" : String(format: "application id 0x%08X", UInt32(bitPattern: applicationID))
            let tableText = tables.isEmpty ? "no tables" : "tables: " + tables.prefix(5).joined(separator: ", ")
                + (tables.count > 5 ? ", …" : "")
            throw StoreError.foreignDatabase(path: path, detail: "\(idText); \(tableText)")
        }
    }

    /// A GRDB/SQLite error on opening, as a `StoreError` naming the file.
    static func storeError(_ error: Error, path: String) -> StoreError {
        if let store = error as? StoreError { return store }
        if let db = error as? DatabaseError {
            if db.resultCode == .SQLITE_FULL || db.resultCode == .SQLITE_IOERR, diskIsFull(holding: path) {
                return .diskFull(path: path)
            }
            switch db.resultCode {
            case .SQLITE_NOTADB: return .notSQLite(path: path)
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return .locked(path: path, seconds: Int(AppDatabase.busyTimeoutSeconds))
            case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM:
                return .location(path: path, detail: db.message ?? "\(db.resultCode)")
            default:
                return .corrupt(path: path, detail: db.message ?? "\(db.resultCode)")
            }
        }
        return .corrupt(path: path, detail: "\(error)")
    }

    /// True when the file system holding `path` (or its folder) has less
    /// than 64 KiB free, i.e. an I/O error there most likely means "full".
    static func diskIsFull(holding path: String) -> Bool {
        var stats = statvfs()
        let folder = (path as NSString).deletingLastPathComponent
        guard statvfs(folder.isEmpty ? "." : folder, &stats) == 0 else { return false }
        return UInt64(stats.f_bfree) * UInt64(stats.f_frsize) < 64 * 1024
    }
}
