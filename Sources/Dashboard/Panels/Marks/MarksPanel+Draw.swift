import Foundation
import TimeKit

/// Drawing the marks panel, under the header's live UTC clock:
///
/// ```
///  clock NOT synchronized (kernel) · gpsd 127.0.0.1:2947: 3D fix, 9 satellites
///  Marks 12        bell on · flash on · watch −0.300 s
/// ▶   #12  22d 00h 04m 52.459s  27° 28'.02 S  153° 22'.84 E  Sun LL
///     #11  22d 00h 04m 50.001s  no position
///  …as many rows as the panel has, newest first…
///  2026-11-22T00:04:52.459Z  27° 28'.02 S  153° 22'.84 E (gpsd 3D, 0.4 s old)  “Sun LL”
/// ```
extension MarksPanel {
    /// Everything the panel's drawing reads: its state, the settings, the
    /// sights (a selected mark's sight), the language, and what it takes
    /// from the time: the clock status at this instant and whether the
    /// newest mark still flashes.
    struct DrawInputs: Sendable {
        var marks: MarksPanelState
        var settings: Settings
        var markSettings: MarkSettings
        var sights: SightsPanelState
        var language: UILanguage
        var status: ClockStatus
        var flashing: Bool
    }

    /// The last drawing, replayed while nothing it is drawn from changed
    /// (an idle second changes none of it).
    static let replayed = ReplayedPanel<DrawInputs>()

    static func draw(_ state: AppState, in whole: Rect, into frame: inout Frame) {
        draw(state, in: whole, into: &frame, replayed: replayed)
    }

    /// `draw` with the memo given (tests keep one of their own).
    static func draw(_ state: AppState, in whole: Rect, into frame: inout Frame, replayed: ReplayedPanel<DrawInputs>) {
        guard whole.height > 0 else { return }
        let status = clockStatus(state)
        let flashing = state.marks.flashUntil.map { state.now < $0 } ?? false
        let language = state.language
        replayed.draw(in: whole, into: &frame, same: { last in
            last.flashing == flashing && last.status == status && last.language == language
                && last.marks == state.marks && last.settings == state.settings
                && last.markSettings == state.markSettings && last.sights == state.sights
        }, inputs: {
            DrawInputs(marks: state.marks, settings: state.settings, markSettings: state.markSettings, sights: state.sights,
                       language: language, status: status, flashing: flashing)
        }, draw: { frame, rect in
            drawEveryPart(state, in: rect, into: &frame)
        })
    }

    /// The clock status line's numbers at this instant (the kernel's, and
    /// GPS minus system time when gpsd reports time).
    static func clockStatus(_ state: AppState) -> ClockStatus {
        ClockStatus(kernel: state.marks.kernel,
                    gpsOffset: state.marks.gps?.currentOffset(at: SightingMark.unixNanoseconds(state.now)))
    }

