import Foundation
import TimeKit

/// Where the database lives: `$TIMEDECK_HOME/timedeck.sqlite` if set, else
/// `$XDG_DATA_HOME/timedeck/timedeck.sqlite` (XDG Base Directory spec: only an
/// absolute XDG_DATA_HOME counts), else `~/.local/share/timedeck/timedeck.sqlite`.
public enum DatabaseLocation {
    public static let fileName = "timedeck.sqlite"

    /// The database file for this environment.
    public static func databaseURL(environment: [String: String] = ProcessEnvironment.values) throws -> URL {
        try folderURL(environment: environment).appendingPathComponent(fileName)
    }

    /// The data folder for this environment (not created here).
    public static func folderURL(environment: [String: String]) throws -> URL {
        if let home = environment["TIMEDECK_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("timedeck", isDirectory: true)
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw StoreError.location(path: "~/.local/share/timedeck", detail: "HOME is not set")
        }
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/timedeck", isDirectory: true)
    }

    /// Creates the folder (and missing parents) with mode 0700 when absent.
    /// An existing folder keeps its mode: it may be one the user chose.
    public static func prepareFolder(_ folder: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw StoreError.location(path: folder.path, detail: "it exists and is not a folder")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            // createDirectory's mode is filtered by the umask; set it exactly.
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        } catch {
            throw StoreError.location(path: folder.path, detail: "\(error.localizedDescription)")
        }
    }
}
