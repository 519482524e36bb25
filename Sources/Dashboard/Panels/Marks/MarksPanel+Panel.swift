import Foundation
import TimeKit

/// The marks panel as a dashboard panel: the one conformance the registry lists.
extension MarksPanel: DashboardPanel {
    static var id: PanelID { .marks }
    static var minimumRows: Int { 8 }
    /// Beside Mars when wide; kept first (after the focused panel) when short:
    /// the navigator's instrument.
    static var layoutHints: PanelLayoutHints { PanelLayoutHints(sideBySideBand: 0, keepPriority: 0) }

    /// Typing a note, confirming a deletion or a clear.
    static func isModal(_ state: AppState) -> Bool { state.marks.mode != .browsing }

    /// The note editor types Space (Ctrl-Space or F12 marks there).
    static func fieldTakesSpace(_ state: AppState) -> Bool {
        if case .editingNote = state.marks.mode { return true }
        return false
    }

    /// The latest five marks (snapshot data summary, in English like the
    /// CLI), each with its sight; notes and bodies inert (issue 34: the
    /// summary reaches `snapshot --stdout` and the `.txt` file).
    static func summary(_ state: AppState) -> [String] {
        let shown = state.marks.marks.prefix(5)
        var lines = ["Marks (latest \(shown.count) of \(state.marks.totalCount)):"]
        for mark in shown {
            var line = "  #\(mark.id ?? 0)  \(mark.markTimeText)  \(mark.isoText)"
            if let correction = mark.correctionText { line += "  corrected \(mark.correctedISOText) (\(correction))" }
            if let sight = sight(of: mark, in: state) { line += "  sight " + sightText(sight, .en) }
            if !mark.note.isEmpty { line += "  \"\(InertText.display(mark.note))\"" }
            lines.append(line)
        }
        return lines
    }

    static func announcements(from old: AppState, to new: AppState) -> [String] {
        announcements(from: old.marks, to: new.marks, language: new.language)
    }
}