    /// The panel drawn afresh (what `replayed` remembers).
    static func drawEveryPart(_ state: AppState, in whole: Rect, into frame: inout Frame) {
        guard whole.height > 0 else { return }
        let m = state.marks
        // Marks NOT saved first, each with its instant, until dismissed: at
        // most half the panel (the newest), the rest of it below as usual.
        let shared = m.team.flatMap { team in
            team.sharedMarks > 0 ? state.language.text(.teamStationShared(station: team.station, marks: team.sharedMarks,
                                                                          example: team.sharedExample ?? "")) : nil
        }
        let alerts = (shared.map { [$0] } ?? []) + m.lateStamps + m.notSaved.map {
            state.language.text(.markNotSaved(reason: $0.reason, markTime: $0.markTime, iso: $0.iso))
        }
        let listed = alerts.suffix(max(0, whole.height / 2 - 1))
        var top = whole.y
        // A read-only store, said once, above everything: what it means,
        // then the fix on a line of its own (at most half the panel).
        if let readOnly = m.readOnlyStore {
            let notice = state.language.text(.storeReadOnly(path: readOnly.path, journalWritable: readOnly.journalWritable,
                                                            advice: readOnly.advice))
            let parts = notice.components(separatedBy: " — ")
            let rows = max(2, min(4, whole.height / 2))
            // The fix is kept whole when it can be; the statement is cut first.
            let fix = parts.dropFirst().flatMap { DisplayWidth.wrapped("— " + $0, width: whole.width - 2) }.prefix(rows - 1)
            let said = DisplayWidth.wrapped(parts.first ?? notice, width: whole.width - 2).prefix(rows - fix.count)
            for line in said + fix {
                frame.put(line, x: whole.x + 1, y: top, role: readOnly.journalWritable ? .warning : .error, clip: whole)
                top += 1
            }
        }
        for line in listed.reversed() {
            frame.put(line, x: whole.x + 1, y: top, role: .error, clip: whole)
            top += 1
        }
        if !listed.isEmpty {
            frame.put("x: " + state.language.text(.keyDismissNotSaved), x: whole.x + 1, y: top, role: .keyHint, clip: whole)
            top += 1
        }
        let rect = Rect(x: whole.x, y: top, width: whole.width, height: whole.maxY - top)
        guard rect.height > 0 else { return }
        var y = rect.y
        drawClockStatus(state, y: y, in: rect, into: &frame)
        y += 1
        guard y < rect.maxY else { return }
        drawTitleLine(state, y: y, in: rect, into: &frame)
        y += 1
        let (detail, hintRows, historyRows) = bottomRows(state, in: rect)
        let (teamRows, ownRows) = historySplit(state, historyRows: historyRows)
        if m.marks.isEmpty, y < rect.maxY {
            frame.put(state.language.text(.marksEmpty), x: rect.x + 2, y: y, role: .dim, clip: rect)
        }
        let first = m.firstVisible(rows: ownRows)
        for index in first..<min(m.marks.count, first + ownRows) where y < rect.maxY {
            drawRow(m.marks[index], selected: index == m.selected, state: state, y: y, in: rect, into: &frame)
            y += 1
        }
        if let team = m.team, teamRows > 0 {
            y = rect.y + 2 + historyRows - teamRows
            for other in team.others.prefix(teamRows) where y < rect.maxY {
                drawTeamRow(other, state: state, y: y, in: rect, into: &frame)
                y += 1
            }
        }
        var detailY = rect.y + 2 + historyRows
        if let mark = m.selectedMark {
            for line in detail where detailY < rect.maxY {
                frame.put(line, x: rect.x + 1, y: detailY, role: mark.position.status == .stale ? .warning : .normal, clip: rect)
                detailY += 1
            }
        }
        if hintRows > 0, detailY < rect.maxY {
            frame.put(state.language.text(.marksHint), x: rect.x + 1, y: rect.maxY - 1, role: .keyHint, clip: rect)
        }
    }

    /// Marks shown at least before the key hint gives up its row.
    static let minimumHistoryRows = 5

    /// The panel's bottom: the selected mark's detail and, when there is
    /// room, the key hint; the history takes every row between (below the
    /// status and title lines). The detail wraps (two lines keep the note
    /// and position at 120 columns; a watch correction may take a third
    /// when the panel has rows).
    static func bottomRows(_ state: AppState, in rect: Rect) -> (detail: [String], hint: Int, history: Int) {
        let top = rect.y + 2
        // The detail wraps rather than being cut (the guide's promise): it
        // takes rows the history does not need, and when the history is
        // full, all but two of its rows; the key hint comes after both.
        let markRows = max(1, state.marks.marks.count + (state.marks.team?.others.count ?? 0))
        let detailRoom = rect.maxY - top - min(markRows, 2)
        let detail = state.marks.selectedMark.map {
            detailLines($0, state.language, width: rect.width - 2, maxLines: min(4, max(1, detailRoom)),
                        sight: sight(of: $0, in: state))
        } ?? []
        let hintRows = rect.maxY - top >= detail.count + 1 + min(markRows, minimumHistoryRows) ? 1 : 0
        return (detail, hintRows, max(1, rect.maxY - top - detail.count - hintRows))
    }

    /// How many marks PgUp/PgDn move: the history rows shown now (five when
    /// the panel is not on screen).
    static func pageRows(_ state: AppState) -> Int {
        guard let rect = dashboardLayout(state, size: state.screenSize).panels[.marks], rect.height > 2 else {
            return MarksPanelState.visibleRows
        }
        return historySplit(state, historyRows: bottomRows(state, in: rect).history).own
    }

