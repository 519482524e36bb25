import Foundation
import TimeKit

/// The user's config file: where it is, reading it into `Settings`, and
/// writing it back atomically without ever replacing an invalid file.
struct ConfigFile {
    let url: URL

    /// `$TIMEDECK_CONFIG`, else `$XDG_CONFIG_HOME/timedeck/config.toml`, else
    /// `~/.config/timedeck/config.toml`.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> ConfigFile {
        if let explicit = environment["TIMEDECK_CONFIG"], !explicit.isEmpty {
            return ConfigFile(url: URL(fileURLWithPath: explicit))
        }
        let base: URL
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config", isDirectory: true)
        }
        return ConfigFile(url: base.appendingPathComponent("timedeck/config.toml"))
    }

    /// What loading found. `problems` empty means the settings came from a
    /// valid file (or there is no file and they are the defaults).
    struct Loaded {
        var settings: Settings
        var problems: [ConfigProblem]
        var exists: Bool
        var text: String

        /// One line for the dashboard: file, line and problem.
        func summary(path: String) -> String? {
            guard let first = problems.first else { return nil }
            let more = problems.count > 1 ? " (+\(problems.count - 1) more; run timedeck config check)" : ""
            return "config \(path) \(first); using defaults\(more)"
        }
    }

    func load() -> Loaded {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            return Loaded(settings: Settings(), problems: [], exists: false, text: "")
        }
        if isDirectory.boolValue {
            return Loaded(settings: Settings(), problems: [ConfigProblem(line: nil, message: "is a folder, not a file")], exists: true, text: "")
        }
        guard let data = fm.contents(atPath: url.path) else {
            return Loaded(settings: Settings(), problems: [ConfigProblem(line: nil, message: "cannot be read (check its permissions)")], exists: true, text: "")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return Loaded(settings: Settings(), problems: [ConfigProblem(line: nil, message: "is not UTF-8 text")], exists: true, text: "")
        }
        let (settings, problems) = Settings.parse(text)
        // Any problem means the whole file is set aside: defaults, never a mix.
        return Loaded(settings: problems.isEmpty ? settings : Settings(), problems: problems, exists: true, text: text)
    }

    struct WriteError: Error, CustomStringConvertible {
        var description: String
    }

    /// Sets `table.key` and writes the file back atomically (temporary file
    /// in the same folder, fsync, rename). Refuses while the file is invalid,
    /// so the user's text is never lost to a rewrite.
    func set(_ table: String, _ key: String, to value: ConfigDocument.Value) throws -> Settings {
        let loaded = load()
        guard loaded.problems.isEmpty else {
            throw WriteError(description: "timedeck: not changing \(url.path) while it has problems: \(loaded.problems[0]). Fix it first (timedeck config check).")
        }
        let document = try ConfigDocument(parsing: loaded.text).setting(table, key, to: value)
        let (settings, problems) = Settings.parse(document.text)
        if let problem = problems.first {
            throw WriteError(description: "timedeck: \(table).\(key) = \(value) is not valid: \(problem.message)")
        }
        try writeAtomically(document.text)
        return settings
    }

    /// Writes `text` as the whole file, replacing it in one rename.
    func writeAtomically(_ text: String) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw WriteError(description: "timedeck: cannot create \(folder.path): \(error.localizedDescription)")
        }
        var template = Array((folder.path + "/.config.toml.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else {
            throw WriteError(description: "timedeck: cannot write in \(folder.path): \(String(cString: strerror(errno)))")
        }
        let tempPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            written += n
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(tempPath, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(tempPath)
            throw WriteError(description: "timedeck: could not save \(url.path): \(reason); the old file is unchanged.")
        }
    }
}
