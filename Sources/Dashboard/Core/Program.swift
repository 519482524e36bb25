import Foundation

/// Performs the work `update` asks for. The shell implements it (store,
/// config file, bell, snapshot); tests implement it with a recorder.
public protocol EffectPerforming {
    /// Performs one effect and returns the events it produced (a stored
    /// record, an error to show), which go back to `update` in order.
    mutating func perform(_ effect: Effect) -> [Event]
}

/// The dashboard as a running program (Bubble Tea's `Program`): the state,
/// and the one way to advance it.
///
/// `update` is internal to this module, so the shell cannot call it and
/// drop what it returns: the only public way to move the state forward is
/// `send`, which hands every effect to the performer and feeds every event
/// the performer returns back in. An effect that `update` returns cannot be
/// lost by the shell; that is checked by the compiler, not by convention.
public struct Program: Sendable {
    public private(set) var state: AppState

    public init(state: AppState) {
        self.state = state
    }

    /// Feeds `event` to `update`, performs each effect it returns with
    /// `performer`, then feeds the events those produced, in order, until
    /// none is left. `observe` sees each change of state (old, new) as it
    /// happens: plain mode announces from it. Without one the state is
    /// changed in place, with no copy kept (the full screen: every pass).
    public mutating func send(_ event: Event, to performer: inout some EffectPerforming,
                              observe: ((AppState, AppState) -> Void)? = nil) {
        var queue = [event]
        var index = 0
        while index < queue.count {
            let effects: [Effect]
            if let observe {
                let old = state
                effects = update(&state, queue[index])
                observe(old, state)
            } else {
                effects = update(&state, queue[index])
            }
            var produced: [Event] = []
            for effect in effects { produced += performer.perform(effect) }
            queue.insert(contentsOf: produced, at: index + 1)
            index += 1
        }
    }

    /// Tells the program the process is about to end (a signal, input
    /// closed): pending saves are handed to `performer` now.
    public mutating func shutDown(at now: Date, performer: inout some EffectPerforming) {
        send(.shutdown(now), to: &performer)
    }

    /// The next instant at which the state needs a tick although no key
    /// or second boundary comes: a panel's (a rested call time to save), a
    /// notice to clear. The loop wakes then at the latest (`nil`: no such
    /// instant).
    public var nextDeadline: Date? {
        (PanelRegistry.all.compactMap { $0.deadline(state) } + [state.notice?.until].compactMap { $0 }).min()
    }

}

extension AppState {
    /// Milliseconds until a panel's next animation frame (the clock hands'
    /// sweep); nil when nothing moves.
    public func frameIntervalMilliseconds(at now: Date) -> Int32? {
        PanelRegistry.all.compactMap { $0.frameIntervalMilliseconds(self, at: now) }.min()
    }

    /// Whether a panel waits for the store to answer work it handed over
    /// (a mark on its way to the store).
    public var awaitsStore: Bool {
        PanelRegistry.all.contains { $0.awaitsStore(self) }
    }
}
