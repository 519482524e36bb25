import Dashboard
import Foundation
import TimeKit
import TimeStore

/// The Mars panel's shell side: its stored choices (site, mission) before
/// the first frame, and each change of them saved on the shared store
/// queue, durably (queued beside a busy database, like a call).
final class MarsService: PanelService {
    private let context: ServiceContext

    private init(context: ServiceContext) { self.context = context }

    static func load(into state: inout AppState, store: StoreHandle) throws {
        state.mars = MarsPanelLoader.initialState(now: state.now, environment: ProcessEnvironment.values,
                                                  settings: state.settings, store: store)
    }

    static func start(_ state: AppState, context: ServiceContext) throws -> MarsService {
        MarsService(context: context)
    }

    /// Without a running service the choices are not saved: said.
    static func unserved(_ effect: MarsEffect) -> [Event] {
        switch effect {
        case .saveSettings: [.mars(.settingsNotSaved(.noDatabase))]
        }
    }

    func perform(_ effect: MarsEffect) -> [Event] {
        switch effect {
        case .saveSettings(let settings):
            let (store, inserted, waiting) = (context.store, context.insertedCalls, context.waitingWrites)
            context.storeQueue.submit("save the Mars panel's choices") {
                let events = MarsPanelLoader.save(settings, store: store, inserted: inserted)
                if events.contains(.storeWritesWaiting) { waiting.arm() }
                return events
            }
            return []
        }
    }

    /// The choices are read at start only: another process's change shows
    /// at the next start (the panel's own value is what it shows meanwhile).
    func rereadAfterChangeElsewhere() -> (@Sendable () -> [Event])? { nil }
    func pass(now: Date) -> [Event] { [] }
    func stop() -> [String] { [] }
}
