/// `team.url` for display: the password replaced by `***` (see
/// `ConnectionString`, which every message uses).
public enum TeamURL {
    public static func redacted(_ url: String) -> String {
        ConnectionString(url).description
    }
}
