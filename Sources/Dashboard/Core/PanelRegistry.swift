import Foundation

/// The panels, registered once: the one file of the dashboard that maps a
/// panel's identity, actions and events to the panel (the shell's twin is
/// `PanelServices`). Adding a panel: its `PanelID` case; the compiler then
/// asks for its line in each `switch` here (none has a fallback), and
/// `PanelID.allCases` puts it on screen (see docs/ARCHITECTURE.md,
/// "Adding a panel"). `update`, `render` and the rest go through this.
enum PanelRegistry {
    /// The panel with this identity.
    static func panel(_ id: PanelID) -> any DashboardPanel.Type {
        switch id {
        case .marks: MarksPanel.self
        case .mars: MarsPanel.self
        case .calls: CallsPanel.self
        case .sights: SightsPanel.self
        case .weather: WeatherPanel.self
        }
    }

    /// Every panel, in `PanelID` order.
    static let all: [any DashboardPanel.Type] = PanelID.allCases.map(panel)

    /// A panel's action, performed by its panel; nil for the dashboard's
    /// own actions (`update` performs those).
    static func perform(_ action: Action, in state: AppState) -> (AppState, [Effect])? {
        switch action {
        case .marks(let marksAction): MarksPanel.perform(marksAction, in: state)
        case .calls(let callsAction): CallsPanel.perform(callsAction, in: state)
        case .mars(let marsAction): MarsPanel.perform(marsAction, in: state)
        case .sights(let sightsAction): SightsPanel.perform(sightsAction, in: state)
        case .weather(let weatherAction): WeatherPanel.perform(weatherAction, in: state)
        case .quit, .showSettings, .settingsUp, .settingsDown, .settingsChange, .snapshot, .showHelp,
             .closeOverlay, .scrollUp, .scrollDown, .pageUp, .pageDown, .tellTime, .focusNext, .focusPrevious:
            nil
        }
    }

    /// Every panel's reaction to `event` (`DashboardPanel.react`), in
    /// registry order, after the event was handled.
    static func reactions(to event: Event, in state: inout AppState) {
        for panel in all { panel.react(to: event, in: &state) }
    }

    /// A panel's event (a result from its service), handled by its panel;
    /// nil for the dashboard's own events (`update` handles those).
    static func handle(_ event: Event, in state: AppState) -> (AppState, [Effect])? {
        switch event {
        case .marks(let marksEvent): MarksPanel.handle(marksEvent, in: state)
        case .calls(let callsEvent): (CallsPanel.handle(callsEvent, in: state), [])
        case .mars(let marsEvent): (MarsPanel.handle(marsEvent, in: state), [])
        case .sights(let sightsEvent): SightsPanel.handle(sightsEvent, in: state)
        case .weather(let weatherEvent): (WeatherPanel.handle(weatherEvent, in: state), [])
        case .tick, .settingSaved, .settingNotSaved, .snapshotSaved, .snapshotFailed, .key, .shutdown, .resize,
             .resumedAfterStop, .storeWritesWaiting, .storeWritesSaved:
            nil
        }
    }
}
