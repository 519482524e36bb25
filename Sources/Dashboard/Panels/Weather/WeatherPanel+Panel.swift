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
    static func wantedRows(_ state: AppState) -> Int {
        state.settings.weatherEnabled ? wantedFaceRows(screen: state.screenSize) + 1 + 2 : minimumRows + 1
    }

    static func tick(_ state: AppState) -> (AppState, [Effect]) { askIfDue(state) }

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
    static func react(to event: Event, in state: AppState) -> AppState { state }
    static func headerNote(_ state: AppState) -> String? { nil }
    static func everyModeHint(_ state: AppState) -> (key: String, label: UIText)? { nil }
    static func fieldLine(_ state: AppState) -> String? { nil }
}
