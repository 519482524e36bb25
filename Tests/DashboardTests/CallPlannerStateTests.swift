import Foundation
import Testing
@testable import Dashboard
import TimeKit

@Suite struct CallPlannerStateTests {
    let db: PlaceDatabase
    init() throws { db = try PlaceDatabase.bundled() }

    func utc(_ text: String) -> Date {
        guard case let .instant(d) = try! CallTimeInput.parse(text) else { fatalError(text) }
        return d
    }
    func place(_ q: String) -> Place { db.bestMatch(q)!.place }
    func search(_ q: String) -> [PlaceChoice] { db.search(q, limit: 8).map { PlaceChoice($0.place) } }

    /// London → Tokyo at 10:00 London time on 2026-01-10, saved as id 7.
    func state() -> CallPlannerState {
        let call = CallPlan(id: 7, name: "Team", participants: [CallParticipant(place: place("London, GB")),
                                                                 CallParticipant(place: place("Tokyo"))],
                            start: utc("2026-01-10T10:00:00Z"), durationMinutes: 60, createdAt: utc("2026-01-01T00:00:00Z"))
        return CallPlannerState(calls: [call])
    }
    let now = Date(timeIntervalSince1970: 1_768_000_000)  // 2026-01-09T23:06:40Z

    @Test func sliderMovesFifteenMinutesAndAnHourAndSaves() {
        var s = state()
        let effects = s.move(byMinutes: 15, now: now)
        #expect(s.activeCall?.start == utc("2026-01-10T10:15:00Z"))
        // Saved once the slider rests, not on every step.
        #expect(effects.isEmpty)
        #expect(s.tick(now: now.addingTimeInterval(0.3)).isEmpty)
        #expect(s.tick(now: now.addingTimeInterval(0.7)) == [.saveCall(s.activeCall!)])
        #expect(s.tick(now: now.addingTimeInterval(2)).isEmpty)
        _ = s.move(byMinutes: 60, now: now)
        #expect(s.activeCall?.start == utc("2026-01-10T11:15:00Z"))
        _ = s.move(byMinutes: -15, now: now)
        #expect(s.activeCall?.start == utc("2026-01-10T11:00:00Z"))
        #expect(s.undoStack.count == 3)
    }

    @Test func undoWalksBack() {
        var s = state()
        _ = s.move(byMinutes: 15, now: now)
        _ = s.move(byMinutes: 15, now: now)
        _ = s.undo(now: now)
        #expect(s.activeCall?.start == utc("2026-01-10T10:15:00Z"))
        _ = s.undo(now: now)
        #expect(s.activeCall?.start == utc("2026-01-10T10:00:00Z"))
        #expect(s.pendingSave(now: now, force: true) == [.saveCall(s.activeCall!)])
        #expect(s.undo(now: now).isEmpty)
        #expect(s.message.map(UILanguage.en.text) == "Nothing to undo.")
    }

    @Test func nowDoubleTapReturnsToTheScheduledTime() {
        var s = state()
        _ = s.toggleNow(now: now)
        #expect(s.activeCall?.start == now)
        _ = s.toggleNow(now: now.addingTimeInterval(2))
        #expect(s.activeCall?.start == utc("2026-01-10T10:00:00Z"))
        // After n, moving the slider forgets the way back: n jumps to now again.
        _ = s.toggleNow(now: now)
        _ = s.move(byMinutes: 15, now: now)
        _ = s.toggleNow(now: now)
        #expect(s.activeCall?.start == now)
    }

    @Test func optimizerKeys() {
        var s = state()
        _ = s.optimize(.best, now: utc("2026-01-10T00:00:00Z"))
        // London + Tokyo (+9 h): best keeps both out of before dawn.
        let rows = s.activeCall!.rows()
        #expect(rows.allSatisfy { $0.good })
        #expect(s.message.map(UILanguage.en.text)?.hasPrefix("Best in the next 24 h") == true)
        _ = s.optimize(.earliest, now: now)
        #expect(ZoneClock.reading(s.activeCall!.start, in: TimeZone(identifier: "Europe/London")!).wall.hour == 7)
        _ = s.optimize(.latest, now: now)
        #expect(ZoneClock.reading(s.activeCall!.start, in: TimeZone(identifier: "Asia/Tokyo")!).wall.hour == 22)
        _ = s.undo(now: now)
        #expect(ZoneClock.reading(s.activeCall!.start, in: TimeZone(identifier: "Europe/London")!).wall.hour == 7)
    }

