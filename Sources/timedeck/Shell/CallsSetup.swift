import Dashboard
import Foundation
import TimeKit

/// The call planner's part of the shell: its first state and its effects.
///
/// Calls are kept in memory for now: the SQLite store (TimeStore) is not on
/// this branch yet, so `saveCall`/`deleteCall` change nothing on disk and a
/// restart starts again from the first-run call.
enum CallsSetup {
    /// The user's zone: `TZ`, else /etc/localtime's target, else Foundation's.
    static func userZoneIdentifier(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime")
        return DefaultCall.userZoneIdentifier(tzVariable: environment["TZ"], localtimeTarget: target)
            ?? TimeZone.current.identifier
    }

    /// The planner's first state: settings (`[display] clock`,
    /// `reduced_motion`, `[periods]`), the place database and the calls.
    static func initialState(now: Date, settings: Settings = Settings()) -> CallPlannerState {
        let environment = ProcessInfo.processInfo.environment
        var state = CallPlannerState(periods: settings.periods)
        state.use24Hour = settings.clock == .twentyFourHour
        state.reducedMotion = settings.reducedMotion
            || (environment["TIMEDECK_REDUCED_MOTION"].map { $0 != "0" && !$0.isEmpty } ?? false)
        state.marsSites = try? MarsSiteLibrary.bundled()
        let zone = userZoneIdentifier(environment: environment)
        guard let db = try? PlaceDatabase.bundled() else {
            let home = Place.zone(zone)
            state.home = home
            state.calls = [CallPlan(name: "Call from \(home.name)", participants: [CallParticipant(place: home)],
                                    start: now, durationMinutes: 60, createdAt: now)]
            state.message = "Place database missing: only zone names can be added (see TIMEDECK_RESOURCES)."
            return state
        }
        state.places = db
        state.home = DefaultCall.home(zoneIdentifier: zone, in: db)
        state.calls = [DefaultCall.make(userZone: zone, in: db, now: now)]
        return state
    }

    /// Performs a call effect; returns the events it produces.
    static func perform(_ effect: CallPlannerEffect) -> [Event] {
        switch effect {
        case .saveCall, .deleteCall:
            return []
        }
    }
}
