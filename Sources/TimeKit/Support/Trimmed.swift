/// `text` without the white space at either end, exactly as Foundation's
/// `trimmingCharacters(in: .whitespaces)` trims it (every scalar of the
/// Unicode category Zs, the tab, and the zero-width space U+200B, which
/// Foundation's set keeps from older Unicode), without Foundation's bridge through
/// `NSString` and `CharacterSet`: its first use cost about 1.2 M
/// instructions before the dashboard's first frame (callgrind, 12-06).
/// `TrimmedTests` compares the two on generated text.
public enum Trimmed {
    public static func whitespace(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(scalars[first...last])
    }

    public static func whitespace(_ text: Substring) -> String { whitespace(String(text)) }

    @inline(__always) static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar == " " || scalar == "\t" }
        return scalar.value == 0x200B || scalar.properties.generalCategory == .spaceSeparator
    }
}
