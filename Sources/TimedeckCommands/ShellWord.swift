import Foundation

/// A word as a POSIX shell reads it back: as is when it holds only safe
/// characters, else in single quotes (`dst SYNC` → `'dst SYNC'`), so a
/// hint such as `timedeck calls remove 'dst SYNC'` can be pasted as printed.
enum ShellWord {
    static func quoted(_ word: String) -> String {
        let safe = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,/:@%+=")
        if !word.isEmpty, word.unicodeScalars.allSatisfy({ safe.contains($0) }), !word.hasPrefix("-") { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
