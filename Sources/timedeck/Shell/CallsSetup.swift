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

    /// The planner's first state: settings (`[display] clock`,
    /// `reduced_motion`, `[periods]`), the place database, the Mars sites and
    /// the stored calls, or the first-run call when there are none (named in
    /// the interface language).
    static func initialState(now: Date, settings: Settings = Settings(), language: UILanguage = .en) -> CallPlannerState {
        let environment = ProcessInfo.processInfo.environment
        var state = CallPlannerState(periods: settings.periods)
        state.use24Hour = settings.clock == .twentyFourHour
        state.reducedMotion = settings.reducedMotion
            || (environment["TIMEDECK_REDUCED_MOTION"].map { $0 != "0" && !$0.isEmpty } ?? false)
        state.marsSites = try? MarsSiteLibrary.bundled()
        let zone = userZoneIdentifier(environment: environment)
        let db = try? PlaceDatabase.bundled()
        state.places = db
        state.home = db.map { DefaultCall.home(zoneIdentifier: zone, in: $0) } ?? .zone(zone)
        do {
            let store = try CallsStore.shared.existing()
            state.calls = try store?.fetchCalls() ?? []
            if let active = try store?.readSetting(activeCallSetting).flatMap(Int64.init),
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
    static func perform(_ effect: CallPlannerEffect) -> [Event] {
        do {
            switch effect {
            case .saveCall(let call):
                return [.callSaved(try CallsStore.shared.forWriting().saveCall(call))]
            case .deleteCall(let id):
                try CallsStore.shared.forWriting().deleteCall(id: id)
                return []
            case .rememberActiveCall(let id):
                try CallsStore.shared.forWriting().writeSetting(activeCallSetting, String(id))
                return []
            }
        } catch {
            return [.callStoreFailed("Not saved: \(error)")]
        }
    }
}

/// The database for calls, opened once: an existing file at start, created
/// only when something is first saved.
final class CallsStore: @unchecked Sendable {
    static let shared = CallsStore()

    private let lock = NSLock()
    private var database: AppDatabase?

    /// The database if it already holds calls (nil on a first run, or when
    /// the file has only other panels' data: it is then left untouched until
    /// a call is saved).
    func existing() throws -> AppDatabase? {
        lock.lock()
        defer { lock.unlock() }
        if let database { return database }
        let url = try DatabaseLocation.databaseURL()
        guard FileManager.default.fileExists(atPath: url.path), AppDatabase.fileHasCalls(path: url.path) else { return nil }
        database = try AppDatabase.open(path: url.path)
        return database
    }

    /// The database, created with its folder if needed.
    func forWriting() throws -> AppDatabase {
        lock.lock()
        defer { lock.unlock() }
        if let database { return database }
        let opened = try AppDatabase.openDefault()
        database = opened
        return opened
    }
}
