import Dashboard
import Foundation
import TimeKit
import TimeStore

/// A panel's shell side, registered once: `PanelServices.service(for:)` is a
/// `switch` over `PanelID`, so a new panel does not compile until it has one.
///
/// Today a service loads the panel's stored state before the terminal is
/// taken over. Its effects are performed by `EffectRunner`'s exhaustive
/// switch over `Effect`; starting and stopping background work (only the
/// marks store worker has its own) are meant to join this protocol when the
/// shell moves into a library (issue 19, part B).
protocol PanelService {
    /// Puts the panel's stored state into `state` (settings, language and
    /// local zone are already set).
    static func load(into state: inout AppState, store: StoreHandle) throws
}

enum PanelServices {
    /// The shell side of the panel `id`.
    static func service(for id: PanelID) -> any PanelService.Type {
        switch id {
        case .marks: MarksShell.self
        case .mars: MarsPanelLoader.self
        case .calls: CallsSetup.self
        case .sights: SightsShell.self
        }
    }

    /// Loads every panel shown in `state`, in `PanelID` order.
    static func loadAll(into state: inout AppState, store: StoreHandle) throws {
        for id in PanelID.allCases where state.panels.contains(id) {
            try service(for: id).load(into: &state, store: store)
        }
    }
}

extension MarksShell: PanelService {
    static func load(into state: inout AppState, store: StoreHandle) throws {
        state.marks = try initialState(settings: state.settings, store: store)
    }
}

extension MarsPanelLoader: PanelService {
    static func load(into state: inout AppState, store: StoreHandle) throws {
        state.mars = initialState(now: state.now, environment: ProcessInfo.processInfo.environment,
                                  settings: state.settings, store: store)
    }
}

extension CallsSetup: PanelService {
    static func load(into state: inout AppState, store: StoreHandle) throws {
        state.calls = initialState(now: state.now, store: store, language: state.language, settings: state.settings)
    }
}
