/// `team.url` for display: the password (in the user-info part or a
/// `password=` parameter) replaced by `***`, so status lines, messages and
/// logs never carry it.
public enum TeamURL {
    public static func redacted(_ url: String) -> String {
        var text = url
        if let scheme = text.range(of: "://") {
            let afterScheme = text[scheme.upperBound...]
            let authorityEnd = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? text.endIndex
            if let at = text[scheme.upperBound..<authorityEnd].lastIndex(of: "@"),
               let colon = text[scheme.upperBound..<at].firstIndex(of: ":") {
                text.replaceSubrange(text.index(after: colon)..<at, with: "***")
            }
        }
        guard let query = text.firstIndex(of: "?") else { return text }
        let params = text[text.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false).map { part in
            part.lowercased().hasPrefix("password=") ? "password=***" : String(part)
        }
        return String(text[...query]) + params.joined(separator: "&")
    }
}
