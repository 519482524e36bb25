import Foundation

/// A connection string for the team log (`team.url`): a `postgresql://` URL
/// or a libpq `key=value` conninfo. It may hold a password, so it is a type
/// whose every printable form hides it: `description`, string
/// interpolation, `debugDescription` and `dump` all show `***`. Only
/// `forConnecting` gives the text, for libpq alone; and `scrub` takes the
/// string and every piece of its password out of any message (libpq
/// quotes a value it cannot use, which may be part of a password).
///
/// A URL's user info ends at the last `@` before the host (so a password
/// may hold `/`, `?`, `@` and `:` unencoded, as people type them) and its
/// password runs from the first `:` in it. libpq itself stops at the first
/// `@` or `/`, so `forConnecting` hands it the user and password
/// percent-encoded: libpq then reads what the user meant.
public struct ConnectionString: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable, ExpressibleByStringLiteral {
    private let text: String

    public init(_ text: String) { self.text = text }
    public init(stringLiteral value: String) { text = value }

    /// The text for libpq, password included (a URL's user info
    /// percent-encoded): hand it to libpq, never print it.
    public var forConnecting: String { Self.canonical(text) }

    public var description: String { Self.redacted(text) }
    public var debugDescription: String { "ConnectionString(\(description))" }
    public var customMirror: Mirror { Mirror(self, children: ["redacted": description]) }

    /// `message` without this string or its password: the whole string (as
    /// given or as handed to libpq) becomes the redacted form; the password
    /// (as given, decoded or encoded) `***`; and a double-quoted value that
    /// holds a piece of the password, as libpq quotes a port, host or
    /// token it cannot use, `"***"`.
    public func scrub(_ message: String) -> String {
        var out = message.replacingOccurrences(of: text, with: description)
        let handed = forConnecting
        if handed != text { out = out.replacingOccurrences(of: handed, with: description) }
        let secrets = Self.secrets(in: text)
        for secret in secrets where secret.count >= 2 {
            out = out.replacingOccurrences(of: secret, with: "***")
        }
        return Self.scrubQuoted(out, pieces: Self.pieces(of: secrets))
    }

    // MARK: - Reading a URL

    /// A URL's parts as ranges of its text.
    struct URLParts {
        /// Just past `://`.
        var afterScheme: String.Index
        /// The user info (before the `@` that ends it), if any.
        var userInfo: Range<String.Index>?
        /// The password inside `userInfo` (after its first `:`), if any.
        var password: Range<String.Index>?
        /// Where the query starts (its `?`), if any.
        var query: String.Index?
    }

