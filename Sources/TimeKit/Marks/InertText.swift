/// Text from a user or a file made safe to draw on a terminal.
///
/// Notes are stored exactly as typed, but a control character reaching the
/// terminal could move the cursor, change colours or retitle the window (an
/// ESC sequence). Every C0 control (U+0000–U+001F) is shown as its Unicode
/// "control picture" (U+2400 + code: ESC → `␛`, TAB → `␉`, LF → `␊`), DEL as
/// `␡`, and C1 controls (U+0080–U+009F, e.g. the 8-bit CSI U+009B) and the
/// bidirectional overrides as `\u{9B}`-style escapes, so nothing is invisible
/// and nothing is live.
public enum InertText {
    /// `s` with every control character replaced by a visible stand-in.
    public static func display(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x00...0x1F:
                out.append(Unicode.Scalar(0x2400 + v) ?? "?")
            case 0x7F:
                out.append("\u{2421}")
            case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0xFEFF:
                out.append(contentsOf: "\\u{\(String(v, radix: 16, uppercase: true))}".unicodeScalars)
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// True when `s` holds a character that `display` would replace.
    public static func hasControls(_ s: String) -> Bool {
        display(s) != s
    }
}

/// The note a navigator attaches to a mark: plain text, at most
/// `maximumCharacters` characters (a line of the log, e.g. "Sun LL, IE −1.2'").
public enum MarkNote {
    /// Longest note accepted, in characters (grapheme clusters).
    public static let maximumCharacters = 200

    /// A note that is too long to store.
    public struct TooLong: Error, Equatable, CustomStringConvertible {
        public var characters: Int
        public var description: String {
            "note is \(characters) characters long; the limit is \(MarkNote.maximumCharacters). Shorten it."
        }
    }

    /// The note unchanged if it fits, else `TooLong`.
    public static func validated(_ note: String) throws -> String {
        let count = note.count
        guard count <= maximumCharacters else { throw TooLong(characters: count) }
        return note
    }
}
