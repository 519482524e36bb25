import Foundation
import TimeKit

/// Play mode: the slider, `n`, the optimizers, undo. Pure: `now` is passed in.
extension CallPlannerState {
    public enum OptimizerKind: String, Equatable, Sendable {
        case earliest, latest, best
    }

    /// Moves the start by `minutes` on the source's 15-minute grid.
    public mutating func move(byMinutes minutes: Int, now: Date) -> [CallPlannerEffect] {
        guard let call = activeCall else { return [] }
        return setStart(call.moved(byMinutes: minutes), now: now, animate: abs(minutes) >= 60)
    }

    /// `n`: jump to now; pressed again (with nothing changed in between),
    /// back to the start it left (TimeToCall's double-tap).
    public mutating func toggleNow(now: Date) -> [CallPlannerEffect] {
        guard let call = activeCall else { return [] }
        // Any other change of the start clears `startBeforeNow`.
        if let back = startBeforeNow, back != call.start {
            startBeforeNow = nil
            let effects = setStart(back, now: now, animate: true, keepNowMemory: true)
            message = .text(.backToScheduled)
            return effects
        }
        let before = call.start
        let effects = setStart(now, now: now, animate: true, keepNowMemory: true)
        startBeforeNow = before
        message = .text(.nowPressNAgain)
        return effects
    }

    /// Moves the start by an optimizer's rule, judging times by `periods`.
    public mutating func optimize(_ kind: OptimizerKind, now: Date, periods: PeriodTable = .standard) -> [CallPlannerEffect] {
        guard let call = activeCall else { return [] }
        let optimizer = CallOptimizer(periods: periods)
        let zones = call.zones
        switch kind {
        case .earliest:
            guard let t = optimizer.earliest(for: zones, scheduled: call.start) else { return [] }
            let effects = setStart(t, now: now, animate: true)
            message = .text(.earliestRule)
            return effects
        case .latest:
            guard let t = optimizer.latest(for: zones, scheduled: call.start) else { return [] }
            let effects = setStart(t, now: now, animate: true)
            message = .text(.latestRule)
            return effects
        case .best:
            guard let best = optimizer.best(for: zones, from: now, durationMinutes: call.durationMinutes ?? 0)
            else { return [] }
            let effects = setStart(best.start, now: now, animate: true)
            // Nothing avoids before dawn: say how much of it falls where, as
            // `call --optimize best` does (the zones are the Earth places, in order).
            let earth = call.participants.map(\.place).filter { $0.timeZone != nil }
            let bad = zip(earth, best.badMinutes).filter { $0.1 > 0 }
            message = best.isGoodForAll
                ? .bestInNext24Hours(good: best.placesInWorkingHours, of: zones.count)
                : (bad.isEmpty ? .text(.noGoodTime) : .leastBadTime(places: bad.map(\.0.name), minutes: bad.map(\.1)))
            return effects
        }
    }

    /// `u`: back to the previous start.
    public mutating func undo(now: Date) -> [CallPlannerEffect] {
        guard activeCall != nil, let previous = undoStack.popLast() else {
            message = .text(.nothingToUndo)
            return []
        }
        startSweep(to: previous, now: now, animate: true)
        calls[activeIndex].start = previous
        startBeforeNow = nil
        message = nil
        unsavedSince = now
        return []
    }

    public mutating func toggleRing() {
        ring = ring == .next12Hours ? .next60Minutes : .next12Hours
    }

    /// Time changes are saved once the slider has rested this long (holding
    /// an arrow key must not write to disk 30 times a second); quitting,
    /// a signal or switching calls saves at once.
    public static let saveDelaySeconds = 0.6

    /// When a rested time change falls due for saving (nil: nothing unsaved).
    public var saveDeadline: Date? {
        guard activeCall != nil else { return nil }
        return unsavedSince.map { $0.addingTimeInterval(Self.saveDelaySeconds) }
    }

    /// The save of the active call's time, when due (or at once with `force`).
    public mutating func pendingSave(now: Date, force: Bool = false) -> [CallPlannerEffect] {
        guard let since = unsavedSince, let call = activeCall else { return [] }
        guard force || now.timeIntervalSince(since) >= Self.saveDelaySeconds else { return [] }
        unsavedSince = nil
        return [.saveCall(call)]
    }

    /// On every tick: ends a finished sweep and saves a rested time change.
    public mutating func tick(now: Date) -> [CallPlannerEffect] {
        settle(now: now)
        return pendingSave(now: now)
    }

    /// Makes another call active (newest first; wraps), saving the one left.
    public mutating func selectCall(offset: Int, now: Date) -> [CallPlannerEffect] {
        guard !calls.isEmpty else { return [] }
        let effects = pendingSave(now: now, force: true)
        activeIndex = ((activeIndex + offset) % calls.count + calls.count) % calls.count
        undoStack = []
        startBeforeNow = nil
        sweep = nil
        message = nil
        if let id = activeCall?.id { return effects + [.rememberActiveCall(id: id)] }
        return effects
    }

    /// Ends a finished sweep (call on ticks).
    public mutating func settle(now: Date) {
        if let sweep, sweep.hands.isFinished(at: now) { self.sweep = nil }
    }

    mutating func setStart(_ start: Date, now: Date, animate: Bool, keepNowMemory: Bool = false) -> [CallPlannerEffect] {
        guard let call = activeCall, start != call.start else { return [] }
        undoStack.append(call.start)
        if undoStack.count > 100 { undoStack.removeFirst() }
        if !keepNowMemory { startBeforeNow = nil }
        startSweep(to: start, now: now, animate: animate)
        calls[activeIndex].start = start
        message = nil
        unsavedSince = now
        return []
    }

    mutating func startSweep(to target: Date, now: Date, animate: Bool) {
        guard let from = shownInstant(at: now) else { return }
        // Under reduced motion `CallsPanel.perform` drops the sweep again.
        guard animate else {
            sweep = nil
            return
        }
        let minutes = target.timeIntervalSince(from) / 60
        sweep = Sweep(from: from, to: target, hands: HandSweep(fromMinutes: 0, toMinutes: minutes, startedAt: now))
    }
}
