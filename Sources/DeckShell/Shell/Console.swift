import Foundation
import TimeKit

/// Every line the CLI writes for a person goes through here, so text from
/// outside (an argument echoed in an error, a call name, a config value, a
/// site name, a server's message) reaches the terminal inert: controls and
/// bidi characters shown as `␛`, `U+202E` (`InertText.message`; line breaks
/// and tabs kept). JSON and CSV exports are data and keep their own escaping.
public enum Console {
    /// Writes `text` to standard error as is apart from the sanitizing (the
    /// caller ends it with a line break).
    public static func error(_ text: String) {
        FileHandle.standardError.write(Data(InertText.message(text).utf8))
    }

    /// `print` for text meant for a person.
    public static func out(_ text: String, terminator: String = "\n") {
        print(InertText.message(text), terminator: terminator)
    }

    /// JSON for scripts and status bars: the same value, with C1 and bidi
    /// characters escaped (`InertText.json`), in case it reaches a terminal.
    public static func json(_ text: String) {
        print(InertText.json(text))
    }
}
