import Dashboard
import Foundation
import TimeKit
import TimeStore

/// What a panel's service is handed when the dashboard starts: the
/// process's store, the inbox its events go to, the shared store queue and
/// the ids of calls inserted by this process.
struct ServiceContext: Sendable {
    let store: StoreHandle
    let inbox: EventInbox
    let storeQueue: StoreQueue
    let insertedCalls: InsertedCalls
}

/// Background work a panel started for itself (a worker of its own), stopped
/// when the dashboard ends.
protocol RunningService: AnyObject {
    /// Stops it; returns what could not be finished (said on stderr).
    func stop() -> [String]
}

/// A panel's shell side, registered once: `PanelServices.service(for:)` is a
/// `switch` over `PanelID`, so a new panel does not compile until it has one.
///
/// `load` puts its stored state in before the terminal is taken over;
/// `start` starts its own background work, if any (most panels use the
/// shared store queue and return nil); `EffectRunner` stops what was
/// started. Its effects reach it through `EffectRunner.perform`'s exhaustive
/// `switch` over `Effect` (each service's own `perform` for its own effect
/// type), so neither runner names a panel.
protocol PanelService {
    /// Puts the panel's stored state into `state` (settings, language and
    /// local zone are already set).
    static func load(into state: inout AppState, store: StoreHandle) throws
    /// Starts the panel's own background work; nil when it has none.
    static func start(_ state: AppState, context: ServiceContext) throws -> (any RunningService)?
}

enum PanelServices {
    /// The shell side of the panel `id`.
    static func service(for id: PanelID) -> any PanelService.Type {
        switch id {
        case .marks: MarksShell.self
        case .mars: MarsPanelLoader.self
        case .calls: CallsSetup.self
        case .sights: SightsShell.self
        case .weather: WeatherService.self
        }
    }

    /// Loads every panel shown in `state`, in `PanelID` order.
    static func loadAll(into state: inout AppState, store: StoreHandle) throws {
        for id in PanelID.allCases where state.panels.contains(id) {
            try service(for: id).load(into: &state, store: store)
        }
    }

    /// Starts every shown panel's own work, in `PanelID` order.
    static func startAll(_ state: AppState, context: ServiceContext) throws -> [PanelID: any RunningService] {
        var running: [PanelID: any RunningService] = [:]
        for id in PanelID.allCases where state.panels.contains(id) {
            running[id] = try service(for: id).start(state, context: context)
        }
        return running
    }
}

extension MarksShell: PanelService, RunningService {
    static func load(into state: inout AppState, store: StoreHandle) throws {
        state.marks = try initialState(settings: state.settings, store: store)
    }

    static func start(_ state: AppState, context: ServiceContext) throws -> (any RunningService)? {
        try start(inbox: context.inbox, settings: state.markSettings, store: context.store,
                  team: TeamSetup.current(state.settings))
    }
}

extension MarsPanelLoader: PanelService {
    static func load(into state: inout AppState, store: StoreHandle) throws {
        state.mars = initialState(now: state.now, environment: ProcessInfo.processInfo.environment,
                                  settings: state.settings, store: store)
    }

    static func start(_ state: AppState, context: ServiceContext) throws -> (any RunningService)? { nil }
}

extension CallsSetup: PanelService {
    static func load(into state: inout AppState, store: StoreHandle) throws {
        state.calls = initialState(now: state.now, store: store, language: state.language, settings: state.settings)
    }

    static func start(_ state: AppState, context: ServiceContext) throws -> (any RunningService)? { nil }
}
