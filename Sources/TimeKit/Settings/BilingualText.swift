/// A text in both interface languages, for what TimeKit declares and the
/// dashboard shows (a setting's help and overlay title): the dashboard picks
/// the one its language needs; the CLI and the guide use the English.
public struct BilingualText: Equatable, Hashable, Sendable {
    public var en: String
    public var ja: String

    public init(en: String, ja: String) {
        self.en = en
        self.ja = ja
    }
}
