/// Text made safe for XML 1.0 content and quoted attributes (the GPX files,
/// the plotting sheet, the SVG pictures): the five markup characters
/// escaped, and every character XML 1.0 forbids or a terminal would act on
/// (C0 controls, DEL, C1 controls, U+FFFE, U+FFFF) dealt with by `controls`.
public enum XMLText {
    public enum Controls: Sendable {
        /// Tab, newline and return kept as character references; every
        /// other control becomes U+FFFD (a data file: something was there).
        case referenceWhitespaceReplaceOthers
        /// All of them dropped (a picture: nothing to show).
        case remove
    }

    public static func escaped(_ text: String, controls: Controls) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                let v = scalar.value
                guard v < 0x20 || (0x7F...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF else {
                    out.unicodeScalars.append(scalar)
                    continue
                }
                switch controls {
                case .remove:
                    continue
                case .referenceWhitespaceReplaceOthers:
                    if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                        out += "&#\(v);"
                    } else {
                        out.unicodeScalars.append("\u{FFFD}")
                    }
                }
            }
        }
        return out
    }
}
