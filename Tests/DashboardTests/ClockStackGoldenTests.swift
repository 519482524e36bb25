import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// Golden frames of the call planner. Snapshots live in Snapshots/*.txt;
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

    /// Compares with (or records) Snapshots/`name`.txt.
    func assertSnapshot(_ lines: [CallLine], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = lines.map(\.text).joined(separator: "\n") + "\n"
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Snapshots/\(name).txt")
        if ProcessInfo.processInfo.environment["TIMEDECK_RECORD_SNAPSHOTS"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "snapshot \(name) differs; re-record with TIMEDECK_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
    }

    @Test func acrossTheDateLineAnalog80x24() throws {
        // Saturday 15:30 in Los Angeles is Sunday 10:30 in Sydney (+1).
        let s = state(["Los Angeles", "Sydney", "London, GB"], "2026-11-21T23:30:00Z", people: ["Sydney": "Ana"])
        let lines = ClockStackView.render(s, width: 80, height: 24, now: utc("2026-11-21T22:26:40Z"))
        try assertSnapshot(lines, "call-stack-date-line-80x24")
        #expect(lines.count == 24 && lines.allSatisfy { $0.width == 80 })
        // Sydney's row says +1; London's call runs 23:30–00:30, into before dawn.
        #expect(lines[8].text.contains("Sun 10:30 +1"))
        #expect(lines[15].text.contains("late night  ✗ ENDS BAD"))
    }

    @Test func compactRowsWhenShort() throws {
        let s = state(["Los Angeles", "Sydney", "London, GB"], "2026-11-22T10:00:00Z")
        let lines = ClockStackView.render(s, width: 80, height: 10, now: utc("2026-11-21T22:26:40Z"))
        try assertSnapshot(lines, "call-stack-compact-80x10")
        // LA 02:00 is before dawn: the word, the marker and the colour role.
        let la = lines[1]
        #expect(la.text.contains("before dawn") && la.text.contains("✗ BAD"))
        let x = la.text.distance(from: la.text.startIndex, to: la.text.range(of: "✗ BAD")!.lowerBound)
        #expect(la.role(at: x) == .bad)
        let p = la.text.distance(from: la.text.startIndex, to: la.text.range(of: "before dawn")!.lowerBound)
        #expect(la.role(at: p) == .period(.beforeDawn))
    }

    @Test func braillesAtThreeAndNoon() throws {
        // 03:00Z: UTC shows 3:00, Tokyo 12:00.
        let s = state(["UTC", "Tokyo"], "2026-01-10T03:00:00Z", duration: nil)
        let lines = ClockStackView.render(s, width: 60, height: 14, now: utc("2026-01-10T02:00:00Z"))
        try assertSnapshot(lines, "call-stack-3h-12h-60x14")
        // The faces are the golden faces of BrailleClockFaceTests.
        #expect(lines[1].text.hasPrefix("⢀⠤⠒⠉⡍⠒⠤⡀"))
        #expect(lines[3].text.hasPrefix("⢇⠁  ⠉⠉⠈⠈"))
        #expect(lines[7].text.hasPrefix("⢇⠁  ⠁ ⠈⡸"))
    }

    @Test func brailleAtQuarterToTen() throws {
        // 04:00Z is 09:45 in Kathmandu (UTC+05:45).
        let s = state(["Kathmandu"], "2026-01-10T04:00:00Z", duration: nil)
        let lines = ClockStackView.render(s, width: 50, height: 9, now: utc("2026-01-10T02:00:00Z"))
        try assertSnapshot(lines, "call-stack-9h45-50x9")
        #expect(lines[2].text.hasPrefix("⡜ ⠤⣀   ⢣"))
        #expect(lines[1].text.contains("Kathmandu, NP"))
    }

    @Test func twelveHourClockAndDSTWarning() throws {
        // New York springs forward on 2026-03-08, 3 days after this call.
        var s = state(["New York City", "London, GB"], "2026-03-05T14:00:00Z")
        s.use24Hour = false
        let lines = ClockStackView.render(s, width: 80, height: 10, now: utc("2026-03-05T12:00:00Z"))
        try assertSnapshot(lines, "call-stack-12h-dst-80x10")
        #expect(lines[1].text.contains(" 9:00 AM"))
        #expect(lines[1].text.contains("⚠ DST Sun 03-08"))
        #expect(!lines[2].text.contains("⚠"))
    }

    @Test func editModeLooksDifferent() throws {
        var s = state(["Los Angeles", "Sydney"], "2026-11-21T23:30:00Z", people: ["Sydney": "Ana"])
        s.beginEdit()
        s.editor?.select(offset: 1)
        s.editor?.beginAdd(search: { _ in [] })
        for c in "tok" { s.editor?.type(c) { self.db.search($0, limit: 4).map(\.place) } }
        let lines = CallEditView.render(s.editor!, message: nil, width: 80, height: 14)
        try assertSnapshot(lines, "call-edit-picker-80x14")
        #expect(lines[0].text.hasPrefix("✎ EDITING \"Team\""))
        #expect(lines[6].text.hasPrefix("▸ Tokyo, JP"))
    }
}
