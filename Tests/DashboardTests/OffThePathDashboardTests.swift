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
        let rows = PanelSummaries.callRows(try #require(s.activeCall), start: utc("2026-03-08T14:00:00Z"), state: app)
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
        #expect(due.notice?.text.contains("starts in 10 min") == true)
        var moved = due
        for _ in 0..<5 { moved = update(moved, .key(.character("L"), at: moved.now)).0 }
        #expect(moved.calls.activeCall?.start == start.addingTimeInterval(5 * 3600))
        let (after, _) = update(moved, .tick(start.addingTimeInterval(-598)))
        #expect(after.notice == nil, "\(after.notice?.text ?? "")")
        // Unmoved, it stays its minute.
        let (kept, _) = update(due, .tick(start.addingTimeInterval(-598)))
        #expect(kept.notice?.text.contains("starts in 10 min") == true)
    }
}
