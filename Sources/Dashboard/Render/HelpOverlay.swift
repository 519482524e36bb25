/// The key help, generated from `Keymap.bindings` for the panels on screen.
enum HelpOverlay {
    struct Line: Equatable {
        var keys: String
        var text: String
        var isHeading: Bool
    }

    static func scopes(_ state: AppState) -> [(KeyScope, String)] {
        let l = state.language
        var scopes: [(KeyScope, String)] = [(.main, l.text(.helpEverywhere))]
        // A panel Tab skips (idle, e.g. weather with no forecast) does not
        // say "Tab to focus" (issue 28: the help promised it).
        let focusable = shownPanels(state)
        for panel in state.panels {
            scopes.append((.panel(panel), l.text(focusable.contains(panel) ? .panelSection(panel) : .panelSectionIdle(panel))))
        }
        for panel in state.panels {
            scopes += PanelRegistry.panel(panel).helpSections.map { ($0.scope, l.text($0.heading)) }
        }
        scopes.append((.settings, l.text(.helpInSettings)))
        scopes.append((.help, l.text(.helpInHelp)))
        return scopes
    }

    static func content(_ state: AppState) -> [Line] {
        var lines: [Line] = []
        for (scope, title) in scopes(state) {
            let rows = Keymap.helpRows(for: [scope]).filter { row in
                // Focus keys mean nothing until there are two panels.
                state.panels.count > 1 || (row.action != .focusNext && row.action != .focusPrevious)
            }
            if rows.isEmpty { continue }
            if !lines.isEmpty { lines.append(Line(keys: "", text: "", isHeading: false)) }
            lines.append(Line(keys: title, text: "", isHeading: true))
            for row in rows {
                lines.append(Line(keys: row.keys.map(\.label).joined(separator: " "), text: state.language.text(row.help), isHeading: false))
            }
        }
        return lines
    }

    static func lineCount(_ state: AppState) -> Int { content(state).count }

    /// The overlay's box on a screen of `size`, for `lineCount` lines.
    static func box(size: Size, lineCount: Int) -> Rect {
        let width = min(size.columns - 2, 76)
        let height = min(size.rows - 2, lineCount + 4)
        return Rect(x: (size.columns - width) / 2, y: (size.rows - height) / 2, width: width, height: height)
    }

    /// Lines of keys visible at once on `size`.
    static func visibleLines(size: Size, lineCount: Int) -> Int {
        max(0, box(size: size, lineCount: lineCount).inset(by: 1).height - 2)
    }

    /// The scroll after a line or page step; it stops where the last line
    /// shows, so PgUp after reaching the end moves at once.
    static func scrolled(_ state: AppState, from scroll: Int, by action: Action) -> Int {
        let count = lineCount(state)
        let page = max(1, visibleLines(size: state.screenSize, lineCount: count) - 1)
        let last = max(0, count - visibleLines(size: state.screenSize, lineCount: count))
        let step: Int
        switch action {
        case .scrollUp: step = -1
        case .scrollDown: step = 1
        case .pageUp: step = -page
        case .pageDown: step = page
        default: step = 0
        }
        return min(max(0, min(scroll, last) + step), last)
    }

    static func draw(_ state: AppState, scroll: Int, into frame: inout Frame) {
        let lines = content(state)
        let rect = box(size: frame.size, lineCount: lines.count)
        frame.fill(rect, role: .overlay)
        frame.box(rect, title: state.language.text(.helpTitle), role: .border)
        let inner = rect.inset(by: 1)
        let visible = visibleLines(size: frame.size, lineCount: lines.count)
        let first = min(scroll, max(0, lines.count - visible))
        let keyColumn = 16
        let l = state.language
        for (row, line) in lines.dropFirst(first).prefix(visible).enumerated() {
            let y = inner.y + 1 + row
            if line.isHeading {
                frame.put(line.keys, x: inner.x + 1, y: y, role: .title, clip: inner)
            } else {
                frame.put(line.keys, x: inner.x + 2, y: y, role: .helpKey, clip: inner)
                frame.put(line.text, x: inner.x + 2 + keyColumn, y: y, role: .helpText, clip: inner)
            }
        }
        let more = first + visible < lines.count
        let hint = l.text(more ? .helpMore : first > 0 ? .helpBack : .helpClose)
        frame.put(hint, x: inner.maxX - DisplayWidth.of(hint) - 1, y: inner.maxY - 1, role: .keyHint, clip: inner)
    }
}
