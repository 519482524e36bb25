import Foundation

/// One instrument of the dashboard, as one conformance (ratatui's widget,
/// Bubble Tea's model): its keys, its pure update for keys and ticks, its
/// view into a rectangle with the rows it needs, its snapshot summary and
/// what plain mode says when it changes. Every requirement is pure: the
/// state comes in, a value goes out.
///
/// `PanelRegistry.panel(_:)` maps each `PanelID` to its conformance in one
/// exhaustive `switch`; `update`, `render`, `Layout`, `Keymap`, `MarkKey`,
/// `StatusBar`, snapshots and `PlainAnnouncer` go through it, so no dispatch
/// site names a panel. `isModal` and `fieldTakesSpace` have no default: a
/// new panel must say whether it can lose a Space.
protocol DashboardPanel {
    /// The panel's identity on screen (focus, layout).
    static var id: PanelID { get }
    /// Every key the panel binds, in help order (any scope).
    static var keyBindings: [KeyBinding] { get }
    /// Rows the panel needs at least to be useful.
    static var minimumRows: Int { get }
    /// Key scopes of the panel's own beyond `.panel(id)` (the call editor),
    /// each with its heading in the help.
    static var helpSections: [(scope: KeyScope, heading: UIText)] { get }

    /// Where the panel goes when the screen is short or wide.
    static var layoutHints: PanelLayoutHints { get }

    /// Whether the panel is in a modal mode (a prompt, an editor, a text
    /// field) where `?`, Tab and `q` mean something else or type; the
    /// status line then names only the mark key and Ctrl-C.
    static func isModal(_ state: AppState) -> Bool
    /// Whether an open text field of the panel would type Space as a
    /// character (then Ctrl-Space or F12 records a mark; see `MarkKey`).
    static func fieldTakesSpace(_ state: AppState) -> Bool

    /// Rows the panel wants for what it shows now (at least `minimumRows`).
    static func wantedRows(_ state: AppState) -> Int
    /// Whether the panel has nothing to show now: then it takes no screen
    /// space unless focused (Tab brings it), and leaves the snapshot summary.
    static func isIdle(_ state: AppState) -> Bool
    /// Keys taken before the keymap while the panel is in a modal mode
    /// (typing a note, editing a call); nil lets the keymap have the key.
    static func captureKey(_ key: Key, in state: AppState) -> (AppState, [Effect])?
    /// The panel's part of a tick (`state.now` is already the new instant):
    /// animations end, rested changes are saved.
    static func tick(_ state: AppState) -> (AppState, [Effect])
    /// Whatever the panel is still waiting to save, asked for now: the
    /// user quits or the process is about to end.
    static func flush(_ state: AppState) -> (AppState, [Effect])
    /// Draws the panel into `rect` (gutter excluded).
    static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame)
    /// The panel's facts as plain lines (snapshot data summary).
    static func summary(_ state: AppState) -> [String]
    /// What plain mode says about the panel's change from `old` to `new`.
    static func announcements(from old: AppState, to new: AppState) -> [String]
    /// What plain mode says about the panel when it starts: what the state
    /// already holds (a stored forecast), which no change will announce.
    static func greeting(_ state: AppState) -> [String]
    /// An open text field as one line (with why it is refused, if it is),
    /// drawn on the status line when the screen has no room for the panel:
    /// a field that takes the keys is never invisible.
    static func fieldLine(_ state: AppState) -> String?
}

extension DashboardPanel {
    static var layoutHints: PanelLayoutHints { PanelLayoutHints() }
    static var helpSections: [(scope: KeyScope, heading: UIText)] { [] }
    static func wantedRows(_ state: AppState) -> Int { minimumRows }
    static func isIdle(_ state: AppState) -> Bool { false }
    static func captureKey(_ key: Key, in state: AppState) -> (AppState, [Effect])? { nil }
    static func tick(_ state: AppState) -> (AppState, [Effect]) { (state, []) }
    static func flush(_ state: AppState) -> (AppState, [Effect]) { (state, []) }
    static func announcements(from old: AppState, to new: AppState) -> [String] { [] }
    static func greeting(_ state: AppState) -> [String] { [] }
    static func fieldLine(_ state: AppState) -> String? { nil }
}

/// Layout hints a panel gives `Layout`, so the layout names no panel.
struct PanelLayoutHints: Equatable, Sendable {
    /// Panels with the same band sit side by side (in `PanelID` order) when
    /// the terminal is wide enough; nil: a band of its own.
    var sideBySideBand: Int? = nil
    /// When not every panel fits, the focused one is kept first, then by
    /// this (lower first), then in `PanelID` order.
    var keepPriority: Int = Int.max
    /// Rows beyond its wanted rows the panel should keep before the header
    /// may use big digits.
    var comfortRows: Int = 0
}

/// The panels, registered once. Adding a panel: its `PanelID` case; the
/// compiler then asks for its line in `panel(_:)` (no fallback), and
/// `PanelID.allCases` puts it on screen (see docs/ARCHITECTURE.md,
/// "Adding a panel").
enum PanelRegistry {
    /// The panel with this identity.
    static func panel(_ id: PanelID) -> any DashboardPanel.Type {
        switch id {
        case .marks: MarksPanel.self
        case .mars: MarsPanel.self
        case .calls: CallsPanel.self
        case .sights: SightsPanel.self
        case .weather: WeatherPanel.self
        }
    }

    /// Every panel, in `PanelID` order.
    static let all: [any DashboardPanel.Type] = PanelID.allCases.map(panel)
}
