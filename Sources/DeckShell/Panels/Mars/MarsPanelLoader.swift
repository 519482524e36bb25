import Dashboard
import Foundation
import TimeKit
import TimeStore

/// Loads what the Mars panel needs at start (site library, leap seconds,
/// remembered choices) and saves its choices: the only Mars I/O of the
/// dashboard.
///
/// Choices are kept in the timedeck database's settings table (TimeStore,
/// `AppDatabase.marsSettings()` / `saveMarsSettings(_:)`).
enum MarsPanelLoader {
    /// The panel's starting state at `now`: the config's `[mars]` keys are
    /// the starting point; choices made with the keys are remembered until
    /// those keys change.
    static func initialState(now: Date, environment: [String: String], settings: Settings,
                             store: StoreHandle) -> MarsPanelState {
        var notices: [UIMessage] = []
        var sites: [MarsSite] = []
        do {
            // The config's own sites (`[mars-site-<id>]`) follow the library's.
            let merged = try MarsSiteLibrary.bundled().adding(settings.marsSites)
            sites = merged.library.sites
            for (site, taken) in merged.clashes { notices.append(.marsSiteNameTaken(site: site, taken: taken)) }
        } catch {
            notices.append(.text(.marsSitesUnavailable))
        }
        let leap = LeapSecondList.load(environment: environment,
                                       nowUnixSeconds: Int64(now.timeIntervalSince1970.rounded(.down)))
        if let notice = UIMessage.leapSeconds(leap) { notices.append(notice) }
        var state = MarsPanelState(sites: sites, leapSeconds: leap.table, notices: notices)
        // The light time's ephemeris is memory-mapped: only the pages read are loaded.
        state.ephemeris = (try? ChebyshevEphemeris.loadBundled()).map(MarsPanelEphemeris.init)
        var saved: MarsSettings?
        do {
            saved = try store.existing()?.marsSettings()
        } catch {
            state.notices.append(.marsChoicesNotRemembered(error: "\(error)"))
        }
        let config = MarsConfigBasis(longitudeEast: settings.marsLongitudeEast, site: settings.marsSite)
        if let notice = state.start(config: config, saved: saved) {
            state.notices.insert(notice, at: 0)
        }
        // The first frame reads the light time and the sol's Sun like every later one.
        state.refreshSky(at: now.timeIntervalSince1970)
        return state
    }

    /// Saves `settings`; on failure returns the event that tells the panel.
    static func save(_ settings: MarsSettings, store: StoreHandle, inserted: InsertedCalls) -> [Event] {
        CallsSetup.performDurably(.marsSettings(settings), store: store, inserted: inserted)
    }
}
