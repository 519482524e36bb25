import Dashboard
import Foundation
import TimeKit
import Synchronization
import TimeStore

/// The call planner's part of the shell: its first state (settings, places,
/// stored calls) and its effects (saving and deleting calls).
enum CallsSetup {
    /// The user's zone: `TZ`, else /etc/localtime's target, else Foundation's.
    static func userZoneIdentifier(environment: [String: String] = ProcessEnvironment.values) -> String {
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime")
        return DefaultCall.userZoneIdentifier(tzVariable: environment["TZ"], localtimeTarget: target)
            ?? TimeZone.current.identifier
    }

    /// The planner's first state: the place database, the Mars sites and
    /// the stored calls, or the first-run call when there are none (named in
    /// the interface language). Its display settings live in
    /// `AppState.settings` (`TIMEDECK_REDUCED_MOTION` is folded in by
    /// `ConfigFile.loadSettings`).
    static func initialState(now: Date, store: StoreHandle, language: UILanguage = .en,
                             settings: Settings = Settings()) -> CallPlannerState {
        let environment = ProcessEnvironment.values
        var state = CallPlannerState()
        state.marsSites = (try? MarsSiteLibrary.bundled())?.adding(settings.marsSites).library
        // Read on first use, and on a thread of their own meanwhile: not
        // before the first frame (issue 31).
        state.catalogs = PlaceCatalogs.system
        let warming = Thread {
            ThreadName.setForCurrentThread("td-places")
            PlaceCatalogs.system.warm()
        }
        warming.qualityOfService = .utility
        warming.start()
        let zone = userZoneIdentifier(environment: environment)
        let db = try? PlaceDatabase.bundled()
        state.places = db
        // "here": the city nearest the configured position, when there is
        // one (gpsd has no fix yet at start-up); else the zone's largest city.
        let position = settings.fixedPosition.flatMap { try? GeoPosition(parsing: $0) }
        let here = position.flatMap { db?.nearest(latitudeDegrees: $0.latitudeDegrees, longitudeDegrees: $0.longitudeDegrees) }
        state.home = here ?? db.map { DefaultCall.home(zoneIdentifier: zone, in: $0) } ?? .zone(zone)
        do {
            let db = try store.existing()
            state.calls = try db?.fetchCalls() ?? []
            if let active = try db?.readSetting(activeCallSetting).flatMap(Int64.init),
               let index = state.calls.firstIndex(where: { $0.id == active }) {
                state.activeIndex = index
            }
        } catch {
            state.message = .callsUnreadable(StoreProblem(error))
        }
        if state.calls.isEmpty {
            // Not saved until the user changes it, so merely opening the
            // dashboard never writes anything.
            if let db {
                let call = CallsPanel.suggestedCall(userZone: zone, in: db, now: now, home: here, language: language)
                state.calls = [call]
                // Without a configured position, gpsd's first fix may
                // still say where "here" is.
                if here == nil { state.firstRun = .init(suggestion: call, userZone: zone) }
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

    /// Performs a call effect (on the store queue); returns the events it
    /// produces. `inserted` remembers the ids given to new calls in this
    /// process: a second save of a new call, queued before the first one's
    /// answer reached the planner, updates that row instead of inserting a
    /// twin.
    static func perform(_ effect: CallPlannerEffect, store: StoreHandle, inserted: InsertedCalls) -> [Event] {
        let write: PendingWrites.Write
        switch effect {
        case .saveCall(var call):
            if call.id == nil { call.id = inserted.id(createdAt: call.createdAt) }
            write = .saveCall(call)
        case .deleteCall(let id): write = .deleteCall(id: id)
        case .rememberActiveCall(let id): write = .setting(key: activeCallSetting, value: String(id))
        case .markReminded(let id, let start): write = .markReminded(id: id, start: start)
        }
        return performDurably(write, store: store, inserted: inserted)
    }

    /// A write saved now, or — while another process holds the database —
    /// queued durably beside it and saved by `replayWaitingWrites` once it
    /// is free (issue 20: such a change used to be lost).
    static func performDurably(_ write: PendingWrites.Write, store: StoreHandle, inserted: InsertedCalls) -> [Event] {
        do {
            switch try PendingWrites(databasePath: store.url.path).perform(write, on: store, busyTimeout: 0.25) {
            case .saved(let call?):
                if let id = call.id { inserted.remember(id, createdAt: call.createdAt) }
                return [.calls(.saved(call))]
            case .saved(nil):
                return []
            case .waiting:
                return [.storeWritesWaiting]
            }
        } catch {
            if case .marsSettings = write { return [.mars(.settingsNotSaved(StoreProblem(error)))] }
            return [.calls(.storeFailed(StoreProblem(error)))]
        }
    }

    /// Writes that waited for the database, saved once it is free (on the
    /// store thread; asked for by the run loop's pass while the file of
    /// waiting writes exists — no thread wakes for it otherwise). The screen
    /// is told, with each call as saved, carrying its id.
    static func replayWaitingWrites(store: StoreHandle, inserted: InsertedCalls) -> [Event] {
        guard let done = try? PendingWrites(databasePath: store.url.path).replay(on: store, busyTimeout: 0.25),
              done.written > 0 else { return [] }
        for call in done.savedCalls { if let id = call.id { inserted.remember(id, createdAt: call.createdAt) } }
        return done.savedCalls.map { .calls(.saved($0)) } + [.storeWritesSaved(count: done.written)]
    }

    /// The calls read again after another process changed the store (on
    /// the store thread). A busy database is tried again at the next look.
    static func reloadCalls(store: StoreHandle) -> [Event] {
        guard let db = try? store.existing(busyTimeout: 0.25), let calls = try? db.fetchCalls() else {
            store.forgetVersion()
            return []
        }
        return [.calls(.reloaded(calls))]
    }
}

/// Ids of calls inserted by this process, by their creation instant (exact:
/// the same value the planner holds until `.calls(.saved)` gives it the id).
final class InsertedCalls: Sendable {
    private let ids = Mutex<[Date: Int64]>([:])

    func id(createdAt: Date) -> Int64? {
        ids.withLock { $0[createdAt] }
    }

    func remember(_ id: Int64, createdAt: Date) {
        ids.withLock { $0[createdAt] = id }
    }
}
