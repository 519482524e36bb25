import TimeKit

/// A setting the dashboard changes, as a typed value (never config text):
/// `update` applies it to the one `Settings` value and hands it to the
/// shell in `Effect.saveSetting`, which writes its `table.key` and `value`.
public enum SettingChange: Equatable, Sendable {
    case theme(Settings.ThemeName)
    case clock(Settings.ClockStyle)
    case bell(Bool)
    case flash(Bool)
    case reducedMotion(Bool)
    case language(Settings.Language)
    /// `weather.enabled`: the first-use prompt's key turns it on.
    case weatherEnabled(Bool)

    /// The config table the key lives in.
    public var table: String {
        switch self {
        case .theme, .clock, .reducedMotion, .language: "display"
        case .bell, .flash: "marks"
        case .weatherEnabled: "weather"
        }
    }

    /// The config key (as `SettingKey.all` documents it).
    public var key: String {
        switch self {
        case .theme: "theme"
        case .clock: "clock"
        case .bell: "bell"
        case .flash: "flash"
        case .reducedMotion: "reduced_motion"
        case .language: "language"
        case .weatherEnabled: "enabled"
        }
    }

    /// The value as the config file holds it.
    public var value: ConfigDocument.Value {
        switch self {
        case .theme(let theme): .string(theme.rawValue)
        case .clock(let clock): .string(clock.rawValue)
        case .language(let language): .string(language.rawValue)
        case .bell(let on), .flash(let on), .reducedMotion(let on), .weatherEnabled(let on): .boolean(on)
        }
    }

    /// Sets the value in `settings`.
    func apply(to settings: inout Settings) {
        switch self {
        case .theme(let theme): settings.theme = theme
        case .clock(let clock): settings.clock = clock
        case .bell(let on): settings.bell = on
        case .flash(let on): settings.flash = on
        case .reducedMotion(let on): settings.reducedMotion = on
        case .language(let language): settings.language = language
        case .weatherEnabled(let on): settings.weatherEnabled = on
        }
    }

    /// The value as the settings overlay shows it, in `language`: choice
    /// names as the config file spells them (they are config words), on/off
    /// in the user's language.
    func shownValue(_ language: UILanguage) -> String {
        switch self {
        case .theme(let theme): theme.rawValue
        case .clock(let clock): clock.rawValue
        case .language(let choice): choice.rawValue
        case .bell(let on), .flash(let on), .reducedMotion(let on), .weatherEnabled(let on):
            language == .ja ? (on ? "オン" : "オフ") : (on ? "true" : "false")
        }
    }
}
