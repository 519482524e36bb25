import Dashboard
import Foundation
import TimeKit
import TimeStore

/// The marks panel's service: the store worker, gpsd and the team link
/// (`MarksShell.start`).
extension MarksShell: PanelService {
    static func load(into state: inout AppState, store: StoreHandle) throws {
        state.marks = try initialState(settings: state.settings, store: store)
    }

    static func start(_ state: AppState, context: ServiceContext) throws -> MarksShell {
        try start(inbox: context.inbox, settings: state.markSettings, store: context.store,
                  team: TeamSetup.current(state.settings))
    }

    /// No store: a sight is said not saved rather than dropped silently.
    static func unserved(_ effect: MarksEffect) -> [Event] {
        if case .record(let mark) = effect { return [.marks(.recordFailed(mark, reason: .noDatabase))] }
        return []
    }

    /// Queued for the store worker: its results come back through the inbox
    /// (`.held` once the mark is durable in the journal).
    func perform(_ effect: MarksEffect) -> [Event] {
        enqueue(effect)
        return []
    }

    /// The marks are read again on their own worker, ordered with its writes.
    func rereadAfterChangeElsewhere() -> (@Sendable () -> [Event])? {
        let reload = reloader()
        return { reload(); return [] }
    }

    /// The kernel clock state, read on the run loop's own pass (adjtimex is
    /// one cheap system call; no thread of its own wakes for it), when it
    /// changed.
    func pass(now: Date) -> [Event] {
        kernelClock.change().map { [$0] } ?? []
    }
}
