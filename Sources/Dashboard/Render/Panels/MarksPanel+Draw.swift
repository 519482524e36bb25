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
            frame.put(state.language.localized("No marks yet: press Space to record the exact UTC instant."), x: rect.x + 2, y: y, role: .dim, clip: rect)
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
            frame.put(state.language.localizedPhrases(hintLine), x: rect.x + 1, y: detailY + 1, role: .keyHint, clip: rect)
        }
    }

    /// `clock synced ±2.0 ms (kernel), GPS −0.3 ms (PPS) · gpsd …: 3D fix`.
    static func drawClockStatus(_ state: AppState, y: Int, in rect: Rect, into frame: inout Frame) {
        let m = state.marks
        let now = SightingMark.unixNanoseconds(state.now)
        let status = ClockStatus(kernel: m.kernel, gpsOffset: m.gps?.currentOffset(at: now))
        var text = status.summary
        if let gps = m.gps { text += " · " + gps.summary }
        let trusted = m.kernel?.synchronized == true
        frame.put(state.language.localizedPhrases(text), x: rect.x + 1, y: y, role: trusted ? .dim : .warning, clip: rect)
    }

    /// The title and toggles, or what the panel is asking or telling.
    static func drawTitleLine(_ state: AppState, y: Int, in rect: Rect, into frame: inout Frame) {
        let m = state.marks
        switch m.mode {
        case .editingNote(let id, let text):
            let x = frame.put(state.language.localizedPhrases("Note for #\(id): "), x: rect.x + 1, y: y, role: .title, clip: rect)
            // The end of long text stays visible while typing.
            let room = max(1, rect.maxX - x - 28)
            let shown = InertText.display(text)
            let tail = shown.count > room ? "…" + shown.suffix(room - 1) : shown
            let after = frame.put(tail + "▏", x: x, y: y, role: .selection, clip: rect)
            frame.put(state.language.localizedPhrases("  Enter saves · Esc cancels"), x: after, y: y, role: .keyHint, clip: rect)
            return
        case .confirmingClear(let count):
            frame.put(state.language.localizedPhrases("Delete all \(count) mark\(count == 1 ? "" : "s")? y deletes (u undoes) · any other key keeps them"),
                      x: rect.x + 1, y: y, role: .warning, clip: rect)
            return
        case .browsing:
            break
        }
        if let message = m.message {
            frame.put(state.language.localizedPhrases(message.text), x: rect.x + 1, y: y,
                      role: message.isError ? .error : .warning, clip: rect)
            return
        }
        let loaded = state.language.localizedPhrases(m.totalCount > m.marks.count ? " (newest \(m.marks.count) loaded)" : "")
        let x = frame.put("\(state.language.localized("Marks")) \(m.totalCount)\(loaded)", x: rect.x + 1, y: y, role: .title, clip: rect)
        var toggles = "bell \(m.bellOn ? "on" : "off") · flash \(m.flashOn ? "on" : "off")"
        if m.settings.correctionNanoseconds != 0 {
            toggles += " · watch \(SightingMark.signedSeconds(nanoseconds: m.settings.correctionNanoseconds))"
        }
        toggles = state.language.localizedPhrases(toggles)
        frame.put(toggles, x: max(x + 2, rect.maxX - 1 - DisplayWidth.of(toggles)), y: y, role: .dim, clip: rect)
    }

    /// `▶   #12  22d 00h 04m 52.459s  27° 28'.02 S  153° 22'.84 E  Sun LL`.
    static func drawRow(_ mark: SightingMark, selected: Bool, state: AppState, y: Int, in rect: Rect, into frame: inout Frame) {
        let flashing = state.marks.isFlashing(mark, at: state.now)
        let role: StyleRole = flashing ? .markFlash : selected ? .selection : .normal
        // Not yet in SQLite: "held" once durable in the journal, "…" before.
        let id = mark.id.map { "#\($0)" } ?? (state.marks.isHeld(mark) ? state.language.localizedPhrases("held") : "…")
        let idText = String(repeating: " ", count: max(0, 6 - id.count)) + id
        var text = "\(selected ? "▶" : " ")\(idText)  \(mark.markTimeText)"
        if mark.correctionNanoseconds != 0 { text += "*" }
        text += "  " + state.language.localized(rowPosition(mark.position))
        if !mark.note.isEmpty { text += "  " + InertText.display(mark.note) }
        if selected || flashing {
            frame.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), role: role)
        }
        frame.put(text, x: rect.x, y: y, role: role, clip: rect)
    }

    /// The position as a row shows it: navigator text, or a word.
    static func rowPosition(_ p: MarkPosition) -> String {
        switch p.status {
        case .fixed, .current: return p.coordinate?.navigatorText ?? "no position"
        case .stale: return "STALE " + (p.coordinate?.navigatorText ?? "")
        case .noFix: return p.source == .gpsd ? "no GPS fix" : "no position"
        }
    }

    /// Full ISO instant, correction, position with its source, and the note.
    static func detailLine(_ mark: SightingMark, _ language: UILanguage = .en) -> String {
        var text = mark.isoText
        if let correction = mark.correctionText {
            text += "  " + language.localizedPhrases("watch") + " \(correction) → \(mark.correctedISOText)"
        }
        // Interface words are translated; the note (user text) never is.
        text += "  " + language.localizedPhrases(mark.position.summary)
        if !mark.note.isEmpty { text += "  “\(InertText.display(mark.note))”" }
        return text
    }

    static let hintLine = "Space mark · ↑↓ select · n note · d delete · u undo · C clear · b bell · f flash"

    /// Plain mode's lines for the marks: a new mark, a failure, a message.
    public static func announcements(from old: MarksPanelState, to new: MarksPanelState) -> [String] {
        var lines: [String] = []
        let oldIDs = Set(old.marks.compactMap(\.id))
        // A held mark that reaches SQLite does not raise the count: it was
        // counted when it was shown.
        let oldUnstored = Set(old.unstored.compactMap(\.uniqueKey))
        for mark in new.marks.reversed() where mark.id.map({ !oldIDs.contains($0) }) ?? false
            && (new.totalCount > old.totalCount || mark.uniqueKey.map(oldUnstored.contains) == true) {
            lines.append("Mark #\(mark.id ?? 0) recorded: \(mark.markTimeText), \(mark.isoText), \(mark.position.summary).")
        }
        if new.message != old.message, let message = new.message { lines.append(message.text) }
        if new.mode != old.mode {
            switch new.mode {
            case .editingNote(let id, let text) where old.mode == .browsing:
                lines.append("Type the note for mark #\(id), Enter saves, Escape cancels. Current note: \(InertText.display(text))")
            case .confirmingClear(let count):
                lines.append("Delete all \(count) marks? Press y to delete, any other key keeps them.")
            default: break
            }
        }
        return lines
    }
}