    static func urlParts(_ text: String) -> URLParts? {
        // libpq reads a URL only with one of its two schemes; a message may
        // quote it (`"postgresql://…"`) or set it off with spaces.
        guard let scheme = text.range(of: "://") else { return nil }
        let before = text[..<scheme.lowerBound]
        guard before.hasSuffix("postgresql") || before.hasSuffix("postgres"),
              !before.dropLast(before.hasSuffix("postgresql") ? 10 : 8).contains("=") else { return nil }
        let start = scheme.upperBound
        let rest = text[start...]
        var parts = URLParts(afterScheme: start)
        var hostStart = start
        if let firstAt = rest.firstIndex(of: "@") {
            let boundary = text[firstAt...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? text.endIndex
            let lastAt = text[start..<boundary].lastIndex(of: "@") ?? firstAt
            let candidate = start..<lastAt
            let firstDelimiter = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? text.endIndex
            // Past a `/` or `?` only when there is a password to hold it:
            // `postgresql://h/db?user=a@b` has no user info.
            if firstAt < firstDelimiter || text[candidate].contains(":") {
                parts.userInfo = candidate
                if let colon = text[candidate].firstIndex(of: ":") {
                    parts.password = text.index(after: colon)..<lastAt
                }
                hostStart = text.index(after: lastAt)
            }
        }
        parts.query = text[hostStart...].firstIndex(of: "?")
        return parts
    }

    /// Ranges of `text` that are passwords: the user-info password of a
    /// URL, a `password=` query parameter (its name percent-decoded, as
    /// libpq reads it), a `password = value` conninfo pair.
    static func secretRanges(in text: String) -> [Range<String.Index>] {
        guard let parts = urlParts(text) else { return conninfoPasswordRanges(in: text) }
        var ranges: [Range<String.Index>] = parts.password.map { [$0] } ?? []
        if let query = parts.query {
            var start = text.index(after: query)
            while start < text.endIndex {
                let end = text[start...].firstIndex(of: "&") ?? text.endIndex
                if let equals = text[start..<end].firstIndex(of: "="),
                   (String(text[start..<equals]).removingPercentEncoding ?? "").lowercased() == "password" {
                    ranges.append(text.index(after: equals)..<end)
                }
                start = end < text.endIndex ? text.index(after: end) : end
            }
        }
        return ranges
    }

    /// `password = value` pairs of a libpq conninfo: a `'quoted value'`
    /// (with `\'` escapes), or up to the next space, and then any words
    /// without `=` that follow (libpq refuses `password=pa ss`, quoting
    /// `ss`: it is still part of what the user meant as the password).
    /// Where a value's end is in doubt, more is hidden, never less.
    static func conninfoPasswordRanges(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var search = text.startIndex
        while let key = text.range(of: "password", options: .caseInsensitive, range: search..<text.endIndex) {
            var i = skipSpaces(text, key.upperBound)
            guard i < text.endIndex, text[i] == "=" else { search = key.upperBound; continue }
            i = skipSpaces(text, text.index(after: i))
            let start = i
            if i < text.endIndex, text[i] == "'" {
                i = text.index(after: i)
                while i < text.endIndex, text[i] != "'" {
                    if text[i] == "\\" { i = text.index(after: i); if i == text.endIndex { break } }
                    i = text.index(after: i)
                }
                if i < text.endIndex { i = text.index(after: i) }
            }
            // Text glued to the value, and words without `=` after it, are
            // taken as part of it (a quote escaped twice, as TOML does).
            i = wordEnd(text, i)
            while true {
                let next = skipSpaces(text, i)
                guard next > i, next < text.endIndex else { break }
                let end = wordEnd(text, next)
                if text[next..<end].contains("=") { break }
                i = end
            }
            if start < i { ranges.append(start..<i) }
            search = i
        }
        return ranges
    }

    static func skipSpaces(_ text: String, _ from: String.Index) -> String.Index {
        text[from...].firstIndex(where: { !$0.isWhitespace }) ?? text.endIndex
    }

    static func wordEnd(_ text: String, _ from: String.Index) -> String.Index {
        text[from...].firstIndex(where: { $0.isWhitespace }) ?? text.endIndex
    }

    // MARK: - Forms of the password

    /// Each password as given, unquoted, percent-decoded and encoded,
    /// longest first.
    static func secrets(in text: String) -> [String] {
        var found: [String] = []
        for range in secretRanges(in: text) {
            var secret = String(text[range])
            if secret.hasPrefix("'") && secret.hasSuffix("'") && secret.count >= 2 {
                found.append(secret)
                secret = String(secret.dropFirst().dropLast())
                found.append(secret.replacingOccurrences(of: "\\'", with: "'"))
            }
            found.append(secret)
            if let decoded = secret.removingPercentEncoding, decoded != secret { found.append(decoded) }
            found.append(encoded(secret))
        }
        return Array(Set(found)).sorted { $0.count > $1.count }
    }

    /// The pieces libpq may quote on its own: each password split where
    /// libpq splits a URL or a conninfo (`/ ? @ : & , =`, spaces, quotes).
    static func pieces(of secrets: [String]) -> [String] {
        let separators = CharacterSet(charactersIn: "/?@:&,='\\").union(.whitespaces)
        return secrets.flatMap { $0.components(separatedBy: separators) }.filter { !$0.isEmpty }
    }

    /// `message` with every `"quoted"` value that holds a piece of a
    /// password (or is one) replaced by `"***"`.
    static func scrubQuoted(_ message: String, pieces: [String]) -> String {
        guard !pieces.isEmpty else { return message }
        var out = "", rest = Substring(message)
        while let open = rest.firstIndex(of: "\"") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "\"") else { break }
            let quoted = rest[afterOpen..<close]
            out += rest[..<open]
            out += pieces.contains(where: { quoted.contains($0) }) ? "\"***\"" : "\"\(quoted)\""
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    // MARK: - Text for printing and for libpq

    static func redacted(_ text: String) -> String {
        var out = text
        for range in secretRanges(in: text).sorted(by: { $0.lowerBound > $1.lowerBound }) {
            out.replaceSubrange(range, with: "***")
        }
        return out
    }

    /// `text` with a URL's user and password percent-encoded (a valid
    /// `%XX` kept as is); a conninfo, or a URL without user info, as given.
    static func canonical(_ text: String) -> String {
        guard let parts = urlParts(text), let info = parts.userInfo else { return text }
        let user: String, password: String?
        if let secret = parts.password {
            user = String(text[info.lowerBound..<text.index(before: secret.lowerBound)])
            password = String(text[secret])
        } else {
            user = String(text[info]); password = nil
        }
        return String(text[..<info.lowerBound]) + encoded(user) + (password.map { ":" + encoded($0) } ?? "")
            + String(text[info.upperBound...])
    }

    /// Every byte but an unreserved one (RFC 3986) as `%XX`; a `%` that
    /// starts a valid `%XX` is kept, so encoding twice changes nothing.
    static func encoded(_ s: String) -> String {
        let bytes = Array(s.utf8)
        var out = ""
        var i = 0
        func isHex(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b) }
        while i < bytes.count {
            let b = bytes[i]
            let unreserved = (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || (0x30...0x39).contains(b)
                || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E
            if unreserved {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else if b == 0x25, i + 2 < bytes.count, isHex(bytes[i + 1]), isHex(bytes[i + 2]) {
                out += "%"
            } else {
                out += String(format: "%%%02X", b)
            }
            i += 1
        }
        return out
    }
}
