/// Why the store cannot be used, each case naming the file and what to do.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The file exists but is not an SQLite database at all.
    case notSQLite(path: String)
    /// An SQLite database, but not one of ours (another program's file).
    case foreignDatabase(path: String, detail: String)
    /// Ours or SQLite, but unreadable: damaged pages, truncated, locked out.
    case corrupt(path: String, detail: String)
    /// Another process holds the database locked for longer than we wait.
    case locked(path: String, seconds: Int)
    /// Written by a newer timedeck whose migrations we do not know.
    case newerSchema(path: String, unknownMigrations: [String])
    /// The data folder could not be created or is not a folder.
    case location(path: String, detail: String)
    /// A mark id that is not in the store.
    case noSuchMark(id: Int64)
    /// The disk holding the database has no space left (SQLite then reports
    /// a bare "disk I/O error", which read as damage; issue 8's full-disk test).
    case diskFull(path: String)
    /// The first database could not be made (it is built under a temporary
    /// name, so nothing exists at `path`): a message must not speak of a
    /// backup or of a file "left as it was".
    case notCreated(path: String, detail: String, diskFull: Bool)
    /// This user may read the store and not write it (issue 29): it is
    /// opened read-only, and nothing can be saved in it until it is fixed.
    case readOnly(ReadOnlyStore)

    public var description: String {
        switch self {
        case .notSQLite(let path):
            return "timedeck: \(path) is not a timedeck database (not an SQLite file). "
                + "It was left untouched. Move it away, or set TIMEDECK_HOME to another folder."
        case .foreignDatabase(let path, let detail):
            return "timedeck: \(path) is an SQLite database of another program (\(detail)). "
                + "It was left untouched. Move it away, or set TIMEDECK_HOME to another folder."
        case .corrupt(let path, let detail):
            return "timedeck: cannot read the database \(path): \(detail). "
                + "It was left untouched. Restore it from a backup or move it away (a new one is made on the next run)."
        case .locked(let path, let seconds):
            return "timedeck: another process (a backup, sqlite3, another timedeck) holds the database \(path) "
                + "locked for more than \(seconds) s. It was left untouched. Try again when that process is done."
        case .newerSchema(let path, let unknown):
            return "timedeck: \(path) was written by a newer timedeck (unknown migrations: "
                + "\(unknown.joined(separator: ", "))). Upgrade timedeck; the file was left untouched."
        case .location(let path, let detail):
            // `path` is the data folder, or the database file inside it.
            let what = path.hasSuffix(".sqlite") ? "the database file" : "the data folder"
            return "timedeck: cannot use \(what) \(path): \(detail). "
                + "Check its permissions, or set TIMEDECK_HOME to a writable folder."
        case .diskFull(let path):
            return "timedeck: no space left on the disk holding \(path). The database was left as it was "
                + "and nothing new was stored. Free some space, or set TIMEDECK_HOME to a folder on another disk."
        case let .notCreated(path, detail, diskFull):
            return "timedeck: could not create the database \(path): \(diskFull ? "no space left on the disk" : detail). "
                + "No database file was created and nothing was stored. "
                + (diskFull ? "Free some space, or set TIMEDECK_HOME to a folder on another disk, and try again."
                            : "Check the folder's permissions and free space, and try again.")
        case .readOnly(let store):
            return "timedeck: the store is read-only (\(store.permission)); nothing can be saved in it until you fix "
                + "it: \(store.advice)"
        case .noSuchMark(let id):
            return "timedeck: there is no mark with id \(id). See `timedeck marks list`."
        }
    }
}