    @Test func jumpsSweep() {
        var s = state()
        _ = s.move(byMinutes: 60 * 9, now: now)
        guard let sweep = s.sweep else { Issue.record("no sweep"); return }
        #expect(sweep.from == utc("2026-01-10T10:00:00Z"))
        #expect(s.shownInstant(at: now) == utc("2026-01-10T10:00:00Z"))
        let mid = s.shownInstant(at: now.addingTimeInterval(0.1))!
        #expect(mid > utc("2026-01-10T10:00:00Z") && mid < utc("2026-01-10T19:00:00Z"))
        #expect(s.shownInstant(at: now.addingTimeInterval(1)) == utc("2026-01-10T19:00:00Z"))
        s.settle(now: now.addingTimeInterval(1))
        #expect(s.sweep == nil)
        // Reduced motion (AppState.settings) is applied by CallsPanel: CallsUpdateTests.
    }

    @Test func switchingCallsSavesTheOneLeft() {
        var s = state()
        var other = s.calls[0]
        other.id = 8
        s.calls.append(other)
        _ = s.move(byMinutes: 15, now: now)
        let moved = s.activeCall!
        #expect(s.selectCall(offset: 1, now: now) == [.saveCall(moved), .rememberActiveCall(id: 8)])
        #expect(s.activeIndex == 1)
        #expect(s.selectCall(offset: 1, now: now) == [.rememberActiveCall(id: 7)])
        #expect(s.activeIndex == 0)
    }

    @Test func ringToggles() {
        var s = state()
        s.toggleRing()
        #expect(s.ring == .next60Minutes)
        s.toggleRing()
        #expect(s.ring == .next12Hours)
    }

    // MARK: - Edit mode

    @Test func escapeDropsEveryChange() {
        var s = state()
        s.beginEdit()
        s.editor?.beginRename()
        s.editor?.type("!", search: search)
        _ = s.editor?.acceptField()
        _ = s.editor?.removeSelected()
        #expect(s.editor?.draft.name == "Team!")
        s.cancelEdit()
        #expect(!s.isEditing)
        #expect(s.activeCall?.name == "Team")
        #expect(s.activeCall?.participants.count == 2)
    }

    @Test func confirmSavesRenameAddMovePeopleDuration() {
        var s = state()
        s.beginEdit()
        s.editor?.beginRename()
        for _ in 0..<4 { s.editor?.backspace(search: search) }
        for c in "Standup" { s.editor?.type(c, search: search) }
        _ = s.editor?.acceptField()
        // Add a place: the picker updates on every keystroke.
        s.editor?.select(offset: 1)
        s.editor?.beginAdd(search: search)
        for c in "sydn" { s.editor?.type(c, search: search) }
        guard case let .picker(picker)? = s.editor?.field else { Issue.record("no picker"); return }
        #expect(picker.results.first?.place.label == "Sydney, AU")
        _ = s.editor?.acceptField()
        #expect(s.editor?.draft.participants.map(\.place.name) == ["London", "Tokyo", "Sydney"])
        s.editor?.moveSelected(-1)
        #expect(s.editor?.draft.participants.map(\.place.name) == ["London", "Sydney", "Tokyo"])
        s.editor?.beginPeople()
        for c in "Ana" { s.editor?.type(c, search: search) }
        _ = s.editor?.acceptField()
        s.editor?.beginDuration()
        s.editor?.backspace(search: search)
        s.editor?.backspace(search: search)
        for c in "45x" { s.editor?.type(c, search: search) }
        _ = s.editor?.acceptField()
        let effects = s.confirmEdit()
        guard let saved = s.activeCall else { Issue.record("no call"); return }
        #expect(saved.name == "Standup")
        #expect(saved.participants.map(\.people) == ["", "Ana", ""])
        #expect(saved.durationMinutes == 45)
        #expect(saved.id == 7)
        #expect(effects == [.saveCall(saved)])
        #expect(!s.isEditing)
    }

    @Test func changeOpensThePickerOnTheCurrentPlace() {
        var s = state()
        s.beginEdit()
        s.editor?.select(offset: 1)
        s.editor?.beginChange(search: search)
        guard case let .picker(picker)? = s.editor?.field else { Issue.record("no picker"); return }
        #expect(picker.query == "Tokyo")
        #expect(picker.results[picker.selected].place.label == "Tokyo, JP")
        #expect(picker.replacing == 1)
    }

    @Test func makeSourceKeepsTheStartInstant() {
        var s = state()
        s.beginEdit()
        s.editor?.select(offset: 1)
        s.editor?.makeSelectedSource()
        _ = s.confirmEdit()
        #expect(s.activeCall?.source?.place.name == "Tokyo")
        #expect(s.activeCall?.start == utc("2026-01-10T10:00:00Z"))
    }

    @Test func cancelledNewCallCreatesNothingAndConfirmedOneGoesFirst() {
        var s = state()
        s.beginNewCall(now: now, home: nil)
        #expect(s.editor?.isNew == true)
        if case .picker? = s.editor?.field {} else { Issue.record("picker should have focus") }
        s.cancelEdit()  // closes the picker
        s.cancelEdit()  // leaves edit mode
        #expect(s.calls.count == 1)
        s.beginNewCall(now: now, home: nil)
        for c in "paris" { s.editor?.type(c, search: search) }
        let effects = s.confirmEdit()  // accepts the picker, then saves
        #expect(s.calls.count == 2)
        #expect(s.activeIndex == 0)
        #expect(s.activeCall?.participants.map(\.place.name) == ["London", "Paris"])
        #expect(s.activeCall?.id == nil)
        #expect(effects.count == 1)
    }

