import Foundation
import TimeKit

/// The call planner as a dashboard panel: the one conformance the registry lists.
extension CallsPanel: DashboardPanel {
    static var id: PanelID { .calls }
    static var minimumRows: Int { 6 }
    /// A band of its own below the others, kept after the marks when short,
    /// with six rows of comfort before the header may use big digits.
    static var layoutHints: PanelLayoutHints { PanelLayoutHints(keepPriority: 1, comfortRows: 6) }

    /// The editor or the `g` input is open.
    static func isModal(_ state: AppState) -> Bool { state.calls.isEditing || state.calls.goTo != nil }

    /// The `g` input takes any text (dates like "2027-03-15 14:00"); in the
    /// editor, the fields that take text do, and the duration and reminder
    /// fields do not, so Space marks there.
    static func fieldTakesSpace(_ state: AppState) -> Bool {
        if state.calls.goTo != nil { return true }
        guard state.calls.isEditing, let field = state.calls.editor?.field else { return false }
        return field.takesSpace
    }

    /// The editor's keys have a help section of their own.
    static var helpSections: [(scope: KeyScope, heading: UIText)] { [(.callEditor, .helpCallEditor)] }

    /// Play-mode keys, then the editor's.
    public static var keyBindings: [KeyBinding] { playBindings + editBindings }

    /// A clock row per place, below the call's title and slider.
    static func wantedRows(_ state: AppState) -> Int {
        max(minimumRows, 4 + (state.calls.activeCall?.participants.count ?? 2))
    }

    /// Ends a finished hand sweep, saves a time change that has rested, and
    /// gives the reminders that fall due: a notice naming the call with
    /// its places' local times (plain mode says it as a line), the bell if
    /// `marks.bell` is on, and a record that it was given.
    static func tick(_ state: inout AppState) -> [Effect] {
        let now = state.now
        let saves = state.calls.tick(now: now)
        let (reminded, records) = state.calls.takeDueReminders(now: now, setting: state.settings.callRemindMinutes)
        var effects = (saves + records).map(Effect.calls)
        // A reminder whose call moved away or went: it no longer says the truth.
        if let reminds = state.notice?.reminds,
           state.calls.calls.first(where: { $0.createdAt == reminds.callCreatedAt })?.start != reminds.start {
            state.notice = nil
        }
        // Several at once (a late start): the soonest is named; each is
        // recorded as given.
        if let call = reminded.min(by: { $0.start < $1.start }) {
            let text = reminderText(call, in: state)
            state.notice = Notice(.verbatim(text), until: now.addingTimeInterval(reminderNoticeSeconds))
            state.notice?.reminds = Notice.RemindedStart(callCreatedAt: call.createdAt, start: call.start)
            if state.settings.bell { effects.append(.bell(times: 2)) }
        }
        return effects
    }

    /// A call time changed in the last moment is saved now.
    static func flush(_ state: AppState) -> (AppState, [Effect]) {
        var next = state
        let saves = next.calls.pendingSave(now: state.now, force: true).map(Effect.calls)
        return (next, saves)
    }

    /// How long a reminder stays on the status line.
    static let reminderNoticeSeconds: TimeInterval = 60

    /// `"Standup" starts in 10 min · 14:00 London · 23:00 Tokyo`.
    static func reminderText(_ call: CallPlan, in state: AppState) -> String {
        let l = state.language
        let times = CallReminders.localTimes(call, names: { place in
            l == .ja ? state.calls.places?.japaneseName(of: place) ?? place.name : place.name
        }, clock: { ClockStackView.clockText($0, use24Hour: state.use24Hour, l).trimmingCharacters(in: .whitespaces) })
        return l.text(.callStartsIn(name: call.name, minutes: CallReminders.minutesUntil(call.start, now: state.now), times: times))
    }


    static func announcements(from old: AppState, to new: AppState) -> [String] {
        callChange(from: old, to: new) + editorAnnouncements(from: old, to: new)
            + goToAnnouncements(from: old, to: new)
    }

