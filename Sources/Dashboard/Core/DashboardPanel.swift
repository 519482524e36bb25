import Foundation

/// One instrument of the dashboard, as one conformance (ratatui's widget,
/// Bubble Tea's model): its keys, its pure update for keys and ticks, its
/// view into a rectangle with the rows it needs, its snapshot summary and
/// what plain mode says when it changes. Every requirement is pure: the
/// state comes in, a value goes out.
///
/// `PanelRegistry.all` lists the panels once; `update`, `render`, `Layout`,
/// `Keymap`, snapshots and `PlainAnnouncer` go through it, so no dispatch
/// site names a panel.
protocol DashboardPanel {
    /// The panel's identity on screen (focus, layout).
    static var id: PanelID { get }
    /// Every key the panel binds, in help order (any scope).
    static var keyBindings: [KeyBinding] { get }
    /// Rows the panel needs at least to be useful.
    static var minimumRows: Int { get }

    /// Rows the panel wants for what it shows now (at least `minimumRows`).
    static func wantedRows(_ state: AppState) -> Int
    /// Keys taken before the keymap while the panel is in a modal mode
    /// (typing a note, editing a call); nil lets the keymap have the key.
    static func captureKey(_ key: Key, in state: AppState) -> (AppState, [Effect])?
    /// The panel's part of a tick (`state.now` is already the new instant):
    /// animations end, rested changes are saved.
    static func tick(_ state: AppState) -> (AppState, [Effect])
    /// Draws the panel into `rect` (gutter excluded).
    static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame)
    /// The panel's facts as plain lines (snapshot data summary).
    static func summary(_ state: AppState) -> [String]
    /// What plain mode says about the panel's change from `old` to `new`.
    static func announcements(from old: AppState, to new: AppState) -> [String]
}

extension DashboardPanel {
    static func wantedRows(_ state: AppState) -> Int { minimumRows }
    static func captureKey(_ key: Key, in state: AppState) -> (AppState, [Effect])? { nil }
    static func tick(_ state: AppState) -> (AppState, [Effect]) { (state, []) }
    static func announcements(from old: AppState, to new: AppState) -> [String] { [] }
}

/// The panels, listed once. Adding a panel: a folder under `Panels/` with
/// its state and its conformance, one line here, and its `PanelID` case
/// (see docs/ARCHITECTURE.md, "Adding a panel").
enum PanelRegistry {
    static let all: [any DashboardPanel.Type] = [
        MarksPanel.self,
        MarsPanel.self,
        CallsPanel.self,
    ]

    /// The panel with this identity.
    static func panel(_ id: PanelID) -> any DashboardPanel.Type {
        // Every PanelID has a conformance here (a test checks it).
        all.first { $0.id == id } ?? MarksPanel.self
    }
}
