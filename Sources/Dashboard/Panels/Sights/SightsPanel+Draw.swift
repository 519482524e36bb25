import Foundation
import TimeKit

extension SightsPanel {
    /// Plot width in cells, beside the text when the panel is this wide or wider.
    static let plotColumns = 16
    static let plotBesideTextWidth = 60

    /// Draws the sights panel into `rect`: the DR, each sight's intercept
    /// and Zn, the fix and its spread, and the lines of position around the
    /// DR as a Braille plot on the right.
    static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame) {
        let l = state.language
        let focused = state.focus == .sights
        let title = l.text(.sights)
        frame.box(rect, title: title, role: focused ? .title : .border, titleRole: .title)
        let hint = " " + l.text(state.sights.entry != nil ? .sightEntryHint : .sightsHint)
        if focused && DisplayWidth.of(title + "  " + hint) + 4 <= rect.width {
            frame.put(hint + " ", x: rect.x + 3 + DisplayWidth.of(title), y: rect.y, role: .keyHint)
        }
        let inner = Rect(x: rect.x + 2, y: rect.y + 1, width: max(0, rect.width - 4), height: max(0, rect.height - 2))
        let readout = SightsReadout(state)
        let plotted = inner.width >= plotBesideTextWidth && inner.height >= 3 && readout.deadReckoning != nil
        let text = Rect(x: inner.x, y: inner.y, width: inner.width - (plotted ? plotColumns + 2 : 0), height: inner.height)
        // Verdicts and notes wrap to the text's width (a cut "…check t" once
        // hid what to check); the sights' own rows are clipped.
        let lines = rows(state, readout).flatMap { row -> [(text: String, role: StyleRole)] in
            guard row.wraps else { return [(row.text, row.role)] }
            return DisplayWidth.wrapped(row.text, width: text.width).map { ($0, row.role) }
        }
        // The field and the message stay at the bottom; the sights give way first.
        let kept = lines.count <= text.height ? lines : Array(lines.prefix(max(0, text.height - 2)) + lines.suffix(min(2, text.height)))
        for (i, line) in kept.prefix(text.height).enumerated() {
            _ = frame.put(line.text, x: text.x, y: text.y + i, role: line.role, clip: text)
        }
        if plotted {
            // Half as many rows as columns: a Braille dot is about square, so the plot is too.
            let plot = Rect(x: inner.x + inner.width - plotColumns, y: inner.y, width: plotColumns,
                            height: min(inner.height, plotColumns / 2))
            for (i, line) in SightsPlot(readout, columns: plot.width, rows: plot.height).lines.enumerated() {
                _ = frame.put(line, x: plot.x, y: plot.y + i, role: .dim, clip: plot)
            }
        }
    }

    /// The panel's text rows, top to bottom, with their roles; `wraps`
    /// marks the verdicts and notes that wrap rather than clip.
    static func rows(_ state: AppState, _ readout: SightsReadout) -> [(text: String, role: StyleRole, wraps: Bool)] {
        let l = state.language
        var rows: [(text: String, role: StyleRole, wraps: Bool)] = []
        if let dr = readout.deadReckoning, let source = readout.source {
            rows.append((l.text(.sightsDeadReckoning(position: dr.navigatorText, source: SightsText.source(source))), .dim, false))
        }
        if let ahead = state.sights.day?.message(at: state.now.timeIntervalSince1970) {
            rows.append((l.text(ahead), .dim, true))
        }
        for row in readout.rows {
            var line = "#\(row.sight.markId) \(SightsText.clock(unixMilliseconds: row.sight.unixMilliseconds)) "
                + row.sight.bodyText.padding(toLength: max(15, row.sight.bodyText.count), withPad: " ", startingAt: 0)
            if let r = row.reduced {
                line += " " + l.text(.sightIntercept(miles: SightsText.interceptMiles(r.interceptNauticalMiles),
                                                     toward: r.isToward, azimuth: SightsText.azimuth(r.azimuthDegrees)))
            }
            rows.append((line, .normal, false))
        }
        if readout.leftOut > 0 {
            rows.append((l.text(.sightsRoundLeftOut(used: readout.rows.count, total: readout.rows.count + readout.leftOut)),
                         .warning, true))
        }
        if let fix = readout.fix {
            rows.append((l.text(.sightsFix(position: fix.position.navigatorText)), .title, false))
            rows.append((l.text(SightsText.spread(fix)), .dim, true))
            for note in SightsText.fixNotes(fix) { rows.append((l.text(note.message), note.isWarning ? .warning : .dim, true)) }
        } else if let reason = readout.noFix, !(reason == .needsTwoSights && readout.rows.isEmpty && state.sights.entry != nil) {
            if let line = readout.line { rows.append((l.text(SightsText.oneLine(line)), .normal, true)) }
            let (messages, isError) = SightsText.noFix(reason, rows: readout.rows.map(\.sight))
            for message in messages { rows.append((l.text(message), isError ? .warning : .dim, true)) }
        }
        if let entry = state.sights.entry {
            rows.append((l.text(.sightEntryField(id: entry.markId, held: entry.heldKey != nil, text: entry.text)), .selection, false))
            let names = completions(entry, in: state)
            if !names.isEmpty { rows.append((l.text(.sightCompletions(names: names.prefix(6).joined(separator: ", "))), .keyHint, false)) }
        }
        if let message = state.sights.message {
            rows.append((l.text(message.content), message.isError ? .error : .normal, false))
        }
        return rows
    }
}

