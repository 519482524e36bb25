/// The one sanitizer for text from outside (keys, pastes, arguments, config
/// values, server rows, place and site names) on its way to a terminal.
///
/// Text is stored exactly as given; only what is printed is made inert.
/// Every C0 control (U+0000–U+001F) is shown as its Unicode "control
/// picture" (U+2400 + code: ESC → `␛`, BEL → `␇`, LF → `␊`), DEL as `␡`, and
/// C1 controls (U+0080–U+009F, e.g. the 8-bit CSI), bidirectional controls
/// (overrides, embeddings, isolates, marks), line/paragraph separators and
/// invisible characters (zero-width space and joiner, word joiner, soft
/// hyphen, Hangul fillers, tag characters…) as `U+XXXX`, so nothing is
/// invisible and nothing is live: two names that look alike on screen are
/// alike. A zero-width joiner inside an emoji sequence (👩‍👩‍👧) stays. Because ESC and the
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

    /// A scalar that must never reach a terminal as itself (a zero-width
    /// joiner counts; `isHazard(_:between:and:)` lets one inside an emoji
    /// sequence through).
    public static func isHazard(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
        default: return isInvisible(scalar.value)
        }
    }

    /// Characters that print as nothing: zero-width space and joiner, word
    /// joiner and the invisible operators, soft hyphen, combining grapheme
    /// joiner, Hangul and Khmer fillers, Mongolian selectors, deprecated
    /// format characters, interlinear annotation, tag characters.
    static func isInvisible(_ v: UInt32) -> Bool {
        switch v {
        case 0x00AD, 0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x200B, 0x200D,
             0x2060...0x2064, 0x206A...0x206F, 0x3164, 0xFFA0, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
            return true
        default:
            return false
        }
    }

    /// `isHazard` in context: a zero-width joiner between two emoji joins
    /// them into one picture and is kept.
    static func isHazard(_ scalar: Unicode.Scalar, between previous: Unicode.Scalar?, and next: Unicode.Scalar?) -> Bool {
        if scalar.value == 0x200D, let previous, let next, isEmoji(previous), isEmoji(next) { return false }
        return isHazard(scalar)
    }

    private static func isEmoji(_ s: Unicode.Scalar) -> Bool { s.value >= 0x2000 && s.properties.isEmoji }

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
    /// byte 0xC2 (C1, U+00AD), 0xCD (U+034F), 0xD8 (U+061C), 0xE1, 0xE2,
    /// 0xE3, 0xEF or 0xF3 (the invisibles, U+200E…U+2069, U+FEFF, tags);
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
                } else if b == 0xC2 || b == 0xCD || b == 0xD8 || (0xE1...0xE3).contains(b) || b == 0xEF || b == 0xF3 {
                    if slowCheck(bytes, at: i) { return true }
                }
                i += 1
            }
            return false
        }
    }

    /// Decodes the scalar at `i` (and its neighbours, for a joiner) and asks
    /// `isHazard`.
    private static func slowCheck(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard let (scalar, length) = scalar(in: bytes, at: i) else { return false }
        guard scalar.value == 0x200D else { return isHazard(scalar) }
        var start = i - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let previous = start >= 0 ? Self.scalar(in: bytes, at: start)?.0 : nil
        let next = Self.scalar(in: bytes, at: i + length)?.0
        return isHazard(scalar, between: previous, and: next)
    }

    /// The scalar whose UTF-8 starts at `i` (the string is valid UTF-8).
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int)? {
        guard i >= 0, i < bytes.count else { return nil }
        let b0 = bytes[i]
        let length = b0 < 0x80 ? 1 : b0 < 0xE0 ? 2 : b0 < 0xF0 ? 3 : 4
        guard i + length <= bytes.count else { return nil }
        var v = length == 1 ? UInt32(b0) : UInt32(b0) & (0xFF >> (length + 1))
        for k in 1..<max(1, length) where length > 1 { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
        return Unicode.Scalar(v).map { ($0, length) }
    }

    private static func replaced(_ s: String, keepingLines: Bool) -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(s.unicodeScalars)
        for (k, scalar) in scalars.enumerated() {
            let v = scalar.value
            let previous = k > 0 ? scalars[k - 1] : nil
            let next = k + 1 < scalars.count ? scalars[k + 1] : nil
            if isHazard(scalar, between: previous, and: next), !(keepingLines && (v == 0x0A || v == 0x09)) {
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
