import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// `Program`: the only public way to advance the dashboard. Every effect
/// `update` returns reaches the performer, from any event (keys, ticks,
/// shutdown), and what the performer returns is fed back in order.
@Suite struct ProgramTests {
    let db: PlaceDatabase
    let t = Date(timeIntervalSince1970: 1_768_000_000)  // 2026-01-09T23:06:40Z
    init() throws { db = try PlaceDatabase.bundled() }

    /// Records each effect; answers a saved call with `.calls(.saved)` carrying
    /// an id, as the store does.
    struct Recorder: EffectPerforming {
        var performed: [Effect] = []
        mutating func perform(_ effect: Effect) -> [Event] {
            performed.append(effect)
            if case .calls(.saveCall(var call)) = effect {
                call.id = call.id ?? 41
                return [.calls(.saved(call))]
            }
            return []
        }
        var savedCalls: [CallPlan] {
            performed.compactMap { if case .calls(.saveCall(let call)) = $0 { return call } else { return nil } }
        }
    }

    func start() -> AppState {
        var s = AppState(now: t, localZone: TimeZone(identifier: "UTC")!, panels: [.calls])
        let call = CallPlan(name: "Team", participants: ["London, GB", "Tokyo"].map {
            CallParticipant(place: db.bestMatch($0)!.place) },
            start: Date(timeIntervalSince1970: 1_768_039_200), durationMinutes: 60, createdAt: t)
        s.calls = CallPlannerState(calls: [call])
        s.calls.places = db
        return s
    }

    @Test func aRestedSliderMoveIsSavedByTheTick() {
        var program = Program(state: start())
        var store = Recorder()
        program.send(.key(.right, at: t), to: &store)
        #expect(store.savedCalls.isEmpty, "holding an arrow must not write each step")
        // The deadline tells the loop when to wake: 0.6 s after the last key.
        #expect(program.nextDeadline == t.addingTimeInterval(CallPlannerState.saveDelaySeconds))
        program.send(.tick(t.addingTimeInterval(0.3)), to: &store)
        #expect(store.savedCalls.isEmpty)
        program.send(.tick(t.addingTimeInterval(0.7)), to: &store)
        #expect(store.savedCalls.map(\.start) == [Date(timeIntervalSince1970: 1_768_039_200 + 15 * 60)])
        // The store's answer came back in: the call now has its id, and
        // nothing is pending any more.
        #expect(program.state.calls.activeCall?.id == 41)
        #expect(program.nextDeadline == nil)
        program.send(.tick(t.addingTimeInterval(2)), to: &store)
        #expect(store.savedCalls.count == 1, "saved once, not again on later ticks")
    }

    @Test func shutdownSavesAMoveThatHasNotRested() {
        var program = Program(state: start())
        var store = Recorder()
        program.send(.key(.character("L"), at: t), to: &store)
        program.shutDown(at: t.addingTimeInterval(0.15), performer: &store)
        #expect(store.savedCalls.map(\.start) == [Date(timeIntervalSince1970: 1_768_039_200 + 3600)])
    }

    @Test func quitSavesThenQuits() {
        var program = Program(state: start())
        var store = Recorder()
        program.send(.key(.character("L"), at: t), to: &store)
        program.send(.key(.character("q"), at: t.addingTimeInterval(0.1)), to: &store)
        #expect(store.savedCalls.count == 1)
        #expect(store.performed.last == .quit)
        #expect(program.state.isQuitting)
    }

    @Test func aNewCallDoesNotSwallowTheUnsavedMoveOfTheOldOne() {
        var s = start()
        s.calls.calls[0].id = 7
        var program = Program(state: s)
        var store = Recorder()
        program.send(.key(.right, at: t), to: &store)
        // Before the move rests, a new call is made and confirmed at once.
        program.send(.key(.character("N"), at: t.addingTimeInterval(0.1)), to: &store)
        program.send(.key(.escape, at: t.addingTimeInterval(0.15)), to: &store)  // closes the place picker
        program.send(.key(.enter, at: t.addingTimeInterval(0.2)), to: &store)    // saves the new call
        #expect(program.state.calls.calls.count == 2)
        let moved = store.savedCalls.first { $0.id == 7 }
        #expect(moved?.start == Date(timeIntervalSince1970: 1_768_039_200 + 15 * 60))
    }

    @Test func observerSeesEveryChangeIncludingFollowUps() {
        var program = Program(state: start())
        var store = Recorder()
        var changes = 0
        program.send(.key(.right, at: t), to: &store)
        program.send(.tick(t.addingTimeInterval(1)), to: &store) { _, _ in changes += 1 }
        // The tick, then the `.calls(.saved)` its save produced.
        #expect(changes == 2)
    }
}