    /// Plain mode: the `g` input opening (with its keys), what it holds
    /// after each key, and why Enter could not use it.
    static func goToAnnouncements(from old: AppState, to new: AppState) -> [String] {
        guard let input = new.calls.goTo else { return [] }
        let l = new.language
        guard let was = old.calls.goTo else { return [l.text(.goToPrompt) + l.text(.goToHint)] }
        var lines: [String] = []
        if input.text != was.text { lines.append(l.text(.plainTyped(input.text))) }
        if let problem = input.problem, problem != was.problem { lines.append(l.text(problem)) }
        return lines
    }
}

extension CallsPanel {
    /// The first-run suggestion (`DefaultCall`, from `home` when known,
    /// else the zone's largest city), named "Call from …" in `language`.
    public static func suggestedCall(userZone: String, in db: PlaceDatabase, now: Date, home: Place?,
                                     language: UILanguage) -> CallPlan {
        var call = DefaultCall.make(userZone: userZone, in: db, now: now, home: home)
        if let source = call.source?.place {
            let name = language == .ja ? db.japaneseName(of: source) ?? source.name : source.name
            call.name = language.text(.callFrom(place: name))
        }
        return call
    }

    /// The first gpsd fix: a first-run suggestion made without a position
    /// (and still untouched, the only call, not saved) is made again from
    /// the city nearest the fix, as it would have been with `marks.position`
    /// set. Once only; any other state is left as it is.
    static func adoptFirstFix(_ state: AppState) -> AppState {
        guard let firstRun = state.calls.firstRun, let db = state.calls.places else { return state }
        var next = state
        guard state.calls.calls == [firstRun.suggestion], state.calls.editor == nil, state.calls.goTo == nil else {
            next.calls.firstRun = nil  // touched: never replaced
            return next
        }
        guard let fix = state.marks.gps?.fix, fix.hasFix, let here = state.herePlace else { return state }
        next.calls.calls = [suggestedCall(userZone: firstRun.userZone, in: db, now: state.now, home: here, language: state.language)]
        next.calls.activeIndex = 0
        next.calls.home = here
        next.calls.firstRun = nil
        return next
    }
}

/// The call planner's answers to the rest of `DashboardPanel` (no
/// requirement has a default; issue 30).
extension CallsPanel {
    static func isIdle(_ state: AppState) -> Bool { false }
    static func preemptKey(_ key: Key, in state: AppState) -> (AppState, [Effect])? { nil }
    /// A rested call time to save.
    static func deadline(_ state: AppState) -> Date? { state.calls.saveDeadline }
    /// The clock hands' sweep.
    static func frameIntervalMilliseconds(_ state: AppState, at now: Date) -> Int32? {
        state.calls.frameIntervalMilliseconds(at: now)
    }
    /// Calls are saved on the store queue; nothing here waits for an answer.
    static func awaitsStore(_ state: AppState) -> Bool { false }
    /// Reduced motion stops a sweep at once.
    static func settingsChanged(_ state: AppState) -> AppState {
        guard state.settings.reducedMotion, state.calls.sweep != nil else { return state }
        var next = state
        next.calls.sweep = nil
        return next
    }
    /// The first gpsd fix of a first run places the suggested call.
    static func react(to event: Event, in state: inout AppState) {
        guard case .marks(.gps) = event, state.calls.firstRun != nil else { return }
        state = adoptFirstFix(state)
    }
    /// `next: Standup in 23 min` when a saved call is ahead.
    static func headerNote(_ state: AppState) -> String? {
        guard let call = state.calls.nextCall(now: state.now) else { return nil }
        return state.language.text(.nextCallIn(name: call.name, minutes: CallReminders.minutesUntil(call.start, now: state.now)))
    }
    static func greeting(_ state: AppState) -> [String] { [] }
    static func everyModeHint(_ state: AppState) -> (key: String, label: UIText)? { nil }
    /// The editor is the panel's own rows, drawn whenever the panel is.
    static func fieldLine(_ state: AppState) -> String? { nil }
}
