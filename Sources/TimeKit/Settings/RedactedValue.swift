/// A setting's value as it may be printed: the password of any URL in it
/// hidden (`https://user:***@host/`), and a `team.url` in any form libpq
/// reads (a `postgresql://` URL, a key=value conninfo) as
/// `ConnectionString` shows it. One function for every message that echoes
/// a value (`config set`, `config check`, the weather command and panel).
public enum RedactedValue {
    public static func shown(_ text: String) -> String {
        hidingURLPasswords(ConnectionString(text).description)
    }

    /// Every `scheme://user:password@host` in `text` with its password
    /// `***`. The user info runs to the last `@` before a space or quote
    /// (a password may hold `/`, `?`, `@` unencoded), the password from the
    /// first `:` in it.
    static func hidingURLPasswords(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let scheme = rest.range(of: "://") {
            out += rest[..<scheme.upperBound]
            let after = rest[scheme.upperBound...]
            let end = after.firstIndex(where: { $0 == " " || $0 == "\"" || $0 == "'" || $0 == "\n" }) ?? after.endIndex
            let segment = after[..<end]
            if let at = segment.lastIndex(of: "@"), let colon = segment[..<at].firstIndex(of: ":"),
               segment[segment.index(after: colon)..<at] != "***" {
                out += segment[...colon] + "***" + segment[at...]
            } else {
                out += segment
            }
            rest = after[end...]
        }
        return out + rest
    }
}
