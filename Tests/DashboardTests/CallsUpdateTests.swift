import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// The calls panel through `update`: keys → actions → state and effects.
@Suite struct CallsUpdateTests {
    let db: PlaceDatabase
    let t = Date(timeIntervalSince1970: 1_768_000_000)  // 2026-01-09T23:06:40Z
    init() throws { db = try PlaceDatabase.bundled() }

    func start() -> AppState {
        var s = AppState(now: t, localZone: zone("UTC"), panels: [.calls])
        let call = CallPlan(id: 3, name: "Team", participants: ["London, GB", "Tokyo"].map {
            CallParticipant(place: db.bestMatch($0)!.place) },
            start: Date(timeIntervalSince1970: 1_768_039_200),  // 2026-01-10T10:00:00Z
            durationMinutes: 60, createdAt: t)
        s.calls = CallPlannerState(calls: [call])
        s.calls.places = db
        s.settings.reducedMotion = true
        return s
    }

    func press(_ state: AppState, _ keys: Key...) -> (AppState, [Effect]) {
        var s = state
        var all: [Effect] = []
        for k in keys {
            let (n, e) = update(s, .key(k, at: t))
            s = n
            all += e
        }
        return (s, all)
    }

    func minutesMoved(_ s: AppState) -> Int {
        Int(s.calls.activeCall!.start.timeIntervalSince(Date(timeIntervalSince1970: 1_768_039_200)) / 60)
    }

    @Test func arrowsAndHourKeysMoveTheCallAndSaveIt() {
        let (s, effects) = press(start(), .right)
        #expect(minutesMoved(s) == 15)
        #expect(effects.isEmpty)
        // The tick after the slider rests saves; q saves a fresh change first.
        let (_, saved) = update(s, .tick(t.addingTimeInterval(1)))
        #expect(saved == [.calls(.saveCall(s.calls.activeCall!))])
        let (_, quitting) = press(s, .character("q"))
        #expect(quitting == [.calls(.saveCall(s.calls.activeCall!)), .quit])
        #expect(minutesMoved(press(start(), .left).0) == -15)
        #expect(minutesMoved(press(start(), .character("L")).0) == 60)
        #expect(minutesMoved(press(start(), .shiftRight).0) == 60)
        #expect(minutesMoved(press(start(), .character("H"), .shiftLeft).0) == -120)
    }

    @Test func nowTogglesAndUndoRestores() {
        let (atNow, _) = press(start(), .character("n"))
        #expect(atNow.calls.activeCall?.start == t)
        let (back, _) = press(atNow, .character("n"))
        #expect(minutesMoved(back) == 0)
        let (moved, _) = press(start(), .right, .right, .character("u"))
        #expect(minutesMoved(moved) == 15)
    }

    @Test func optimizerKeys() {
        let london = zone("Europe/London"), tokyo = zone("Asia/Tokyo")
        let (a, _) = press(start(), .character("a"))
        #expect(ZoneClock.reading(a.calls.activeCall!.start, in: london).wall.hour == 7)
        let (p, _) = press(start(), .character("p"))
        #expect(ZoneClock.reading(p.calls.activeCall!.start, in: tokyo).wall.hour == 22)
        let (b, _) = press(start(), .character("b"))
        #expect(b.calls.activeCall!.rows().allSatisfy { $0.good })
        #expect(b.calls.unsavedSince == t)
    }

