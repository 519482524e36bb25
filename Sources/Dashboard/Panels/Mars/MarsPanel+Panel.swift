import Foundation

/// The Mars panel as a dashboard panel: the one conformance the registry lists.
extension MarsPanel: DashboardPanel {
    static var id: PanelID { .mars }

    /// The advanced fields take four more rows.
    static func wantedRows(_ state: AppState) -> Int { minimumRows + (state.mars.advanced ? 4 : 0) }

    static func summary(_ state: AppState) -> [String] { PanelSummaries.mars(state) }

    static func announcements(from old: AppState, to new: AppState) -> [String] {
        new.mars.settings != old.mars.settings ? [plainLine(new)] : []
    }
}
