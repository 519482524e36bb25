import Foundation
import TimeKit
import Synchronization

/// The process's one way to the database file, made once at the
/// composition root and handed to whatever needs the store.
///
/// The file is opened at most once (see `AppDatabase.open(path:)` on why a
/// second connection loses locks), and only created when something is
/// first written: starting the dashboard on a new machine writes nothing
/// until the user changes something.
public final class StoreHandle: Sendable {
    /// The database file.
    public let url: URL
    private let opened = Mutex<AppDatabase?>(nil)
    private let teamStation = Mutex<String?>(nil)
    /// `PRAGMA data_version` at the last look (`changedElsewhere`); nil
    /// before the first look and while there is no file.
    private let seenVersion = Mutex<Int?>(nil)
    /// The device and inode of the file `opened` is on (issue 20: the file
    /// deleted or replaced under an open dashboard).
    private let identity = Mutex<FileIdentity?>(nil)
    /// Set while the file open is read-only for this user (issue 29).
    private let readOnlyStore = Mutex<ReadOnlyStore?>(nil)

    /// The store as it was found when opened, if this user may not write
    /// it: the file is then open read-only, and `forWriting` refuses
    /// (`StoreError.readOnly`) until the permission is fixed.
    public var readOnly: ReadOnlyStore? { readOnlyStore.withLock { $0 } }

    /// Which file: device and inode.
    public struct FileIdentity: Equatable, Sendable {
        public var device: UInt64
        public var inode: UInt64

        public static func of(_ path: String) -> FileIdentity? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }
    }

    /// What happened to the file the handle has open.
    public enum FileChange: Equatable, Sendable {
        /// No file at the path any more.
        case deleted
        /// Another file at the path (a copy restored, an overwrite).
        case replaced
    }

    /// Compares the file at the path with the one open (cheap: one `stat`).
    /// Nil while nothing is open or it is still the same file.
    public func fileChange() -> FileChange? {
        guard let known = identity.withLock({ $0 }) else { return nil }
        guard let now = FileIdentity.of(url.path) else { return .deleted }
        return now == known ? nil : .replaced
    }

    /// Lets go of the open database (after `fileChange`), so the next use
    /// opens — or creates — the file that is at the path now. The old
    /// connection closes once its last user lets go.
    public func reopen() {
        opened.withLock { opened in
            opened = nil
            identity.withLock { $0 = nil }
            readOnlyStore.withLock { $0 = nil }
            AppDatabase.forgetInstance(path: url.path)
        }
    }

    /// With a team configured, every change to a mark is queued for the
    /// team log under `station` (see `AppDatabase.teamStation`).
    public func setTeamStation(_ station: String?) {
        teamStation.withLock { $0 = station }
        opened.withLock { $0?.setTeamStation(station) }
    }

    public init(url: URL) {
        self.url = url
    }

    /// The handle for the default location (`DatabaseLocation`).
    public static func atDefaultLocation(environment: [String: String] = ProcessEnvironment.values) throws -> StoreHandle {
        StoreHandle(url: try DatabaseLocation.databaseURL(environment: environment))
    }

    /// A handle on an already-open database (tests).
    public convenience init(database: AppDatabase) {
        self.init(url: URL(fileURLWithPath: database.path ?? ":memory:"))
        opened.withLock { $0 = database }
    }

    /// The database if the file exists (opened on first use), else nil.
    /// Throws when the file is not a usable timedeck database, or its
    /// folder is not a folder, so the caller can refuse with the reason.
    /// `busyTimeout` bounds the wait for another process's lock while
    /// opening (see `AppDatabase.open(path:openingBusyTimeout:)`).
    public func existing(busyTimeout: TimeInterval? = nil) throws -> AppDatabase? {
        try opened.withLock { opened in
            if let opened { return opened }
            let folder = url.deletingLastPathComponent()
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw StoreError.location(path: folder.path, detail: "it exists and is not a folder")
            }
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            // A store this user may not write is read, not refused: new
            // marks wait in the journal (or are said not saved).
            let readOnly = ReadOnlyStore.check(databasePath: url.path)
            let database = try readOnly == nil ? AppDatabase.open(path: url.path, openingBusyTimeout: busyTimeout)
                                               : AppDatabase.openReadOnly(path: url.path)
            readOnlyStore.withLock { $0 = readOnly }
            database.setTeamStation(teamStation.withLock { $0 })
            opened = database
            identity.withLock { $0 = FileIdentity.of(url.path) }
            return database
        }
    }

    /// Records the store's change counter now. The dashboard calls it just
    /// before it loads what it shows, so a write by another process after
    /// this instant is caught by the next `changedElsewhere`, and nothing is
    /// read twice at start.
    public func rememberVersion() {
        let version = try? existing(busyTimeout: 0.25)?.externalChangeCounter()
        seenVersion.withLock { $0 = version }
    }

    /// The process's one look for other writers (another dashboard, `marks
    /// add`, `calls set`): true when another connection committed since the
    /// last look, or the file appeared; nil when the database could not be
    /// asked (busy: look again). SQLite's `data_version` is per connection
    /// and ignores this connection's own commits, and the process has one
    /// connection, so one look serves every panel.
    public func changedElsewhere() -> Bool? {
        let db: AppDatabase?
        do {
            db = try existing(busyTimeout: 0.25)
        } catch StoreError.locked {
            return nil
        } catch {
            // Not a usable store (a foreign file, a folder): nothing to
            // reload until the folder changes again.
            return false
        }
        guard let db else {
            seenVersion.withLock { $0 = nil }
            return false
        }
        guard let version = try? db.externalChangeCounter() else { return nil }
        return seenVersion.withLock { seen in
            defer { seen = version }
            return seen != version
        }
    }

    /// Forgets the last look, so the next `changedElsewhere` is true (a
    /// reload that found the database busy is tried again).
    public func forgetVersion() {
        seenVersion.withLock { $0 = nil }
    }

    /// The database, created with its folder if needed.
    /// Refuses (`StoreError.readOnly`) while this user may not write the
    /// store, and for as long as the file is open read-only: a writable
    /// connection beside the read-only one would lose its locks when the
    /// read-only one closes (see `AppDatabase.open(path:)`), so a store made
    /// writable is written by the next timedeck that opens it.
    public func forWriting(busyTimeout: TimeInterval? = nil) throws -> AppDatabase {
        try opened.withLock { opened in
            if let readOnly = readOnlyStore.withLock({ $0 }) ?? (opened == nil ? ReadOnlyStore.check(databasePath: url.path) : nil) {
                throw StoreError.readOnly(readOnly)
            }
            if let opened { return opened }
            try DatabaseLocation.prepareFolder(url.deletingLastPathComponent())
            let database = try AppDatabase.open(path: url.path, openingBusyTimeout: busyTimeout)
            database.setTeamStation(teamStation.withLock { $0 })
            opened = database
            identity.withLock { $0 = FileIdentity.of(url.path) }
            return database
        }
    }
}
