import Dashboard
import Foundation
import TimeKit

/// Loads what the Mars panel needs at start (site library, leap seconds,
/// remembered settings) and saves its settings: the only Mars file I/O of
/// the dashboard.
///
/// Settings live in `mars.json` in the data directory (`$TIMEDECK_HOME`,
/// `$XDG_DATA_HOME/timedeck` or `~/.local/share/timedeck`), written
/// atomically. (The SQLite settings store is not on main yet; when it lands
/// this moves there.)
enum MarsPanelLoader {
    static let settingsFileName = "mars.json"

    static func settingsFile(environment: [String: String]) -> StateFile<MarsSettings> {
        StateFile(named: settingsFileName, environment: environment)
    }

    /// The panel's starting state at `now`: the config's `[mars]` keys are
    /// the starting point; choices made with the keys are remembered until
    /// those keys change.
    static func initialState(now: Date, environment: [String: String], settings: Settings) -> MarsPanelState {
        var notices: [String] = []
        var sites: [MarsSite] = []
        do {
            sites = try MarsSiteLibrary.bundled().sites
        } catch {
            notices.append("Mars site list unavailable; set TIMEDECK_RESOURCES to the Resources folder")
        }
        let leap = LeapSecondList.load(environment: environment,
                                       nowUnixSeconds: Int64(now.timeIntervalSince1970.rounded(.down)))
        if let notice = leap.notice { notices.append(notice) }
        var state = MarsPanelState(sites: sites, leapSeconds: leap.table, notices: notices)
        let config = MarsConfigBasis(longitudeEast: settings.marsLongitudeEast, site: settings.marsSite)
        if let notice = state.start(config: config, saved: settingsFile(environment: environment).load()) {
            state.notices.insert(notice, at: 0)
        }
        return state
    }

    /// Saves `settings`; on failure returns the event that tells the panel.
    static func save(_ settings: MarsSettings, environment: [String: String]) -> Event? {
        do {
            try settingsFile(environment: environment).save(settings)
            return nil
        } catch {
            return .marsSettingsNotSaved("Mars settings not saved: \(error)")
        }
    }
}