    @Test func deleteNeedsConfirmation() {
        var s = state()
        s.beginEdit()
        s.askDelete()
        s.cancelEdit()
        #expect(s.editor?.confirmingDelete == false)
        s.askDelete()
        let effects = s.confirmDelete()
        #expect(effects == [.deleteCall(id: 7)])
        #expect(s.calls.isEmpty)
        #expect(!s.isEditing)
    }

    @Test func aCallKeepsOnePlace() {
        var s = state()
        s.beginEdit()
        #expect(s.editor?.removeSelected() == nil)
        #expect(s.editor?.removeSelected().map(UILanguage.en.text) == "A call needs at least one place.")
    }
}

/// The editor's picker uses the same resolver as the CLI (issue 12).
@Suite struct PlacePickerResolverTests {
    func planner() throws -> CallPlannerState {
        var s = CallPlannerState()
        s.places = try PlaceDatabase.bundled()
        s.catalogs = PlaceCatalogs(zones: .system, regions: PlaceRegions(regions: []))
        s.marsSites = try MarsSiteLibrary.bundled()
        return s
    }

    /// Issue 28: the editor offers what the CLI resolves or asks about —
    /// islands and countries by their zone, and every meaning of a name
    /// that keeps several clocks.
    @Test func islandsCountriesAndSeveralClocksAreOffered() throws {
        var s = try planner()
        s.catalogs = PlaceCatalogs(zones: .system, regions: .bundled)
        func zones(_ q: String) -> [String] { s.searchPlaces(q).map(\.place.zoneIdentifier) }
        #expect(zones("Bermuda").first == "Atlantic/Bermuda")
        #expect(zones("Diego Garcia").first == "Indian/Chagos")
        #expect(zones("UK").first == "Europe/London")
        #expect(zones("Davis").contains("Antarctica/Davis") && zones("Davis").contains("America/Los_Angeles"))
        #expect(Set(zones("Australia")).isSuperset(of: ["Australia/Perth", "Australia/Sydney"]))
    }

    @Test func anAmbiguousAbbreviationIsOfferedAsChoices() throws {
        let results = try planner().searchPlaces("IST").map(\.place)
        #expect(results.prefix(3).map(\.label) == ["IST (India)", "IST (Ireland)", "IST (Israel)"])
        #expect(!results.prefix(3).contains { $0.name == "Istanbul" })
    }

    @Test func linksOffsetsAndMarsSitesAreFound() throws {
        let s = try planner()
        func places(_ q: String) -> [Place] { s.searchPlaces(q).map(\.place) }
        #expect(places("Asia/Calcutta").first?.zoneIdentifier == "Asia/Kolkata")
        #expect(places("UTC+5:30").first?.zoneIdentifier == "UTC+05:30")
        #expect(places("Jezero").first?.zoneIdentifier == "Mars/perseverance")
        #expect(places("Phoenix").first?.countryCode == "US")
        #expect(places("Phoenix").contains { $0.zoneIdentifier == "Mars/phoenix" })
        // A guess shows the matched name, not the typed one.
        #expect(places("Sydnee").first?.name == "Sydney")
        let kyiv = places("Київ").map { "\($0.label) \($0.zoneIdentifier)" }
        #expect(Set(kyiv).count == kyiv.count)
    }

    /// Never silent: a result reached by a guess, another name, an old zone
    /// name or a Mars alias says so beside it; one found by its own name,
    /// an abbreviation or an offset (whose label says it) does not.
    @Test func eachResultSaysHowItMatchedWhenNotByItsName() throws {
        let s = try planner()
        func top(_ q: String) -> PlaceChoice? { s.searchPlaces(q).first }
        #expect(top("Sydnee")?.match == .guess)
        #expect(top("Bombay")?.match == .otherName && top("Bombay")?.place.name == "Mumbai")
        #expect(top("Asia/Calcutta")?.match == .oldZoneName("Asia/Calcutta"))
        #expect(top("Jezero")?.match == .marsAlias("jezero"))
        for exact in ["London", "Asia/Kolkata", "PST", "UTC+5:30", "Perseverance"] {
            #expect(top(exact)?.match == nil, "\(exact)")
        }
        #expect(PlaceChoice(Place.zone("UTC")).matchText == nil)
        #expect(top("Sydnee")?.matchText.map { UILanguage.en.text($0) } == "guess, not exact")
        #expect(top("Asia/Calcutta")?.matchText.map { UILanguage.en.text($0) } == "old name Asia/Calcutta")
    }
}
