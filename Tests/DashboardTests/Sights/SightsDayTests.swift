import Foundation
import Testing
import TimeKit
@testable import Dashboard

/// The sights panel's day ahead (issue 32, leftovers): `sights plan`'s
/// sight times at the DR — morning civil twilight, noon, evening civil
/// twilight — asked of the shell on a tick while the panel shows, shown
/// when answered, asked again when the DR moves or the times have passed.
@Suite struct SightsDayTests {
    let panel = SightsPanelTests()

    /// The panel of SightsPanelTests with three sights (2024-03-20 23:40 UTC at 40° N 50° W).
    func state(language: UILanguage? = nil) throws -> AppState {
        let almanac = try #require(SightsPanelTests.almanac)
        let sights = try SightsPanelTests.stars.enumerated().map { try SightsPanelTests.sight(almanac, Int64($0 + 1), $1) }
        var s = panel.state(almanac, sights: sights, language: language)
        s.panels = [.marks, .sights]
        return s
    }

    static func requests(_ effects: [Effect]) -> [SightsDay.Request] {
        effects.compactMap { if case .sights(.planDay(let r)) = $0 { r } else { nil } }
    }

    /// The state after a tick asked for the day and the shell's answer came.
    func answered(_ s: AppState) throws -> AppState {
        let (asked, effects) = update(s, .tick(s.now))
        let request = try #require(Self.requests(effects).first)
        return update(asked, .sights(.dayPlanned(try SightsDay.plan(request), for: request))).0
    }

    @Test func aTickAsksOnceAndTheAnswerIsShown() throws {
        let s = try state()
        let (asked, effects) = update(s, .tick(s.now))
        let request = try #require(Self.requests(effects).first)
        #expect(request.unixSeconds == s.now.timeIntervalSince1970)
        let dr = try GeoPosition(parsing: SightsPanelTests.dr)
        #expect(request.deadReckoning == dr)
        // Waiting for the answer: no second request a second later.
        #expect(Self.requests(update(asked, .tick(s.now.addingTimeInterval(1))).1).isEmpty)
        let shown = try answered(s)
        #expect(Self.requests(update(shown, .tick(s.now.addingTimeInterval(2))).1).isEmpty)
        let summary = SightsPanel.summary(shown).joined(separator: "\n")
        #expect(summary.contains("sights ahead (UTC): twilight 08:5"), "\(summary)")
    }

    /// 23:40 UTC is after that day's evening twilight at 50° W (22:01): the
    /// times shown are the next day's, and match that day's plan.
    @Test func afterTheEveningTwilightTheNextDayIsShown() throws {
        let almanac = try #require(SightsPanelTests.almanac)
        let shown = try answered(try state())
        let day = try #require(shown.sights.day)
        let dr = try GeoPosition(parsing: SightsPanelTests.dr)
        let next = try DayPlan.day(containing: shown.now.timeIntervalSince1970 + 86400, at: dr, almanac: almanac)
        #expect(day.dayStartUnixSeconds == next.dayStartUnixSeconds)
        func hhmm(_ e: DayPlan.Event) throws -> String {
            let minute = Int64((try #require(next.time(of: e)) / 60).rounded()) * 60_000
            return String(ISOInstant.milliseconds(unixMilliseconds: minute).dropFirst(11).prefix(5))
        }
        #expect(day.message(at: shown.now.timeIntervalSince1970)
                == .sightsDayAhead(morning: try hhmm(.morningCivilTwilight), noon: try hhmm(.meridianPassage),
                                   evening: try hhmm(.eveningCivilTwilight)))
        // Within a minute of Skyfield (DayPlanOracleTests): civil twilight
        // near 08:55, noon near 15:28 UTC on 2024-03-21 at 50° W.
        let (twilight, noon) = (try hhmm(.morningCivilTwilight), try hhmm(.meridianPassage))
        #expect(twilight.hasPrefix("08:5") && noon.hasPrefix("15:2"), "\(twilight) \(noon)")
        // Past the morning twilight, it drops; past the last, the next day is asked for.
        let morning = try #require(next.time(of: .morningCivilTwilight))
        #expect(day.message(at: morning + 60) == .sightsDayAhead(morning: nil, noon: try hhmm(.meridianPassage),
                                                                   evening: try hhmm(.eveningCivilTwilight)))
        let evening = try #require(next.time(of: .eveningCivilTwilight))
        var late = shown
        late.now = Date(timeIntervalSince1970: evening + 60)
        #expect(Self.requests(update(late, .tick(late.now)).1).count == 1)
    }

    @Test func aDeadReckoningMovedTwoMilesIsPlannedAgain() throws {
        var s = try answered(try state())
        s.settings.sightsDeadReckoning = "40 00.0 N, 050 01.0 W"  // 0.77 nm: still served
        #expect(Self.requests(update(s, .tick(s.now)).1).isEmpty)
        s.settings.sightsDeadReckoning = "40 00.0 N, 050 05.0 W"  // 3.8 nm
        let again = Self.requests(update(s, .tick(s.now)).1)
        let moved = try GeoPosition(parsing: "40 00.0 N, 050 05.0 W")
        #expect(again.count == 1 && again.first?.deadReckoning == moved)
    }

    /// The panel without sights is not on screen: nothing is worked for it.
    @Test func anIdlePanelAsksNothing() throws {
        let almanac = try #require(SightsPanelTests.almanac)
        let s = panel.state(almanac)
        #expect(Self.requests(update(s, .tick(s.now)).1).isEmpty)
    }

    @Test func plainModeSaysTheDayOncePlanned() throws {
        let s = try state()
        let (asked, effects) = update(s, .tick(s.now))
        let request = try #require(Self.requests(effects).first)
        let shown = update(asked, .sights(.dayPlanned(try SightsDay.plan(request), for: request))).0
        let said = PlainAnnouncer.changes(from: asked, to: shown)
        #expect(said.count == 1 && said.first?.hasPrefix("sights ahead (UTC): twilight 08:5") == true, "\(said)")
        let later = update(shown, .tick(s.now.addingTimeInterval(60))).0
        #expect(PlainAnnouncer.changes(from: shown, to: later).isEmpty)
        let ja = try state(language: .ja)
        let (jaAsked, jaEffects) = update(ja, .tick(ja.now))
        let jaRequest = try #require(Self.requests(jaEffects).first)
        let jaShown = update(jaAsked, .sights(.dayPlanned(try SightsDay.plan(jaRequest), for: jaRequest))).0
        #expect(PlainAnnouncer.changes(from: jaAsked, to: jaShown).first?.hasPrefix("この先の天測（UTC）: 薄明 08:5") == true)
    }

    @Test func goldenPanelWithTheDayAhead() throws {
        let s = try answered(try state())
        expectSnapshot(render(s, size: Size(columns: 100, rows: 30)), named: "sights-day-100x30")
        let ja = try answered(try state(language: .ja))
        expectSnapshot(render(ja, size: Size(columns: 100, rows: 30)), named: "sights-day-ja-100x30")
    }
}
