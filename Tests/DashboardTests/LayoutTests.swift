import Testing
@testable import Dashboard

@Suite struct LayoutTests {
    let all: [PanelID] = [.marks, .mars, .calls]
    let wanted: [PanelID: Int] = [.calls: 7]

    @Test func wideTerminalPutsMarksBesideMarsAndCallsBelow() throws {
        let layout = Layout(size: Size(columns: 100, rows: 30), panels: all, focus: .marks, wanted: wanted)
        #expect(layout.isBigClock)
        let marks = try #require(layout.panels[.marks]), mars = try #require(layout.panels[.mars])
        let calls = try #require(layout.panels[.calls])
        #expect(marks.y == mars.y && marks.maxX < mars.x)
        #expect(calls.y >= max(marks.maxY, mars.maxY))
        #expect(calls.maxY == 29)  // the call planner takes the rest, up to the status line
        #expect(layout.gutters[.marks] == Rect(x: 0, y: marks.y, width: 1, height: marks.height))
    }

    @Test func shortTerminalKeepsTheFocusedPanelMarksAndCalls() {
        let byMarks = Layout(size: Size(columns: 80, rows: 24), panels: all, focus: .marks, wanted: wanted)
        #expect(!byMarks.isBigClock)
        #expect(Set(byMarks.panels.keys) == [.marks, .calls])
        let byMars = Layout(size: Size(columns: 80, rows: 24), panels: all, focus: .mars, wanted: wanted)
        #expect(Set(byMars.panels.keys) == [.marks, .mars])
    }

    @Test func tinyTerminalShowsOnlyTheFocusedPanel() {
        let layout = Layout(size: Size(columns: 40, rows: 10), panels: all, focus: .calls, wanted: wanted)
        #expect(Array(layout.panels.keys) == [.calls])
    }

    @Test func panelsNeverOverlapOrLeaveTheScreen() {
        for columns in stride(from: 40, through: 200, by: 7) {
            for rows in stride(from: 10, through: 60, by: 3) {
                for focus in all {
                    let layout = Layout(size: Size(columns: columns, rows: rows), panels: all, focus: focus, wanted: wanted)
                    let rects = Array(layout.panels.values) + Array(layout.gutters.values) + [layout.header]
                    for r in rects {
                        #expect(r.x >= 0 && r.y >= 0 && r.maxX <= columns && r.maxY <= rows - 1, "\(columns)×\(rows): \(r)")
                    }
                    let cells = rects.filter { !$0.isEmpty }
                    for (i, a) in cells.enumerated() {
                        for b in cells[(i + 1)...] {
                            let overlap = a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
                            #expect(!overlap, "\(columns)×\(rows) focus \(focus): \(a) overlaps \(b)")
                        }
                    }
                    #expect(layout.panels[focus] != nil, "\(columns)×\(rows): focused \(focus) not shown")
                }
            }
        }
    }

    @Test func onlyTheFocusedPanelGetsTheBar() {
        var state = AppState(now: fixedInstant, localZone: zone("UTC"), panels: all)
        state.focus = .mars
        let size = Size(columns: 100, rows: 30)
        let frame = render(state, size: size)
        let layout = Layout(size: size, panels: all, focus: .mars, wanted: [.calls: 6])
        for (panel, gutter) in layout.gutters {
            let bar = frame[gutter.x, gutter.y]
            #expect((bar.character == "▌") == (panel == .mars), "\(panel) gutter shows \(bar.character)")
        }
    }
}
