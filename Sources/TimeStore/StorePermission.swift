import Foundation

/// Why this user may not write the store: the file, or the folder SQLite
/// must write its `-wal` and `-shm` files in (even to read a WAL store), is
/// read-only. A permission, not damage: `timedeck doctor` names it and the
/// fix instead of calling a healthy file broken.
public struct StorePermission: Equatable, Sendable, CustomStringConvertible {
    /// The file or folder that cannot be written.
    public var path: String
    public var isFolder: Bool
    /// The whole file system is mounted read-only (`EROFS`).
    public var readOnlyFileSystem: Bool
    /// The owner's user name (or uid), when it is not this user.
    public var owner: String?

    /// The permission problem of the store at `databasePath`, or nil when
    /// this user may write both the file and its folder (or there is no file).
    public static func problem(databasePath: String) -> StorePermission? {
        let folder = (databasePath as NSString).deletingLastPathComponent
        for (path, isFolder) in [(databasePath, false), (folder.isEmpty ? "." : folder, true)] {
            if access(path, W_OK) != 0, errno == EACCES || errno == EROFS || errno == EPERM {
                return StorePermission(path: path, isFolder: isFolder, readOnlyFileSystem: errno == EROFS, owner: owner(of: path))
            }
        }
        return nil
    }

    static func owner(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_uid != geteuid() else { return nil }
        guard let entry = getpwuid(info.st_uid), let name = entry.pointee.pw_name else { return "uid \(info.st_uid)" }
        return String(cString: name)
    }

    /// One line: what cannot be written, by whom.
    public var description: String {
        let what = isFolder ? "the folder \(path) (SQLite writes its journals there)" : "the file \(path)"
        if readOnlyFileSystem { return "\(what) is on a file system mounted read-only" }
        return "\(what) is read-only for this user" + (owner.map { " (it belongs to \($0))" } ?? "")
    }

    /// What to do about it.
    public var advice: String {
        if readOnlyFileSystem {
            return "remount it read-write, or copy the store to a writable folder and set TIMEDECK_HOME there"
        }
        return "chmod u+w \(path)" + (owner.map { " (as \($0))" } ?? "")
            + ", or set TIMEDECK_HOME to a folder of your own"
    }
}

/// A store this user may read and not write, as the dashboard and `marks
/// add` must say it: whether new marks can still be held in the journal
/// beside it (its folder, or the journal file, writable), and the fix.
public struct ReadOnlyStore: Equatable, Sendable {
    /// The database file.
    public var path: String
    /// The first thing found read-only (the file, else its folder).
    public var permission: StorePermission
    /// New marks can be made durable in the journal (`MarkJournal`) until
    /// the store is writable; false: nothing can be written at all.
    public var journalWritable: Bool

    /// The read-only store at `databasePath`, or nil when this user may
    /// write it (or there is no file).
    public static func check(databasePath: String) -> ReadOnlyStore? {
        guard FileManager.default.fileExists(atPath: databasePath),
              let permission = StorePermission.problem(databasePath: databasePath) else { return nil }
        let journal = MarkJournal(databasePath: databasePath).path
        let journalWritable = FileManager.default.fileExists(atPath: journal)
            ? access(journal, W_OK) == 0 : access(folder(of: databasePath), W_OK) == 0
        return ReadOnlyStore(path: databasePath, permission: permission, journalWritable: journalWritable)
    }

    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// What to do: the `chmod` of the file, or (when nothing can be
    /// written) of the folder and, if it is read-only too, the file.
    public var advice: String {
        if journalWritable || permission.readOnlyFileSystem { return permission.advice }
        let folder = Self.folder(of: path)
        let paths = [folder] + (access(path, W_OK) == 0 ? [] : [path])
        let owner = StorePermission.owner(of: folder) ?? StorePermission.owner(of: path)
        return "chmod u+w " + paths.joined(separator: " ") + (owner.map { " (as \($0))" } ?? "")
            + ", or set TIMEDECK_HOME to a folder of your own"
    }
}
