import Foundation

/// One instrument of the dashboard, as one conformance (ratatui's widget,
/// Bubble Tea's model): its keys, its pure update for keys and ticks, its
/// view into a rectangle with the rows it needs, its snapshot summary and
/// what plain mode says when it changes. Every requirement is pure: the
/// state comes in, a value goes out.
///
/// `PanelRegistry.panel(_:)` maps each `PanelID` to its conformance in one
/// exhaustive `switch`; `update`, `render`, `Layout`, `Keymap`, `MarkKey`,
/// `StatusBar`, `Header`, `Program`'s deadline, snapshots and
/// `PlainAnnouncer` go through it, so no dispatch site names a panel.
/// No requirement has a default (issue 30): a new panel says, for each,
/// what it does (`nil`, `[]` or `state` where it does nothing), so none
/// is a step the compiler lets one forget.
protocol DashboardPanel {
    /// The panel's identity on screen (focus, layout).
    static var id: PanelID { get }
    /// Every key the panel binds, in help order (any scope).
    static var keyBindings: [KeyBinding] { get }
    /// Rows the panel needs at least to be useful.
    static var minimumRows: Int { get }
    /// Key scopes of the panel's own beyond `.panel(id)` (the call editor),
    /// each with its heading in the help; `[]` for none.
    static var helpSections: [(scope: KeyScope, heading: UIText)] { get }

    /// Where the panel goes when the screen is short or wide
    /// (`PanelLayoutHints()` for the defaults).
    static var layoutHints: PanelLayoutHints { get }

    /// Whether the panel is in a modal mode (a prompt, an editor, a text
    /// field) where `?`, Tab and `q` mean something else or type; the
    /// status line then names only the mark key and Ctrl-C.
    static func isModal(_ state: AppState) -> Bool
    /// A key of the panel's that works in every mode, named on the status
    /// line while a mode hides the rest (the mark key); nil for none.
    static func everyModeHint(_ state: AppState) -> (key: String, label: UIText)?
    /// Whether an open text field of the panel would type Space as a
    /// character (then Ctrl-Space or F12 records a mark; see `MarkKey`).
    static func fieldTakesSpace(_ state: AppState) -> Bool

    /// Rows the panel wants for what it shows now (at least `minimumRows`).
    static func wantedRows(_ state: AppState) -> Int
    /// Whether the panel has nothing to show now: then it takes no screen
    /// space unless focused (Tab brings it), and leaves the snapshot summary.
    static func isIdle(_ state: AppState) -> Bool
    /// Keys taken before the keymap, overlays and every other panel's
    /// modes (the mark key: a sight is never lost to a mode); nil for
    /// the keys the panel does not take so.
    static func preemptKey(_ key: Key, in state: AppState) -> (AppState, [Effect])?
    /// Keys taken before the keymap while the panel is in a modal mode
    /// (typing a note, editing a call); nil lets the keymap have the key.
    static func captureKey(_ key: Key, in state: AppState) -> (AppState, [Effect])?
    /// The panel's part of a tick (`state.now` is already the new instant):
    /// animations end, rested changes are saved. In place: a tick comes
    /// every second, and a copy of the whole state per panel was a tenth of
    /// an idle second's work.
    static func tick(_ state: inout AppState) -> [Effect]
    /// The next instant at which the panel needs a tick although no key or
    /// second boundary comes (a rested change to save); nil for none.
    static func deadline(_ state: AppState) -> Date?
    /// Milliseconds until the panel's next animation frame, if one is
    /// running (the loop wakes for it); nil when nothing moves.
    static func frameIntervalMilliseconds(_ state: AppState, at now: Date) -> Int32?
    /// Whatever the panel is still waiting to save, asked for now: the
    /// user quits or the process is about to end.
    static func flush(_ state: AppState) -> (AppState, [Effect])
    /// Whether the panel waits for the store to answer work it handed over
    /// (a mark on its way): plain mode waits briefly to say the answer
    /// before it says goodbye when input closes.
    static func awaitsStore(_ state: AppState) -> Bool
    /// The panel's own adjustment to settings just changed (a sweep
    /// stopped when motion is reduced); `state` returned when none.
    static func settingsChanged(_ state: AppState) -> AppState
    /// The panel's answer to an event addressed to another panel or to the
    /// whole dashboard, after that event was handled (a sight forgotten
    /// with its deleted mark); `state` left alone when it does not care.
    /// In place, as `tick`: every event reaches every panel.
    static func react(to event: Event, in state: inout AppState)
    /// Draws the panel into `rect` (gutter excluded).
    static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame)
    /// A short line for the header beside the local time (the next call),
    /// or nil.
    static func headerNote(_ state: AppState) -> String?
    /// The panel's facts as plain lines (snapshot data summary).
    static func summary(_ state: AppState) -> [String]
    /// What plain mode says about the panel's change from `old` to `new`.
    static func announcements(from old: AppState, to new: AppState) -> [String]
    /// What plain mode says about the panel when it starts: what the state
    /// already holds (a stored forecast, a read-only store), which no change
    /// will announce.
    static func greeting(_ state: AppState) -> [String]
    /// An open text field as one line (with why it is refused, if it is),
    /// drawn on the status line when the screen has no room for the panel:
    /// a field that takes the keys is never invisible. nil for none.
    static func fieldLine(_ state: AppState) -> String?
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
