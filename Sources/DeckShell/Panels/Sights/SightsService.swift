import Dashboard
import Foundation
import TimeKit
import TimeStore

/// The sights panel's shell side: the stored sights before the first
/// frame, the almanac read on the store queue after it, each sight saved or
/// removed there too, and the sights read again after another process
/// attached or removed one.
final class SightsService: PanelService {
    private let context: ServiceContext

    private init(context: ServiceContext) { self.context = context }

    static func load(into state: inout AppState, store: StoreHandle) throws {
        state.sights = SightsShell.initialState(now: state.now, environment: ProcessEnvironment.values, store: store)
    }

    /// The almanac is read on the store queue after the first frame.
    static func start(_ state: AppState, context: ServiceContext) throws -> SightsService {
        context.storeQueue.submit("read the almanac") {
            SightsShell.loadAlmanac(now: WallClock.now(), environment: ProcessEnvironment.values)
        }
        return SightsService(context: context)
    }

    /// Without a running service a sight is not saved: said. The plotting
    /// sheet needs no database: it is written all the same.
    static func unserved(_ effect: SightsEffect) -> [Event] {
        switch effect {
        case .attach(let sight), .remove(let sight): [.sights(.notStored(sight.markId, .noDatabase))]
        case let .writeSheet(export, stem):
            SightsShell.writeSheet(export, fileStem: stem, environment: ProcessEnvironment.values)
        case .planDay(let request):
            SightsShell.planDay(request)
        case .loadBrighterStars(let almanac):
            SightsShell.loadBrighterStars(almanac)
        }
    }

    func perform(_ effect: SightsEffect) -> [Event] {
        if case let .writeSheet(export, stem) = effect {
            // Off the loop (drawing and fsync), on the store queue like the rest.
            context.storeQueue.submit("sights: write the plotting sheet") {
                SightsShell.writeSheet(export, fileStem: stem, environment: ProcessEnvironment.values)
            }
            return []
        }
        let store = context.store
        context.storeQueue.submit("sights: " + caseName(effect)) { SightsShell.perform(effect, store: store) }
        return []
    }

    func rereadAfterChangeElsewhere() -> (@Sendable () -> [Event])? {
        let store = context.store
        return { SightsShell.reload(store: store) }
    }

    func pass(now: Date) -> [Event] { [] }
    func stop() -> [String] { [] }
}
