import Foundation
import TimeKit

/// The Mars panel's "go to sol and local time" field: typed text, and on
/// Enter the call planner's active call moves to that Mars time's Earth
/// instant through the planner's own `setStart` (undo, hand sweep and the
/// rested save work as for a slider move).
extension MarsPanel {
    /// Longest text the field takes.
    static let goToLimit = 40

    /// Keys that keep their usual meaning while the field is open (they
    /// scroll the marks; none of them edits the field or the Mars choices).
    static let passThrough: Set<Key> = [.up, .down, .pageUp, .pageDown, .home, .end, .control("c")]

    /// Keys while the field is open (pure); nil when it is closed. Tab stays
    /// here, so the field cannot lose focus while it takes the typing.
    static func captureKey(_ key: Key, in state: AppState) -> (AppState, [Effect])? {
        guard var text = state.mars.goToText else { return nil }
        if passThrough.contains(key) { return nil }  // Ctrl-C still quits
        var next = state
        switch key {
        case .enter:
            next.mars.goToText = nil
            return goTo(text, in: next)
        case .escape:
            next.mars.goToText = nil
            return (next, [])
        case .backspace, .delete:
            if !text.isEmpty { text.removeLast() }
        case .character(let c):
            if text.count < goToLimit { text.append(c) }
        default:
            break
        }
        next.mars.goToText = text
        return (next, [])
    }

    /// Moves the active call to the Earth instant of `text` at the panel's
    /// site (mission sols) or longitude (local sols).
    static func goTo(_ text: String, in state: AppState) -> (AppState, [Effect]) {
        var next = state
        let site = state.mars.site
        let query: MarsTimeQuery
        do {
            query = try MarsTimeQuery.parse(text, site: site, longitudeEast: state.mars.longitudeEast)
        } catch {
            next.mars.goToMessage = .marsGoToUnreadable(typed: text)
            return (next, [])
        }
        let answer: MarsInverseAnswer
        do {
            answer = try MarsInverse.answer(query, leapSeconds: state.mars.leapSeconds)
        } catch {
            switch error {
            case let .beforeMission(site, _, first): next.mars.goToMessage = .marsGoToBeforeMission(site: site, firstSol: first)
            case let .solarTimeNotOnSol(time, sol): next.mars.goToMessage = .marsGoToNotOnSol(time: time, sol: sol)
            case .outOfRange: next.mars.goToMessage = .marsGoToUnreadable(typed: text)
            }
            return (next, [])
        }
        guard next.calls.activeCall != nil else {
            next.mars.goToMessage = .text(.callNeedsPlace)
            return (next, [])
        }
        let instant = Date(timeIntervalSince1970: answer.unixSeconds)
        // A call lives in the era of UTC: before 1972 every zone's offset is
        // local mean time or rubber seconds (sol 1 local is 1873, and a call
        // moved there read 1879 with LMT offsets; issue 28).
        let year = UTCFields(unixMilliseconds: Int64(answer.unixSeconds * 1000)).year
        guard (1972...2199).contains(year) else {
            next.mars.goToMessage = .marsGoToOutsideCalls(sol: query.sol, year: year)
            return (next, [])
        }
        let effects = next.calls.setStart(instant, now: state.now, animate: !state.settings.reducedMotion)
        if state.settings.reducedMotion { next.calls.sweep = nil }
        let place = site?.name ?? MarsLongitude.text(state.mars.longitudeEast)
        next.mars.goToMessage = .marsCallMoved(sol: query.sol, time: query.time.text, place: place,
                                               utc: ISOInstant.seconds(instant))
        return (next, effects.map(Effect.calls))
    }
}
