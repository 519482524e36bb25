import Foundation

/// Finds the bundled data files under the repository's `Resources/` folder.
///
/// SwiftPM copies `Resources/` into `timedeck_TimeKit.resources/` beside the
/// built executable, but its generated `Bundle.module` accessor calls
/// `fatalError` when the bundle is missing (an installed binary without it).
/// We look ourselves and fail with a message instead, in this order:
/// `$TIMEDECK_RESOURCES`, the bundle beside the executable, `../share/timedeck`
/// beside the executable (a `make install` layout), and, for a binary still
/// in a `.build*` folder, the source tree.
public enum ResourceLocator {
    public struct NotFound: Error, CustomStringConvertible {
        public var name: String
        public var searched: [String]
        public var description: String {
            "timedeck: data file '\(name)' not found. Looked in: \(searched.joined(separator: ", ")). "
                + "Set TIMEDECK_RESOURCES to the folder that holds it (the repository's Resources/)."
        }
    }

    /// The folders searched, in order.
    public static func candidateFolders() -> [URL] {
        var folders: [URL] = []
        if let env = ProcessEnvironment.values["TIMEDECK_RESOURCES"], !env.isEmpty {
            folders.append(URL(fileURLWithPath: env, isDirectory: true))
        }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let exeDir = executableFolder() ?? exe.deletingLastPathComponent()
        folders.append(exeDir.appendingPathComponent("timedeck_TimeKit.resources/Resources", isDirectory: true))
        folders.append(exeDir.appendingPathComponent("timedeck_TimeKit.resources", isDirectory: true))
        folders.append(exeDir.appendingPathComponent("../share/timedeck", isDirectory: true).standardizedFileURL)
        // The source tree only for a binary that is still in a SwiftPM build
        // folder: an installed timedeck never reads the checkout it was
        // built from, even when its own data is missing.
        guard exeDir.pathComponents.contains(where: { $0.hasPrefix(".build") }) else { return folders }
        let source = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // TimeKit
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()  // package root
            .appendingPathComponent("Resources", isDirectory: true)
        folders.append(source)
        return folders
    }

    /// URL of the resource file `name` (e.g. `mars-sites.json`).
    public static func url(for name: String) throws -> URL {
        let fm = FileManager.default
        let folders = candidateFolders()
        for folder in folders {
            let candidate = folder.appendingPathComponent(name)
            if fm.isReadableFile(atPath: candidate.path) { return candidate }
        }
        throw NotFound(name: name, searched: folders.map(\.path))
    }

    /// The folder holding the running executable, from /proc/self/exe on Linux.
    static func executableFolder() -> URL? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path).deletingLastPathComponent()
        }
        #endif
        return Bundle.main.executableURL?.deletingLastPathComponent()
    }
}
