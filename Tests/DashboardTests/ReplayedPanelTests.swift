import Foundation
import Testing
@testable import Dashboard
import TestSupport
import TimeKit

/// A panel's drawing replayed while its inputs are unchanged
/// (`ReplayedPanel`): the replayed frame must be the drawn one after every
/// change a person or the shell can make, and an idle minute must draw once
/// (the calls panel once a minute).
@Suite struct ReplayedPanelTests {
    typealias F = MarksFixtures

    /// The frame the memo gives beside the frame drawn afresh.
    static func both(_ draw: (inout Frame) -> Void, _ fresh: (inout Frame) -> Void) -> (Frame, Frame) {
        var replayed = Frame(size: Size(columns: 90, rows: 24))
        replayed.put("東京 wide text under the panel", x: 0, y: 3)
        var drawn = replayed
        draw(&replayed)
        fresh(&drawn)
        return (replayed, drawn)
    }

    @Test func theMarksPanelReplaysExactlyWhatItDraws() throws {
        let memo = ReplayedPanel<MarksPanel.DrawInputs>()
        var s = F.state(marks: 4)
        let rect = Rect(x: 3, y: 2, width: 72, height: 16)
        func check(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let (replayed, drawn) = Self.both({ MarksPanel.draw(s, in: rect, into: &$0, replayed: memo) },
                                              { MarksPanel.drawEveryPart(s, in: rect, into: &$0) })
            #expect(replayed == drawn, "\(what)", sourceLocation: sourceLocation)
        }
        check("first frame")
        // An idle minute: drawn once (the first frame), replayed after.
        let before = memo.drawings
        for second in 1...60 {
            s.now = s.now.addingTimeInterval(1)
            check("idle second \(second)")
        }
        #expect(memo.drawings == before)

        // Every input the drawing reads, changed one at a time.
        s.marks.selected = 2; check("the selection")
        _ = s.marks.marks.remove(at: 0); s.marks.totalCount -= 1; check("a mark deleted")
        _ = s.marks.marks.insert(F.mark(9, secondsBefore: -5, note: "Vega")); s.marks.totalCount += 1; check("a mark added")
        var edited = s.marks.marks.remove(at: 1); edited.note = "Sun UL"; _ = s.marks.marks.insert(edited); check("a note edited")
        s.settings.bell.toggle(); check("the bell setting")
        s.settings.flash.toggle(); check("the flash setting")
        s.settings.watchErrorSeconds = -0.3; check("a watch correction")
        s.language = .ja; check("the language")
        s.language = .en
        s.marks.kernel = ClockStatus.Kernel(synchronized: false, estimatedErrorMicroseconds: 16_000_000, maximumErrorMicroseconds: 16_000_000)
        check("the kernel clock")
        s.marks.gps = GPSDSnapshot(address: .default, connection: .unavailable(reason: "connection refused"))
        check("gpsd unavailable")
        s.marks.message = MarksPanelState.Message(.markDeleted(id: 9, markTime: "21d 23h 47m 17s"))
        check("a message")
        s.marks.message = nil; check("the message gone")
        // The newest mark flashing, then the flash over by the clock alone.
        s.settings.flash = true
        s.marks.flashKey = MarksPanelState.flashKey(of: s.marks.marks[0])
        s.marks.flashUntil = s.now.addingTimeInterval(0.5)
        check("a flash")
        s.now = s.now.addingTimeInterval(0.6)
        check("the flash over")
        // A sight stored for the selected mark (the detail line shows it).
        if let almanac = MarksSightDetailTests.almanac {
            let (withSight, _) = try MarksSightDetailTests.stateWithSight(almanac)
            s = withSight
            check("a sight on the detail line")
            s.settings.sightCorrections.heightOfEyeMetres += 10
            check("a sight correction")
        }
        check("the same state again")
        #expect(memo.drawings > before + 10)
    }

    @Test func theCallsPanelReplaysExactlyWhatItDraws() throws {
        let memo = ReplayedPanel<CallsPanel.DrawInputs>()
        let db = try PlaceDatabase.bundled()
        let minute = Date(timeIntervalSince1970: 1_795_305_600)
        var s = AppState(now: minute, localZone: zone("UTC"), panels: [.calls])
        let call = CallPlan(id: 1, name: "Team", participants: ["London, GB", "Tokyo", "New York"].map {
            CallParticipant(place: db.bestMatch($0)!.place)
        }, start: minute.addingTimeInterval(3600), durationMinutes: 45, createdAt: minute)
        s.calls = CallPlannerState(calls: [call])
        s.calls.places = db
        let rect = Rect(x: 1, y: 5, width: 88, height: 18)
        func check(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let (replayed, drawn) = Self.both({ CallsPanel.draw(s, in: rect, into: &$0, replayed: memo) },
                                              { CallsPanel.put(CallsPanel.lines(s, width: rect.width, height: rect.height),
                                                               in: rect, into: &$0) })
            #expect(replayed == drawn, "\(what)", sourceLocation: sourceLocation)
        }
        check("first frame")
        // Two idle minutes: drawn at each new minute only.
        let before = memo.drawings
        for second in 1...120 {
            s.now = minute.addingTimeInterval(Double(second))
            check("idle second \(second)")
        }
        #expect(memo.drawings == before + 2)

        s.calls.calls[0].start = s.calls.calls[0].start.addingTimeInterval(1800); check("the call moved")
        s.calls.calls[0].durationMinutes = 90; check("the duration")
        s.settings.clock = .twelveHour; check("the clock form")
        s.settings.callRemindMinutes = 5; check("the reminder")
        s.language = .ja; check("the language")
        s.focus = .calls; check("the focus")
        s.focus = nil; check("the focus gone")
        s.calls.message = .callSaved(name: "Team"); check("a message")
        s.calls.editor = CallEditor(draft: s.calls.calls[0], isNew: false); check("the editor")
        s.calls.editor = nil; check("the editor closed")
        #expect(memo.drawings > before + 8)
    }
}
