import Dashboard
import Foundation
import TimeStore

/// Where snapshots go: `<data folder>/snapshots/` (0700), one `.txt` and one
/// `.ansi` file per snapshot, each written whole or not at all.
enum SnapshotFiles {
    /// The folder's path as far as it can be named (for a failure message).
    static var folderPath: String {
        ((try? DatabaseLocation.folderURL(environment: ProcessInfo.processInfo.environment))?
            .appendingPathComponent("snapshots", isDirectory: true).path) ?? "snapshots"
    }

    static func folder() throws -> URL {
        let data = try DatabaseLocation.folderURL(environment: ProcessInfo.processInfo.environment)
        try DatabaseLocation.prepareFolder(data)
        let folder = data.appendingPathComponent("snapshots", isDirectory: true)
        try DatabaseLocation.prepareFolder(folder)
        return folder
    }

    /// Writes both files; returns the text file's path.
    static func write(_ document: SnapshotDocument) throws -> String {
        let folder = try folder()
        var stem = document.fileStem
        // Two snapshots in one second get -2, -3, …: never overwrite one.
        var suffix = 2
        while FileManager.default.fileExists(atPath: folder.appendingPathComponent(stem + ".txt").path) {
            stem = document.fileStem + "-\(suffix)"
            suffix += 1
        }
        let text = folder.appendingPathComponent(stem + ".txt").path
        try NewFile.write(document.text, to: text)
        try NewFile.write(document.ansi, to: folder.appendingPathComponent(stem + ".ansi").path)
        for path in [text, folder.appendingPathComponent(stem + ".ansi").path] { chmod(path, 0o600) }
        return text
    }
}
