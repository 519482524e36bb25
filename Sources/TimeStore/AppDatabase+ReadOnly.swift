import Foundation
import GRDB

extension AppDatabase {
    /// The store opened for reading only, for a user who may not write it
    /// (`StorePermission`): no migration runs and nothing is written, so
    /// `marks list` and `marks export` still work on a read-only file.
    /// When the folder is writable SQLite reads the file and its WAL as
    /// usual (`SQLITE_OPEN_READONLY`); when it is not, SQLite cannot make
    /// the `-shm` it needs for a WAL store, so the file is opened
    /// `immutable` — as it is on disk, which is all a user who cannot write
    /// there can have.
    public static func openReadOnly(path: String) throws -> AppDatabase {
        try FileCheck.requireSQLiteHeader(path)
        var config = configuration()
        config.readonly = true
        let folder = (path as NSString).deletingLastPathComponent
        let folderWritable = access(folder.isEmpty ? "." : folder, W_OK) == 0
        let name = folderWritable ? path : "file:" + uriPath(path) + "?immutable=1"
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: name, configuration: config)
        } catch {
            throw FileCheck.storeError(error, path: path)
        }
        do {
            return try AppDatabase(readingOnly: queue, path: path)
        } catch let error as StoreError {
            throw error
        } catch {
            throw FileCheck.storeError(error, path: path)
        }
    }

    /// `path` with the characters an SQLite URI gives meaning to escaped.
    static func uriPath(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
