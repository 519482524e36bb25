/// Why the shell could not write a file the user asked for (a setting into
/// the config file, a snapshot): a value that crosses into the dashboard and
/// is rendered by the catalog in the user's language. Paths and the
/// system's or validator's own words are data, shown as they came.
public enum FileProblem: Hashable, Sendable {
    /// The config file has a problem that keeps it from being changed
    /// safely (`detail`: line, key and what is wrong).
    case configHasProblems(path: String, detail: String)
    /// The value was refused (`detail`: why).
    case settingRefused(key: String, value: String, detail: String)
    /// The folder or file could not be written (`reason`: the system's words).
    case cannotWrite(path: String, reason: String)
}

extension FileProblem {
    var english: String {
        switch self {
        case let .configHasProblems(path, detail):
            "not changing \(path) while it has problems: \(detail). Fix it first (timedeck config check)."
        case let .settingRefused(key, value, detail): "\(key) = \(value) is not valid: \(detail)"
        case let .cannotWrite(path, reason): "cannot write \(path): \(reason)"
        }
    }

    var japanese: String {
        switch self {
        case let .configHasProblems(path, detail):
            "\(path) に問題があるあいだは変更しません: \(detail)。先に直してください（timedeck config check）"
        case let .settingRefused(key, value, detail): "\(key) = \(value) は使えません: \(detail)"
        case let .cannotWrite(path, reason): "\(path) に書き込めません: \(reason)"
        }
    }
}
