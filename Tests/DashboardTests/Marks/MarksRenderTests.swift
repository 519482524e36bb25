import Foundation
import Testing
@testable import Dashboard
import TimeKit

@Suite("Marks panel: golden frames and roles")
struct MarksRenderTests {
    typealias F = MarksFixtures

    @Test("Seven marks, newest selected, at three sizes", arguments: [(100, 30), (80, 24), (60, 12)])
    func frames(columns: Int, rows: Int) {
        var s = F.state(marks: 7, settings: F.settings(watchErrorSeconds: -0.3))
        s.marks.gps = GPSDSnapshot(address: .default, connection: .unavailable(reason: "connection refused"))
        expectSnapshot(render(s, size: Size(columns: columns, rows: rows)), named: "marks-\(columns)x\(rows)")
    }

    @Test("Empty panel, clock not synchronized")
    func empty() {
        var s = F.state(marks: 0)
        s.marks.kernel = ClockStatus.Kernel(synchronized: false, estimatedErrorMicroseconds: 16_000_000, maximumErrorMicroseconds: 16_000_000)
        let frame = render(s, size: Size(columns: 80, rows: 24))
        expectSnapshot(frame, named: "marks-empty-80x24")
        let row = frame.lines.firstIndex { $0.contains("clock NOT synchronized (kernel)") }
        #expect(row != nil)
        // Column 0 is the panel's focus gutter; the text starts after it.
        if let row { #expect(frame.roles(row: row)[2] == .warning) }
    }

    @Test("Browsing deep in the history, a stale gpsd fix and a note being typed")
    func browsingAndEditing() {
        var s = F.state(marks: 9)
        s.marks.marks[6].position = MarkPosition(source: .gpsd, coordinate: F.brisbane, fixMode: 3, fixAgeMilliseconds: 12_000)
        s.marks.selected = 6
        expectSnapshot(render(s, size: Size(columns: 100, rows: 30)), named: "marks-history-100x30")
        s.marks.mode = .editingNote(id: 3, text: "Venus \u{1B}[2J")
        expectSnapshot(render(s, size: Size(columns: 100, rows: 30)), named: "marks-note-100x30")
    }

    @Test("The new row flashes in its own role, then the selection role")
    func flashRole() throws {
        var s = F.state(marks: 2)
        (s, _) = update(s, .marks(.recorded(F.mark(3, secondsBefore: 0))))
        let frame = render(s, size: Size(columns: 100, rows: 30))
        let row = try #require(frame.lines.firstIndex { $0.contains("#3  21d 23h 47m 12.000s") })
        // Column 0 is the panel's focus gutter (blank with one panel).
        #expect(frame.roles(row: row).dropFirst().allSatisfy { $0 == .markFlash })
        (s, _) = update(s, .tick(fixedInstant.addingTimeInterval(1)))
        let later = render(s, size: Size(columns: 100, rows: 30))
        #expect(later.roles(row: row).dropFirst().allSatisfy { $0 == .selection })
        #expect(later.lines[row].dropFirst().hasPrefix("▶"))
    }

    @Test("Notes with escape sequences are drawn inert")
    func inertNotes() {
        let frame = render(F.state(marks: 3), size: Size(columns: 100, rows: 30))
        let text = frame.lines.joined()
        #expect(text.contains("Moon UL ␛[31m"))
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test("Every theme makes the flash stand out from plain text")
    func themes() {
        for theme in [Theme.mono, Theme.mission(.eight), Theme.mission(.palette256), Theme.sunlight(.eight)] {
            #expect(theme.style(for: .markFlash) != theme.style(for: .normal), "\(theme.name)")
        }
    }
}

@Suite("Marks panel: history rows and the detail line")
struct MarksLayoutTests {
    typealias F = MarksFixtures

    @Test("The history shows as many marks as the panel has rows")
    func historyFillsThePanel() {
        let s = F.state(marks: 30)
        let frame = render(s, size: Size(columns: 100, rows: 30))
        let rows = frame.lines.filter { $0.contains(/#\s?\d+  \d\dd \d\dh/) }
        // 30 rows − 7 header − 1 status = 22 panel rows: clock, title, detail, hint.
        #expect(rows.count == 18)
        #expect(frame.lines.contains { $0.contains("Space mark · ↑↓ select") })
    }

    @Test("At 120 columns the selected mark's note and position are kept, wrapped to a second line")
    func detailWrapsAt120Columns() {
        var s = F.state(marks: 7, settings: F.settings(watchErrorSeconds: -0.3))
        s.panels = [.marks, .mars]
        s.marks.marks[0] = F.mark(7, secondsBefore: 0.346, note: "Sun lower limb over the sea horizon",
                                  position: MarkPosition(source: .gpsd, coordinate: F.brisbane, fixMode: 3, fixAgeMilliseconds: 400),
                                  correction: -300_000_000)
        let frame = render(s, size: Size(columns: 120, rows: 30))
        expectSnapshot(frame, named: "marks-detail-120x30")
        let text = frame.lines.joined(separator: "\n")
        #expect(text.contains("“Sun lower limb over the sea horizon”"))
        #expect(text.contains("27° 28'.02 S  153° 22'.84 E"))
        #expect(!text.contains("…"))
        // Without a watch correction, two lines hold it all in the 61 columns the panel has there.
        var plain = s.marks.marks[0]
        plain.correctionNanoseconds = 0
        let lines = MarksPanel.detailLines(plain, .en, width: 61)
        #expect(lines.count == 2 && lines.joined(separator: " ").contains("“Sun lower limb over the sea horizon”"), "\(lines)")
    }

    @Test("A note longer than two lines ends in an ellipsis, never beyond the panel")
    func longNoteEllipsis() {
        let mark = F.mark(1, secondsBefore: 0, note: String(repeating: "long note ", count: 20))
        let lines = MarksPanel.detailLines(mark, .en, width: 60)
        #expect(lines.count == 2 && lines[1].hasSuffix("…"))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 60 })
        #expect(MarksPanel.detailLines(mark, .en, width: 400) == [MarksPanel.detailLine(mark)])
    }

    @Test("A long note being typed keeps its keys in view, Ctrl-Space included")
    func longNoteKeepsTheKeys() {
        var s = F.state(marks: 3)
        s.marks.mode = .editingNote(id: 3, text: String(repeating: "x", count: 150))
        let frame = render(s, size: Size(columns: 100, rows: 30))
        #expect(frame.lines.contains { $0.contains("xxx▏  Enter saves · Esc cancels · Ctrl-Space marks") }, "\(frame.lines.joined(separator: "\n"))")
    }

    /// Found running the dashboard at 120 columns: beside the Mars panel the
    /// marks panel is ~64 wide, and the hint left the text one column ("…").
    /// The text comes first; the hint shows only with room to spare.
    @Test("A note being typed in a narrow panel shows its text, not only the hint")
    func noteTextShowsInANarrowPanel() {
        var s = F.state(marks: 3)
        s.marks.mode = .editingNote(id: 3, text: "Sun LL")
        for width in [40, 64, 70] {
            var frame = Frame(size: Size(columns: width, rows: 9))
            MarksPanel.draw(s, in: Rect(x: 0, y: 0, width: width, height: 9), into: &frame)
            #expect(frame.lines.contains { $0.contains("Note for #3: Sun LL▏") }, "\(width):\n\(frame.lines.joined(separator: "\n"))")
        }
    }
}
