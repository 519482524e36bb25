/// A double-quoted string literal that both JSON (RFC 8259 §7) and TOML
/// (basic strings) read back exactly: `"` and `\` escaped, the usual short
/// escapes for newline, return and tab, and `\uXXXX` for every other control
/// character (including DEL, which TOML requires escaped).
public enum QuotedString {
    public static func literal(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
