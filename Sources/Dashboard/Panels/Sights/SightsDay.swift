import Foundation
import TimeKit

/// The day ahead at the DR, the sights panel's "today" line (issue 32,
/// leftovers): of what `sights plan` gives, the navigator's three sight
/// times — morning civil twilight (stars), the Sun's meridian passage (a
/// noon latitude) and evening civil twilight — still to come.
///
/// Worked by the shell on the store queue (`plan`, a whole `DayPlan.day`:
/// tens of milliseconds), never while a key waits; the panel asks again
/// when the DR moves `replanMiles` or the day's last time has passed.
public struct SightsDay: Equatable, Sendable {
    /// What the shell is asked to plan: the day ahead of `unixSeconds` at the DR.
    public struct Request: Equatable, Sendable {
        public var almanac: LoadedAlmanac
        public var deadReckoning: GeoPosition
        public var unixSeconds: Double
    }

    /// The sight times shown, in the order of a day.
    static let shown: [DayPlan.Event] = [.morningCivilTwilight, .meridianPassage, .eveningCivilTwilight]
    /// A DR this far (nm) from the planned one is planned again: 2 nm of
    /// longitude move the times by 8 s at most below 60° of latitude.
    static let replanMiles = 2.0
    /// A request unanswered this long (seconds) is made again.
    static let answerWaitSeconds = 60.0

    public var deadReckoning: GeoPosition
    /// The mean solar day at the DR's longitude (`DayPlan.dayStartUnixSeconds`).
    public var dayStartUnixSeconds: Double
    /// The shown events of that day, in time order.
    public var events: [DayPlan.TimedEvent]

    public init(_ plan: DayPlan, deadReckoning: GeoPosition) {
        self.deadReckoning = deadReckoning
        dayStartUnixSeconds = plan.dayStartUnixSeconds
        events = plan.events.filter { Self.shown.contains($0.event) }
    }

    /// The shown events still to come at `unixSeconds`.
    func ahead(of unixSeconds: Double) -> [DayPlan.TimedEvent] { events.filter { $0.unixSeconds >= unixSeconds } }

    /// Still the day to show at `unixSeconds` from `position`: near the DR
    /// it was planned for, with a sight time still to come.
    func serves(_ unixSeconds: Double, from position: GeoPosition) -> Bool {
        deadReckoning.distanceAndBearing(to: position).0 < Self.replanMiles && !ahead(of: unixSeconds).isEmpty
    }

    /// The shell's work (pure; on the store queue): the DR's day holding
    /// the instant, or the next day when this one's sight times are past.
    public static func plan(_ request: Request) throws -> SightsDay {
        let almanac = request.almanac.almanac, dr = request.deadReckoning
        let today = SightsDay(try DayPlan.day(containing: request.unixSeconds, at: dr, almanac: almanac), deadReckoning: dr)
        guard today.ahead(of: request.unixSeconds).isEmpty else { return today }
        return SightsDay(try DayPlan.day(containing: today.dayStartUnixSeconds + 86400 + 1, at: dr, almanac: almanac),
                         deadReckoning: dr)
    }

    /// What the panel says: each time to come as UTC `HH:MM`, to the
    /// nearest minute (as the almanac prints twilight and meridian passage).
    func message(at unixSeconds: Double) -> UIMessage? {
        let ahead = ahead(of: unixSeconds)
        guard !ahead.isEmpty else { return nil }
        func time(_ event: DayPlan.Event) -> String? {
            ahead.first { $0.event == event }.map {
                String(SightsText.clock(unixMilliseconds: Int64(($0.unixSeconds / 60).rounded()) * 60_000).prefix(5))
            }
        }
        return .sightsDayAhead(morning: time(.morningCivilTwilight), noon: time(.meridianPassage),
                               evening: time(.eveningCivilTwilight))
    }

    /// Asks the shell for the day when the panel shows and the one it has
    /// (or has asked for) no longer serves; a tick's, in place.
    static func askIfDue(_ state: inout AppState) -> [Effect] {
        guard !SightsPanel.isIdle(state), let almanac = state.sights.almanac,
              let dr = SightsReadout.deadReckoning(state).0 else { return [] }
        let now = state.now.timeIntervalSince1970
        if let day = state.sights.day, day.serves(now, from: dr) { return [] }
        if let asked = state.sights.dayAsked, asked.almanac == almanac, now - asked.unixSeconds < answerWaitSeconds,
           now >= asked.unixSeconds, asked.deadReckoning.distanceAndBearing(to: dr).0 < replanMiles {
            return []
        }
        let request = Request(almanac: almanac, deadReckoning: dr, unixSeconds: now)
        state.sights.dayAsked = request
        return [.sights(.planDay(request))]
    }
}
