/// The bottom line: the few keys a newcomer needs, or, while the config file
/// has a problem, one line naming the file, the line and the problem.
enum StatusBar {
    static func draw(_ state: AppState, in rect: Rect, field: String? = nil, into frame: inout Frame) {
        if let field {
            // A field whose panel has no room on screen takes this line:
            // what is typed is seen.
            frame.put(field, x: rect.x + 1, y: rect.y, role: .selection, clip: rect)
            return
        }
        if let notice = state.notice, state.now < notice.until {
            frame.put((notice.isProblem ? "⚠ " : "✔ ") + state.language.text(notice.message), x: rect.x + 1, y: rect.y,
                      role: notice.isProblem ? .error : .title, clip: rect)
            return
        }
        if let notice = state.configNoticeText {
            frame.put("⚠ " + notice, x: rect.x + 1, y: rect.y, role: .warning, clip: rect)
            return
        }
        // The same keys every second: their cells are remembered by the
        // keys, the language and the width, and copied in.
        let shown = keys(state).filter { !($0.key == "Tab" && state.panels.count < 2) }
        let key = KeysLine.Key(keys: shown.map(\.key), labels: shown.map(\.label), language: state.language, width: rect.width)
        let cells = KeysLine.last.value(for: key) { key in
            DrawnCells.record(size: Size(columns: key.width, rows: 1)) { line in
                var x = 1
                for (name, label) in zip(key.keys, key.labels) {
                    x = line.put(name, x: x, y: 0, role: .helpKey, clip: line.bounds)
                    x = line.put(" \(key.language.text(label))   ", x: x, y: 0, role: .keyHint, clip: line.bounds)
                }
            }
        }
        frame.replay(cells, x: rect.x, y: rect.y)
    }

    /// The keys line's cells, by what they are drawn from.
    enum KeysLine {
        struct Key: Equatable, Sendable {
            var keys: [String]
            var labels: [UIText]
            var language: UILanguage
            var width: Int
        }
        static let last = Remembered<Key, DrawnCells>()
    }

    /// The keys named: on the main screen the newcomer's three; in an
    /// overlay, prompt or editor (where ?, Tab and q mean something else or
    /// type) the two that work there too: the mark key and Ctrl-C.
    static func keys(_ state: AppState) -> [(key: String, label: UIText)] {
        let modal = state.overlay != nil || PanelRegistry.all.contains { $0.isModal(state) }
        guard modal else { return [("?", .hintHelp), ("Tab", .hintPanel), ("q", .hintQuit)] }
        return PanelRegistry.all.compactMap { $0.everyModeHint(state) } + [(Key.control("c").label, .hintQuit)]
    }
}
