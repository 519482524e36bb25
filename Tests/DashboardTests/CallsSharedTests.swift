import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// Issue 14 in the dashboard: reminders on ticks, calls read again after
/// another process changed them, `g`, "here" in the picker, dates in rows.
@Suite struct CallsSharedTests {
    let db: PlaceDatabase
    let t = Date(timeIntervalSince1970: 1_768_000_000)  // 2026-01-09T23:06:40Z
    let callStart = Date(timeIntervalSince1970: 1_768_039_200)  // 2026-01-10T10:00:00Z
    init() throws { db = try PlaceDatabase.bundled() }

    func team(id: Int64? = 3, start: Date? = nil, reminder: CallReminder = .followSetting) -> CallPlan {
        CallPlan(id: id, name: "Team", participants: ["London, GB", "Tokyo"].map { CallParticipant(place: db.bestMatch($0)!.place) },
                 start: start ?? callStart, durationMinutes: 60, createdAt: t, reminder: reminder)
    }

    func state(_ calls: [CallPlan]) -> AppState {
        var s = AppState(now: t, localZone: TimeZone(identifier: "UTC")!, panels: [.marks, .calls])
        s.focus = .calls
        s.calls = CallPlannerState(calls: calls)
        s.calls.places = db
        s.settings.reducedMotion = true
        return s
    }

    func press(_ state: AppState, _ keys: Key...) -> (AppState, [Effect]) {
        var s = state
        var all: [Effect] = []
        for k in keys {
            let (n, e) = update(s, .key(k, at: s.now))
            s = n
            all += e
        }
        return (s, all)
    }

    func type(_ state: AppState, _ text: String) -> AppState {
        text.reduce(state) { s, c in press(s, .character(c)).0 }
    }

    // MARK: Reminders

    @Test func aReminderNoticeBellAndRecordComeOnceAtItsTime() throws {
        let s = state([team(reminder: .minutesBefore(10))])
        let (early, none) = update(s, .tick(callStart.addingTimeInterval(-601)))
        #expect(early.notice == nil)
        #expect(none.isEmpty)
        let (due, effects) = update(early, .tick(callStart.addingTimeInterval(-600)))
        let notice = try #require(due.notice)
        #expect(notice.text(.en) == "\"Team\" starts in 10 min · 10:00 London · 19:00 Tokyo")
        #expect(effects.contains(.bell(times: 2)))
        #expect(effects.contains(.calls(.markReminded(id: 3, start: callStart))))
        let (later, again) = update(due, .tick(callStart.addingTimeInterval(-590)))
        #expect(!again.contains(.bell(times: 2)))
        #expect(!again.contains { if case .calls(.markReminded) = $0 { true } else { false } })
        #expect(later.calls.calls[0].remindedStart == callStart)
    }

    @Test func aLateStartRemindsAtOnceAndTheBellSettingIsObeyed() throws {
        var s = state([team()])  // follows calls.remind (10 min by default)
        s.settings.bell = false
        let (due, effects) = update(s, .tick(callStart.addingTimeInterval(-180)))
        #expect(due.notice?.text(.en).hasPrefix("\"Team\" starts in 3 min") == true)
        #expect(!effects.contains(.bell(times: 2)))
        #expect(effects.contains(.calls(.markReminded(id: 3, start: callStart))))
    }

    @Test func aReminderGivenBeforeARestartIsNotGivenAgain() {
        var call = team()
        call.remindedStart = callStart
        let (s, effects) = update(state([call]), .tick(callStart.addingTimeInterval(-120)))
        #expect(s.notice == nil)
        #expect(effects.isEmpty)
    }

    @Test func plainModeSaysTheReminder() {
        let s = state([team(reminder: .minutesBefore(1))])
        let (due, _) = update(s, .tick(callStart.addingTimeInterval(-60)))
        let lines = PlainAnnouncer.changes(from: s, to: due)
        #expect(lines.contains("\"Team\" starts in 1 min · 10:00 London · 19:00 Tokyo"))
    }

