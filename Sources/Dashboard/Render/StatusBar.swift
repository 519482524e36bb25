/// The bottom line: the few keys a newcomer needs, or, while the config file
/// has a problem, one line naming the file, the line and the problem.
enum StatusBar {
    static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame) {
        if let notice = state.notice, state.now < notice.until {
            frame.put((notice.isProblem ? "⚠ " : "✔ ") + notice.text, x: rect.x + 1, y: rect.y,
                      role: notice.isProblem ? .error : .title, clip: rect)
            return
        }
        if let notice = state.configNotice {
            frame.put("⚠ " + notice, x: rect.x + 1, y: rect.y, role: .warning, clip: rect)
            return
        }
        var x = rect.x + 1
        for (key, label) in [("?", UIText.hintHelp), ("Tab", .hintPanel), ("q", .hintQuit)] {
            if key == "Tab" && state.panels.count < 2 { continue }
            x = frame.put(key, x: x, y: rect.y, role: .helpKey, clip: rect)
            x = frame.put(" \(state.language.text(label))   ", x: x, y: rect.y, role: .keyHint, clip: rect)
        }
    }
}
