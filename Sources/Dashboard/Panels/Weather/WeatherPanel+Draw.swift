import Foundation
import TimeKit

extension WeatherPanel {
    /// Rows of the face (ring included) below 120×45: the size it had.
    static let faceRows = 8

    /// Rows of the face the panel would like at `screen`: from 120×45 up
    /// it grows with the terminal (a third of its rows, as wide as leaves
    /// the text column its 40 columns); below, `faceRows`. `wantedRows`
    /// asks for the growth only where the layout has rows to spare.
    static func wantedFaceRows(screen: Size) -> Int {
        guard screen.columns >= 120, screen.rows >= 45 else { return faceRows }
        return max(faceRows, min(screen.rows / 3, (screen.columns - 2 - 4 - 2 - 40) / 2))
    }

    /// Draws the weather panel into `rect`: the temperature over an analog
    /// face (`WeatherFace`) filling the height, whose Braille ring shows the
    /// precipitation ahead by its thickness and colour; beside it the coming
    /// rain in words, the legend, the ring's span, the forecast's age (and
    /// why it is not newer), the wind, chance, high and low, sunrise and
    /// sunset as far as they fit, and the position.
    /// While weather is off: the one-line first-use prompt.
    static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame) {
        draw(state, in: rect, into: &frame, replayed: replayed)
    }

    /// Everything the panel's drawing reads: its state, the settings, the
    /// position sources (gpsd's fix, the marks' fixed position), the
    /// almanac for sunrise and sunset, the zone, the language, the focus,
    /// and the time to the minute (every word and the face change at whole
    /// minutes; `WeatherReplayTests` walks every second of minutes of rain).
    struct DrawInputs: Sendable {
        var weather: WeatherPanelState
        var settings: Settings
        var markSettings: MarkSettings
        var fix: GPSDFix?
        var almanac: LoadedAlmanac?
        var zone: ZoneRules
        var language: UILanguage
        var focused: Bool
        var minute: Int64
    }

    /// The last drawing, replayed while nothing it is drawn from changed:
    /// with the panel on, an idle dashboard draws it once a minute.
    static let replayed = ReplayedPanel<DrawInputs>()

    /// `draw` with the memo given (tests keep one of their own).
    static func draw(_ state: AppState, in rect: Rect, into frame: inout Frame, replayed: ReplayedPanel<DrawInputs>) {
        let minute = Int64((state.now.timeIntervalSince1970 / 60).rounded(.down))
        let language = state.language
        let focused = state.focus == .weather
        replayed.draw(in: rect, into: &frame, same: { last in
            last.minute == minute && last.focused == focused && last.language == language
                && last.weather == state.weather && last.settings == state.settings
                && last.markSettings == state.markSettings && last.fix == state.marks.gps?.fix
                && last.almanac == state.sights.almanac && last.zone == state.localZone
        }, inputs: {
            DrawInputs(weather: state.weather, settings: state.settings, markSettings: state.markSettings,
                       fix: state.marks.gps?.fix, almanac: state.sights.almanac, zone: state.localZone,
                       language: language, focused: focused, minute: minute)
        }, draw: { frame, area in
            drawEveryPart(state, in: area, into: &frame)
        })
    }

    /// The panel drawn afresh (what `replayed` remembers).
    static func drawEveryPart(_ state: AppState, in rect: Rect, into frame: inout Frame) {
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
        // The face fills the height given (under the temperature), as wide
        // as leaves the text column 24 columns.
        let rows = min(inner.height - 1, (inner.width - 2 - 24) / 2)
        let blockWidth = 2 * rows
        var textLeft = inner.x, textTop = inner.y
        var lines = textLines(state, readout)
        if rows >= WeatherFace.minimumHeightCells {
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
            // Legend characters (the ring's Braille thickness) keep their own colour in every line (legend, summary).
            for x in text.x..<min(end, text.maxX) {
                if let role = WeatherText.shadeRole(scalar: frame[x, text.y + i].code) { frame[x, text.y + i].role = role }
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
            case let .rain(_, _, _, peak, _): WeatherText.intensityRole(peak)
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
        for message in WeatherReadings(state, readout).messages(state) { lines.append((l.text(message), .normal)) }
        if let position = WeatherText.position(readout) { lines.append((position, .dim)) }
        return lines
    }

    /// The face (`WeatherFace`: the clock inside the precipitation ring),
    /// `rows` tall and twice as wide, its top left at `origin`.
    static func drawFace(_ state: AppState, _ readout: WeatherReadout, rows: Int, at origin: (x: Int, y: Int),
                         into frame: inout Frame) {
        // The hands step once a minute, as everything else in the panel
        // does (so the panel is drawn once a minute when idle).
        let minute = Date(timeIntervalSince1970: (state.now.timeIntervalSince1970 / 60).rounded(.down) * 60)
        let face = WeatherFace.draw(heightCells: rows, now: minute, zone: state.localZone, span: readout.span,
                                    segments: readout.segments)
        for row in 0..<rows {
            for column in 0..<(2 * rows) {
                let c = face.canvas.character(column, row)
                guard c != " " else { continue }
                frame.put(String(c), x: origin.x + column, y: origin.y + row, role: face.roles[row][column] ?? .dim)
            }
        }
    }
}