    @Test func theHeaderNamesTheNextCall() {
        let frame = render(state([team()]), size: Size(columns: 100, rows: 30))
        #expect(frame.lines.joined().contains("next: Team in 10 h 54 min"))
        let ja = { var s = state([team()]); s.language = .ja; return s }()
        #expect(render(ja, size: Size(columns: 100, rows: 30)).lines.joined().contains("次: Team あと 10 時間 54 分"))
    }

    // MARK: Calls changed by another process

    @Test func aCallAddedElsewhereAppearsAndTheActiveOneStaysActive() {
        var s = state([team()])
        let other = team(id: 9, start: callStart.addingTimeInterval(3600))
        s = update(s, .calls(.reloaded([other, team()]))).0
        #expect(s.calls.calls.map(\.id) == [9, 3])
        #expect(s.calls.activeCall?.id == 3)
    }

    @Test func aReloadReadBeforeTheReminderWasStoredDoesNotRemindAgain() {
        let s = state([team(reminder: .minutesBefore(10))])
        let (due, _) = update(s, .tick(callStart.addingTimeInterval(-300)))
        #expect(due.notice != nil)
        var stale = due
        stale.notice = nil
        stale = update(stale, .calls(.reloaded([team(reminder: .minutesBefore(10))]))).0
        let (after, effects) = update(stale, .tick(callStart.addingTimeInterval(-299)))
        #expect(after.notice == nil)
        #expect(effects.isEmpty)
    }

    @Test func anUnsavedMoveSurvivesAReload() {
        var s = press(state([team()]), .right).0
        let moved = s.calls.activeCall!.start
        s = update(s, .calls(.reloaded([team(), team(id: 9)]))).0
        #expect(s.calls.activeCall?.start == moved)
        #expect(s.calls.unsavedSince != nil)
    }

    @Test func theFirstRunSuggestionGivesWayToStoredCalls() {
        var s = state([team(id: nil)])
        s = update(s, .calls(.reloaded([]))).0
        #expect(s.calls.calls.count == 1)
        s = update(s, .calls(.reloaded([team(id: 9)]))).0
        #expect(s.calls.calls.map(\.id) == [9])
        #expect(s.calls.activeIndex == 0)
    }

    // MARK: g

    @Test func gMovesTheCallToATypedLocalTimeAndSavesItLikeTheSlider() throws {
        var s = press(state([team()]), .character("g")).0
        #expect(s.calls.goTo != nil)
        s = type(s, "2027-03-15 14:00")
        #expect(s.calls.goTo?.text == "2027-03-15 14:00")
        let (moved, _) = press(s, .enter)
        #expect(moved.calls.goTo == nil)
        // The source is London: 14:00 there is 14:00 UTC in March before BST.
        #expect(moved.calls.activeCall?.start == Date(timeIntervalSince1970: 1_805_119_200))
        #expect(moved.calls.undoStack == [callStart])
        let saveAt = try #require(moved.calls.saveDeadline)
        let (_, saves) = update(moved, .tick(saveAt))
        #expect(saves.contains { if case .calls(.saveCall(let c)) = $0 { c.start == Date(timeIntervalSince1970: 1_805_119_200) } else { false } })
    }

    @Test func gSaysWhatItCannotReadAndEscKeepsTheCall() {
        var s = type(press(state([team()]), .character("g")).0, "next tues")
        s = press(s, .enter).0
        #expect(s.calls.goTo?.problem == .cannotReadTime("next tues"))
        #expect(s.calls.activeCall?.start == callStart)
        s = press(s, .escape).0
        #expect(s.calls.goTo == nil)
        #expect(s.calls.activeCall?.start == callStart)
        #expect(s.calls.unsavedSince == nil)
    }

    @Test func spaceTypesInTheGInputAndCtrlSpaceStillMarks() {
        let open = press(state([team()]), .character("g")).0
        #expect(MarkKey.fieldTakesSpace(open))
        #expect(!MarkKey.records(.space, in: open))
        #expect(MarkKey.records(.controlSpace, in: open))
        #expect(press(open, .space).0.calls.goTo?.text == " ")
        #expect(!MarkKey.fieldTakesSpace(state([team()])))
    }

