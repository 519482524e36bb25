import Foundation
import TimeKit

/// Drawing the marks panel, under the header's live UTC clock:
///
/// ```
///  clock NOT synchronized (kernel) · gpsd 127.0.0.1:2947: 3D fix, 9 satellites
///  Marks 12        bell on · flash on · watch −0.300 s
/// ▶   #12  22d 00h 04m 52.459s  27° 28'.02 S  153° 22'.84 E  Sun LL
///     #11  22d 00h 04m 50.001s  no position
///  …five rows, newest first…
///  2026-11-22T00:04:52.459Z  27° 28'.02 S  153° 22'.84 E (gpsd 3D, 0.4 s old)  “Sun LL”
/// ```
extension MarksPanel {
    static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame) {
        guard rect.height > 0 else { return }
        let m = state.marks
        var y = rect.y
        drawClockStatus(state, y: y, in: rect, into: &frame)
        y += 1
        guard y < rect.maxY else { return }
        drawTitleLine(state, y: y, in: rect, into: &frame)
        y += 1
        if m.marks.isEmpty, y < rect.maxY {
            frame.put(state.language.text(.marksEmpty), x: rect.x + 2, y: y, role: .dim, clip: rect)
        }
        for index in m.firstVisible..<min(m.marks.count, m.firstVisible + MarksPanelState.visibleRows) where y < rect.maxY {
            drawRow(m.marks[index], selected: index == m.selected, state: state, y: y, in: rect, into: &frame)
            y += 1
        }
        let detailY = rect.y + 2 + MarksPanelState.visibleRows
        if detailY < rect.maxY, let mark = m.selectedMark {
            frame.put(detailLine(mark, state.language), x: rect.x + 1, y: detailY, role: mark.position.status == .stale ? .warning : .normal, clip: rect)
        }
        if detailY + 1 < rect.maxY {
            frame.put(state.language.text(.marksHint), x: rect.x + 1, y: detailY + 1, role: .keyHint, clip: rect)
        }
    }

    /// `clock synced ±2.0 ms (kernel), GPS −0.3 ms (PPS) · gpsd …: 3D fix`.
    static func drawClockStatus(_ state: AppState, y: Int, in rect: Rect, into frame: inout Frame) {
        let m = state.marks
        let now = SightingMark.unixNanoseconds(state.now)
        let status = ClockStatus(kernel: m.kernel, gpsOffset: m.gps?.currentOffset(at: now))
        var text = MarksStatusText.clock(status, state.language)
        if let gps = m.gps { text += " · " + MarksStatusText.gpsd(gps, state.language) }
        let trusted = m.kernel?.synchronized == true
        frame.put(text, x: rect.x + 1, y: y, role: trusted ? .dim : .warning, clip: rect)
    }

    /// The title and toggles, or what the panel is asking or telling.
    static func drawTitleLine(_ state: AppState, y: Int, in rect: Rect, into frame: inout Frame) {
        let m = state.marks
        let l = state.language
        switch m.mode {
        case .editingNote(let id, let text):
            let x = frame.put(l.text(.noteFor(id: id)), x: rect.x + 1, y: y, role: .title, clip: rect)
            // The end of long text stays visible while typing.
            let room = max(1, rect.maxX - x - 28)
            let shown = InertText.display(text)
            let tail = shown.count > room ? "…" + shown.suffix(room - 1) : shown
            let after = frame.put(tail + "▏", x: x, y: y, role: .selection, clip: rect)
            frame.put("  " + l.text(.marksNoteHint), x: after, y: y, role: .keyHint, clip: rect)
            return
        case .confirmingClear(let count):
            frame.put(l.text(.confirmClear(count: count)),
                      x: rect.x + 1, y: y, role: .warning, clip: rect)
            return
        case .browsing:
            break
        }
        if let message = m.message {
            frame.put(message.text, x: rect.x + 1, y: y,
                      role: message.isError ? .error : .warning, clip: rect)
            return
        }
        let loaded = m.totalCount > m.marks.count ? l.text(.newestLoaded(count: m.marks.count)) : ""
        let x = frame.put("\(l.text(.marksTitle)) \(m.totalCount)\(loaded)", x: rect.x + 1, y: y, role: .title, clip: rect)
        let marking = state.markSettings
        var toggles = l.text(.marksToggles(bell: marking.bellEnabled, flash: marking.flashEnabled))
        if marking.correctionNanoseconds != 0 {
            toggles += " · " + l.text(.watchCorrection(SightingMark.signedSeconds(nanoseconds: marking.correctionNanoseconds)))
        }
        frame.put(toggles, x: max(x + 2, rect.maxX - 1 - DisplayWidth.of(toggles)), y: y, role: .dim, clip: rect)
    }

    /// `▶   #12  22d 00h 04m 52.459s  27° 28'.02 S  153° 22'.84 E  Sun LL`.
    static func drawRow(_ mark: SightingMark, selected: Bool, state: AppState, y: Int, in rect: Rect, into frame: inout Frame) {
        let flashing = state.markIsFlashing(mark.id, at: state.now)
        let role: StyleRole = flashing ? .markFlash : selected ? .selection : .normal
        let id = "#\(mark.id.map(String.init) ?? "?")"
        let idText = String(repeating: " ", count: max(0, 6 - id.count)) + id
        var text = "\(selected ? "▶" : " ")\(idText)  \(mark.markTimeText)"
        if mark.correctionNanoseconds != 0 { text += "*" }
        text += "  " + rowPosition(mark.position, state.language)
        if !mark.note.isEmpty { text += "  " + InertText.display(mark.note) }
        if selected || flashing {
            frame.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), role: role)
        }
        frame.put(text, x: rect.x, y: y, role: role, clip: rect)
    }

    /// The position as a row shows it: navigator text, or a word.
    static func rowPosition(_ p: MarkPosition, _ l: UILanguage = .en) -> String {
        switch p.status {
        case .fixed, .current: return p.coordinate?.navigatorText ?? l.text(.noPosition)
        case .stale: return l.text(.stalePosition) + " " + (p.coordinate?.navigatorText ?? "")
        case .noFix: return l.text(p.source == .gpsd ? .noGPSFix : .noPosition)
        }
    }

    /// Full ISO instant, correction, position with its source, and the note.
    static func detailLine(_ mark: SightingMark, _ language: UILanguage = .en) -> String {
        var text = mark.isoText
        if let correction = mark.correctionText {
            text += "  " + language.text(.watchCorrection(correction)) + " → \(mark.correctedISOText)"
        }
        // Interface words are translated; the note (user text) never is.
        text += "  " + MarksStatusText.position(mark.position, language)
        if !mark.note.isEmpty { text += "  “\(InertText.display(mark.note))”" }
        return text
    }

    /// Plain mode's lines for the marks: a new mark, a failure, a message.
    public static func announcements(from old: MarksPanelState, to new: MarksPanelState, language l: UILanguage = .en) -> [String] {
        var lines: [String] = []
        let oldIDs = Set(old.marks.compactMap(\.id))
        for mark in new.marks.reversed() where mark.id.map({ !oldIDs.contains($0) }) ?? false && new.totalCount > old.totalCount {
            lines.append(l.text(.markRecorded(id: mark.id ?? 0, markTime: mark.markTimeText, iso: mark.isoText,
                                              position: MarksStatusText.position(mark.position, l))))
        }
        if new.message != old.message, let message = new.message { lines.append(message.text) }
        if new.mode != old.mode {
            switch new.mode {
            case .editingNote(let id, let text) where old.mode == .browsing:
                lines.append(l.text(.typeNote(id: id, current: InertText.display(text))))
            case .confirmingClear(let count):
                lines.append(l.text(.confirmClearSpoken(count: count)))
            default: break
            }
        }
        return lines
    }
}
