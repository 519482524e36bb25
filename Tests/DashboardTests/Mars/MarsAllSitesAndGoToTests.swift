import Foundation
import Testing
import TimeKit
@testable import Dashboard

/// Issue 13 in the Mars panel: every site in rows (`v`), and "go to sol and
/// local time" (`g`) moving the call planner.
@Suite struct MarsAllSitesAndGoToTests {
    static let sites = (try? MarsSiteLibrary.bundled().sites) ?? []
    /// 2021-04-19T07:34:00Z, Ingenuity's first flight (Perseverance sol 58).
    static let instant = Date(timeIntervalSince1970: 1_618_817_640)

    func state(siteID: String? = "perseverance", panels: [PanelID] = [.mars]) -> AppState {
        var s = AppState(now: Self.instant, localZone: zone("UTC"), panels: panels)
        s.focus = .mars
        s.mars = MarsPanelState(longitudeEast: 0, siteID: siteID, sites: Self.sites)
        s.settings.reducedMotion = true
        return s
    }

    func withCall(_ s: AppState) -> AppState {
        var s = s
        let call = CallPlan(id: 9, name: "Team", participants: [CallParticipant(place: .zone("Europe/London"))],
                            start: Self.instant, durationMinutes: 60, createdAt: Self.instant)
        s.calls = CallPlannerState(calls: [call])
        return s
    }

    func press(_ s: AppState, _ keys: Key...) -> (AppState, [Effect]) {
        var state = s
        var effects: [Effect] = []
        for key in keys {
            let (next, e) = update(state, .key(key, at: state.now))
            state = next
            effects += e
        }
        return (state, effects)
    }

    func type(_ s: AppState, _ text: String) -> AppState {
        text.reduce(s) { state, c in update(state, .key(.character(c), at: state.now)).0 }
    }

    // MARK: All sites

    @Test func vTogglesEverySiteInRowsAndBack() {
        let (on, effects) = press(state(), .character("v"))
        #expect(on.mars.showsAllSites && effects.isEmpty)
        let lines = MarsPanelText.lines(MarsPanelText.input(at: Self.instant.timeIntervalSince1970, state: on.mars), height: 30, width: 60)
        #expect(lines.count == 1 + Self.sites.count)
        #expect(lines[0].hasPrefix("Site") && lines[0].contains("LMST") && lines[0].contains("LTST") && lines[0].contains("Mission"))
        // Perseverance on the day of Ingenuity's flight: mission sol 58.
        let row = try? #require(lines.first { $0.hasPrefix("Perseverance") })
        #expect(row?.hasSuffix(" 58") == true)
        #expect(press(on, .character("v")).0.mars.showsAllSites == false)
    }

    @Test func everyRowAgreesWithTheEngine() throws {
        let (on, _) = press(state(), .character("v"))
        let input = MarsPanelText.input(at: Self.instant.timeIntervalSince1970, state: on.mars)
        let lines = MarsPanelText.lines(input, height: 30, width: 60)
        for (line, site) in zip(lines.dropFirst(), Self.sites) {
            let reading = MarsSiteReading(site: site, unixSeconds: Self.instant.timeIntervalSince1970, leapSeconds: .builtIn)
            #expect(line.contains(FixedText.clock(hours: reading.clock.localMeanSolarTime)), "\(site.name)")
            #expect(line.contains(FixedText.clock(hours: reading.clock.localTrueSolarTime)), "\(site.name)")
            #expect(line.contains(" \(reading.localSol) "), "\(site.name)")
        }
    }

    @Test func aShortPanelSaysHowManySitesAreLeft() {
        var s = state()
        s.mars.showsAllSites = true
        let lines = MarsPanelText.lines(MarsPanelText.input(at: Self.instant.timeIntervalSince1970, state: s.mars), height: 6, width: 60)
        #expect(lines.count == 6)
        #expect(lines[5] == "+\(Self.sites.count - 4) more sites: make the panel taller")
    }

    @Test func allSites80x24() {
        var s = state()
        s.mars.showsAllSites = true
        expectSnapshot(render(s, size: Size(columns: 80, rows: 24)), named: "mars-all-sites-80x24")
    }

    @Test func allSitesNarrow40x18() {
        var s = state()
        s.mars.showsAllSites = true
        expectSnapshot(render(s, size: Size(columns: 40, rows: 18)), named: "mars-all-sites-40x18")
    }

    @Test func allSitesInJapanese() {
        var s = state()
        s.mars.showsAllSites = true
        s.settings.language = .ja
        expectSnapshot(render(s, size: Size(columns: 80, rows: 24)), named: "mars-all-sites-ja-80x24")
    }

    @Test func theChosenSiteIsInTheTitleRole() {
        var s = state(siteID: "curiosity")
        s.mars.showsAllSites = true
        let rows = MarsPanelText.rows(MarsPanelText.input(at: Self.instant.timeIntervalSince1970, state: s.mars), height: 30, width: 60)
        let curiosity = rows.first { $0.first?.text.hasPrefix("Curiosity") == true }
        #expect(curiosity?.first?.role == .title)
        #expect(rows.first { $0.first?.text.hasPrefix("Spirit") == true }?.first?.role == .normal)
    }

    // MARK: Go to sol and local time

