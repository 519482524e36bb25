import Foundation
import TimeKit

/// The sights panel as a dashboard panel: the one conformance the registry lists.
extension SightsPanel: DashboardPanel {
    static var id: PanelID { .sights }
    /// The box, the DR, one sight, the fix line.
    static var minimumRows: Int { 5 }
    /// Kept last when short, and not on screen until it has something to
    /// show (`isIdle`): the screens without sights stay as they were.
    static var layoutHints: PanelLayoutHints { PanelLayoutHints(keepPriority: 3) }

    /// The entry field is open.
    static func isModal(_ state: AppState) -> Bool { state.sights.entry != nil }

    /// The entry field and its message, for a screen too small for the panel
    /// (80×24 with the marks, Mars and calls panels).
    static func fieldLine(_ state: AppState) -> String? {
        guard let entry = state.sights.entry else { return nil }
        let l = state.language
        var line = l.text(.sightEntryField(id: entry.markId, held: entry.heldKey != nil, text: entry.text))
        if let message = state.sights.message { line += "  " + l.text(message.content) } else { line += "  " + l.text(.sightEntryHint) }
        return line
    }

    /// The entry field types Space ("Kaus Australis, 43 23.8" has three).
    static func fieldTakesSpace(_ state: AppState) -> Bool { state.sights.entry != nil }

    /// No sights, no field and nothing to say: the panel gives its rows away.
    static func isIdle(_ state: AppState) -> Bool {
        state.sights.sights.isEmpty && state.sights.entry == nil && state.sights.message == nil
    }

    /// The DR, a row per sight of the round, the fix, its spread, a verdict
    /// and a message or the field (with its completions).
    static func wantedRows(_ state: AppState) -> Int {
        let open = state.sights.entry != nil ? 2 : (state.sights.message != nil ? 1 : 0)
        // The fix, its spread, its distance from the DR and a clock's doubt
        // (or a verdict and what to blame, wrapped), and a left-out note.
        let day = state.sights.day != nil ? 1 : 0
        return max(minimumRows, 2 + 1 + day + state.sights.round.count + 5 + open)
    }

    static func captureKey(_ key: Key, in state: AppState) -> (AppState, [Effect])? {
        captureEntryKey(key, in: state)
    }

    /// The round and the fix (snapshot data summary, in English like the CLI).
    static func summary(_ state: AppState) -> [String] {
        let readout = SightsReadout(state)
        var lines = ["Sights (\(state.sights.sights.count) stored, \(readout.rows.count) in the fix):"]
        if let dr = readout.deadReckoning, let source = readout.source {
            lines.append("  DR \(dr.navigatorText) (\(SightsText.source(source)))")
        }
        if let ahead = state.sights.day?.message(at: state.now.timeIntervalSince1970) {
            lines.append("  " + UILanguage.en.text(ahead))
        }
        for row in readout.rows {
            var line = "  #\(row.sight.markId) \(SightsText.clock(unixMilliseconds: row.sight.unixMilliseconds)) "
                + "\(InertText.display(row.sight.bodyText)) Hs \(SightsText.altitude(row.sight.sextantAltitudeDegrees))"
            if let r = row.reduced {
                line += "  intercept \(SightsText.miles(r.interceptNauticalMiles)) nm \(r.isToward ? "T" : "A")"
                    + "  Zn \(SightsText.azimuth(r.azimuthDegrees))"
            }
            lines.append(line)
        }
        if readout.leftOut > 0 {
            lines.append("  " + UILanguage.en.text(.sightsRoundLeftOut(used: readout.rows.count,
                                                                       total: readout.rows.count + readout.leftOut)))
        }
        if let fix = readout.fix {
            lines.append("  fix \(fix.position.navigatorText)  " + UILanguage.en.text(SightsText.spread(fix)))
            for note in SightsText.fixNotes(fix) { lines.append("  " + UILanguage.en.text(note.message)) }
        } else if let reason = readout.noFix {
            if let line = readout.line { lines.append("  " + UILanguage.en.text(SightsText.oneLine(line))) }
            for message in SightsText.noFix(reason, rows: readout.rows.map(\.sight)).lines {
                lines.append("  " + UILanguage.en.text(message))
            }
        }
        return lines
    }

