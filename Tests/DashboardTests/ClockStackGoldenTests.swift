import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// Golden frames of the call planner panel (Snapshots/call-*.txt);
/// re-record on purpose with `TIMEDECK_RECORD_SNAPSHOTS=1 swift test`.
@Suite struct ClockStackGoldenTests {
    let db: PlaceDatabase
    init() throws { db = try PlaceDatabase.bundled() }

    func utc(_ text: String) -> Date {
        guard case let .instant(d) = try! CallTimeInput.parse(text) else { fatalError(text) }
        return d
    }

    func state(_ queries: [String], _ start: String, duration: Int? = 60, people: [String: String] = [:]) -> CallPlannerState {
        let call = CallPlan(id: 1, name: "Team", participants: queries.map {
            CallParticipant(place: db.bestMatch($0)!.place, people: people[$0] ?? "")
        }, start: utc(start), durationMinutes: duration, createdAt: utc("2026-01-01T00:00:00Z"))
        return CallPlannerState(calls: [call])
    }

    /// The calls panel alone, drawn into a frame of its size.
    func panel(_ s: CallPlannerState, _ width: Int, _ height: Int, now: Date, clock: Settings.ClockStyle = .twentyFourHour) -> Frame {
        var app = AppState(now: now, localZone: zone("UTC"), panels: [.calls])
        app.calls = s
        app.settings.clock = clock
        var frame = Frame(size: Size(columns: width, rows: height))
        CallsPanel.draw(app, in: frame.bounds, into: &frame)
        return frame
    }

    @Test func acrossTheDateLineAnalog80x24() throws {
        // Saturday 15:30 in Los Angeles is Sunday 10:30 in Sydney (+1).
        let s = state(["Los Angeles", "Sydney", "London, GB"], "2026-11-21T23:30:00Z", people: ["Sydney": "Ana"])
        let frame = panel(s, 80, 24, now: utc("2026-11-21T22:26:40Z"))
        expectSnapshot(frame, named: "call-stack-date-line-80x24")
        let lines = frame.lines
        // Sydney's row says +1 and names the date (the places span two); London's call runs 23:30–00:30, into before dawn.
        #expect(lines[8].contains("Sun 11-22 10:30 +1"))
        #expect(lines[15].contains("late night  ✗ ENDS BAD"))
    }

    /// Issue 28: with too little room a place vanished with no word; the
    /// rows that do not fit are counted on the last row that does.
    @Test func placesThatDoNotFitAreCounted() throws {
        let s = state(["Los Angeles", "Sydney", "London, GB", "Tokyo"], "2026-11-22T10:00:00Z")
        for height in 6...9 {
            let lines = panel(s, 80, height, now: utc("2026-11-21T22:26:40Z")).lines
            let shown = ["Los Angeles", "Sydney", "London", "Tokyo"].filter { name in lines.contains { $0.contains(name) } }.count
            if shown < 4 {
                #expect(lines.contains { $0.contains("\(4 - shown) more place") }, "height \(height): \(lines)")
            }
        }
        let tall = panel(s, 80, 10, now: utc("2026-11-21T22:26:40Z")).lines
        #expect(!tall.contains { $0.contains("more place") })
    }

    /// Issue 28: the clock-change warning vanished from compact rows at 80
    /// columns (the period's padding was room to spare); it stays down to
    /// narrower widths, shorter, and is never cut.
    @Test func theClockChangeWarningStaysAtEightyColumns() throws {
        let s = state(["New York", "London, GB", "Los Angeles"], "2026-03-06T23:00:00Z")
        for width in [80, 76, 72] {
            let lines = panel(s, width, 8, now: utc("2026-03-01T12:00:00Z")).lines
            let ny = try #require(lines.first { $0.contains("New York") })
            #expect(ny.contains("⚠"), "\(width): \(ny)")
            #expect(!ny.contains("…"), "\(width): \(ny)")
        }
    }

    @Test func compactRowsWhenShort() throws {
        let s = state(["Los Angeles", "Sydney", "London, GB"], "2026-11-22T10:00:00Z")
        let frame = panel(s, 80, 10, now: utc("2026-11-21T22:26:40Z"))
        expectSnapshot(frame, named: "call-stack-compact-80x10")
        // LA 02:00 is before dawn: the word, the marker and the colour role.
        let la = frame.lines[1]
        #expect(la.contains("before dawn") && la.contains("✗ BAD"))
        let x = la.distance(from: la.startIndex, to: la.range(of: "✗ BAD")!.lowerBound)
        #expect(frame[x, 1].role == .callBad)
        let p = la.distance(from: la.startIndex, to: la.range(of: "before dawn")!.lowerBound)
        #expect(frame[p, 1].role == .callBeforeDawn)
        // Sydney 21:00 is late night; London 10:00 is day.
        let syd = frame.lines[2]
        #expect(frame[syd.distance(from: syd.startIndex, to: syd.range(of: "late night")!.lowerBound), 2].role == .callLateNight)
        #expect(frame[2, 1].role == .callPlace)
    }

