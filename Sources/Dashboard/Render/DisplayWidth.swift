/// Terminal display width of characters: 0, 1 or 2 cells.
///
/// A compact version of the East Asian Width "W"/"F" ranges (Unicode 15) plus
/// zero-width marks; enough for Japanese, Chinese, Korean and emoji. Layouts
/// measure with this, never with `String.count`.
public enum DisplayWidth {
    public static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        return of(scalar)
    }

    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v == 0 { return 0 }
        if v < 0x300 { return 1 }
        if (0x300...0x36F).contains(v) || (0x200B...0x200F).contains(v) || v == 0xFE0F { return 0 }
        // The ranges are sorted: stop at the first one that starts above
        // `v` (box drawing and Braille, drawn every second, used to walk
        // all of them).
        for range in wideRanges {
            if v < range.lowerBound { return 1 }
            if v <= range.upperBound { return 2 }
        }
        return 1
    }

    /// Display width of a whole string.
    public static func of(_ text: String) -> Int {
        if let width = printableASCIIWidth(text) { return width }
        if let width = standAloneWidth(text) { return width }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The width of text whose every scalar stands alone (`Frame.standsAlone`:
    /// each is a whole character, of the width `of` gives), or nil for any
    /// other text. Titles and status lines with a `·` or a box line, measured
    /// every second, took the `Character` walk.
    static func standAloneWidth(_ text: String) -> Int? {
        let counted: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var width = 0
            var i = 0
            while i < bytes.count {
                let (value, length) = UTF8Scalar.decode(bytes, at: i)
                let w = Frame.standAloneWidth(value: value)
                if w == 0 { return nil }
                width += w
                i += length
            }
            return width
        }
        return counted ?? nil
    }

    /// The width of text that is all printable ASCII (one column a byte),
    /// or nil for anything else: most of what is measured each frame, and
    /// walking it as `Character`s was most of the measuring. Control bytes
    /// are left to the general path ("\r\n" is one character there).
    @inline(__always)
    static func printableASCIIWidth(_ text: String) -> Int? {
        let counted: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
            return bytes.count
        }
        return counted ?? nil
    }

    /// The longest prefix of `text` that fits in `cells` columns.
    public static func prefix(_ text: String, fitting cells: Int) -> String {
        var used = 0
        var out = ""
        for ch in text {
            let w = of(ch)
            if used + w > cells { break }
            used += w
            out.append(ch)
        }
        return out
    }

    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC,
        0x23F0...0x23F0, 0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615,
        0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE,
        0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755,
        0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0, 0x27BF...0x27BF,
        0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
        0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
        0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F,
        0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}

extension DisplayWidth {
    /// `text` in lines at most `width` columns wide, broken at spaces where
    /// it has them (a word wider than the line, or Japanese, is cut by
    /// character).
    public static func wrapped(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = [], line = ""
        func push(_ word: String) {
            let candidate = line.isEmpty ? word : line + " " + word
            if DisplayWidth.of(candidate) <= width { line = candidate; return }
            if !line.isEmpty { lines.append(line); line = "" }
            for c in word {
                if DisplayWidth.of(line + String(c)) > width { lines.append(line); line = "" }
                line.append(c)
            }
        }
        for word in text.split(separator: " ", omittingEmptySubsequences: true) { push(String(word)) }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

/// One scalar from valid UTF-8 (a native Swift string's bytes): its value
/// and how many bytes it took.
enum UTF8Scalar {
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F), 2) }
        if b0 < 0xF0 {
            return ((b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F), 3)
        }
        return ((b0 & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
                | UInt32(bytes[i + 3] & 0x3F), 4)
    }
}