/// The lines of position around the DR, north up, as Braille: the DR at the
/// centre (a cross), each line at its intercept across its Zn, the fix a
/// small square. The scale fits the farthest line or fix, at least 2 nm.
struct SightsPlot {
    var lines: [String]

    init(_ readout: SightsReadout, columns: Int, rows: Int) {
        var canvas = BrailleCanvas(widthCells: columns, heightCells: rows)
        let reduced = readout.rows.compactMap(\.reduced)
        let fixOffset = readout.fix.flatMap { fix in readout.deadReckoning.map { Self.offset(of: fix.position, from: $0) } }
        let reach = max(2, (reduced.map { abs($0.interceptNauticalMiles) } + [fixOffset.map { hypot($0.north, $0.east) } ?? 0]).max() ?? 0) * 1.25
        // Square dots: a Braille dot is about as wide as it is tall.
        let half = Double(min(canvas.widthDots, canvas.heightDots)) / 2
        let scale = half / reach
        let cx = canvas.widthDots / 2, cy = canvas.heightDots / 2
        func dot(_ east: Double, _ north: Double) -> (x: Int, y: Int) {
            (cx + Int((east * scale).rounded()), cy - Int((north * scale).rounded()))
        }
        for r in reduced {
            let zn = r.azimuthDegrees * .pi / 180
            let (pe, pn) = (r.interceptNauticalMiles * sin(zn), r.interceptNauticalMiles * cos(zn))
            let (de, dn) = (cos(zn), -sin(zn))
            canvas.line(from: dot(pe - de * reach * 2, pn - dn * reach * 2), to: dot(pe + de * reach * 2, pn + dn * reach * 2))
        }
        canvas.line(from: (cx - 2, cy), to: (cx + 2, cy))
        canvas.line(from: (cx, cy - 2), to: (cx, cy + 2))
        if let f = fixOffset {
            let p = dot(f.east, f.north)
            for x in p.x - 1...p.x + 1 { for y in p.y - 1...p.y + 1 { canvas.set(x, y) } }
        }
        lines = canvas.lines
    }

    /// Miles north and east of `origin` (plane sailing; the plot spans a few miles).
    static func offset(of position: GeoPosition, from origin: GeoPosition) -> (north: Double, east: Double) {
        var dLon = position.longitudeDegrees - origin.longitudeDegrees
        if dLon > 180 { dLon -= 360 }
        if dLon < -180 { dLon += 360 }
        return ((position.latitudeDegrees - origin.latitudeDegrees) * 60,
                dLon * 60 * cos(origin.latitudeDegrees * .pi / 180))
    }
}
