import Foundation
import TimeKit

extension WeatherPanel {
    /// Rows of the Braille face at its fullest (twice as many columns).
    static let faceRows = 6

    /// Draws the weather panel into `rect`: the temperature over an analog
    /// face whose surrounding ring of shade cells shows the precipitation
    /// ahead; beside it the coming rain in words, the legend, the ring's
    /// span, the forecast's age (and why it is not newer) and the position.
    /// While weather is off: the one-line first-use prompt.
    static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame) {
        let l = state.language
        let focused = state.focus == .weather
        let title = l.text(.weather)
        frame.box(rect, title: title, role: focused ? .title : .border, titleRole: .title)
        let inner = Rect(x: rect.x + 2, y: rect.y + 1, width: max(0, rect.width - 4), height: max(0, rect.height - 2))
        guard state.settings.weatherEnabled else {
            let prompt = wrapped(l.text(.weatherOff(host: WeatherReadout.host(state))), width: inner.width)
            for (i, line) in prompt.prefix(inner.height).enumerated() {
                frame.put(line, x: inner.x, y: inner.y + i, role: .keyHint, clip: inner)
            }
            return
        }
        let hint = " " + l.text(.weatherHint)
        if focused && DisplayWidth.of(title + "  " + hint) + 4 <= rect.width {
            frame.put(hint + " ", x: rect.x + 3 + DisplayWidth.of(title), y: rect.y, role: .keyHint)
        }
        let readout = WeatherReadout(state)
        let rows = min(faceRows, inner.height - 3)
        let blockWidth = 2 * rows + 2
        var textLeft = inner.x, textTop = inner.y
        var lines = textLines(state, readout)
        if rows >= 2, inner.width >= blockWidth + 2 + 24 {
            let temperature = temperatureText(state, readout)
            frame.putCentered(temperature.text, in: Rect(x: inner.x, y: inner.y, width: blockWidth, height: 1),
                              y: inner.y, role: temperature.role)
            drawFace(state, readout, rows: rows, at: (inner.x, inner.y + 1), into: &frame)
            textLeft = inner.x + blockWidth + 2
            textTop = inner.y + 1
        } else {
            let temperature = temperatureText(state, readout)
            lines.insert((temperature.text, temperature.role), at: 0)
        }
        let text = Rect(x: textLeft, y: textTop, width: inner.maxX - textLeft, height: inner.maxY - textTop)
        // A line wider than the column wraps (the rain's peak and the legend's
        // heavy class must not be cut off); lines that fit keep their spacing.
        lines = lines.flatMap { line in
            DisplayWidth.of(line.text) <= text.width ? [line] : wrapped(line.text, width: text.width).map { ($0, line.role) }
        }
        for (i, line) in lines.prefix(text.height).enumerated() {
            let end = frame.put(line.text, x: text.x, y: text.y + i, role: line.role, clip: text)
            // Shade characters keep their own colour in every line (legend, summary).
            for x in text.x..<min(end, text.maxX) {
                if let role = WeatherText.shadeRole(frame[x, text.y + i].character) { frame[x, text.y + i].role = role }
            }
        }
    }

    /// `text` in lines at most `width` columns wide (`DisplayWidth.wrapped`).
    static func wrapped(_ text: String, width: Int) -> [String] {
        DisplayWidth.wrapped(text, width: width)
    }

    /// `7.3 °C` coloured by temperature, or `– °C` without a value.
    static func temperatureText(_ state: AppState, _ readout: WeatherReadout) -> (text: String, role: StyleRole) {
        guard let celsius = readout.forecast?.currentTemperatureCelsius else {
            return (state.settings.weatherUnits == .imperial ? "– °F" : "– °C", .dim)
        }
        return (state.settings.weatherUnits.temperatureText(celsius: celsius), WeatherText.temperatureRole(celsius: celsius))
    }

    /// The lines beside the face, top to bottom, with their roles.
    static func textLines(_ state: AppState, _ readout: WeatherReadout) -> [(text: String, role: StyleRole)] {
        let l = state.language
        var lines: [(text: String, role: StyleRole)] = []
        if let rain = readout.rain {
            let role: StyleRole = switch rain {
            case let .rain(_, _, _, peak, _): WeatherText.shade(peak).1
            default: .normal
            }
            lines.append((l.text(WeatherText.rain(rain, readout.fall, state)), role))
            lines.append((l.text(.weatherLegend), .dim))
            lines.append((l.text(WeatherText.span(readout, prefersHour: state.weather.prefersHour)), .dim))
        }
        if let elsewhere = WeatherText.elsewhere(readout) { lines.append((l.text(elsewhere), .warning)) }
        if let (message, isProblem) = WeatherText.status(readout, state) {
            lines.append((l.text(message), isProblem ? .warning : .dim))
        }
        if let position = WeatherText.position(readout) { lines.append((position, .dim)) }
        return lines
    }

    /// The Braille face (`rows` tall, hands at the local time) inside a ring
    /// of shade cells, one cell out from the face on every side (corners
    /// left out, so it reads round): each ring cell shows the segment of the
    /// time its position on the dial stands for, as the call planner's ring
    /// does (the hour hand's circle for 12 hours, the minute hand's for 60).
    static func drawFace(_ state: AppState, _ readout: WeatherReadout, rows: Int, at origin: (x: Int, y: Int),
                         into frame: inout Frame) {
        let f = LocalTimeText.fields(state.now, in: state.localZone)
        let minutesOfDay = Double(f.hour * 60 + f.minute) + Double(f.second) / 60
        let span = readout.span == .nextHour ? BrailleClockFace.RingSpan.next60Minutes : .next12Hours
        // The face's own ring is its rim here (every minute "good": solid).
        let face = BrailleClockFace.draw(heightCells: rows, minutesOfDay: minutesOfDay, ring: span) { _ in .morning }
        let fx = origin.x + 1, fy = origin.y + 1
        for row in 0..<rows {
            for column in 0..<(2 * rows) {
                let c = face.canvas.character(column, row)
                guard c != " " else { continue }
                let role: StyleRole = face.kinds[row][column] == .hand ? .normal : .dim
                frame.put(String(c), x: fx + column, y: fy + row, role: role)
            }
        }
        let spanMinutes = Double(readout.span.minutes)
        let dialAtNow = minutesOfDay.truncatingRemainder(dividingBy: spanMinutes) / spanMinutes
        let cx = Double(fx + rows), cy = Double(fy) + Double(rows) / 2
        for (x, y) in ringCells(rows: rows, origin: origin) {
            let dx = (Double(x) + 0.5 - cx) / Double(rows + 1), dy = (Double(y) + 0.5 - cy) / (Double(rows) / 2 + 1)
            var turns = atan2(dx, -dy) / (2 * .pi)
            if turns < 0 { turns += 1 }
            var ahead = turns - dialAtNow
            if ahead < 0 { ahead += 1 }
            let instant = state.now.addingTimeInterval(ahead * spanMinutes * 60)
            let segment = readout.segments.first { $0.start <= instant && instant < $0.end }
            let (c, role) = WeatherText.shade(segment.flatMap { $0.millimetres == nil ? nil : $0.intensity })
            if c != " " { frame.put(String(c), x: x, y: y, role: role) }
        }
    }

    /// The ring's cells around a face `rows` tall whose ring block starts
    /// at `origin`: the block's edge without its four corners.
    static func ringCells(rows: Int, origin: (x: Int, y: Int)) -> [(Int, Int)] {
        let width = 2 * rows + 2, height = rows + 2
        var cells: [(Int, Int)] = []
        for x in 1..<(width - 1) { cells.append((origin.x + x, origin.y)); cells.append((origin.x + x, origin.y + height - 1)) }
        for y in 1..<(height - 1) { cells.append((origin.x, origin.y + y)); cells.append((origin.x + width - 1, origin.y + y)) }
        return cells
    }
}
