import Foundation
import TimeKit

/// The Mars panel as a dashboard panel: the one conformance the registry lists.
extension MarsPanel: DashboardPanel {
    static var id: PanelID { .mars }
    /// Beside the marks when wide; kept last when short.
    static var layoutHints: PanelLayoutHints { PanelLayoutHints(sideBySideBand: 0, keepPriority: 2) }

    /// The `g` input is open.
    static func isModal(_ state: AppState) -> Bool { state.mars.goToText != nil }

    /// The `g` input types Space ("1700 13:00" has one).
    static func fieldTakesSpace(_ state: AppState) -> Bool { state.mars.goToText != nil }

    /// The advanced fields take four more rows.
    /// The all-sites view wants a row per site and a header. The go-to
    /// field and its message do not grow the panel (the layout would jump
    /// while typing): they take rows from the advanced fields or sites.
    static func wantedRows(_ state: AppState) -> Int {
        if state.mars.showsAllSites { return max(minimumRows, 2 + 1 + state.mars.sites.count + state.mars.notices.count) }
        // Issue 33: a row for the light time, one for the Sun at a site.
        let sky = (state.mars.ephemeris != nil ? 1 : 0) + (state.mars.site != nil ? 1 : 0)
        return minimumRows + (state.mars.advanced ? 4 : 0) + sky + (state.mars.picture != nil ? pictureRows : 0)
    }

    /// The panel's lines in full (snapshot data summary).
    static func summary(_ state: AppState) -> [String] {
        let input = MarsPanelText.input(at: state.now.timeIntervalSince1970, state: state.mars)
        let picture = shownPicture(state.mars, input: input).map { MarsPictureReadout.line($0, language: state.language) }
        return ["Mars:"] + (MarsPanelText.lines(input, height: 100, width: 100) + [picture].compactMap { $0 }).map { "  " + $0 }
    }

    /// Plain mode: a changed choice; every site when the rows are turned
    /// on; the go-to field as it opens, its text as typed, and its result.
    static func announcements(from old: AppState, to new: AppState) -> [String] {
        let l = new.language
        var lines: [String] = new.mars.settings != old.mars.settings ? [plainLine(new)] : []
        if new.mars.showsAllSites && !old.mars.showsAllSites {
            let readings = MarsSiteReading.all(new.mars.sites, at: new.now.timeIntervalSince1970, leapSeconds: new.mars.leapSeconds)
            lines += readings.map { r in
                l.text(.plainMars(site: r.site.name, longitude: MarsLongitude.text(r.clock.longitudeEast),
                                  lmst: FixedText.clock(hours: r.clock.localMeanSolarTime),
                                  ltst: FixedText.clock(hours: r.clock.localTrueSolarTime), missionSol: r.missionSol))
            }
        }
        if let text = new.mars.goToText, text != old.mars.goToText {
            lines.append(l.text(.marsGoToField(text: text)).replacingOccurrences(of: "▏", with: "")
                         + (old.mars.goToText == nil ? " " + l.text(.goToExample) + " · " + l.text(.marsGoToHint) : ""))
        }
        if let message = new.mars.goToMessage, message != old.mars.goToMessage { lines.append(l.text(message)) }
        if let line = sunAnnouncement(from: old, to: new) { lines.append(line) }
        // A picture has no plain form: its one-line readout, when it is opened or changed.
        if new.mars.picture != old.mars.picture || new.mars.sky.pictureData?.kind != old.mars.sky.pictureData?.kind {
            if let data = new.mars.sky.pictureData, new.mars.picture != nil {
                lines.append(MarsPictureReadout.line(data, language: l))
            } else if new.mars.picture == nil && old.mars.picture != nil {
                lines.append(l.text(.marsPictureClosed))
            }
        }
        return lines
    }

    /// Plain mode: "Sunrise on Mars at Perseverance" when the next event
    /// turns from sunrise to sunset between two states (and the reverse).
    static func sunAnnouncement(from old: AppState, to new: AppState) -> String? {
        guard let site = new.mars.site, old.mars.site?.id == site.id, new.now > old.now else { return nil }
        // The sol's events as `update` keeps them: announcing solves nothing.
        let before = MarsPanelSunEvent.next(after: old.now.timeIntervalSince1970, days: old.mars.sky.days)
        let after = MarsPanelSunEvent.next(after: new.now.timeIntervalSince1970, days: new.mars.sky.days)
        switch (before, after) {
        case (.sunrise, .sunset): return new.language.text(.plainSunriseAtSite) + " " + site.name
        case (.sunset, .sunrise): return new.language.text(.plainSunsetAtSite) + " " + site.name
        default: return nil
        }
    }
}

/// The Mars panel's answers to the rest of `DashboardPanel` (no
/// requirement has a default; issue 30).
extension MarsPanel {
    static var helpSections: [(scope: KeyScope, heading: UIText)] { [] }
    static func isIdle(_ state: AppState) -> Bool { false }
    static func preemptKey(_ key: Key, in state: AppState) -> (AppState, [Effect])? { nil }
    static func tick(_ state: inout AppState) -> [Effect] { [] }
    static func deadline(_ state: AppState) -> Date? { nil }
    static func frameIntervalMilliseconds(_ state: AppState, at now: Date) -> Int32? { nil }
    /// The site and mission choices are saved as they are made.
    static func flush(_ state: AppState) -> (AppState, [Effect]) { (state, []) }
    static func awaitsStore(_ state: AppState) -> Bool { false }
    static func settingsChanged(_ state: AppState) -> AppState { state }
    /// Every event brings the light time, the sol's Sun and the picture up
    /// to `state.now` when they are stale (a few comparisons when not).
    static func react(to event: Event, in state: inout AppState) {
        state.mars.refreshSky(at: state.now.timeIntervalSince1970)
    }
    static func headerNote(_ state: AppState) -> String? { nil }
    static func everyModeHint(_ state: AppState) -> (key: String, label: UIText)? { nil }
    static func greeting(_ state: AppState) -> [String] { [] }
    /// The go-to field is the panel's own row, drawn whenever the panel is.
    static func fieldLine(_ state: AppState) -> String? { nil }
}