    @Test func braillesAtThreeAndNoon() throws {
        // 03:00Z: UTC shows 3:00, Tokyo 12:00.
        let s = state(["UTC", "Tokyo"], "2026-01-10T03:00:00Z", duration: nil)
        let frame = panel(s, 60, 14, now: utc("2026-01-10T02:00:00Z"))
        expectSnapshot(frame, named: "call-stack-3h-12h-60x14")
        let lines = frame.lines
        // Ring cells carry their period's role; hand cells the hand role.
        #expect(frame[7, 3].role == .callBeforeDawn)  // 3:00 → 06:00 arc, dotted
        #expect(frame[5, 3].role == .callHand)
        // The faces are the golden faces of BrailleClockFaceTests.
        #expect(lines[1].hasPrefix("⢀⠤⠒⠉⡍⠒⠤⡀"))
        #expect(lines[3].hasPrefix("⢇⠁  ⠉⠉⠈⠈"))
        #expect(lines[7].hasPrefix("⢇⠁  ⠁ ⠈⡸"))
    }

    @Test func brailleAtQuarterToTen() throws {
        // 04:00Z is 09:45 in Kathmandu (UTC+05:45).
        let s = state(["Kathmandu"], "2026-01-10T04:00:00Z", duration: nil)
        let frame = panel(s, 50, 9, now: utc("2026-01-10T02:00:00Z"))
        expectSnapshot(frame, named: "call-stack-9h45-50x9")
        let lines = frame.lines
        #expect(lines[2].hasPrefix("⡜ ⠤⣀   ⢣"))
        #expect(lines[1].contains("Kathmandu, NP"))
    }

    @Test func twelveHourClockAndDSTWarning() throws {
        // New York springs forward on 2026-03-08, 3 days after this call.
        let s = state(["New York City", "London, GB"], "2026-03-05T14:00:00Z")
        let frame = panel(s, 80, 10, now: utc("2026-03-05T12:00:00Z"), clock: .twelveHour)
        expectSnapshot(frame, named: "call-stack-12h-dst-80x10")
        let lines = frame.lines
        #expect(lines[1].contains(" 9:00 AM"))
        #expect(lines[1].contains("⚠ DST Sun 03-08"))
        #expect(!lines[2].contains("⚠"))
    }

    @Test func editModeLooksDifferent() throws {
        var s = state(["Los Angeles", "Sydney"], "2026-11-21T23:30:00Z", people: ["Sydney": "Ana"])
        s.beginEdit()
        s.editor?.select(offset: 1)
        s.editor?.beginAdd(search: { _ in [] })
        for c in "tok" { s.editor?.type(c) { self.db.search($0, limit: 4).map { PlaceChoice($0.place) } } }
        let frame = panel(s, 80, 14, now: utc("2026-11-21T22:26:40Z"))
        expectSnapshot(frame, named: "call-edit-picker-80x14")
        let lines = frame.lines
        #expect(frame[0, 0].role == .callEditing)
        #expect(lines[0].hasPrefix("✎ EDITING \"Team\""))
        #expect(lines[6].hasPrefix("▸ Tokyo, JP"))
    }

    @Test func aMarsSiteRowShowsItsSolAndLMST() throws {
        var s = state(["London, GB"], "2021-02-18T20:55:00Z", duration: nil)
        let perseverance = try #require(try MarsSiteLibrary.bundled().site(named: "perseverance"))
        s.calls[0].participants.append(CallParticipant(place: .mars(perseverance)))
        let compact = panel(s, 80, 9, now: utc("2021-02-18T20:00:00Z"))
        expectSnapshot(compact, named: "call-stack-mars-80x9")
        let row = compact.lines[2]
        let lmst = MarsReading(at: utc("2021-02-18T20:55:00Z"), longitudeEast: perseverance.longitudeEast)
        #expect(row.hasPrefix("  Perseverance (Mars)"))
        #expect(row.contains("Sol \(lmst.sol) \(lmst.clockText) LMST"))
        let analog = panel(s, 70, 14, now: utc("2021-02-18T20:00:00Z"))
        expectSnapshot(analog, named: "call-stack-mars-70x14")
        #expect(analog.lines[5].contains("Perseverance (Mars)"))
        #expect(analog.lines[6].contains("Sol \(lmst.sol) 16:04 LMST"))
    }
}
