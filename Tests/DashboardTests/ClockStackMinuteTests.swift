import Foundation
import Testing
@testable import Dashboard
import TestSupport
import TimeKit

/// `ClockStackView.render` remembers the last stack by its inputs with `now`
/// to the minute. That is exact only if nothing it draws depends on the
/// seconds: this walks calls near and far, across midnight, a year end and
/// a clock change, in both clock styles and languages, focused or not, at
/// every second of many minutes, and compares with the drawing at the
/// minute's first second (both computed, never remembered).
@Suite struct ClockStackMinuteTests {
    let db: PlaceDatabase
    init() throws { db = try PlaceDatabase.bundled() }

    func state(_ queries: [String], start: Date, duration: Int?) -> CallPlannerState {
        let call = CallPlan(id: 1, name: "Team", participants: queries.map { CallParticipant(place: db.bestMatch($0)!.place) },
                            start: start, durationMinutes: duration, createdAt: Date(timeIntervalSince1970: 1_767_225_600))
        var s = CallPlannerState(calls: [call])
        s.marsSites = try? MarsSiteLibrary.bundled()
        return s
    }

    @Test("Every second of a minute draws what its first second draws", arguments: [
        1_795_305_600.0,  // 2026-11-22T00:00Z
        1_798_761_540.0,  // 2026-12-31T23:59Z (a year ends within the call's window)
        1_774_746_000.0,  // 2026-03-29T01:00Z (Europe's clocks go forward)
        1_795_348_740.0,  // 2026-11-22T11:59Z
    ])
    func secondsDoNotShow(minuteStart: Double) {
        var rng = SplitMix64(seed: UInt64(minuteStart))
        let places = [["London, GB", "Tokyo", "New York"], ["Sydney", "Los Angeles"], ["Kathmandu", "Adelaide", "Reykjavik"],
                      ["Honolulu"]]
        for trial in 0..<24 {
            let minute = Date(timeIntervalSince1970: minuteStart + Double(60 * Int.random(in: 0..<3, using: &rng)))
            let offsets: [Double] = [-86_400 * 8, -3_600, -61, 0, 30, 59, 60, 600, 86_400, 86_400 * 7]
            let start = minute.addingTimeInterval(offsets[trial % offsets.count])
            let s = state(places[trial % places.count], start: start, duration: trial % 3 == 0 ? nil : 45 + trial)
            var settings = Settings()
            settings.clock = trial % 2 == 0 ? .twentyFourHour : .twelveHour
            let language: UILanguage = trial % 4 == 3 ? .ja : .en
            let (width, height) = [(80, 24), (100, 30), (60, 12), (120, 40)][trial % 4]
            let first = ClockStackView.compute(s, width: width, height: height, now: minute, settings: settings,
                                               language: language, focused: trial % 2 == 1)
            for second in 1..<60 {
                let now = minute.addingTimeInterval(Double(second) + 0.999 * Double(second % 2))
                let lines = ClockStackView.compute(s, width: width, height: height, now: now, settings: settings,
                                                   language: language, focused: trial % 2 == 1)
                #expect(lines == first, "trial \(trial) second \(second)")
                if lines != first { return }
            }
        }
    }

    @Test("The remembered stack is the computed one, and a new minute draws anew")
    func rememberedEqualsComputed() {
        let minute = Date(timeIntervalSince1970: 1_795_305_600)
        let s = state(["London, GB", "Tokyo"], start: minute.addingTimeInterval(3_600), duration: 60)
        for second in [0.0, 17, 59.5, 60, 61, 3_600] {
            let now = minute.addingTimeInterval(second)
            #expect(ClockStackView.render(s, width: 80, height: 24, now: now)
                    == ClockStackView.compute(s, width: 80, height: 24, now: now, settings: Settings(), language: .en, focused: false))
        }
    }
}
