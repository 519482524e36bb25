import Dashboard
import Foundation
import TimeKit
import TimeStore

/// The call planner's part of the shell: its first state (settings, places,
/// stored calls) and its effects (saving and deleting calls).
enum CallsSetup {
    /// The user's zone: `TZ`, else /etc/localtime's target, else Foundation's.
    static func userZoneIdentifier(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime")
        return DefaultCall.userZoneIdentifier(tzVariable: environment["TZ"], localtimeTarget: target)
            ?? TimeZone.current.identifier
    }

    /// The planner's first state: the place database, the Mars sites and
    /// the stored calls, or the first-run call when there are none (named in
    /// the interface language). Its display settings live in
    /// `AppState.settings` (`TIMEDECK_REDUCED_MOTION` is folded in by
    /// `ConfigFile.loadSettings`).
    static func initialState(now: Date, store: StoreHandle, language: UILanguage = .en) -> CallPlannerState {
        let environment = ProcessInfo.processInfo.environment
        var state = CallPlannerState()
        state.marsSites = try? MarsSiteLibrary.bundled()
        let zone = userZoneIdentifier(environment: environment)
        let db = try? PlaceDatabase.bundled()
        state.places = db
        state.home = db.map { DefaultCall.home(zoneIdentifier: zone, in: $0) } ?? .zone(zone)
        do {
            let db = try store.existing()
            state.calls = try db?.fetchCalls() ?? []
            if let active = try db?.readSetting(activeCallSetting).flatMap(Int64.init),
               let index = state.calls.firstIndex(where: { $0.id == active }) {
                state.activeIndex = index
            }
        } catch {
            state.message = .verbatim("Calls could not be read (\(error)); changes will not be saved.")
        }
        if state.calls.isEmpty {
            // Not saved until the user changes it, so merely opening the
            // dashboard never writes anything.
            if let db {
                var call = DefaultCall.make(userZone: zone, in: db, now: now)
                if let home = call.source?.place {
                    let name = language == .ja ? db.japaneseName(of: home) ?? home.name : home.name
                    call.name = language.text(.callFrom(place: name))
                }
                state.calls = [call]
            } else if let home = state.home {
                state.calls = [CallPlan(name: language.text(.callFrom(place: home.name)), participants: [CallParticipant(place: home)],
                                        start: now, durationMinutes: 60, createdAt: now)]
                state.message = .verbatim("Place database missing: only zone names can be added (see TIMEDECK_RESOURCES).")
            }
        }
        return state
    }

    /// The setting holding the active call's id.
    static let activeCallSetting = "calls.active"

    /// Performs a call effect; returns the events it produces.
    static func perform(_ effect: CallPlannerEffect, store: StoreHandle) -> [Event] {
        do {
            switch effect {
            case .saveCall(let call):
                return [.callSaved(try store.forWriting().saveCall(call))]
            case .deleteCall(let id):
                try store.forWriting().deleteCall(id: id)
                return []
            case .rememberActiveCall(let id):
                try store.forWriting().writeSetting(activeCallSetting, String(id))
                return []
            }
        } catch {
            return [.callStoreFailed("Not saved: \(error)")]
        }
    }
}
