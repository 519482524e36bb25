import Dashboard
import Foundation
import TimeKit

/// The user's config file: where it is, reading it into `Settings`, and
/// writing it back atomically without ever replacing an invalid file.
public struct ConfigFile {
    public let url: URL

    /// `$TIMEDECK_CONFIG`, else `$XDG_CONFIG_HOME/timedeck/config.toml`, else
    /// `~/.config/timedeck/config.toml`.
    public static func locate(environment: [String: String] = ProcessEnvironment.values) -> ConfigFile {
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
    /// valid file (or there is no file and they are the defaults); otherwise
    /// they are the file's settings with each problem's key left at its
    /// default.
    public struct Loaded: Sendable {
        public var settings: Settings
        public var problems: [ConfigProblem]
        public var exists: Bool
        public var text: String
        /// The file's path, for messages.
        public var path: String = ""

        /// One line naming every problem (line, key, what is wrong), in
        /// English, for the subcommands' stderr.
        public var summary: String? { notices.first.map { UILanguage.en.text($0) } }

        /// The problems as catalog messages: the dashboard says them in the
        /// user's language, `summary` in English.
        public var notices: [UIMessage] {
            guard !problems.isEmpty else { return [] }
            if let whole = problems.first(where: { $0.line == nil && $0.key == nil }) {
                return [.configUnusable(path: path, problem: whole.message, advice: whole.advice)]
            }
            return [.configHasProblems(path: path, problems: problems.map(\.brief))]
        }

        /// Prints the summary, if there are problems, to stderr (subcommands).
        public func warnOnStderr() {
            if let summary { Console.error("timedeck: \(summary)\n") }
        }
    }

    /// The settings every part of timedeck runs on: the dashboard, `--plain`
    /// and each subcommand read them here and nowhere else. Bad keys are set
    /// aside one by one (see `Settings.parse`), and `TIMEDECK_REDUCED_MOTION`
    /// (set and not "0") turns reduced motion on whatever the file says.
    public static func loadSettings(environment: [String: String] = ProcessEnvironment.values) -> Loaded {
        var loaded = locate(environment: environment).load()
        if let motion = environment["TIMEDECK_REDUCED_MOTION"], !motion.isEmpty, motion != "0" {
            loaded.settings.reducedMotion = true
        }
        return loaded
    }

    /// Largest config file read (bytes). The template is about 5 KB; a
    /// bigger file is refused before it is read (a 50 MB value once cost
    /// 446 MB and 4 s), which bounds every value in it too.
    static let maximumBytes = 1024 * 1024

    /// Reads the file. Use `loadSettings` to run on the settings; this is the
    /// file alone (for `config check` and `set`).
    public func load() -> Loaded {
        func whole(_ message: String, _ advice: String) -> Loaded {
            Loaded(settings: Settings(), problems: [ConfigProblem(line: nil, message: message, advice: advice)],
                   exists: true, text: "", path: url.path)
        }
        let data: Data
        switch Self.read(url.path) {
        case .absent: return Loaded(settings: Settings(), problems: [], exists: false, text: "", path: url.path)
        case .refused(let message, let advice): return whole(message, advice + "; every setting is at its default")
        case .read(let bytes): data = bytes
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return whole("is not UTF-8 text", "save it as UTF-8; every setting is at its default")
        }
        let (settings, problems) = Settings.parse(text)
        return Loaded(settings: settings, problems: problems, exists: true, text: text, path: url.path)
    }

    enum ReadOutcome {
        case absent
        case refused(message: String, advice: String)
        case read(Data)
    }

    /// The file's bytes, or why not: looked at (`stat`) before it is
    /// opened, so a FIFO never blocks, a device is never read and a huge
    /// file costs nothing; read to at most `maximumBytes` + 1.
    static func read(_ path: String) -> ReadOutcome {
        var info = stat()
        guard stat(path, &info) == 0 else {
            switch errno {
            case ELOOP: return .refused(message: "is a symlink loop", advice: "point the link at your config file, or remove it")
            case ENOENT: return .absent
            case EACCES: return .refused(message: "cannot be reached (permission denied on a folder above it)", advice: "check the folders' permissions")
            default: return .refused(message: "cannot be examined (\(String(cString: strerror(errno))))", advice: "check the path")
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .refused(message: "is a folder, not a file", advice: "move it away")
        default: return .refused(message: "is not a regular file (a FIFO, device or socket)",
                                 advice: "point TIMEDECK_CONFIG at a regular file, or move it away")
        }
        guard Int(info.st_size) <= maximumBytes else {
            return .refused(message: "is too large (\(info.st_size) bytes; a config file may have at most 1 MiB)",
                            advice: "shorten it (timedeck config init writes a complete one of about 5 KB)")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            return .refused(message: "cannot be read (\(String(cString: strerror(errno))))", advice: "check its permissions")
        }
        defer { close(fd) }
        // Sized from the look (a byte more, to see growth), grown up to one
        // byte over the limit if the file grew since, and read into the array
        // itself: a 1 MiB buffer read through a slice's `withUnsafeMutableBytes`
        // was zero-filled and then copied whole, for a 5 KB file.
        var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), maximumBytes) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= maximumBytes else { break }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, maximumBytes + 1 - bytes.count))
            }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress.map { $0 + count }, $0.count - count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else {
                return .refused(message: "cannot be read (\(String(cString: strerror(errno))))", advice: "check its permissions")
            }
            if n == 0 { break }
            count += n
        }
        // It grew between the look and the read.
        guard count <= maximumBytes else {
            return .refused(message: "is too large (over 1 MiB)", advice: "shorten it")
        }
        return .read(Data(bytes[..<count]))
    }

    struct WriteError: Error, CustomStringConvertible {
        /// For the subcommands' stderr.
        var description: String
        /// For the dashboard (rendered by the catalog).
        var problem: FileProblem
    }

    /// Sets `table.key` and writes the file back atomically (temporary file
    /// in the same folder, fsync, rename). Only that key's line changes, so
    /// problems elsewhere (unknown keys, bad values, a key set twice) are
    /// kept as the user wrote them; a bad value on that very line is
    /// replaced. Refuses while a file-level problem or an unreadable line exists (where the key
    /// already is cannot then be known), so the user's text is never lost.
    public func set(_ table: String, _ key: String, to value: ConfigDocument.Value) throws -> Settings {
        let loaded = load()
        let document = ConfigDocument(readingAround: loaded.text)
        if let problem = loaded.problems.first(where: { $0.line == nil && $0.key == nil }) ?? document.syntaxErrors.first(where: { !$0.wasRead }).map({ error in
            ConfigProblem(line: error.line, key: error.key, message: error.message)
        }) {
            throw WriteError(description: "timedeck: not changing \(url.path) while it has problems: \(problem.brief). Fix it first (timedeck config check).",
                             problem: .configHasProblems(path: url.path, detail: problem.brief))
        }
        let changed = document.setting(table, key, to: value)
        let (settings, problems) = Settings.parse(changed.text)
        // Any value may hold a password (team.url, weather.url, a URL typed
        // into the wrong key): never echoed. Redacted before TOML quoting,
        // which doubles a `\` in the password.
        let shown: String
        if case .string(let text) = value {
            shown = ConfigDocument.Value.string(RedactedValue.shown(text)).description
        } else {
            shown = RedactedValue.shown("\(value)")
        }
        if let problem = problems.first(where: { $0.key == "\(table).\(key)" || $0.key == "[\(table)]" }) {
            throw WriteError(description: "timedeck: \(table).\(key) = \(shown) is not valid: \(problem.message)",
                             problem: .settingRefused(key: "\(table).\(key)", value: shown, detail: problem.message))
        }
        if "\(table).\(key)" == MarsKeys.site.path, let problem = Self.marsSiteProblem(settings, text: changed.text) {
            throw WriteError(description: "timedeck: \(table).\(key) = \(shown) is not valid: \(problem.message); \(problem.advice)",
                             problem: .settingRefused(key: "\(table).\(key)", value: shown, detail: "\(problem.message); \(problem.advice)"))
        }
        if "\(table).\(key)" == WeatherKeys.caFile.path, let problem = Self.weatherCAFileProblem(settings, text: changed.text) {
            throw WriteError(description: "timedeck: \(table).\(key) = \(shown) is not valid: \(problem.message); \(problem.advice)",
                             problem: .settingRefused(key: "\(table).\(key)", value: shown, detail: "\(problem.message); \(problem.advice)"))
        }
        try writeAtomically(changed.text)
        return settings
    }

    /// `mars.site` must name a site of the bundled library or of the file's
    /// own `[mars-site-<id>]` tables (by name, id or alias); the value is
    /// free text to the settings parser, which knows no site list.
    public static func marsSiteProblem(_ settings: Settings, text: String) -> ConfigProblem? {
        guard let name = settings.marsSite, let bundled = try? MarsSiteLibrary.bundled() else { return nil }
        let library = bundled.adding(settings.marsSites).library
        guard library.site(named: name) == nil else { return nil }
        let line = ConfigDocument(readingAround: text).entry("mars", "site")?.line
        let closest = library.suggestions(for: name).joined(separator: ", ")
        return ConfigProblem(line: line, key: "mars.site", message: "no Mars site is named \"\(name)\"",
                             advice: "closest: \(closest) (timedeck mars --all lists every site; a [mars-site-<id>] table adds your own)")
    }

    /// Each `[mars-site-<id>]` table left out because its name or an alias
    /// is a library site's (`MarsSiteLibrary.adding`): a problem of its own,
    /// on the table's header line, for `config check`.
    public static func marsSiteClashes(_ settings: Settings, text: String) -> [ConfigProblem] {
        guard let bundled = try? MarsSiteLibrary.bundled() else { return [] }
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        return bundled.adding(settings.marsSites).clashes.map { clash in
            let id = settings.marsSites.first { $0.name == clash.site }?.id ?? clash.site
            let header = lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("[mars-site-\(id)]") }
            return ConfigProblem(line: header.map { $0 + 1 }, key: "[mars-site-\(id)]",
                                 message: "the site \"\(clash.site)\" is left out: the library's \(clash.taken) already has that name or alias",
                                 advice: "rename it, or remove the alias it shares (a library name keeps its meaning)")
        }
    }

    /// The file a write must replace: the config path with its symbolic
    /// links followed (a dotfiles link stays a link; its target changes),
    /// even to a target that does not exist yet.
    static func writeTarget(_ path: String) -> String {
        var target = path
        for _ in 0..<40 {
            guard let next = try? FileManager.default.destinationOfSymbolicLink(atPath: target) else { return target }
            target = next.hasPrefix("/") ? next : (target as NSString).deletingLastPathComponent + "/" + next
        }
        return target
    }

    /// Writes `text` as the whole file, replacing it in one rename (through
    /// a symbolic link: the link's target is replaced, never the link).
    public func writeAtomically(_ text: String) throws {
        let target = URL(fileURLWithPath: Self.writeTarget(url.path))
        let folder = target.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw WriteError(description: "timedeck: cannot create \(folder.path): \(error.localizedDescription)",
                             problem: .cannotWrite(path: folder.path, reason: error.localizedDescription))
        }
        var template = Array((folder.path + "/.config.toml.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw WriteError(description: "timedeck: cannot write in \(folder.path): \(reason)",
                             problem: .cannotWrite(path: folder.path, reason: reason))
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
        guard written == bytes.count, synced, rename(tempPath, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(tempPath)
            throw WriteError(description: "timedeck: could not save \(url.path): \(reason); the old file is unchanged.",
                             problem: .cannotWrite(path: url.path, reason: reason))
        }
    }
}
