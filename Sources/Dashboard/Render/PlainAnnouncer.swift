import Foundation
import TimeKit

/// What the plain, line-oriented mode says: a line for each change a person
/// needs to hear about, derived from the state before and after an event.
/// Screen readers and serial consoles get words, never cursor movement.
public enum PlainAnnouncer {
    /// Lines printed when plain mode starts.
    public static func greeting(_ state: AppState) -> [String] {
        var lines = ["timedeck (plain mode). Press ? for keys, t for the time, q to quit."]
        if let notice = state.configNotice { lines.append("Warning: " + notice) }
        lines.append(timeLine(state))
        return lines
    }

    /// The current time as one sentence-like line.
    public static func timeLine(_ state: AppState) -> String {
        let offset = state.localZone.secondsFromGMT(for: state.now)
        return "UTC \(MarkTime.clock(state.now)), \(MarkTime.date(state.now)). "
            + "Local \(LocalTimeText.weekdayTime(state.now, in: state.localZone)) "
            + "\(LocalTimeText.offset(seconds: offset)) \(state.localZone.identifier)."
    }

    /// Lines describing what changed between `old` and `new`.
    public static func changes(from old: AppState, to new: AppState) -> [String] {
        var lines: [String] = []
        if old.overlay == nil, case .help = new.overlay {
            lines.append("Keys:")
            for line in HelpOverlay.content(new) {
                if line.isHeading { lines.append(line.keys + ":") } else if !line.keys.isEmpty { lines.append("  \(line.keys): \(line.text)") }
            }
            lines.append("End of keys. Escape closes.")
        } else if case .help = old.overlay, new.overlay == nil {
            lines.append("Help closed.")
        }
        if old.focus != new.focus, let focus = new.focus {
            lines.append("Focus: \(focus.rawValue) panel.")
        }
        if new.timeRequests != old.timeRequests { lines.append(timeLine(new)) }
        lines += MarksPanel.announcements(from: old.marks, to: new.marks)
        lines += PanelSummaries.callChange(from: old, to: new)
        lines += CallsPanel.announcements(from: old, to: new)
        if let notice = new.notice, notice != old.notice {
            lines.append((notice.isProblem ? "Problem: " : "") + notice.text)
        }
        if old.overlay == nil, case .settings = new.overlay {
            lines.append("Settings open: arrows change the selected setting (saved at once); Escape closes.")
        } else if case .settings = old.overlay, new.overlay == nil {
            lines.append("Settings closed.")
        }
        if case .settings(let selected) = new.overlay, old.overlay != new.overlay || old.settings != new.settings,
           SettingsOverlay.items.indices.contains(selected) {
            let item = SettingsOverlay.items[selected]
            lines.append("\(item.title): \(item.current(new)).")
        }
        if new.mars.settings != old.mars.settings { lines.append(MarsPanel.plainLine(new)) }
        if new.isQuitting && !old.isQuitting { lines.append("Goodbye.") }
        return lines
    }

    /// A line at the top of each UTC minute, like a talking clock; nil at
    /// other seconds.
    public static func minuteLine(from old: AppState, to new: AppState) -> String? {
        let before = Int(old.now.timeIntervalSince1970.rounded(.down)) / 60
        let after = Int(new.now.timeIntervalSince1970.rounded(.down)) / 60
        return after > before ? timeLine(new) : nil
    }
}
