/// Draws the whole dashboard for `state` into a frame of `size`. Pure: the
/// size is a parameter, never asked of the terminal.
public func render(_ state: AppState, size: Size) -> Frame {
    var frame = Frame(size: size)
    guard size.columns >= Layout.minimum.columns, size.rows >= Layout.minimum.rows else {
        drawTooSmall(size, language: state.language, into: &frame)
        return frame
    }
    let layout = dashboardLayout(state, size: size)
    Header.draw(state, in: layout.header, big: layout.isBigClock, into: &frame)
    for panel in state.panels {
        guard let rect = layout.panels[panel], !rect.isEmpty else { continue }
        PanelRegistry.panel(panel).draw(state, in: rect, into: &frame)
        // The focused panel (the one panel keys go to) gets a bar in its
        // gutter: a shape, not only a colour, so mono terminals show it too.
        if state.panels.count > 1, panel == state.focus, let gutter = layout.gutters[panel] {
            frame.fill(gutter, with: "▌", role: .title)
        }
    }
    // A loop, not `lazy.filter.compactMap`: its closures would copy the
    // whole state on every frame.
    var hiddenField: String?
    for panel in PanelRegistry.all where layout.panels[panel.id].map(\.isEmpty) ?? true {
        if let line = panel.fieldLine(state) { hiddenField = line; break }
    }
    StatusBar.draw(state, in: layout.statusBar, field: hiddenField, into: &frame)
    if case .settings(let selected) = state.overlay {
        SettingsOverlay.draw(state, selected: selected, into: &frame)
    }
    if case .help(let scroll) = state.overlay {
        HelpOverlay.draw(state, scroll: scroll, into: &frame)
    }
    return frame
}

/// Where each panel goes for `state` at `size`: what `render` draws, and
/// what `update` asks when a key depends on it (paging by the rows shown).
func dashboardLayout(_ state: AppState, size: Size) -> Layout {
    // The rows each panel wants, in `PanelRegistry.all`'s order: a small
    // array, not a dictionary (built, hashed and compared every frame).
    var wanted: [Int] = []
    wanted.reserveCapacity(PanelRegistry.all.count)
    for panel in PanelRegistry.all { wanted.append(panel.wantedRows(state)) }
    let key = LayoutMemo.Key(size: size, panels: shownPanels(state), focus: state.focus, wanted: wanted)
    return LayoutMemo.last.value(for: key) { key in
        var byPanel: [PanelID: Int] = [:]
        for (panel, rows) in zip(PanelRegistry.all, key.wanted) { byPanel[panel.id] = rows }
        return Layout(size: key.size, panels: key.panels, focus: key.focus, wanted: byPanel)
    }
}

/// The last layout, by everything `Layout` is worked out from (the same
/// every second of an idle dashboard).
enum LayoutMemo {
    struct Key: Equatable, Sendable {
        var size: Size
        var panels: [PanelID]
        var focus: PanelID?
        /// The rows each panel wants, in `PanelRegistry.all`'s order.
        var wanted: [Int]
    }
    static let last = Remembered<Key, Layout>()
}

/// The message shown instead of a broken layout on a tiny terminal, wrapped
/// to whatever width there is.
func drawTooSmall(_ size: Size, language: UILanguage = .en, into frame: inout Frame) {
    let l = language
    let message = l.text(.enlargeTerminal(minimum: "\(Layout.minimum)", now: "\(size)"))
    let words = message.split(separator: " ")
    var lines: [String] = []
    var current = ""
    for word in words {
        if current.isEmpty {
            current = String(word)
        } else if DisplayWidth.of(current) + 1 + DisplayWidth.of(String(word)) <= size.columns {
            current += " " + word
        } else {
            lines.append(current)
            current = String(word)
        }
    }
    if !current.isEmpty { lines.append(current) }
    let top = max(0, (size.rows - lines.count) / 2)
    for (i, line) in lines.enumerated() {
        frame.putCentered(line, in: frame.bounds, y: top + i, role: .warning)
    }
}


/// The panels that take screen space: all but those idle and not focused.
func shownPanels(_ state: AppState) -> [PanelID] {
    state.panels.filter { $0 == state.focus || !PanelRegistry.panel($0).isIdle(state) }
}
