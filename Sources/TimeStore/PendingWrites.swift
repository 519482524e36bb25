import Foundation
import TimeKit

/// Store writes other than marks — a call saved or deleted, a setting, a
/// reminder noted, the Mars panel's choices — that had to wait because
/// another process held the database: fsynced JSON lines beside it
/// (`timedeck.sqlite.pending-writes`), replayed in order once it is free,
/// like marks in their journal (issue 20: a call moved under a lock was lost
/// with "Not saved: SQLite error 5" and never retried).
///
/// Used by one thread of one process at a time (the dashboard's store
/// thread); a crash leaves the file for the next dashboard to replay.
public struct PendingWrites: Sendable {
    public static let suffix = ".pending-writes"

    /// One write, as the store's API names it.
    public enum Write: Codable, Equatable, Sendable {
        case saveCall(CallPlan)
        case deleteCall(id: Int64)
        case setting(key: String, value: String?)
        case markReminded(id: Int64, start: Date)
        case marsSettings(MarsSettings)
    }

    /// What became of a write: stored now, or waiting durably here.
    public enum Outcome: Equatable, Sendable {
        case saved(CallPlan?)
        case waiting
    }

    public let path: String

    public init(databasePath: String) { path = databasePath + Self.suffix }

    /// Performs `write` now if the database takes it within `busyTimeout`;
    /// if another process holds it (or earlier writes still wait, so order
    /// is kept), appends it here and answers `.waiting`. Other failures
    /// (a full disk, a damaged file, the queue itself unwritable) are thrown.
    public func perform(_ write: Write, on store: StoreHandle, busyTimeout: TimeInterval) throws -> Outcome {
        if try pending().isEmpty {
            do {
                let db = try store.forWriting(busyTimeout: busyTimeout)
                if try db.isWritable(within: busyTimeout) { return .saved(try Self.apply(write, to: db)) }
            } catch where AppDatabase.isBusy(error) {
                // Held by another process: queued below.
            }
        }
        try append(write)
        return .waiting
    }

    /// Replays every waiting write, in order, when the database is free.
    /// Nil while it is still held (nothing changes); else what was written,
    /// with the calls as saved (carrying their ids). The file is emptied
    /// after the last write succeeded.
    public func replay(on store: StoreHandle, busyTimeout: TimeInterval) throws -> (written: Int, savedCalls: [CallPlan])? {
        let writes = try pending()
        guard !writes.isEmpty else { return (0, []) }
        let db: AppDatabase
        do {
            db = try store.forWriting(busyTimeout: busyTimeout)
            guard try db.isWritable(within: busyTimeout) else { return nil }
        } catch where AppDatabase.isBusy(error) {
            return nil
        }
        var saved: [CallPlan] = []
        var insertedIDs: [Date: Int64] = [:]
        for write in writes {
            var write = write
            // A new call saved twice while waiting: the second save updates
            // the row the first made (matched by its creation instant).
            if case .saveCall(var call) = write, call.id == nil, let id = insertedIDs[call.createdAt] {
                call.id = id
                write = .saveCall(call)
            }
            if let call = try Self.apply(write, to: db) {
                if let id = call.id { insertedIDs[call.createdAt] = id }
                saved.removeAll { $0.id == call.id }
                saved.append(call)
            }
        }
        try Data().write(to: URL(fileURLWithPath: path))
        return (writes.count, saved)
    }

    /// The waiting writes, oldest first (lines that do not decode are
    /// skipped: a torn append was never acknowledged).
    public func pending() throws -> [Write] {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return [] }
        let decoder = JSONDecoder()
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        lines.removeLast()  // after the last newline: a torn append, or nothing
        return lines.compactMap { try? decoder.decode(Write.self, from: Data($0)) }
    }

    /// Appends `write` and returns once it is on disk (file, and folder
    /// when the file is new).
    public func append(_ write: Write) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var line = try encoder.encode(write)
        line.append(UInt8(ascii: "\n"))
        let existed = access(path, F_OK) == 0
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw JournalError(path: path, action: "open", errno: errno) }
        defer { close(fd) }
        let ok = line.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, base + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                done += n
            }
            return true
        }
        guard ok, fsync(fd) == 0 else { throw JournalError(path: path, action: "write", errno: errno) }
        if !existed {
            let folder = (path as NSString).deletingLastPathComponent
            let dir = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if dir >= 0 { _ = fsync(dir); close(dir) }
        }
    }

    /// One write through the store's API; the call as saved, if any.
    static func apply(_ write: Write, to db: AppDatabase) throws -> CallPlan? {
        switch write {
        case .saveCall(let call): return try db.saveCall(call)
        case .deleteCall(let id): try db.deleteCall(id: id)
        case let .setting(key, value): try db.writeSetting(key, value)
        case let .markReminded(id, start): try db.markCallReminded(id: id, start: start)
        case .marsSettings(let settings): try db.saveMarsSettings(settings)
        }
        return nil
    }
}

extension AppDatabase {
    /// Whether a write transaction can start within `seconds` (another
    /// process may hold the lock): an empty IMMEDIATE transaction.
    func isWritable(within seconds: TimeInterval) throws -> Bool {
        do {
            try write(busyTimeout: seconds) { _ in }
            return true
        } catch where AppDatabase.isBusy(error) {
            return false
        }
    }
}
