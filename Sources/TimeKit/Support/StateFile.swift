import Foundation

/// A small JSON file of remembered state in timedeck's data directory,
/// written atomically (temporary file + rename), read leniently.
///
/// The data directory is `$TIMEDECK_HOME`, else `$XDG_DATA_HOME/timedeck`,
/// else `~/.local/share/timedeck` (XDG Base Directory Specification).
public struct StateFile<Value: Codable & Equatable & Sendable>: Sendable {
    public var url: URL

    public init(url: URL) { self.url = url }

    /// `name` (e.g. `mars.json`) in the data directory for `environment`.
    public init(named name: String, environment: [String: String]) {
        url = Self.dataDirectory(environment: environment).appendingPathComponent(name)
    }

    /// The data directory for `environment` (pure).
    public static func dataDirectory(environment: [String: String]) -> URL {
        if let home = environment["TIMEDECK_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("timedeck", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/timedeck", isDirectory: true)
    }

    /// The saved value, or nil when there is none or it cannot be decoded
    /// (a damaged file is ignored, not fatal: the panel starts at defaults).
    public func load() -> Value? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(Value.self, from: data)
    }

    /// Writes `value` atomically, creating the directory. Throws a message
    /// that names the file.
    public func save(_ value: Value) throws {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try encoder.encode(value).write(to: url, options: .atomic)
        } catch {
            throw SaveError(description: "timedeck: could not save \(url.path): \(error.localizedDescription). "
                + "Check that the folder is writable, or set TIMEDECK_HOME to another folder.")
        }
    }

    public struct SaveError: Error, CustomStringConvertible, Equatable {
        public var description: String
    }
}
