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

/// The marks panel's answers to the rest of `DashboardPanel` (no
/// requirement has a default; issue 30).
extension MarksPanel {
    static var helpSections: [(scope: KeyScope, heading: UIText)] { [] }
    static func wantedRows(_ state: AppState) -> Int { minimumRows }
    static func isIdle(_ state: AppState) -> Bool { false }

    /// The mark key, before any overlay, mode or other panel's field
    /// (`MarkKey`): a sight is never lost to a mode.
    static func preemptKey(_ key: Key, in state: AppState) -> (AppState, [Effect])? {
        MarkKey.records(key, in: state) ? perform(.record, in: state) : nil
    }

    static func tick(_ state: inout AppState) -> [Effect] { [] }
    static func deadline(_ state: AppState) -> Date? { nil }
    static func frameIntervalMilliseconds(_ state: AppState, at now: Date) -> Int32? { nil }
    /// Marks are handed to the store as they are made: nothing waits here.
    static func flush(_ state: AppState) -> (AppState, [Effect]) { (state, []) }
    /// A mark on its way (sent, or held in the journal but not numbered).
    static func awaitsStore(_ state: AppState) -> Bool {
        state.marks.pending > 0 || !state.marks.unstored.isEmpty
    }
    static func settingsChanged(_ state: AppState) -> AppState { state }

    /// A stop and continue flags the marks stamped as the process went on.
    static func react(to event: Event, in state: inout AppState) {
        guard case let .resumedAfterStop(at, stoppedSeconds) = event else { return }
        state = noteResumed(at: at, stoppedSeconds: stoppedSeconds, in: state)
    }

    static func headerNote(_ state: AppState) -> String? { nil }

    /// The mark key works in every mode: Space, or Ctrl-Space while a
    /// field types Space.
    static func everyModeHint(_ state: AppState) -> (key: String, label: UIText)? {
        ((MarkKey.fieldTakesSpace(state) ? Key.controlSpace : Key.space).label, .hintMark)
    }

    /// A read-only store is said once, at the start, as on the screen.
    static func greeting(_ state: AppState) -> [String] {
        guard let readOnly = state.marks.readOnlyStore else { return [] }
        return [state.language.text(.plainWarning) + state.language.text(
            .storeReadOnly(path: readOnly.path, journalWritable: readOnly.journalWritable, advice: readOnly.advice))]
    }

    static func fieldLine(_ state: AppState) -> String? { nil }
}
