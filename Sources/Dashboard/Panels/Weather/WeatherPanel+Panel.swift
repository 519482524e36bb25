import Foundation
import TimeKit

/// The weather panel as a dashboard panel: the one conformance the registry lists.
extension WeatherPanel: DashboardPanel {
    static var id: PanelID { .weather }
    /// The box and one line (the temperature and the rain; the prompt
    /// wants two on a narrow screen).
    static var minimumRows: Int { 3 }
    /// Kept after the others when short, and not on screen while weather is
    /// off (`isIdle`): the screens without weather stay as they were.
    static var layoutHints: PanelLayoutHints { PanelLayoutHints(keepPriority: 4) }

    static func isModal(_ state: AppState) -> Bool { false }
    static func fieldTakesSpace(_ state: AppState) -> Bool { false }

    /// Off: no rows and no Tab stop (W or the help brings it, with its prompt).
    static func isIdle(_ state: AppState) -> Bool { !state.settings.weatherEnabled }

    /// The temperature, the face with its ring, and the box.
    /// From 120×45 up the face asks for more (`wantedFaceRows`), but only
    /// rows the layout would otherwise leave spare: it never pushes another
    /// panel off the screen nor the big clock down to one line.
    static func wantedRows(_ state: AppState) -> Int {
        guard state.settings.weatherEnabled else { return minimumRows + 1 }
        let base = faceRows + 1 + 2
        let grown = wantedFaceRows(screen: state.screenSize) + 1 + 2
        guard grown > base else { return base }
        return base + min(grown - base, spareRows(state, asking: base))
    }

    /// Rows the layout at `state.screenSize` gives the last band beyond
    /// what it asked while this panel asks `rows`; 0 when any shown panel
    /// is left out. Less the rows some panel would like beside the big
    /// clock (`comfortRows`), so taking them keeps the big clock.
    static func spareRows(_ state: AppState, asking rows: Int) -> Int {
        var wanted: [PanelID: Int] = [:]
        for panel in PanelRegistry.all where panel.id != .weather { wanted[panel.id] = panel.wantedRows(state) }
        wanted[.weather] = rows
        let shown = shownPanels(state)
        let size = state.screenSize
        let layout = Layout(size: size, panels: shown, focus: state.focus, wanted: wanted)
        guard shown.allSatisfy({ layout.panels[$0] != nil }),
              let last = Layout.bands(shown, columns: size.columns).last, let rect = layout.panels[last[0]] else { return 0 }
        let spare = rect.height - Layout.bandRows(last, wanted)
        let comfort = layout.isBigClock ? shown.reduce(0) { $0 + PanelRegistry.panel($1).layoutHints.comfortRows } : 0
        return max(0, spare - comfort)
    }

    static func tick(_ state: inout AppState) -> [Effect] { askIfDue(&state) }

    /// The forecast in English like the CLI (snapshot data summary).
    static func summary(_ state: AppState) -> [String] {
        guard state.settings.weatherEnabled else { return ["Weather: off (weather.enabled = false)"] }
        let readout = WeatherReadout(state)
        var lines = ["Weather:"]
        lines.append("  " + temperatureText(state, readout).text)
        if let rain = readout.rain {
            lines.append("  " + UILanguage.en.text(WeatherText.rain(rain, readout.fall, state)))
            lines.append("  " + UILanguage.en.text(WeatherText.span(readout, prefersHour: state.weather.prefersHour)))
            let ring = readout.segments.map { segment in
                "\(WeatherText.clock(segment.start, state)) " + (segment.millimetres.map { String(format: "%.1f mm", $0) } ?? "–")
            }
            if !ring.isEmpty { lines.append("  " + ring.joined(separator: ", ")) }
        }
        if let elsewhere = WeatherText.elsewhere(readout) { lines.append("  " + UILanguage.en.text(elsewhere)) }
        if let (message, _) = WeatherText.status(readout, state) { lines.append("  " + UILanguage.en.text(message)) }
        for message in WeatherReadings(state, readout).messages(state) { lines.append("  " + UILanguage.en.text(message)) }
        if let position = WeatherText.position(readout) { lines.append("  " + position) }
        return lines
    }

