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
        let (store, inserted, waiting) = (context.store, context.insertedCalls, context.waitingWrites)
        context.storeQueue.submit("calls: " + caseName(effect)) {
            let events = CallsSetup.perform(effect, store: store, inserted: inserted)
            if events.contains(.storeWritesWaiting) { waiting.arm() }
            return events
        }
        return []
    }

    func rereadAfterChangeElsewhere() -> (@Sendable () -> [Event])? {
        let store = context.store
        return { CallsSetup.reloadCalls(store: store) }
    }

    /// Calls, Mars choices or settings that waited for a busy database
    /// (`<database>.pending-writes`): tried again once a second, only while
    /// some may wait (`WaitingWrites`: armed by a save that had to wait or
    /// by a file left at start; no system call otherwise, and no thread
    /// wakes for them: the pass rides on the clock's tick).
    func pass(now: Date) -> [Event] {
        let second = Int64(now.timeIntervalSince1970.rounded(.down))
        let waiting = context.waitingWrites
        guard second != lastReplaySecond, waiting.mayWait else { return [] }
        lastReplaySecond = second
        let (store, inserted) = (context.store, context.insertedCalls)
        context.storeQueue.submit("save what waited for the database") {
            let events = CallsSetup.replayWaitingWrites(store: store, inserted: inserted)
            waiting.settle(beside: store)
            return events
        }
        return []
    }

    /// Its saves run on the shared store queue, which the runner stops.
    func stop() -> [String] { [] }
}
