import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// Plain mode says everything the screen shows changing: the call editor,
/// its fields and search, places added and removed, the settings overlay.
@Suite struct PlainAnnouncerTests {
    let db: PlaceDatabase
    let t = Date(timeIntervalSince1970: 1_768_000_000)  // 2026-01-09T23:06:40Z
    init() throws { db = try PlaceDatabase.bundled() }

    func start() throws -> AppState {
        var s = AppState(now: t, localZone: zone("UTC"), panels: [.calls])
        let places = try ["London, GB", "Tokyo"].map { try #require(db.bestMatch($0)).place }
        let call = CallPlan(id: 3, name: "Team", participants: places.map { CallParticipant(place: $0) },
                            start: Date(timeIntervalSince1970: 1_768_039_200), durationMinutes: 60, createdAt: t)
        s.calls = CallPlannerState(calls: [call])
        s.calls.places = db
        s.settings.reducedMotion = true
        return s
    }

    /// Presses `keys` one by one; returns the state and every line said.
    func say(_ state: AppState, _ keys: Key...) -> (AppState, [String]) { say(state, keys) }

    func say(_ state: AppState, _ keys: [Key]) -> (AppState, [String]) {
        var s = state
        var lines: [String] = []
        for key in keys {
            let next = update(s, .key(key, at: t)).0
            lines += PlainAnnouncer.changes(from: s, to: next)
            s = next
        }
        return (s, lines)
    }

    func typing(_ text: String) -> [Key] { text.map { Key.character($0) } }

    @Test func theCallEditorOpeningAndClosingIsSaid() throws {
        var s = try start()
        var lines: [String]
        (s, lines) = say(s, .enter)
        #expect(lines == ["Editing call \"Team\". Places: 1. London, GB (source); 2. \(s.calls.editor?.draft.participants[1].place.label ?? "?"). "
                          + "Keys: a add, c change, x remove, J and K move, s make source, r rename, t duration, m reminder, P people, "
                          + "D delete call, Enter saves, Escape cancels."])
        (s, lines) = say(s, .escape)
        #expect(lines == ["Call editor closed (\"Team\").", "Changes dropped."])
    }

    @Test func searchSaysWhatIsTypedTheCountAndTheTopResults() throws {
        var (s, lines) = say(try start(), .enter, .character("a"))
        #expect(lines.last == "Add a place: type to search (query: empty); up and down choose, Enter accepts, Escape closes.")
        (s, lines) = say(s, .character("P"))
        #expect(lines.first == "Typed: P")
        (s, lines) = say(s, .character("a"), .character("r"), .character("i"), .character("s"))
        guard case .picker(let picker)? = s.calls.editor?.field else { Issue.record("no picker"); return }
        #expect(lines.contains("Typed: Paris"))
        let results = try #require(lines.last)
        #expect(results.hasPrefix("\(picker.results.count) result"))
        func said(_ c: PlaceChoice) -> String {
            "\(c.place.label) (\(c.place.zoneIdentifier))" + (c.matchText.map { ", " + UILanguage.en.text($0) } ?? "")
        }
        let top = picker.results.prefix(3).map(said)
        #expect(top.allSatisfy(results.contains), "top results not named: \(results)")
        #expect(results.contains("Paris, FR (Europe/Paris)"))
        (s, lines) = say(s, .down)
        #expect(lines == ["Result 2 of \(picker.results.count): \(said(picker.results[1]))."])
        (s, lines) = say(s, .backspace)
        #expect(lines.first == "Typed: Pari")
        (s, lines) = say(s, typing("zz") + [.backspace, .backspace, .backspace, .backspace, .backspace, .backspace, .backspace]
                         + typing("qqqqqqq"))
        #expect(lines.contains("No match yet: keep typing, or try a zone such as Europe/Paris."))
    }

    /// A guess or an alias is said with the result, as the screen shows it.
    @Test func resultsSayHowTheyMatched() throws {
        var (s, lines) = say(try start(), [.enter, .character("a")] + typing("Sydnee"))
        #expect(lines.last?.contains("Sydney, AU (Australia/Sydney), guess, not exact") == true, "\(lines)")
        (_, lines) = say(s, [Key](repeating: .backspace, count: 6) + typing("Bombay"))
        #expect(lines.last?.contains("results: Mumbai, IN (Asia/Kolkata), by another name;") == true, "\(lines)")
    }

    @Test func placesAddedRemovedAndMovedAreSaid() throws {
        var (s, lines) = say(try start(), .enter, .character("a"))
        (s, lines) = say(s, typing("Paris") + [.enter])
        let paris = try #require(s.calls.editor?.draft.participants[1].place)
        #expect(lines.contains("Added \(paris.label), place 2 of 3."))
        #expect(lines.contains { $0.hasPrefix("Places: 1. London, GB (source); 2. \(paris.label); 3. ") })
        #expect(lines.last == "Field closed.")
        (s, lines) = say(s, .character("K"))
        #expect(lines.first == "Moved \(paris.label) to place 1 (source).")
        (s, lines) = say(s, .down)
        #expect(lines == ["Place 2 of 3: London, GB."])
        (s, lines) = say(s, .character("x"))
        #expect(lines.first == "Removed London, GB; 2 places left.")
    }

    @Test func fieldsSayWhatIsTypedAndTheNewValue() throws {
        var (s, lines) = say(try start(), .enter, .character("r"))
        #expect(lines.last == "Call name: Team. Type, Enter accepts, Escape closes.")
        (s, lines) = say(s, .character("!"))
        #expect(lines == ["Typed: Team!"])
        (s, lines) = say(s, .enter)
        #expect(lines == ["Call name: Team!.", "Field closed."])
        (s, lines) = say(s, .character("t"), .backspace, .backspace, .character("9"), .enter)
        #expect(lines == ["Duration in minutes: 60. Type, Enter accepts, Escape closes.", "Typed: 6", "Typed: (empty)",
                          "Typed: 9", "Duration: 9 minutes.", "Field closed."])
        (s, lines) = say(s, [.character("m")] + typing("30m") + [.enter])
        #expect(lines == ["Reminder before the start: (empty). Type, Enter accepts, Escape closes.", "Typed: 3", "Typed: 30",
                          "Typed: 30m", "Reminder: 30 min before the start.", "Field closed."])
        (s, lines) = say(s, [.character("m"), .backspace, .backspace, .backspace, .enter])
        #expect(lines.suffix(2) == ["Reminder: 10 min before the start, as calls.remind says.", "Field closed."])
        (s, lines) = say(s, .character("D"))
        #expect(lines == ["Delete call \"Team!\"? Press y to delete, n or Escape keeps it."])
        (_, lines) = say(s, .character("n"))
        #expect(lines == ["Call kept."])
    }

    @Test func settingsOpeningEachChangedValueAndClosingAreSaid() throws {
        var s = try start()
        var lines: [String]
        (s, lines) = say(s, .character("o"))
        #expect(lines.first == "Settings open: arrows change the selected setting (saved at once); Escape closes.")
        #expect(lines.last?.hasPrefix("Theme: ") == true)
        let before = lines.last
        (s, lines) = say(s, .right)
        #expect(lines.count == 1 && lines.first?.hasPrefix("Theme: ") == true && lines.first != before)
        (s, lines) = say(s, .down)
        #expect(lines.first?.hasPrefix("Clock: ") == true)
        (s, lines) = say(s, .escape)
        #expect(lines == ["Settings closed."])
    }

    @Test func aMarkNoteSaysWhatIsTyped() {
        var s = MarksFixtures.state(marks: 2)
        var lines: [String]
        (s, lines) = say(s, .character("n"))
        #expect(lines == ["Type the note for mark #2, Enter saves, Escape cancels, Ctrl-Space marks. Current note: Sun LL"])
        (s, lines) = say(s, .character("!"), .backspace)
        #expect(lines == ["Typed: Sun LL!", "Typed: Sun LL"])
        (_, lines) = say(s, .escape)
        #expect(lines == ["Note not changed."])
    }
}
