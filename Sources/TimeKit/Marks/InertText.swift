/// The one sanitizer for text from outside (keys, pastes, arguments, config
/// values, server rows, place and site names) on its way to a terminal.
///
/// Text is stored exactly as given; only what is printed is made inert.
/// Every C0 control (U+0000–U+001F) is shown as its Unicode "control
/// picture" (U+2400 + code: ESC → `␛`, BEL → `␇`, LF → `␊`), DEL as `␡`, and
/// C1 controls (U+0080–U+009F, e.g. the 8-bit CSI), bidirectional controls
/// (overrides, embeddings, isolates, marks) and line/paragraph separators as
/// `U+XXXX`, so nothing is invisible and nothing is live. Because ESC and the
/// 8-bit introducers are shown, an OSC, DCS, APC, PM or SOS string loses its
/// meaning as a whole: its text is printed as plain characters.
///
/// The hot path (a streaming export calls this per row) is a scan of the
/// UTF-8 bytes; a string with nothing to replace is returned as is.
public enum InertText {
    /// `s` with every control character replaced by a visible stand-in (one
    /// line: LF and TAB are replaced too).
    public static func display(_ s: String) -> String {
        isInert(s) ? s : replaced(s, keepingLines: false)
    }

    /// `s` for a multi-line message (an error, a report): LF and TAB stay,
    /// every other control is replaced as in `display`.
    public static func message(_ s: String) -> String {
        needsWork(s, keepingLines: true) ? replaced(s, keepingLines: true) : s
    }

    /// True when `s` holds a character that `display` would replace.
    public static func hasControls(_ s: String) -> Bool {
        !isInert(s)
    }

    /// True when `s` has nothing `display` would replace.
    public static func isInert(_ s: String) -> Bool {
        !needsWork(s, keepingLines: false)
    }

    /// JSON text with every hazard that JSON leaves raw (C1, bidi, line
    /// separators; C0 is already escaped by any encoder) written as
    /// `\uXXXX`: the same JSON value, inert on a terminal.
    public static func json(_ json: String) -> String {
        guard !isInert(json.replacingOccurrences(of: "\n", with: " ")) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            let v = scalar.value
            if isHazard(scalar), v > 0x1F {
                let hex = String(v, radix: 16, uppercase: true)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// A scalar that must never reach a terminal as itself.
    public static func isHazard(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// The stand-in for a hazard.
    static func standIn(_ v: UInt32) -> String {
        switch v {
        case 0x00...0x1F: return String(Character(Unicode.Scalar(0x2400 + v) ?? "?"))
        case 0x7F: return "\u{2421}"
        default:
            let hex = String(v, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }

    /// Byte scan: every hazard starts with a byte below 0x20, 0x7F, or a lead
    /// byte 0xC2 (C1), 0xD8 (U+061C), 0xE2 (U+200E…U+2069) or 0xEF (U+FEFF);
    /// only those lead bytes are looked at more closely.
    static func needsWork(_ s: String, keepingLines: Bool) -> Bool {
        var s = s
        return s.withUTF8 { bytes -> Bool in
            var i = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                if b < 0x20 {
                    if !(keepingLines && (b == 0x0A || b == 0x09)) { return true }
                } else if b == 0x7F {
                    return true
                } else if b == 0xC2 || b == 0xD8 || b == 0xE2 || b == 0xEF {
                    if slowCheck(bytes, at: i) { return true }
                }
                i += 1
            }
            return false
        }
    }

    private static func slowCheck(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        let n = bytes.count
        guard i + 1 < n else { return false }
        let b0 = bytes[i], b1 = bytes[i + 1]
        switch b0 {
        case 0xC2: return (0x80...0x9F).contains(b1)
        case 0xD8: return b1 == 0x9C
        case 0xE2:
            guard i + 2 < n else { return false }
            let b2 = bytes[i + 2]
            if b1 == 0x80 { return b2 == 0x8E || b2 == 0x8F || b2 == 0xA8 || b2 == 0xA9 || (0xAA...0xAE).contains(b2) }
            if b1 == 0x81 { return (0xA6...0xA9).contains(b2) }
            return false
        case 0xEF:
            guard i + 2 < n else { return false }
            return b1 == 0xBB && bytes[i + 2] == 0xBF
        default: return false
        }
    }

    private static func replaced(_ s: String, keepingLines: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            let v = scalar.value
            if isHazard(scalar), !(keepingLines && (v == 0x0A || v == 0x09)) {
                out.append(contentsOf: standIn(v).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
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
