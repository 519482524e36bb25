import Foundation
import GRDB
import Synchronization
import TimeKit

/// The timedeck database: marks and settings (calls are added by their own
/// migrations). Opening it validates the file, configures the connection and
/// runs the migrations; every write is a method named by what it means.
///
/// Modelled on GRDB's demo app (`AppDatabase` owning a `DatabaseWriter`).
public final class AppDatabase: Sendable {
    /// `PRAGMA application_id` of a timedeck database: "tdck" in ASCII.
    public static let applicationID: Int32 = 0x7464_636B

    /// How long a write waits for another timedeck process holding the
    /// write lock before it fails with SQLITE_BUSY.
    public static let busyTimeoutSeconds: TimeInterval = 5

    let writer: any DatabaseWriter
    /// The database file, or nil for an in-memory database.
    public let path: String?
    /// The team station changes are queued under (`teamStation`), or nil.
    let team = Mutex<String?>(nil)

    init(writer: any DatabaseWriter, path: String?) throws {
        self.writer = writer
        self.path = path
        try migrate()
    }

    /// A store opened read-only (`openReadOnly`): checked to be ours and
    /// fully migrated, never migrated (that would write).
    init(readingOnly writer: any DatabaseWriter, path: String) throws {
        self.writer = writer
        self.path = path
        try writer.read { db in
            try FileCheck.requireOurs(db, path: path)
            let migrator = Self.migrator()
            let unknown = try migrator.appliedIdentifiers(db).subtracting(Set(migrator.migrations))
            if !unknown.isEmpty { throw StoreError.newerSchema(path: path, unknownMigrations: unknown.sorted()) }
            guard try migrator.hasCompletedMigrations(db) else {
                throw StoreError.location(path: path, detail: "it was written by an older timedeck and must be upgraded, which needs write permission")
            }
        }
    }

