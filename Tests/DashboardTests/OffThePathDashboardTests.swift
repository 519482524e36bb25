import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// What an hour of use found off the path in the dashboard (issue 21):
/// each test failed before its fix.
@Suite struct OffThePathDashboardTests {
    let db: PlaceDatabase
    init() throws { db = try PlaceDatabase.bundled() }

    func utc(_ text: String) -> Date {
        guard case let .instant(d) = try! CallTimeInput.parse(text) else { fatalError(text) }
        return d
    }

    func callState(_ places: [Place], _ start: String, duration: Int? = 60) -> CallPlannerState {
        let call = CallPlan(id: 1, name: "Team", participants: places.map { CallParticipant(place: $0) },
                            start: utc(start), durationMinutes: duration, createdAt: utc("2026-01-01T00:00:00Z"))
        return CallPlannerState(calls: [call])
    }

    func panel(_ s: CallPlannerState, _ width: Int, _ height: Int, now: Date) -> Frame {
        var app = AppState(now: now, localZone: TimeZone(identifier: "UTC")!, panels: [.calls])
        app.calls = s
        var frame = Frame(size: Size(columns: width, rows: height))
        CallsPanel.draw(app, in: frame.bounds, into: &frame)
        return frame
    }

    /// A mission site counts its mission sol in the planner, as the Mars
    /// panel and `timedeck mars --site` do (1795 for Perseverance then),
    /// and plain mode and snapshots give it Mars time, not a UTC reading.
    @Test func aMissionSiteInThePlannerShowsItsMissionSol() throws {
        let library = try MarsSiteLibrary.bundled()
        let perseverance = try #require(library.site(named: "perseverance"))
        var s = callState([try #require(db.bestMatch("London, GB")).place, .mars(perseverance)], "2026-03-08T14:00:00Z", duration: nil)
        s.marsSites = library
        let frame = panel(s, 80, 9, now: utc("2026-03-08T13:00:00Z"))
        #expect(frame.lines.contains { $0.contains("Sol 1795 01:14 LMST") }, "\(frame.lines.joined(separator: "\n"))")
        var app = AppState(now: utc("2026-03-08T13:00:00Z"), localZone: TimeZone(identifier: "UTC")!, panels: [.calls])
        app.calls = s
        let rows = CallsPanel.callRows(try #require(s.activeCall), start: utc("2026-03-08T14:00:00Z"), state: app)
        #expect(rows.last == "  Perseverance (Mars): Sol 1795 01:14 LMST, before dawn, BAD", "\(rows)")
    }

    /// A 60-minute call from 01:30 BST ends at 01:30 GMT: the end says its offset.
    @Test func aCallAcrossTheAutumnChangeSaysTheEndsOffset() throws {
        let s = callState([try #require(db.bestMatch("London, GB")).place], "2030-10-27T00:30:00Z")
        let frame = panel(s, 80, 9, now: utc("2030-10-27T00:00:00Z"))
        #expect(frame.lines.contains { $0.contains("01:30 – 01:30 (+00:00)") }, "\(frame.lines.joined(separator: "\n"))")
    }

    /// A reminder is about one start: once the call moves away (or is
    /// removed), its notice goes at the next tick instead of staying a minute.
    @Test func aReminderGoesWhenItsCallMovesAway() throws {
        let t = utc("2026-01-10T09:40:00Z"), start = utc("2026-01-10T10:00:00Z")
        let call = CallPlan(id: 3, name: "Team", participants: ["London, GB", "Tokyo"].map { CallParticipant(place: db.bestMatch($0)!.place) },
                            start: start, durationMinutes: 60, createdAt: t, reminder: .minutesBefore(10))
        var s = AppState(now: t, localZone: TimeZone(identifier: "UTC")!, panels: [.marks, .calls])
        s.focus = .calls
        s.calls = CallPlannerState(calls: [call])
        s.calls.places = db
        s.settings.reducedMotion = true
        let (due, _) = update(s, .tick(start.addingTimeInterval(-600)))
        #expect(due.notice?.text(.en).contains("starts in 10 min") == true)
        var moved = due
        for _ in 0..<5 { moved = update(moved, .key(.character("L"), at: moved.now)).0 }
        #expect(moved.calls.activeCall?.start == start.addingTimeInterval(5 * 3600))
        let (after, _) = update(moved, .tick(start.addingTimeInterval(-598)))
        #expect(after.notice == nil, "\(after.notice?.text(.en) ?? "")")
        // Unmoved, it stays its minute.
        let (kept, _) = update(due, .tick(start.addingTimeInterval(-598)))
        #expect(kept.notice?.text(.en).contains("starts in 10 min") == true)
    }

    func dashboard(focus: PanelID) throws -> AppState {
        var s = AppState(now: utc("2026-11-25T12:00:00Z"), localZone: TimeZone(identifier: "UTC")!, panels: [.marks, .mars, .calls])
        s.calls = callState([try #require(db.bestMatch("London, GB")).place, try #require(db.bestMatch("Tokyo")).place],
                            "2026-11-25T13:00:00Z")
        s.calls.places = db
        s.focus = focus
        s.settings.reducedMotion = true
        return s
    }

    /// A typed space is said as a space, not as the same text again.
    @Test func plainModeSaysATypedSpace() throws {
        let s = try dashboard(focus: .calls)
        var open = s
        for key: Key in [.character("g"), .character("t"), .character("o")] { open = update(open, .key(key, at: open.now)).0 }
        let spaced = update(open, .key(.space, at: open.now)).0
        let said = PlainAnnouncer.changes(from: open, to: spaced)
        #expect(said.contains("Typed: to, space"), "\(said)")
    }

    /// The calls panel, when it has focus, shows its keys as the marks and
    /// Mars panels do.
    @Test func theFocusedCallsPanelShowsItsKeys() throws {
        let focused = render(try dashboard(focus: .calls), size: Size(columns: 100, rows: 30))
        let rect = try #require(dashboardLayout(try dashboard(focus: .calls), size: Size(columns: 100, rows: 30)).panels[.calls])
        let last = focused.lines[rect.maxY - 1]
        #expect(last.contains("Enter edit") && last.contains("← → 15 min"), "\(focused.lines.joined(separator: "\n"))")
        #expect(focused[rect.x + 1, rect.maxY - 1].role == .keyHint)
        let unfocused = render(try dashboard(focus: .marks), size: Size(columns: 100, rows: 30))
        #expect(!unfocused.lines.joined().contains("Enter edit"))
    }

    /// Side by side, the Mars panel's focus bar has a blank column between
    /// it and the marks panel (the selected mark's highlight ran up to it).
    @Test func theMarsFocusBarDoesNotTouchTheMarksPanel() throws {
        var s = try dashboard(focus: .mars)
        s.marks = MarksPanelState(marks: [SightingMark(id: 1, unixNanoseconds: 1_795_000_000_000_000_000, correctionNanoseconds: 0,
                                                       note: String(repeating: "long note ", count: 12),
                                                       position: MarkPosition(source: .none), clock: ClockStatus(kernel: nil))],
                                  totalCount: 1)
        let size = Size(columns: 120, rows: 45)
        let layout = dashboardLayout(s, size: size)
        let gutter = try #require(layout.gutters[.mars])
        let marks = try #require(layout.panels[.marks])
        let frame = render(s, size: size)
        #expect(frame[gutter.x, gutter.y + 1].character == "▌")
        #expect(marks.maxX < gutter.x, "the marks panel ends before the gap")
        for y in gutter.y..<gutter.maxY {
            #expect(frame[gutter.x - 1, y].character == " " && frame[gutter.x - 1, y].role == .normal,
                    "row \(y): \(frame.lines[y])")
        }
    }

    /// With NO_COLOR the settings show the theme in force (mono), not the
    /// saved one as if it applied.
    @Test func noColorSettingsShowMonoInForce() throws {
        var s = try dashboard(focus: .marks)
        s.settings.theme = .mission
        s.colorForcedOff = true
        s = update(s, .key(.character("o"), at: s.now)).0
        let text = render(s, size: Size(columns: 100, rows: 30)).lines.joined(separator: "\n")
        #expect(text.contains("mono (NO_COLOR; saved mission)"), "whole, not cut: \(text)")
        #expect(!text.contains("‹ mission ›"), "\(text)")
    }

    /// At 40×10, the smallest screen, the editor's place search is drawn.
    @Test(arguments: [(40, 10), (60, 15), (100, 30)])
    func theEditorsPlaceSearchIsDrawn(columns: Int, rows: Int) throws {
        var s = try dashboard(focus: .calls)
        s.calls = callState([try #require(db.bestMatch("Paris, FR")).place, try #require(db.bestMatch("New York City")).place],
                            "2026-11-25T13:00:00Z")
        s.calls.places = db
        s.screenSize = Size(columns: columns, rows: rows)
        for key: Key in [.enter, .character("a"), .character("T"), .character("o"), .character("k")] {
            s = update(s, .key(key, at: s.now)).0
        }
        #expect(s.calls.editor != nil)
        let text = render(s, size: Size(columns: columns, rows: rows)).lines.joined(separator: "\n")
        #expect(text.contains("Tok▏"), "the query: \(text)")
        #expect(text.contains("Tokyo, JP"), "a result: \(text)")
    }

    /// Siblings of "1 change stay queued": one mark is one mark, and a
    /// space typed into a note is said too.
    @Test func oneMarkIsSaidInTheSingularAndANotesSpaceIsSaid() {
        let en = UILanguage.en
        #expect(en.text(.keptAllMarks(count: 1)) == "Kept the 1 mark.")
        #expect(en.text(.marksCleared(count: 1)) == "Cleared 1 mark (u undoes).")
        #expect(en.text(.confirmClearSpoken(count: 1)).hasPrefix("Delete all 1 mark?"), "as the question on screen says it")
        #expect(en.text(.marksRestored(count: 1)) == "Restored 1 mark.")
        #expect(en.text(.keptAllMarks(count: 4)) == "Kept all 4 marks.")
        #expect(en.text(.typedNote("Sun ")) == "Typed: Sun, space")
    }

    /// `b` in the planner says what is bad when nothing avoids before dawn,
    /// as `call --optimize best` does.
    @Test func bestSaysWhatIsBad() throws {
        var s = try dashboard(focus: .calls)
        s.calls.calls[0].durationMinutes = 560
        s = update(s, .key(.character("b"), at: s.now)).0
        let text = render(s, size: Size(columns: 120, rows: 45)).lines.joined(separator: "\n")
        #expect(text.contains("15 min in London") && text.contains("5 min in Tokyo"), "\(text)")
    }
}

