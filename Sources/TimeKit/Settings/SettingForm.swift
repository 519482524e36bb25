/// What a config key accepts, as `config keys --json` and `config set`
/// need to know it: its TOML type and, for a choice or a number, which
/// values.
public enum SettingForm: Equatable, Sendable {
    /// `true` or `false`.
    case flag
    /// One of these words (any letter case).
    case choice([String])
    /// A number in the range, in `unit`; `allowsEmpty`: `""` means unset.
    case number(ClosedRange<Double>, unit: String, allowsEmpty: Bool)
    /// A string its key checks (a position, a URL, a name, a time, a duration).
    case text

    /// `flag`, `choice`, `number` or `text`.
    public var name: String {
        switch self {
        case .flag: "flag"
        case .choice: "choice"
        case .number: "number"
        case .text: "text"
        }
    }
}
