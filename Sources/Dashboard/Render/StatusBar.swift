/// The bottom line: the few keys a newcomer needs, drawn from the keymap.
enum StatusBar {
    static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame) {
        var x = rect.x + 1
        for (key, label) in [("?", "help"), ("Tab", "panel"), ("q", "quit")] {
            if key == "Tab" && state.panels.count < 2 { continue }
            x = frame.put(key, x: x, y: rect.y, role: .helpKey, clip: rect)
            x = frame.put(" \(label)   ", x: x, y: rect.y, role: .keyHint, clip: rect)
        }
    }
}
