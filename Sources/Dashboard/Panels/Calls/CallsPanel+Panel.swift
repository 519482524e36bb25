import Foundation

/// The call planner as a dashboard panel: the one conformance the registry lists.
extension CallsPanel: DashboardPanel {
    static var id: PanelID { .calls }
    static var minimumRows: Int { 6 }

    /// Play-mode keys, then the editor's.
    public static var keyBindings: [KeyBinding] { playBindings + editBindings }

    /// A clock row per place, below the call's title and slider.
    static func wantedRows(_ state: AppState) -> Int {
        max(minimumRows, 4 + (state.calls.activeCall?.participants.count ?? 2))
    }

    /// Ends a finished hand sweep and saves a time change that has rested.
    static func tick(_ state: AppState) -> (AppState, [Effect]) {
        var next = state
        let saves = next.calls.tick(now: state.now)
        return (next, saves.map(Effect.calls))
    }

    static func summary(_ state: AppState) -> [String] { PanelSummaries.calls(state) }

    static func announcements(from old: AppState, to new: AppState) -> [String] {
        PanelSummaries.callChange(from: old, to: new) + editorAnnouncements(from: old, to: new)
    }
}