    /// An empty in-memory database with the full schema (tests, previews).
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(writer: DatabaseQueue(configuration: configuration()), path: nil)
    }

    /// The database at the default location (`DatabaseLocation`), created
    /// with its folder if needed.
    public static func openDefault(environment: [String: String] = ProcessEnvironment.values) throws -> AppDatabase {
        let url = try DatabaseLocation.databaseURL(environment: environment)
        try DatabaseLocation.prepareFolder(url.deletingLastPathComponent())
        return try open(path: url.path)
    }

    /// The database file at `path` (its folder must exist). A new file is
    /// created with mode 0600. An existing file that is not an SQLite
    /// database, is another program's database, or cannot be read throws a
    /// `StoreError` naming it, and is left byte for byte as it was.
    ///
    /// `openingBusyTimeout` bounds how long opening (its migrations) waits
    /// for another process's lock; the connection then waits the usual
    /// `busyTimeoutSeconds`. The store worker opens with a short one so a
    /// locked file never holds up the marks it must journal.
    public static func open(path: String, openingBusyTimeout: TimeInterval? = nil) throws -> AppDatabase {
        // One connection per file per process. SQLite's locks are POSIX
        // advisory locks, which belong to the process: closing *any*
        // descriptor of the file (a second connection, or the header check
        // below reading it) silently drops every lock this process holds on
        // it. Another process (`timedeck marks add`) then believes it is the
        // last user, checkpoints and deletes the WAL, and our later commits go
        // to a deleted file: acknowledged marks lost
        // (sqlite.org/howtocorrupt.html §2.2). So the dashboard's panels
        // share the instance opened first, and the file is only ever
        // touched outside SQLite before this process has a connection to it.
        let key = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        return try openInstances.withLock { instances in
            if let existing = instances[key]?.database { return existing }
            let database = try openNew(path: path, busyTimeout: openingBusyTimeout ?? busyTimeoutSeconds)
            instances[key] = WeakDatabase(database)
            return database
        }
    }

    /// Forgets the instance open for `path` (its file was deleted or
    /// replaced): the next `open` makes a new connection to whatever file is
    /// at the path. Holders of the old instance keep it until they let go.
    public static func forgetInstance(path: String) {
        let key = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        openInstances.withLock { _ = $0.removeValue(forKey: key) }
    }

    /// Databases this process has open, by resolved path. Weak: once nobody
    /// holds one, its connection closes and the next open starts afresh.
    private static let openInstances = Mutex<[String: WeakDatabase]>([:])

    private final class WeakDatabase: @unchecked Sendable {  // read and written only inside openInstances' Mutex
        weak var database: AppDatabase?
        init(_ database: AppDatabase) { self.database = database }
    }

    static func openNew(path: String, busyTimeout: TimeInterval = busyTimeoutSeconds) throws -> AppDatabase {
        try createCompleteIfMissing(path)
        try createIfMissing(path)
        try FileCheck.requireSQLiteHeader(path)
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration(busyTimeout: busyTimeout))
        } catch {
            throw FileCheck.storeError(error, path: path)
        }
        do {
            // Validate before anything writes: the connection has only set
            // per-connection pragmas so far.
            try queue.writeWithoutTransaction { db in
                try FileCheck.requireOurs(db, path: path)
                // WAL lets the dashboard and `timedeck marks add` read and
                // write at once; persistent in the file once set.
                let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                if mode?.lowercased() != "wal" {
                    throw StoreError.corrupt(path: path, detail: "could not switch to WAL journal mode (got \(mode ?? "nothing"))")
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw FileCheck.storeError(error, path: path)
        }
        do {
            let database = try AppDatabase(writer: queue, path: path)
            if busyTimeout != busyTimeoutSeconds {
                try queue.writeWithoutTransaction { db in
                    try db.execute(sql: "PRAGMA busy_timeout = \(Int(busyTimeoutSeconds * 1000))")
                }
            }
            return database
        } catch let error as StoreError {
            throw error
        } catch {
            throw FileCheck.storeError(error, path: path)
        }
    }

    static func configuration(busyTimeout: TimeInterval = busyTimeoutSeconds) -> Configuration {
        var config = Configuration()
        config.label = "timedeck"
        // Wait for the other process's write instead of failing at once.
        config.busyMode = .timeout(busyTimeout)
        config.prepareDatabase { db in
            // FULL: a commit returns only after the WAL is fsynced, so a
            // mark the screen has acknowledged survives power loss too.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return config
    }

    func migrate() throws {
        let migrator = Self.migrator()
        try writer.writeWithoutTransaction { db in
            let known = Set(migrator.migrations)
            let applied = try migrator.appliedIdentifiers(db)
            let unknown = applied.subtracting(known)
            if !unknown.isEmpty {
                throw StoreError.newerSchema(path: path ?? ":memory:", unknownMigrations: unknown.sorted())
            }
        }
        try migrator.migrate(writer)
    }

    /// A new database appears at `path` complete (WAL set, every migration
    /// applied) or not at all: it is built under a temporary name in the
    /// same folder and `link(2)`ed into place. Two timedeck processes
    /// creating the same new store at once (the first marks of a new
    /// station, from concurrent `marks add`) used to race: one could read
    /// the file before the other had migrated it ("no such table:
    /// grdb_migrations") or run the same migration twice ("table already
    /// exists") and exit 1. Now the loser of `link` simply opens the
    /// winner's file.
    static func createCompleteIfMissing(_ path: String) throws {
        removeCreationLeftovers(beside: path)
        guard !FileManager.default.fileExists(atPath: path) else { return }
        let temporary = "\(path).\(creatingInfix)\(getpid())-\(UUID().uuidString.prefix(8))"
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(temporary + suffix) }
        }
        do {
            try createIfMissing(temporary)
        } catch StoreError.location(_, let detail) {
            throw StoreError.notCreated(path: path, detail: detail, diskFull: detail.lowercased().contains("no space"))
        }
        do {
            // Migrated with a rollback journal (each step's journal is gone
            // after its commit), and only then switched to WAL, which is
            // kept in the file's header: the new file holds everything and
            // no WAL is left to lose. (Migrating in WAL mode left every
            // step's pages in the WAL; on a nearly full disk the checkpoint
            // at close could not happen, the WAL was deleted with the
            // temporary name, and the linked file was malformed.)
            let queue = try DatabaseQueue(path: temporary, configuration: configuration())
            _ = try AppDatabase(writer: queue, path: temporary)
            try queue.writeWithoutTransaction { db in
                let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                guard mode?.lowercased() == "wal" else {
                    throw StoreError.notCreated(path: path, detail: "could not switch to WAL (got \(mode ?? "nothing"))",
                                                diskFull: false)
                }
            }
            try queue.close()
            RetiredQueues.keep(queue)
            // Whatever the close could not put into the file must not be lost
            // by linking a file without it.
            var info = stat()
            if stat(temporary + "-wal", &info) == 0, info.st_size > 0 {
                throw StoreError.notCreated(path: path, detail: "the new database could not be completed "
                                            + "(its write-ahead log was not emptied)",
                                            diskFull: FileCheck.diskIsFull(holding: temporary))
            }
        } catch {
            // Nothing exists at `path` yet: say so, whatever SQLite called it.
            switch FileCheck.storeError(error, path: path) {
            case .diskFull: throw StoreError.notCreated(path: path, detail: "no space left", diskFull: true)
            case .locked(let p, let s): throw StoreError.locked(path: p, seconds: s)
            default: throw StoreError.notCreated(path: path, detail: AppDatabase.shortReason(error), diskFull: false)
            }
        }
        if link(temporary, path) != 0 && errno != EEXIST {
            let reason = String(cString: strerror(errno))
            throw StoreError.location(path: path, detail: "cannot create the database file: \(reason)")
        }
    }

    static let creatingInfix = "creating-"

    /// Files of a creation that never finished (`kill -9` mid-way): the
    /// `<path>.creating-<pid>-<id>` family whose process is gone. One still
    /// running (another timedeck creating right now) is left alone.
    static func removeCreationLeftovers(beside path: String) {
        let url = URL(fileURLWithPath: path)
        let prefix = url.lastPathComponent + "." + creatingInfix
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let pidText = name.dropFirst(prefix.count).prefix { $0 != "-" }
            guard let pid = Int32(pidText), pid > 0 else { continue }
            if kill(pid, 0) == 0 || errno == EPERM { continue }  // still running
            unlink(url.deletingLastPathComponent().appendingPathComponent(name).path)
        }
    }

    /// Creates an empty file with mode 0600 (exactly, whatever the umask) so
    /// SQLite, which gives the -wal and -shm files the database's mode, never
    /// makes a world-readable database.
    static func createIfMissing(_ path: String) throws {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 {
            fchmod(fd, 0o600)
            close(fd)
        } else if errno != EEXIST {
            let reason = String(cString: strerror(errno))
            throw StoreError.location(path: path, detail: "cannot create the database file: \(reason)")
        }
    }
}

/// Closed database queues kept until the process ends. GRDB gives every
/// `DatabaseQueue` a `DispatchQueue`; disposing one makes libdispatch on
/// Linux start a worker thread, and with the first worker its workqueue
/// monitor, a timer that wakes the process once a second for the rest of its
/// life (found with gdb after an idle dashboard went from 1 to 2 wakeups a
/// second once it created its store). A new store's temporary queue is the
/// one a dashboard otherwise lets go of; it is a few hundred bytes, once.
enum RetiredQueues {
    private static let kept = Mutex<[DatabaseQueue]>([])

    static func keep(_ queue: DatabaseQueue) {
        kept.withLock { $0.append(queue) }
    }
}