    /// Other stations' newest marks take the bottom of the history: up to a
    /// third of it, at least one row when there are any; this station's
    /// marks the rest.
    static func historySplit(_ state: AppState, historyRows: Int) -> (team: Int, own: Int) {
        let teamRows = state.marks.team.map { min($0.others.count, max(1, historyRows / 3)) } ?? 0
        return (teamRows, max(1, historyRows - teamRows))
    }

    /// `clock synced ±2.0 ms (kernel), GPS −0.3 ms (PPS) · gpsd …: 3D fix`.
    static func drawClockStatus(_ state: AppState, y: Int, in rect: Rect, into frame: inout Frame) {
        let m = state.marks
        let status = clockStatus(state)
        var text = MarksStatusText.clock(status, state.language)
        if let gps = m.gps { text += " · " + MarksStatusText.gpsd(gps, state.language) }
        let trusted = m.kernel?.synchronized == true
        frame.put(text, x: rect.x + 1, y: y, role: trusted ? .dim : .warning, clip: rect)
    }

    /// The title and toggles, or what the panel is asking or telling.
    /// Columns the note being typed keeps before the key hint is shown
    /// beside it.
    static let noteRoomBeforeHint = 24

    static func drawTitleLine(_ state: AppState, y: Int, in rect: Rect, into frame: inout Frame) {
        let m = state.marks
        let l = state.language
        switch m.mode {
        case .editingNote(let id, let text, _):
            let x = frame.put(l.text(.noteFor(id: id)), x: rect.x + 1, y: y, role: .title, clip: rect)
            // The end of long text stays visible while typing, and the keys
            // after it when there is room; the text comes first (a panel
            // beside the Mars panel once left it a single "…").
            let fullHint = "  " + l.text(.marksNoteHint)
            let hint = rect.maxX - x - DisplayWidth.of(fullHint) - 2 >= Self.noteRoomBeforeHint ? fullHint : ""
            let room = max(1, rect.maxX - x - DisplayWidth.of(hint) - 2)
            let shown = InertText.display(text)
            let tail = shown.count > room ? "…" + shown.suffix(room - 1) : shown
            let after = frame.put(tail + "▏", x: x, y: y, role: .selection, clip: rect)
            frame.put(hint, x: after, y: y, role: .keyHint, clip: rect)
            return
        case .confirmingClear(let count):
            let x = frame.put(l.text(.confirmClear(count: count)), x: rect.x + 1, y: y, role: .warning, clip: rect)
            frame.put(l.text(.marksClearHint), x: x, y: y, role: .keyHint, clip: rect)
            return
        case .browsing:
            break
        }
        if let message = m.message {
            // The team link's state stays in sight at the right (a message
            // lasts up to 40 s, and "offline" must not wait behind it).
            var right = rect.maxX
            if let team = m.team, let online = team.online {
                let status = l.text(.teamStatus(online: online, toSend: team.toSend))
                let at = rect.maxX - 1 - DisplayWidth.of(status)
                if at > rect.x + 1 + min(DisplayWidth.of(state.language.text(message.content)), 20) + 2 {
                    frame.put(status, x: at, y: y, role: online ? .dim : .warning, clip: rect)
                    right = at - 2
                }
            }
            frame.put(state.language.text(message.content), x: rect.x + 1, y: y, role: message.isError ? .error : .warning,
                      clip: Rect(x: rect.x, y: rect.y, width: max(0, right - rect.x), height: rect.height))
            return
        }
        let loaded = m.totalCount > m.marks.count ? l.text(.newestLoaded(count: m.marks.count)) : ""
        var x = frame.put("\(l.text(.marksTitle)) \(m.totalCount)\(loaded)", x: rect.x + 1, y: y, role: .title, clip: rect)
        if let team = m.team, let online = team.online {
            x = frame.put("  " + l.text(.teamStatus(online: online, toSend: team.toSend)), x: x, y: y,
                          role: online ? .dim : .warning, clip: rect)
            if team.refused > 0 {
                x = frame.put("  " + l.text(.teamRefused(count: team.refused)), x: x, y: y, role: .warning, clip: rect)
            }
        }
        let marking = state.markSettings
        var toggles = l.text(.marksToggles(bell: marking.bellEnabled, flash: marking.flashEnabled))
        if marking.correctionNanoseconds != 0 {
            toggles += " · " + l.text(.watchCorrection(SightingMark.signedSeconds(nanoseconds: marking.correctionNanoseconds)))
        }
        frame.put(toggles, x: max(x + 2, rect.maxX - 1 - DisplayWidth.of(toggles)), y: y, role: .dim, clip: rect)
    }

