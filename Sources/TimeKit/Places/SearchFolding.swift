import Foundation

/// The text form that place search compares: lower case, compatibility
/// decomposed (so full-width `ＴＯＫＹＯ` is `tokyo`), combining marks dropped
/// (`São` is `sao`), a few letters that do not decompose mapped to ASCII
/// (`Łódź` is `lodz`), apostrophes dropped and other punctuation turned into
/// single spaces (`St. John's` is `st johns`).
///
/// scripts/generate-places.py folds the bundled names the same way (its
/// `fold`); a test checks that the two agree on every city name.
public enum SearchFolding {
    /// Letters with no NFKD decomposition but an obvious ASCII form.
    static let special: [Unicode.Scalar: String] = [
        "ł": "l", "ø": "o", "đ": "d", "ð": "d", "æ": "ae", "œ": "oe", "ß": "ss",
        "ı": "i", "þ": "th", "ħ": "h", "ŧ": "t", "ŀ": "l", "ĸ": "k",
    ]
    static let dropped: Set<Unicode.Scalar> = ["'", "’", "ʻ", "ʼ", "`", "´", "‘"]
    static let spaces: Set<Unicode.Scalar> = Set("-‐‑‒–—.,/()_&+:;\"!?[]{}*".unicodeScalars)

    /// The folded search key of `text`.
    public static func fold(_ text: String) -> String {
        // Fast path: plain ASCII letters, digits and spaces need only lower-casing.
        if text.utf8.allSatisfy({ isPlainASCII($0) }) {
            return collapse(text.lowercased())
        }
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark || dropped.contains(scalar) {
                continue
            }
            if spaces.contains(scalar) || scalar.properties.isWhitespace {
                out.append(" ")
            } else if let mapped = special[scalar] {
                out.append(contentsOf: mapped.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return collapse(String(out))
    }

    static func isPlainASCII(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
            || (byte >= 0x30 && byte <= 0x39) || byte == 0x20
    }

    /// Single spaces between words, none at the ends.
    static func collapse(_ s: String) -> String {
        s.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
