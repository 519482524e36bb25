import Foundation
import TimeKit

/// What the plain, line-oriented mode says: a line for each change a person
/// needs to hear about, derived from the state before and after an event.
/// Screen readers and serial consoles get words, never cursor movement.
public enum PlainAnnouncer {
    /// Lines printed when plain mode starts.
    public static func greeting(_ state: AppState) -> [String] {
        var lines = [state.language.text(.plainGreeting)]
        if let notice = state.configNoticeText { lines.append(state.language.text(.plainWarning) + notice) }
        lines.append(timeLine(state))
        // What the panels already hold (the stored forecast, a read-only
        // store: no change announces them, issue 28).
        for panel in PanelRegistry.all where state.panels.contains(panel.id) { lines += panel.greeting(state) }
        return lines
    }

    /// The current time as one sentence-like line.
    public static func timeLine(_ state: AppState) -> String {
        let offset = state.localZone.offsetSeconds(at: state.now)
        let f = LocalTimeText.fields(state.now, in: state.localZone)
        let time = "\(MarkTime.pad(f.hour)):\(MarkTime.pad(f.minute)):\(MarkTime.pad(f.second))"
        return "UTC \(MarkTime.clock(state.now)), \(Header.utcDate(state)). "
            + "\(state.language.text(.local)) \(state.language.weekday(f.isoWeekday)) \(time) "
            + "\(LocalTimeText.offset(seconds: offset)) \(state.localZoneLabel)."
    }

    /// Lines describing what changed between `old` and `new`.
    public static func changes(from old: AppState, to new: AppState) -> [String] {
        let l = new.language
        var lines: [String] = []
        if old.overlay == nil, case .help = new.overlay {
            lines.append(l.text(.plainKeys))
            for line in HelpOverlay.content(new) {
                if line.isHeading { lines.append(line.keys + ":") } else if !line.keys.isEmpty { lines.append("  \(line.keys): \(line.text)") }
            }
            lines.append(l.text(.plainEndOfKeys))
        } else if case .help = old.overlay, new.overlay == nil {
            lines.append(l.text(.plainHelpClosed))
        }
        if old.focus != new.focus, let focus = new.focus {
            lines.append(l.text(.focusPanel(focus)))
        }
        if new.timeRequests != old.timeRequests { lines.append(timeLine(new)) }
        for panel in PanelRegistry.all where new.panels.contains(panel.id) {
            lines += panel.announcements(from: old, to: new)
        }
        if let notice = new.notice, notice != old.notice {
            lines.append((notice.isProblem ? l.text(.plainProblem) : "") + l.text(notice.message))
        }
        if old.overlay == nil, case .settings = new.overlay {
            lines.append(l.text(.plainSettingsOpen))
        } else if case .settings = old.overlay, new.overlay == nil {
            lines.append(l.text(.plainSettingsClosed))
        }
        if case .settings(let selected) = new.overlay, old.overlay != new.overlay || old.settings != new.settings,
           SettingsOverlay.items.indices.contains(selected) {
            let item = SettingsOverlay.items[selected]
            lines.append(l.text(.settingValue(title: item.title, value: item.current(new.settings).shownValue(l))))
        }
        if new.isQuitting && !old.isQuitting { lines.append(l.text(.plainGoodbye)) }
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
