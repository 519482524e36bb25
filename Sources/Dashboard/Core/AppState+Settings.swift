import Foundation
import TimeKit

/// Views derived from `AppState.settings` at the moment they are needed, and
/// the one way a setting changes in the running dashboard. No panel keeps a
/// copy of a setting, so a toggle anywhere (the settings overlay, the marks
/// panel's b/f, the call planner's c/M) shows everywhere on the next frame.
extension AppState {
    /// The interface language: the setting, or the locale's for "auto".
    /// Setting it changes `settings.language`.
    public var language: UILanguage {
        get { UILanguage(rawValue: settings.language.rawValue) ?? localeLanguage }
        set { settings.language = Settings.Language(rawValue: newValue.rawValue) ?? .auto }
    }


    /// Whether marks flash: `marks.flash`, unless reduced motion is on (the
    /// rule `MarkSettings` applies, without parsing the position per row).
    public var marksFlash: Bool { settings.flash && !settings.reducedMotion }

    /// Local times as 24-hour clock text.
    public var use24Hour: Bool { settings.clock == .twentyFourHour }

    /// Applies `change` to the one settings value and returns the effect
    /// that saves it to the config file.
    mutating func changeSetting(_ change: SettingChange) -> [Effect] {
        change.apply(to: &settings)
        self = PanelRegistry.all.reduce(self) { $1.settingsChanged($0) }
        return [.saveSetting(change)]
    }
}