    /// Plain mode at the start: the stored forecast's rain and temperature.
    static func greeting(_ state: AppState) -> [String] {
        guard state.settings.weatherEnabled else { return [] }
        let l = state.language
        let readout = WeatherReadout(state)
        guard let rain = readout.rain else { return [] }
        var line = l.text(.weather) + ": " + l.text(WeatherText.rain(rain, readout.fall, state))
        if let c = readout.forecast?.currentTemperatureCelsius {
            line += " · " + state.settings.weatherUnits.temperatureText(celsius: c)
        }
        return [line] + readingsLine(state, readout)
    }

    /// Plain mode's line of readings (wind, chance, high and low, sun), or nil.
    static func readingsLine(_ state: AppState, _ readout: WeatherReadout) -> [String] {
        let l = state.language
        let messages = WeatherReadings(state, readout).messages(state)
        guard !messages.isEmpty else { return [] }
        return [l.text(.weather) + ": " + messages.map { l.text($0) }.joined(separator: " · ")]
    }

    /// Plain mode: the prompt when weather is turned off, a change in the
    /// coming rain's words that a new forecast (or the span key) makes, a
    /// new failure. Both readouts are taken at the new instant, so the clock
    /// moving over the same forecast never announces (issue 34).
    static func announcements(from old: AppState, to new: AppState) -> [String] {
        let l = new.language
        let prefix = l.text(.weather) + ": "
        if new.settings.weatherEnabled != old.settings.weatherEnabled {
            return [prefix + l.text(new.settings.weatherEnabled ? .weatherAsking(host: WeatherReadout.host(new))
                                                              : .weatherOff(host: WeatherReadout.host(new)))]
        }
        guard new.settings.weatherEnabled, new.weather != old.weather || new.now != old.now else { return [] }
        var lines: [String] = []
        var oldAtNow = new
        oldAtNow.weather = old.weather
        let before = WeatherReadout(oldAtNow), after = WeatherReadout(new)
        let words = l.text(after.rain.map { WeatherText.rain($0, after.fall, new) } ?? .verbatim(""))
        let wordsBefore = l.text(before.rain.map { WeatherText.rain($0, before.fall, new) } ?? .verbatim(""))
        if after.rain != nil, words != wordsBefore || after.span != before.span {
            var line = prefix + words
            if let c = after.forecast?.currentTemperatureCelsius {
                line += " · " + new.settings.weatherUnits.temperatureText(celsius: c)
            }
            lines.append(line)
        }
        // The wind, chance and the rest when a new forecast changes them
        // (never the clock alone: both are read at the new instant).
        if new.weather.series != old.weather.series {
            let readings = readingsLine(new, after)
            if readings != readingsLine(oldAtNow, before) { lines += readings }
        }
        if after.failure != nil, after.failure != before.failure || new.weather.failedAt != old.weather.failedAt,
           let (message, _) = WeatherText.status(after, new) {
            lines.append(prefix + l.text(message))
        }
        return lines
    }
}

/// The weather panel's answers to the rest of `DashboardPanel` (no
/// requirement has a default; issue 30).
extension WeatherPanel {
    static var helpSections: [(scope: KeyScope, heading: UIText)] { [] }
    static func preemptKey(_ key: Key, in state: AppState) -> (AppState, [Effect])? { nil }
    static func captureKey(_ key: Key, in state: AppState) -> (AppState, [Effect])? { nil }
    /// The next fetch is asked for on the second's tick (`askIfDue`).
    static func deadline(_ state: AppState) -> Date? { nil }
    static func frameIntervalMilliseconds(_ state: AppState, at now: Date) -> Int32? { nil }
    static func flush(_ state: AppState) -> (AppState, [Effect]) { (state, []) }
    static func awaitsStore(_ state: AppState) -> Bool { false }
    static func settingsChanged(_ state: AppState) -> AppState { state }
    static func react(to event: Event, in state: inout AppState) {}
    static func headerNote(_ state: AppState) -> String? { nil }
    static func everyModeHint(_ state: AppState) -> (key: String, label: UIText)? { nil }
    static func fieldLine(_ state: AppState) -> String? { nil }
}
