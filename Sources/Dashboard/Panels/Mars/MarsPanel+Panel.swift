import Foundation

/// The Mars panel as a dashboard panel: the one conformance the registry lists.
extension MarsPanel: DashboardPanel {
    static var id: PanelID { .mars }

    /// The advanced fields take four more rows.
    /// The all-sites view wants a row per site and a header. The go-to
    /// field and its message do not grow the panel (the layout would jump
    /// while typing): they take rows from the advanced fields or sites.
    static func wantedRows(_ state: AppState) -> Int {
        if state.mars.showsAllSites { return max(minimumRows, 2 + 1 + state.mars.sites.count + state.mars.notices.count) }
        return minimumRows + (state.mars.advanced ? 4 : 0)
    }

    static func summary(_ state: AppState) -> [String] { PanelSummaries.mars(state) }

    static func announcements(from old: AppState, to new: AppState) -> [String] {
        new.mars.settings != old.mars.settings ? [plainLine(new)] : []
    }
}