    @Test func goToMovesTheActiveCallThroughItsSetStart() throws {
        let s = withCall(state())
        let (open, _) = press(s, .character("g"))
        #expect(open.mars.goToText == "")
        #expect(MarkKey.fieldTakesSpace(open))
        let typed = type(open, "1700 13:00")
        #expect(typed.mars.goToText == "1700 13:00")
        let (moved, effects) = press(typed, .enter)
        #expect(effects.isEmpty)  // saved after the rest, like a slider move
        let site = try #require(Self.sites.first { $0.id == "perseverance" })
        let expected = try MarsInverse.answer(MarsTimeQuery(site: site, sol: 1700, time: MarsLocalTime(kind: .mean, hours: 13)),
                                              leapSeconds: .builtIn)
        #expect(moved.calls.activeCall?.start == Date(timeIntervalSince1970: expected.unixSeconds))
        #expect(moved.calls.unsavedSince == Self.instant)
        #expect(moved.calls.undoStack == [Self.instant])
        #expect(moved.mars.goToText == nil)
        guard case .marsCallMoved(1700, "13:00:00 LMST", "Perseverance", _) = moved.mars.goToMessage else {
            Issue.record("no move message: \(String(describing: moved.mars.goToMessage))")
            return
        }
        // The rested save: a tick after the rest asks to store the call.
        let later = Self.instant.addingTimeInterval(5)
        let (_, saves) = update(moved, .tick(later))
        #expect(saves.contains { if case .calls(.saveCall(let call)) = $0 { call.start == moved.calls.activeCall?.start } else { false } })
    }

    @Test func goToAtALongitudeCountsLocalSols() throws {
        let s = withCall(state(siteID: nil))
        let moved = press(type(press(s, .character("g")).0, "52000 06:30:00 ltst"), .enter).0
        let expected = try MarsInverse.answer(MarsTimeQuery(site: nil, longitudeEast: 0, sol: 52_000,
                                                            time: MarsLocalTime(kind: .solar, hours: 6.5)), leapSeconds: .builtIn)
        #expect(moved.calls.activeCall?.start == Date(timeIntervalSince1970: expected.unixSeconds))
    }

    @Test(arguments: [("17OO 13:00", "Cannot read"), ("1700 24:00", "Cannot read"), ("hello", "Cannot read")])
    func unreadableGoToLeavesTheCall(text: String, message: String) {
        let s = withCall(state())
        let moved = press(type(press(s, .character("g")).0, text), .enter).0
        #expect(moved.calls.activeCall?.start == Self.instant)
        #expect(moved.mars.goToMessage.map { UILanguage.en.text($0) }?.hasPrefix(message) == true)
    }

    @Test func aSolBeforeTheMissionIsRefused() {
        let s = withCall(state(siteID: "opportunity"))
        let moved = press(type(press(s, .character("g")).0, "0 12:00"), .enter).0
        #expect(moved.mars.goToMessage == .marsGoToBeforeMission(site: "Opportunity", firstSol: 1))
        #expect(moved.calls.activeCall?.start == Self.instant)
    }

    /// Issue 28: a local sol before UTC existed moved the call to 1879,
    /// where every zone keeps local mean time; refused, the call stays.
    @Test(arguments: [("1 12:00", 1873), ("2000 12:00", 1879), ("120000 12:00", 2211)])
    func aSolOutsideTheEraOfCallsIsRefused(text: String, year: Int) {
        let s = withCall(state(siteID: nil))
        let moved = press(type(press(s, .character("g")).0, text), .enter).0
        #expect(moved.calls.activeCall?.start == Self.instant)
        guard case let .marsGoToOutsideCalls(_, shown)? = moved.mars.goToMessage else {
            Issue.record("\(text): \(String(describing: moved.mars.goToMessage))")
            return
        }
        #expect(shown == year)
    }

    @Test func escClosesTheFieldAndBackspaceEdits() {
        let s = withCall(state())
        let open = type(press(s, .character("g")).0, "17001")
        #expect(press(open, .backspace).0.mars.goToText == "1700")
        let closed = press(open, .escape).0
        #expect(closed.mars.goToText == nil && closed.calls.activeCall?.start == Self.instant)
        // Esc in the field does not quit.
        #expect(!closed.isQuitting)
    }

    @Test func goToFieldGolden80x24() {
        var s = withCall(state())
        s = type(press(s, .character("g")).0, "1700 13:00")
        expectSnapshot(render(s, size: Size(columns: 80, rows: 24)), named: "mars-go-to-80x24")
    }

    @Test func helpListsTheNewKeys() {
        let keys = MarsPanel.keyBindings.flatMap(\.keys)
        #expect(keys.contains(.character("v")) && keys.contains(.character("g")))
    }
}

extension MarsAllSitesAndGoToTests {
    @Test func plainModeSaysEverySiteAndTheGoToResult() throws {
        let s = withCall(state())
        let all = press(s, .character("v")).0
        let lines = MarsPanel.announcements(from: s, to: all)
        #expect(lines.count == Self.sites.count)
        #expect(lines.contains { $0.hasPrefix("Mars: Perseverance, 77.5°E, LMST 12:33:03") && $0.hasSuffix("mission sol 58.") })
        let open = press(s, .character("g")).0
        #expect(MarsPanel.announcements(from: s, to: open).first?.hasPrefix("Go to sol and time: e.g.") == false)
        #expect(MarsPanel.announcements(from: s, to: open).first?.contains("Enter go") == true)
        let moved = press(type(open, "1700 13:00"), .enter).0
        #expect(MarsPanel.announcements(from: type(open, "1700 13:00"), to: moved).last?.hasPrefix("Call moved to sol 1700 13:00:00 LMST at Perseverance") == true)
    }
}