    @Test func plainModeSpeaksTheGInput() {
        let s = state([team()])
        let open = press(s, .character("g")).0
        #expect(PlainAnnouncer.changes(from: s, to: open).contains("Go to: Enter go · Esc keep"))
        let typed = press(open, .character("x")).0
        #expect(PlainAnnouncer.changes(from: open, to: typed).contains("Typed: x"))
        let refused = press(typed, .enter).0
        #expect(PlainAnnouncer.changes(from: typed, to: refused).contains { $0.hasPrefix("Cannot read \"x\"") })
        let status = StatusBar.keys(open).map(\.key)
        #expect(status == ["Ctrl-Space", "Ctrl-C"])
    }

    // MARK: here, dates

    @Test func hereInThePickerIsTheCityNearTheConfiguredPosition() {
        var s = state([team()])
        s.settings.fixedPosition = "48.8566, 2.3522"
        #expect(CallsPanel.placeSearch(s)("here").map(\.place.name) == ["Paris"])
        #expect(CallsPanel.placeSearch(s)("here").first?.matchText.map { UILanguage.en.text($0) } == "nearest your position")
        s.settings.fixedPosition = nil
        #expect(CallsPanel.placeSearch(s)("here").first?.place.name != "Paris")
    }

    /// First run without `marks.position`: the suggestion starts from the
    /// zone's largest city, and gpsd's first fix makes it again from the
    /// city nearest the fix — once, and only while it is untouched.
    @Test func theFirstRunSuggestionFollowsTheFirstGPSFix() throws {
        func fix(_ lat: Double, _ lon: Double) throws -> MarksEvent {
            var snapshot = GPSDSnapshot(address: .default, connection: .connected(release: "3.25"))
            snapshot.fix = GPSDFix(mode: 3, position: try GeoPosition(latitudeDegrees: lat, longitudeDegrees: lon))
            return .gps(snapshot)
        }
        let suggestion = DefaultCall.make(userZone: "Europe/London", in: db, now: t)
        var s = state([suggestion])
        s.calls.firstRun = .init(suggestion: suggestion, userZone: "Europe/London")
        #expect(s.calls.activeCall?.source?.place.name == "London")
        // No fix yet (mode 1): nothing changes, and it still waits.
        var noFix = GPSDSnapshot(address: .default, connection: .connected(release: "3.25"))
        noFix.fix = GPSDFix(mode: 1)
        var next = update(s, .marks(.gps(noFix))).0
        #expect(next.calls.calls == [suggestion] && next.calls.firstRun != nil)
        // Paris.
        next = update(next, .marks(try fix(48.8566, 2.3522))).0
        #expect(next.calls.activeCall?.source?.place.name == "Paris")
        #expect(next.calls.activeCall?.name == "Call from Paris" && next.calls.activeCall?.id == nil)
        #expect(next.calls.home?.name == "Paris" && next.calls.firstRun == nil)
        // Once only: a later fix elsewhere changes nothing.
        let moved = update(next, .marks(try fix(35.6812, 139.7671))).0
        #expect(moved.calls.activeCall?.source?.place.name == "Paris")

        // Touched first (moved 15 min): the fix leaves the user's call alone.
        let touched = press(s, .right).0
        let after = update(touched, .marks(try fix(48.8566, 2.3522))).0
        #expect(after.calls.activeCall?.source?.place.name == "London" && after.calls.firstRun == nil)
    }

    @Test func rowsShowTheDateWhenPlacesSpanDatesOrTheCallIsFarAway() {
        let near = team().rows()
        // 10:00 London is 19:00 Tokyo the same day: weekday only.
        #expect(!ClockStackView.showsDate(near, start: callStart, now: t))
        #expect(ClockStackView.showsDate(near, start: callStart, now: t.addingTimeInterval(-7 * 86_400)))
        let late = team(start: callStart.addingTimeInterval(6 * 3600)).rows()  // 16:00 London, 01:00 Tokyo next day
        #expect(ClockStackView.showsDate(late, start: callStart.addingTimeInterval(6 * 3600), now: t))
        let lines = ClockStackView.render(CallPlannerState(calls: [team(start: callStart.addingTimeInterval(6 * 3600))]),
                                          width: 100, height: 12, now: t).map(\.text)
        #expect(lines.contains { $0.contains("Sat 01-10 16:00") })
        #expect(lines.contains { $0.contains("Sun 01-11 01:00") })
    }
}
