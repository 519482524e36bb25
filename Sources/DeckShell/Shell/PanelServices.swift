import Dashboard
import Foundation
import TimeKit
import TimeStore

/// What a panel's service is handed when the dashboard starts: the
/// process's store, the inbox its events go to, the shared store queue and
/// the ids of calls inserted by this process.
struct ServiceContext: Sendable {
    let store: StoreHandle
    let inbox: EventInbox
    let storeQueue: StoreQueue
    /// Shared by the services whose saves go through the waiting-writes
    /// file (calls, the Mars choices).
    let insertedCalls = InsertedCalls()
    /// Whether writes wait in the pending-writes file (shared by the same
    /// services): the pass replays them only then.
    let waitingWrites: WaitingWrites

    init(store: StoreHandle, inbox: EventInbox, storeQueue: StoreQueue) {
        self.store = store
        self.inbox = inbox
        self.storeQueue = storeQueue
        waitingWrites = WaitingWrites(beside: store)
    }
}

/// A panel's shell side, one per panel: its stored state before the screen
/// opens, then — for a dashboard run — one running instance that performs
/// the panel's effects (its own associated `PanelEffect` type, so routing
/// needs no cast and has no arm to leave empty), reads again what another
/// process changed, and stops, saying what it could not finish.
///
/// No requirement has a default (issue 30): a new service says, for each,
/// what it does. `PanelServices` is the one shell file that names the
/// services (an exhaustive `switch` over `PanelID` and over `Effect`); the
/// runners, the run loop and the store watch go through it.
protocol PanelService: AnyObject {
    /// What the panel asks of its service (`Effect.weather(WeatherEffect)`).
    associatedtype PanelEffect

    /// Puts the panel's stored state into `state` (settings, language and
    /// local zone are already set).
    static func load(into state: inout AppState, store: StoreHandle) throws
    /// Starts the service for a dashboard run (its own worker, if it has one).
    static func start(_ state: AppState, context: ServiceContext) throws -> Self
    /// What an effect means when the panel's service is not running (the
    /// panel is not shown): said, never dropped silently where it matters.
    static func unserved(_ effect: PanelEffect) -> [Event]
    /// Performs one of the panel's effects: slow work is queued (its
    /// results come back through the inbox); what is known at once returns.
    func perform(_ effect: PanelEffect) -> [Event]
    /// The panel's part of the look after another process changed the
    /// store: a job run on the store queue (nil: nothing to read again).
    func rereadAfterChangeElsewhere() -> (@Sendable () -> [Event])?
    /// On every pass of the run loop, before its tick (keep it to a system
    /// call or a `stat`): a change read from outside (the kernel clock), or
    /// work that waits for something outside tried again.
    func pass(now: Date) -> [Event]
    /// Stops what the service started; returns what could not be finished
    /// (said on stderr once the terminal is restored).
    func stop() -> [String]
}

/// The running services of the panels shown, one typed slot per panel.
struct PanelServices {
    private var marks: MarksShell?
    private var mars: MarsService?
    private var weather: WeatherService?
    private var calls: CallsService?
    private var sights: SightsService?

    /// Loads every panel shown in `state`, in `PanelID` order.
    static func loadAll(into state: inout AppState, store: StoreHandle) throws {
        for id in PanelID.allCases where state.panels.contains(id) {
            switch id {
            case .marks: try MarksShell.load(into: &state, store: store)
            case .mars: try MarsService.load(into: &state, store: store)
            case .weather: try WeatherService.load(into: &state, store: store)
            case .calls: try CallsService.load(into: &state, store: store)
            case .sights: try SightsService.load(into: &state, store: store)
            }
        }
    }

    /// Starts every shown panel's service, in `PanelID` order.
    static func startAll(_ state: AppState, context: ServiceContext) throws -> PanelServices {
        var services = PanelServices()
        for id in PanelID.allCases where state.panels.contains(id) {
            switch id {
            case .marks: services.marks = try MarksShell.start(state, context: context)
            case .mars: services.mars = try MarsService.start(state, context: context)
            case .weather: services.weather = try WeatherService.start(state, context: context)
            case .calls: services.calls = try CallsService.start(state, context: context)
            case .sights: services.sights = try SightsService.start(state, context: context)
            }
        }
        return services
    }

    /// Every running service, in `PanelID` order.
    private var running: [any PanelService] {
        PanelID.allCases.compactMap { id -> (any PanelService)? in
            switch id {
            case .marks: marks
            case .mars: mars
            case .weather: weather
            case .calls: calls
            case .sights: sights
            }
        }
    }

    /// A panel's effect, performed by its service; nil for the dashboard's
    /// own effects (the `EffectRunner` performs those).
    func perform(_ effect: Effect) -> [Event]? {
        switch effect {
        case .marks(let marksEffect): Self.route(marksEffect, to: marks)
        case .mars(let marsEffect): Self.route(marsEffect, to: mars)
        case .weather(let weatherEffect): Self.route(weatherEffect, to: weather)
        case .calls(let callsEffect): Self.route(callsEffect, to: calls)
        case .sights(let sightsEffect): Self.route(sightsEffect, to: sights)
        case .quit, .saveSetting, .writeSnapshot, .bell: nil
        }
    }

    private static func route<Service: PanelService>(_ effect: Service.PanelEffect, to service: Service?) -> [Event] {
        service?.perform(effect) ?? Service.unserved(effect)
    }

    /// The jobs that read again what another process changed, one per
    /// service that has one (run together on the store queue).
    var rereads: [@Sendable () -> [Event]] { running.compactMap { $0.rereadAfterChangeElsewhere() } }

    /// Every pass: each service's look outside (`PanelService.pass`).
    func pass(now: Date) -> [Event] { running.flatMap { $0.pass(now: now) } }

    /// Stops every service; what could not be finished, in `PanelID` order.
    func stopAll() -> [String] { running.flatMap { $0.stop() } }
}