    /// `▶   #12  22d 00h 04m 52.459s  27° 28'.02 S  153° 22'.84 E  Sun LL`.
    static func drawRow(_ mark: SightingMark, selected: Bool, state: AppState, y: Int, in rect: Rect, into frame: inout Frame) {
        let flashing = state.markIsFlashing(mark, at: state.now)
        let role: StyleRole = flashing ? .markFlash : selected ? .selection : .normal
        // Not yet in SQLite: "held" once durable in the journal, "…" before.
        let id = mark.id.map { "#\($0)" } ?? (state.marks.isHeld(mark) ? state.language.text(.markHeld) : "…")
        let idText = RepeatedText.spaces(6 - id.count) + id
        var text = "\(selected ? "▶" : " ")\(idText)  \(mark.markTimeText)"
        if mark.correctionNanoseconds != 0 { text += "*" }
        text += "  " + rowPosition(mark.position, state.language)
        if !mark.note.isEmpty { text += "  " + InertText.display(mark.note) }
        if selected || flashing {
            frame.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), role: role)
        }
        frame.put(text, x: rect.x, y: y, role: role, clip: rect)
    }

    /// `  north #3  22d 00h 04m 52.459s  no position  note`: another
    /// station's mark, named by its station (never by colour alone).
    static func drawTeamRow(_ other: TeamMark, state: AppState, y: Int, in rect: Rect, into frame: inout Frame) {
        let mark = other.mark
        var text = "  \(InertText.display(other.station)) \(mark.id.map { "#\($0)" } ?? "")  \(mark.markTimeText)"
        if mark.correctionNanoseconds != 0 { text += "*" }
        text += "  " + rowPosition(mark.position, state.language)
        if !mark.note.isEmpty { text += "  " + InertText.display(mark.note) }
        frame.put(text, x: rect.x, y: y, role: .teamMark, clip: rect)
    }

    /// The position as a row shows it: navigator text, or a word.
    static func rowPosition(_ p: MarkPosition, _ l: UILanguage = .en) -> String {
        switch p.status {
        case .fixed, .current: return p.coordinate?.navigatorText ?? l.text(.noPosition)
        case .stale: return l.text(.stalePosition) + " " + (p.coordinate?.navigatorText ?? "")
        case .noFix: return l.text(p.source == .gpsd ? .noGPSFix : .noPosition)
        }
    }

    /// Full ISO instant, correction, position with its source, the sight
    /// (issue 28) and the note.
    static func detailLine(_ mark: SightingMark, _ language: UILanguage = .en, sight: ExportedSight? = nil) -> String {
        detailParts(mark, language, sight: sight).joined(separator: "  ")
    }

    /// The sight of `mark` as the panel knows it (the sights panel's stored
    /// sights), worked out from the mark's position as the exports do.
    static func sight(of mark: SightingMark, in state: AppState) -> ExportedSight? {
        guard let id = mark.id, let stored = state.sights.sights.first(where: { $0.markId == id }) else { return nil }
        return ExportedSight.working(bodyText: stored.bodyText, sextantAltitudeDegrees: stored.sextantAltitudeDegrees,
                                     of: mark, almanac: state.sights.almanac?.almanac,
                                     corrections: state.settings.sightCorrections)
    }

    /// `Sun LL Hs 55 00.0  Ho 55 15.6  57.3 nm A  Zn 158°` (the body inert;
    /// Ho onwards only when the mark has a position and the almanac is loaded).
    static func sightText(_ sight: ExportedSight, _ language: UILanguage) -> String {
        var text = "\(InertText.display(sight.bodyText)) Hs \(SightsText.altitude(sight.sextantAltitudeDegrees))"
        if let d = sight.derived {
            text += "  Ho \(SightsText.altitude(d.observedAltitudeDegrees))  "
                + language.text(.sightIntercept(miles: SightsText.miles(d.interceptNauticalMiles),
                                                toward: d.interceptNauticalMiles >= 0,
                                                azimuth: SightsText.azimuth(d.azimuthDegrees)))
        }
        return text
    }

    static func detailParts(_ mark: SightingMark, _ language: UILanguage, sight: ExportedSight? = nil) -> [String] {
        var parts = [mark.isoText]
        if let correction = mark.correctionText {
            parts.append(language.text(.watchCorrection(correction)) + " → \(mark.correctedISOText)")
        }
        // Interface words are translated; the note (user text) never is.
        parts.append(MarksStatusText.position(mark.position, language))
        if let sight { parts.append(sightText(sight, language)) }
        if !mark.note.isEmpty { parts.append("“\(InertText.display(mark.note))”") }
        return parts
    }

    /// The detail in at most `maxLines` lines of `width` columns, wrapped
    /// at spaces; only a word wider than a line (a long note) is broken,
    /// and only the last line may end in "…".
    static func detailLines(_ mark: SightingMark, _ language: UILanguage, width: Int, maxLines: Int = 2,
                            sight: ExportedSight? = nil) -> [String] {
        let width = max(2, width)
        var lines: [String] = []
        var current = ""
        // Words with the spaces before them, so the two spaces between parts survive.
        for word in detailLine(mark, language, sight: sight).split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let joined = current.isEmpty ? word : current + " " + word
            if DisplayWidth.of(joined) <= width {
                current = joined
                continue
            }
            if !current.trimmingCharacters(in: .whitespaces).isEmpty { lines.append(current) }
            current = word
            while DisplayWidth.of(current) > width {
                let fitted = DisplayWidth.prefix(current, fitting: width)
                let head = fitted.isEmpty ? String(current.prefix(1)) : fitted
                lines.append(head)
                current = String(current.dropFirst(head.count))
            }
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { lines.append(current) }
        lines = lines.map { String($0.drop { $0 == " " }) }
        guard lines.count > maxLines else { return lines }
        var kept = Array(lines.prefix(maxLines))
        kept[maxLines - 1] = DisplayWidth.prefix(kept[maxLines - 1], fitting: width - 1) + "…"
        return kept
    }

    /// Plain mode's lines for the marks: a new mark, a failure, a message.
    public static func announcements(from old: MarksPanelState, to new: MarksPanelState, language l: UILanguage = .en) -> [String] {
        var lines: [String] = []
        let oldIDs = Set(old.marks.compactMap(\.id))
        // A held mark that reaches SQLite does not raise the count: it was
        // counted when it was shown.
        let oldUnstored = Set(old.unstored.compactMap(\.uniqueKey))
        for mark in new.marks.reversed() where mark.id.map({ !oldIDs.contains($0) }) ?? false
            && (new.totalCount > old.totalCount || mark.uniqueKey.map(oldUnstored.contains) == true) {
            lines.append(l.text(.markRecorded(id: mark.id ?? 0, markTime: mark.markTimeText, iso: mark.isoText,
                                              position: MarksStatusText.position(mark.position, l))))
        }
        let oldOthers = Set((old.team?.others ?? []).map { "\($0.station) \($0.mark.uniqueKey ?? "")" })
        for other in (new.team?.others ?? []).reversed() where old.team?.othersLoaded == true && !oldOthers.contains("\(other.station) \(other.mark.uniqueKey ?? "")") {
            lines.append(l.text(.teamMarkArrived(station: InertText.display(other.station), markTime: other.mark.markTimeText,
                                                 iso: other.mark.isoText)))
        }
        if new.team?.online != old.team?.online || (new.team?.online == false && new.team?.toSend != old.team?.toSend),
           let team = new.team, let online = team.online {
            lines.append(l.text(.teamStatus(online: online, toSend: team.toSend)))
        }
        if let team = new.team, team.refused > (old.team?.refused ?? 0) {
            lines.append(l.text(.teamRefused(count: team.refused)))
        }
        if let team = new.team, team.sharedMarks > 0, team.sharedMarks != old.team?.sharedMarks {
            lines.append(l.text(.teamStationShared(station: team.station, marks: team.sharedMarks, example: team.sharedExample ?? "")))
        }
        if new.message != old.message, let message = new.message { lines.append(l.text(message.content)) }
        if new.mode != old.mode {
            switch new.mode {
            case .editingNote(let id, let text, _) where old.mode == .browsing:
                lines.append(l.text(.typeNote(id: id, current: InertText.display(text))))
            case .editingNote(_, let text, _):
                lines.append(l.text(.typedNote(InertText.display(text))))
            case .confirmingClear(let count):
                lines.append(l.text(.confirmClearSpoken(count: count)))
            default: break
            }
        }
        return lines
    }
}
