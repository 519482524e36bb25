import Dashboard
import Foundation
import TimeKit
import TimeStore

/// Where snapshots go: `<data folder>/snapshots/` (0700), one `.txt`, one
/// `.ansi` and one `.svg` file per snapshot, each written whole or not at all.
public enum SnapshotFiles {
    /// The folder's path as far as it can be named (for a failure message).
    static var folderPath: String {
        ((try? DatabaseLocation.folderURL(environment: ProcessEnvironment.values))?
            .appendingPathComponent("snapshots", isDirectory: true).path) ?? "snapshots"
    }

    static func folder() throws -> URL {
        let data = try DatabaseLocation.folderURL(environment: ProcessEnvironment.values)
        try DatabaseLocation.prepareFolder(data)
        let folder = data.appendingPathComponent("snapshots", isDirectory: true)
        try DatabaseLocation.prepareFolder(folder)
        return folder
    }

    /// Writes the three files; returns the text file's path.
    public static func write(_ document: SnapshotDocument) throws -> String {
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
        let ansi = folder.appendingPathComponent(stem + ".ansi").path
        let svg = folder.appendingPathComponent(stem + ".svg").path
        try NewFile.write(document.ansi, to: ansi)
        try NewFile.write(document.svg, to: svg)
        for path in [text, ansi, svg] { chmod(path, 0o600) }
        return text
    }
}
