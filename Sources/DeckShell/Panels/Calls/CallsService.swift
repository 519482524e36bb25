import Dashboard
import Foundation
import TimeKit
import TimeStore

/// The call planner's shell side: the calls read before the first frame,
/// each save on the shared store queue (off the key path; the answer comes
/// back through the inbox), the calls read again after another process
/// changed them, and the writes that waited for a busy database saved once
/// it is free.
final class CallsService: PanelService {
    private let context: ServiceContext
    /// The last second the waiting writes were tried (once a second at most).
    private var lastReplaySecond: Int64 = 0

    private init(context: ServiceContext) { self.context = context }

    static func load(into state: inout AppState, store: StoreHandle) throws {
        state.calls = CallsSetup.initialState(now: state.now, store: store, language: state.language, settings: state.settings)
    }

    static func start(_ state: AppState, context: ServiceContext) throws -> CallsService {
        CallsService(context: context)
    }

    /// Without a running service a call is not saved: said, as a store failure.
    static func unserved(_ effect: CallPlannerEffect) -> [Event] {
        [.calls(.storeFailed(.noDatabase))]
    }

    func perform(_ effect: CallPlannerEffect) -> [Event] {
        let (store, inserted) = (context.store, context.insertedCalls)
        context.storeQueue.submit("calls: " + caseName(effect)) { CallsSetup.perform(effect, store: store, inserted: inserted) }
        return []
    }

    func rereadAfterChangeElsewhere() -> (@Sendable () -> [Event])? {
        let store = context.store
        return { CallsSetup.reloadCalls(store: store) }
    }

    /// Calls, Mars choices or settings that waited for a busy database
    /// (`<database>.pending-writes`): tried again once a second while that
    /// file holds any (one `stat`; no thread wakes for them otherwise).
    func pass(now: Date) -> [Event] {
        let second = Int64(now.timeIntervalSince1970.rounded(.down))
        guard second != lastReplaySecond, Self.hasWaitingWrites(beside: context.store) else { return [] }
        lastReplaySecond = second
        let (store, inserted) = (context.store, context.insertedCalls)
        context.storeQueue.submit("save what waited for the database") {
            CallsSetup.replayWaitingWrites(store: store, inserted: inserted)
        }
        return []
    }

    /// Its saves run on the shared store queue, which the runner stops.
    func stop() -> [String] { [] }

    /// Whether writes wait in `<database>.pending-writes` (a non-empty file).
    static func hasWaitingWrites(beside store: StoreHandle) -> Bool {
        var info = stat()
        return stat(store.url.path + PendingWrites.suffix, &info) == 0 && info.st_size > 0
    }
}