    /// Plain mode: the field as it opens and as typed, each new sight's
    /// intercept, a new fix, and the panel's messages.
    static func announcements(from old: AppState, to new: AppState) -> [String] {
        let l = new.language
        var lines: [String] = []
        if let entry = new.sights.entry, entry != old.sights.entry {
            // A key that adds or takes away one character is spoken as that
            // character (issue 28: the whole field was re-read at every key);
            // opening the field, a completion or any other change reads it whole.
            let before = old.sights.entry?.text
            if let before, entry.text.count == before.count + 1, entry.text.hasPrefix(before), let c = entry.text.last {
                lines.append(l.text(.plainKeyTyped(InertText.display(String(c)))))
            } else if let before, before.count == entry.text.count + 1, before.hasPrefix(entry.text), let c = before.last {
                lines.append(l.text(.plainKeyErased(InertText.display(String(c)))))
            } else if entry.text != before {
                var line = l.text(.sightEntryField(id: entry.markId, held: entry.heldKey != nil, text: entry.text)).replacingOccurrences(of: "▏", with: "")
                if old.sights.entry == nil { line += " " + l.text(.sightEntryHint) }
                lines.append(line)
            }
        }
        if let message = new.sights.message, message != old.sights.message { lines.append(l.text(message.content)) }
        // The day ahead once per day planned (not again as each time passes).
        if let day = new.sights.day, day != old.sights.day, let ahead = day.message(at: new.now.timeIntervalSince1970) {
            lines.append(l.text(ahead))
        }
        guard new.sights.sights != old.sights.sights || new.settings != old.settings else { return lines }
        let before = SightsReadout(old), after = SightsReadout(new)
        for row in after.rows {
            guard let r = row.reduced else { continue }
            if before.rows.contains(where: { $0.sight == row.sight && $0.reduced == r }) { continue }
            lines.append(l.text(.plainSight(id: row.sight.markId, body: row.sight.bodyText,
                                            miles: SightsText.miles(r.interceptNauticalMiles), toward: r.isToward,
                                            azimuth: SightsText.azimuth(r.azimuthDegrees))))
        }
        if let fix = after.fix, fix != before.fix {
            lines.append(l.text(.plainFix(position: fix.position.navigatorText)) + " " + l.text(SightsText.spread(fix)))
            for note in SightsText.fixNotes(fix) { lines.append(l.text(note.message)) }
        } else if after.fix == nil, let reason = after.noFix, reason != before.noFix, !after.rows.isEmpty {
            lines += SightsText.noFix(reason, rows: after.rows.map(\.sight)).lines.map { l.text($0) }
        }
        return lines
    }
}

/// The sights panel's answers to the rest of `DashboardPanel` (no
/// requirement has a default; issue 30).
extension SightsPanel {
    static var helpSections: [(scope: KeyScope, heading: UIText)] { [] }
    static func preemptKey(_ key: Key, in state: AppState) -> (AppState, [Effect])? { nil }
    /// The day ahead at the DR, asked of the shell when it no longer serves.
    static func tick(_ state: inout AppState) -> [Effect] { SightsDay.askIfDue(&state) }
    static func deadline(_ state: AppState) -> Date? { nil }
    static func frameIntervalMilliseconds(_ state: AppState, at now: Date) -> Int32? { nil }
    /// A sight is saved when its entry is accepted; an open entry is the
    /// user's to finish or abandon.
    static func flush(_ state: AppState) -> (AppState, [Effect]) { (state, []) }
    static func awaitsStore(_ state: AppState) -> Bool { false }
    static func settingsChanged(_ state: AppState) -> AppState { state }

    /// A deleted mark's sight leaves the store with it (kept there for an
    /// undo): the panel lets it go too, as a restart would, and an undo
    /// brings both back.
    static func react(to event: Event, in state: inout AppState) {
        guard case .marks(let marksEvent) = event else { return }
        switch marksEvent {
        case .deleted(let mark): state.sights.forgetSights(ofMarks: [mark])
        case .cleared(let marks): state.sights.forgetSights(ofMarks: marks)
        case .restored(let marks): state.sights.restoreSights(ofMarks: marks)
        default: return
        }
    }

    static func headerNote(_ state: AppState) -> String? { nil }
    static func everyModeHint(_ state: AppState) -> (key: String, label: UIText)? { nil }
    static func greeting(_ state: AppState) -> [String] { [] }
}
