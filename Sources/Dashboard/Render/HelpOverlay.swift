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
        for panel in state.panels {
            scopes.append((.panel(panel), l.text(.panelSection(panel))))
        }
        if state.panels.contains(.calls) { scopes.append((.callEditor, l.text(.helpCallEditor))) }
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

    static func draw(_ state: AppState, scroll: Int, into frame: inout Frame) {
        let lines = content(state)
        let width = min(frame.size.columns - 2, 76)
        let height = min(frame.size.rows - 2, lines.count + 4)
        let rect = Rect(x: (frame.size.columns - width) / 2, y: (frame.size.rows - height) / 2,
                        width: width, height: height)
        frame.fill(rect, role: .overlay)
        frame.box(rect, title: state.language.text(.helpTitle), role: .border)
        let inner = rect.inset(by: 1)
        let visible = max(0, inner.height - 2)
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
        let hint = l.text(more ? .helpMore : .helpClose)
        frame.put(hint, x: inner.maxX - DisplayWidth.of(hint) - 1, y: inner.maxY - 1, role: .keyHint, clip: inner)
    }
}