    @Test func ringClockFormatAndMotionToggles() {
        let (s, effects) = press(start(), .character("r"), .character("c"), .character("M"))
        #expect(s.calls.ring == .next60Minutes)
        #expect(!s.use24Hour && s.settings.clock == .twelveHour)
        #expect(!s.settings.reducedMotion)
        // The same settings as the overlay's, saved the same way.
        #expect(effects == [.saveSetting(.clock(.twelveHour)),
                            .saveSetting(.reducedMotion(false))])
    }

    @Test func editModeCapturesTypingAndSavesOnEnter() {
        // Enter edits; a opens the picker; "q" and "a" are typed, not actions.
        let (picker, _) = press(start(), .enter, .character("a"), .character("q"), .character("a"))
        #expect(picker.calls.isEditing)
        #expect(!picker.isQuitting)
        guard case let .picker(p)? = picker.calls.editor?.field else { Issue.record("no picker"); return }
        #expect(p.query == "qa")
        let (typed, _) = press(picker, .backspace, .backspace, .character("p"), .character("a"), .character("r"))
        let (saved, effects) = press(typed, .enter, .enter)
        #expect(!saved.calls.isEditing)
        #expect(saved.calls.activeCall?.participants.map(\.place.name) == ["London", "Paris", "Tokyo"])
        #expect(effects == [.calls(.saveCall(saved.calls.activeCall!))])
    }

    @Test func escapeInEditModeCancelsInsteadOfQuitting() {
        let (s, effects) = press(start(), .enter, .character("x"), .escape)
        #expect(!s.isQuitting && effects.isEmpty)
        #expect(!s.calls.isEditing)
        #expect(s.calls.activeCall?.participants.count == 2)
        // Ctrl-C still quits from edit mode.
        let (quit, quitEffects) = press(start(), .enter, .control("c"))
        #expect(quit.isQuitting && quitEffects == [.quit])
    }

    @Test func editKeysRenameMoveSourceDurationPeopleDelete() {
        var (s, _) = press(start(), .enter, .character("r"))
        for _ in 0..<4 { s = press(s, .backspace).0 }
        for c in "Sync" { s = press(s, .character(c)).0 }
        s = press(s, .enter, .down, .character("s")).0         // Tokyo becomes the source
        s = press(s, .character("t"), .backspace, .backspace, .character("3"), .character("0"), .enter).0
        s = press(s, .down, .character("P")).0
        for c in "Ann" { s = press(s, .character(c)).0 }
        s = press(s, .enter).0
        let (saved, effects) = press(s, .enter)
        let call = saved.calls.activeCall!
        #expect(call.name == "Sync")
        #expect(call.participants.map(\.place.name) == ["Tokyo", "London"])
        #expect(call.participants.map(\.people) == ["", "Ann"])
        #expect(call.durationMinutes == 30)
        #expect(effects.count == 1)
        let (deleted, deleteEffects) = press(saved, .enter, .character("D"), .character("y"))
        #expect(deleted.calls.calls.isEmpty)
        #expect(deleteEffects == [.calls(.deleteCall(id: 3))])
    }

    /// `m` sets the reminder: a duration, `off`, or empty to follow
    /// `calls.remind`; the title says which; bad text keeps the field open.
    @Test func reminderFieldSetsTurnsOffAndFollowsTheSetting() {
        func typed(_ s: AppState, _ text: String) -> AppState {
            var s = s
            for c in text { s = press(s, .character(c)).0 }
            return s
        }
        func title(_ s: AppState) -> String {
            CallEditView.render(s.calls.editor!, message: s.calls.message, width: 100, height: 20,
                                remindMinutes: s.settings.callRemindMinutes)[0].text
        }
        var s = press(start(), .enter).0
        #expect(title(s).contains("remind 10 min before (default)"))
        s = press(s, .character("m")).0
        #expect(s.calls.editor?.field == .reminder(""))
        // Its key hint says Space marks here (the field takes no spaces).
        let hint = CallEditView.render(s.calls.editor!, message: nil, width: 100, height: 20).map(\.text)
        #expect(hint.contains { $0.hasPrefix("Enter accept  Esc close field  Space mark") }, "\(hint)")
        // Space is not typed here (it marks, as in the duration field).
        s = press(typed(s, "1h30m"), .space).0
        #expect(s.calls.editor?.field == .reminder("1h30m"))
        s = press(s, .enter).0
        #expect(s.calls.editor?.field == nil && s.calls.editor?.draft.reminder == .minutesBefore(90))
        #expect(title(s).contains("remind 1 h 30 min before") && !title(s).contains("default"))

        // Unreadable: the field stays open with a message; Esc keeps 1h30m.
        s = press(s, .character("m")).0
        #expect(s.calls.editor?.field == .reminder("1h30m"))
        for _ in 0..<5 { s = press(s, .backspace).0 }
        s = press(typed(s, "soon"), .enter).0
        #expect(s.calls.message == .text(.reminderUnreadable))
        #expect(s.calls.editor?.field == .reminder("soon"))
        s = press(s, .escape).0
        #expect(s.calls.editor?.field == nil && s.calls.editor?.draft.reminder == .minutesBefore(90))

        // off, then saved with the call.
        s = press(s, .character("m")).0
        for _ in 0..<5 { s = press(s, .backspace).0 }
        s = press(typed(s, "off"), .enter).0
        #expect(title(s).contains("no reminder"))
        let (saved, effects) = press(s, .enter)
        #expect(saved.calls.activeCall?.reminder == .off)
        #expect(effects == [.calls(.saveCall(saved.calls.activeCall!))])

        // Empty follows the setting again, whatever calls.remind says then.
        var off = press(saved, .enter, .character("m")).0
        for _ in 0..<3 { off = press(off, .backspace).0 }
        off = press(off, .enter).0
        off.settings.callRemindMinutes = nil
        #expect(off.calls.editor?.draft.reminder == .followSetting)
        // "default" says the same.
        var typedDefault = press(off, .character("m")).0
        for c in "default" { typedDefault = press(typedDefault, .character(c)).0 }
        typedDefault = press(typedDefault, .enter).0
        #expect(typedDefault.calls.editor?.field == nil && typedDefault.calls.editor?.draft.reminder == .followSetting)
        #expect(title(off).contains("no reminder (default)"))
    }

    @Test func newCallFromKeysAndCancelCreatesNothing() {
        let (cancelled, _) = press(start(), .character("N"), .character("o"), .escape, .escape)
        #expect(cancelled.calls.calls.count == 1)
        let (made, effects) = press(start(), .character("N"), .character("o"), .character("s"), .character("l"), .enter, .enter)
        #expect(made.calls.calls.count == 2)
        #expect(made.calls.activeCall?.participants.map(\.place.name) == ["London", "Oslo"])
        #expect(effects.count == 1)
    }

    @Test func savedEventGivesANewCallItsId() {
        let (made, _) = press(start(), .character("N"), .character("o"), .character("s"), .character("l"), .enter, .enter)
        var stored = made.calls.activeCall!
        stored.id = 42
        let (next, _) = update(made, .calls(.saved(stored)))
        #expect(next.calls.activeCall?.id == 42)
        #expect(next.calls.calls[1].id == 3)
    }

    @Test func helpListsPlayAndEditKeys() {
        let lines = HelpOverlay.content(start())
        #expect(lines.contains { $0.isHeading && $0.keys.hasPrefix("Calls panel") })
        #expect(lines.contains { $0.isHeading && $0.keys.hasPrefix("Editing a call") })
        #expect(lines.contains { $0.text == "Jump to now; again: back to the scheduled time" })
        #expect(lines.contains { $0.text == "Make the selected place the source" })
    }

    @Test func tickEndsAFinishedSweep() {
        var s = start()
        s.settings.reducedMotion = false
        let (moving, _) = press(s, .character("L"))
        #expect(moving.calls.sweep != nil)
        #expect(moving.calls.frameIntervalMilliseconds(at: t) == 16)
        let (still, _) = update(moving, .tick(t.addingTimeInterval(1)))
        #expect(still.calls.sweep == nil)
    }

    @Test func marsSitesJoinButCannotBeTheSource() throws {
        var s = start()
        s.calls.marsSites = try MarsSiteLibrary.bundled()
        var (picking, _) = press(s, .enter, .character("a"))
        for c in "mars jez" { picking = press(picking, .character(c)).0 }
        guard case let .picker(p)? = picking.calls.editor?.field else { Issue.record("no picker"); return }
        #expect(p.results.first?.place.name == "Perseverance")
        #expect(p.results.first?.place.isMars == true)
        let (added, _) = press(picking, .enter)
        #expect(added.calls.editor?.draft.participants.map(\.place.name) == ["London", "Perseverance", "Tokyo"])
        let (refused, _) = press(added, .character("s"))
        #expect(refused.calls.message.map(UILanguage.en.text) == "A Mars site can join a call but not be its source (it has no time zone).")
        #expect(refused.calls.editor?.draft.participants.first?.place.name == "London")
        let (moved, _) = press(added, .character("K"))
        #expect(moved.calls.editor?.draft.participants.first?.place.name == "London")
        let (saved, _) = press(added, .enter)
        #expect(saved.calls.activeCall?.rows().last?.mars == nil)  // Tokyo last
        #expect(saved.calls.activeCall?.rows()[1].mars != nil)
    }
}
