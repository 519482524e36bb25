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

    /// Whether the marks panel highlights the row of `mark` at `now`: a
    /// flash under way stops at once when flash or reduced motion is turned
    /// off. Rows are matched by idempotency key (a mark is shown before it
    /// has an id), else by id.
    public func markIsFlashing(_ mark: SightingMark, at now: Date) -> Bool {
        guard marksFlash, let key = MarksPanelState.flashKey(of: mark), key == marks.flashKey,
              let until = marks.flashUntil else { return false }
        return now < until
    }

    /// Applies `change` to the one settings value and returns the effect
    /// that saves it to the config file.
    mutating func changeSetting(_ change: SettingChange) -> [Effect] {
        change.apply(to: &settings)
        if settings.reducedMotion { calls.sweep = nil }
        return [.saveSetting(change)]
    }

    /// The user's position for "here": the gpsd fix when it has one, else
    /// the configured `marks.position`.
    public var herePosition: GeoPosition? {
        if let fix = marks.gps?.fix, fix.mode >= 2, let position = fix.position { return position }
        return markSettings.fixedPosition
    }

    /// The bundled city nearest `herePosition` ("here" in the place picker).
    public var herePlace: Place? {
        guard let p = herePosition else { return nil }
        return calls.places?.nearest(latitudeDegrees: p.latitudeDegrees, longitudeDegrees: p.longitudeDegrees)
    }
}
