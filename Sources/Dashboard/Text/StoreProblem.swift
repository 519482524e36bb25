/// Why the shell could not read or write the store, as a value that crosses
/// into the dashboard and is rendered by the catalog in the user's language
/// (never a string built in the shell).
public enum StoreProblem: Hashable, Sendable {
    /// Another process holds the database (SQLite busy or locked).
    case busy
    /// No database could be opened when the dashboard started.
    case noDatabase
    /// The mark was deleted elsewhere before this change reached it.
    case markGone(id: Int64)
    /// This user may not write the store (it is read-only for them).
    case readOnly
    /// SQLite's or the operating system's own words, shown as they came
    /// (inside a translated sentence).
    case failed(String)
}

extension StoreProblem {
    /// The problem in `language`: a short phrase for a panel line.
    func text(_ language: UILanguage) -> String {
        switch (self, language) {
        case (.busy, .en): "DB busy"
        case (.busy, .ja): "データベース使用中"
        case (.noDatabase, .en): "no database open"
        case (.noDatabase, .ja): "データベースを開けていません"
        case (.markGone(let id), .en): "mark #\(id) is already gone"
        case (.markGone(let id), .ja): "マーク #\(id) はもうありません"
        case (.readOnly, .en): "store read-only"
        case (.readOnly, .ja): "ストアは読み取り専用"
        case (.failed(let words), _): words
        }
    }
}
