import Foundation
import TimeKit

/// The whole dashboard model: a value, changed only by `update`.
public struct AppState: Equatable, Sendable {
    /// The instant of the latest event (tick or key).
    public var now: Date
    /// The user's own zone (its rules: a system tz file, a POSIX TZ
    /// string…), shown beside UTC in the header.
    public var localZone: ZoneRules
    /// Its name as shown (`UTC` where Foundation says "GMT"); nil: the
    /// zone's identifier.
    public var localZoneName: String?
    /// The name shown for `localZone`.
    public var localZoneLabel: String { localZoneName ?? localZone.identifier }
    /// An overlay drawn over the panels, if any.
    public var overlay: Overlay?
    /// Panels shown, in screen order.
    public var panels: [PanelID]
    /// The panel that receives panel-scoped keys.
    public var focus: PanelID?
    /// Set once the user asked to leave; the shell stops after this event.
    public var isQuitting = false
    /// The terminal size last reported; snapshots render at this size.
    public var screenSize = Size(columns: 80, rows: 24)
    /// A short-lived message on the status line (snapshot saved, …).
    public var notice: Notice?
    /// The call planner panel.
    public var calls = CallPlannerState()
    /// The user's settings: the one source of truth. Panels and render read
    /// them here when they need them (see `AppState+Settings.swift`); toggles
    /// change them here (`changeSetting`), never a copy.
    public var settings = Settings() {
        didSet { markSettings = MarkSettings(settings) }
    }
    /// What new marks are composed with: position, gpsd, correction, bell
    /// and flash (off under reduced motion). Parsed once per change of
    /// `settings`, not on every frame (the marks panel's title reads it).
    public private(set) var markSettings = MarkSettings(Settings())
    /// Counts `t` presses; plain mode says the time when it changes.
    public var timeRequests = 0
    /// The language the locale asks for (what "auto" means).
    public var localeLanguage: UILanguage = .en
    /// The marks panel (issue 4): stored marks, selection, modes, undo.
    public var marks = MarksPanelState()
    /// Colour is off whatever the theme (`--no-color`, `NO_COLOR`): the
    /// screen is mono, and the settings say so.
    public var colorForcedOff = false
    /// Config and `TZ` problems, shown on one line until fixed.
    public var configNotice: [UIMessage] = []

    /// The config notice in the language of the moment (nil: none).
    public var configNoticeText: String? {
        configNotice.isEmpty ? nil : configNotice.map { language.text($0) }.joined(separator: " · ")
    }
    /// The Mars panel: longitude, site, advanced view, and its loaded data.
    public var mars = MarsPanelState()
    /// The sights panel (issue 23): sights stored against marks, the entry
    /// field, the almanac.
    public var sights = SightsPanelState()
    /// The weather panel (issue 24): the last forecast, the last failure,
    /// when it last asked, and which ring span it shows.
    public var weather = WeatherPanelState()

    public init(now: Date, localZone: ZoneRules, panels: [PanelID] = PanelID.allCases) {
        self.now = now
        self.localZone = localZone
        self.panels = panels
        self.focus = panels.first
    }

    /// A state whose local zone is `localZone`'s identifier's rules.
    public init(now: Date, localZone: TimeZone, panels: [PanelID] = PanelID.allCases) {
        self.init(now: now, localZone: localZone.rules, panels: panels)
    }
}

/// A status-line message shown until `until`: kept as a catalog message,
/// so it is drawn in the language of the moment (a language switch while it
/// shows changes it too).
public struct Notice: Equatable, Sendable {
    public var message: UIMessage
    public var isProblem: Bool
    public var until: Date
    /// For a call's reminder: the call (by when it was made) and the start
    /// it reminds of; the notice goes once that call starts at another time.
    public var reminds: RemindedStart?

    public struct RemindedStart: Equatable, Sendable {
        public var callCreatedAt: Date
        public var start: Date
    }

    /// The notice in `language`.
    public func text(_ language: UILanguage) -> String { language.text(message) }

    public init(_ message: UIMessage, isProblem: Bool = false, until: Date) {
        self.message = message
        self.isProblem = isProblem
        self.until = until
    }
}

/// A layer over the panels that captures keys until closed.
public enum Overlay: Equatable, Sendable {
    /// The key help, generated from the keymap; `scroll` is the first line shown.
    case help(scroll: Int)
    /// The settings overlay, with the selected row.
    case settings(selected: Int)
}
