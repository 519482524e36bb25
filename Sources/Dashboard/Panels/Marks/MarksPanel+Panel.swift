import Foundation

/// The marks panel as a dashboard panel: the one conformance the registry lists.
extension MarksPanel: DashboardPanel {
    static var id: PanelID { .marks }
    static var minimumRows: Int { 8 }

    static func summary(_ state: AppState) -> [String] { PanelSummaries.marks(state) }

    static func announcements(from old: AppState, to new: AppState) -> [String] {
        announcements(from: old.marks, to: new.marks, language: new.language)
    }
}
