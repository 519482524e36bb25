import Foundation

/// A connection string for the team log (`team.url`): a `postgresql://` URL
/// or a libpq `key=value` conninfo. It may hold a password, so it is a type
/// whose every printable form hides it: `description`, string
/// interpolation, `debugDescription` and `dump` all show `***`. Only
/// `forConnecting` gives the text, for libpq alone; and `scrub` takes the
/// string and its password out of any message (libpq quotes a URI it
/// cannot parse, password and all).
public struct ConnectionString: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable, ExpressibleByStringLiteral {
    private let text: String

    public init(_ text: String) { self.text = text }
    public init(stringLiteral value: String) { text = value }

    /// The full text, password included: hand it to libpq, never print it.
    public var forConnecting: String { text }

    public var description: String { Self.redacted(text) }
    public var debugDescription: String { "ConnectionString(\(description))" }
    public var customMirror: Mirror { Mirror(self, children: ["redacted": description]) }

    /// `message` without this string or its password (also percent-encoded
    /// or decoded), each replaced by the redacted form or `***`.
    public func scrub(_ message: String) -> String {
        var out = message.replacingOccurrences(of: text, with: description)
        for secret in Self.secrets(in: text) where secret.count >= 2 {
            out = out.replacingOccurrences(of: secret, with: "***")
        }
        return out
    }

    // MARK: - Finding the password

    /// Ranges of `text` that are passwords: the user-info password of a
    /// URL, a `password=` query parameter, a `password = value` conninfo
    /// pair (quoted or not).
    static func secretRanges(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        if let scheme = text.range(of: "://") {
            let rest = text[scheme.upperBound...]
            let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? text.endIndex
            if let at = text[scheme.upperBound..<authorityEnd].lastIndex(of: "@"),
               let colon = text[scheme.upperBound..<at].firstIndex(of: ":") {
                ranges.append(text.index(after: colon)..<at)
            }
            if let query = text.firstIndex(of: "?") {
                var start = text.index(after: query)
                while start < text.endIndex {
                    let end = text[start...].firstIndex(of: "&") ?? text.endIndex
                    let part = text[start..<end]
                    if part.lowercased().hasPrefix("password=") {
                        ranges.append(text.index(start, offsetBy: "password=".count)..<end)
                    }
                    start = end < text.endIndex ? text.index(after: end) : end
                }
            }
            return ranges
        }
        return conninfoPasswordRanges(in: text)
    }

    /// `password = value` pairs of a libpq conninfo (`'quoted value'` with
    /// `\'` escapes, or up to the next space).
    static func conninfoPasswordRanges(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var search = text.startIndex
        while let key = text.range(of: "password", options: .caseInsensitive, range: search..<text.endIndex) {
            var i = key.upperBound
            while i < text.endIndex, text[i] == " " { i = text.index(after: i) }
            guard i < text.endIndex, text[i] == "=" else { search = key.upperBound; continue }
            i = text.index(after: i)
            while i < text.endIndex, text[i] == " " { i = text.index(after: i) }
            let start = i
            if i < text.endIndex, text[i] == "'" {
                i = text.index(after: i)
                while i < text.endIndex, text[i] != "'" {
                    if text[i] == "\\" { i = text.index(after: i); if i == text.endIndex { break } }
                    i = text.index(after: i)
                }
                if i < text.endIndex { i = text.index(after: i) }
            } else {
                while i < text.endIndex, !text[i].isWhitespace { i = text.index(after: i) }
            }
            if start < i { ranges.append(start..<i) }
            search = i
        }
        return ranges
    }

    static func secrets(in text: String) -> [String] {
        var found: [String] = []
        for range in secretRanges(in: text) {
            var secret = String(text[range])
            if secret.hasPrefix("'") && secret.hasSuffix("'") && secret.count >= 2 {
                found.append(secret)
                secret = String(secret.dropFirst().dropLast())
            }
            found.append(secret)
            if let decoded = secret.removingPercentEncoding, decoded != secret { found.append(decoded) }
        }
        return found.sorted { $0.count > $1.count }
    }

    static func redacted(_ text: String) -> String {
        var out = text
        for range in secretRanges(in: text).reversed() {
            out.replaceSubrange(range, with: "***")
        }
        return out
    }
}
