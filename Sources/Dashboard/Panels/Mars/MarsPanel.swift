import TimeKit

/// What the Mars panel's keys do.
public enum MarsAction: Equatable, Hashable, Sendable {
    /// Move the longitude by this many degrees (negative is west).
    case stepLongitude(degrees: Double)
    case nextSite
    case toggleAdvanced
    /// Every site's clocks in rows, or back to one site.
    case toggleAllSites
    /// Open the "go to sol and local time" field.
    case openGoTo
    /// The picture area: off → sunclock → orbit → solar path → off.
    case cyclePicture
}

/// The Mars panel: its keys and its pure `perform`.
public enum MarsPanel {
    public static let keyBindings: [KeyBinding] = [
        KeyBinding([.right, .character("l")], .mars(.stepLongitude(degrees: MarsPanelState.fineStepDegrees)),
                   .keyLongitudeFineEast, scope: .panel(.mars)),
        KeyBinding([.left, .character("h")], .mars(.stepLongitude(degrees: -MarsPanelState.fineStepDegrees)),
                   .keyLongitudeFineWest, scope: .panel(.mars)),
        KeyBinding([.shiftRight, .character("L")], .mars(.stepLongitude(degrees: MarsPanelState.coarseStepDegrees)),
                   .keyLongitudeCoarseEast, scope: .panel(.mars)),
        KeyBinding([.shiftLeft, .character("H")], .mars(.stepLongitude(degrees: -MarsPanelState.coarseStepDegrees)),
                   .keyLongitudeCoarseWest, scope: .panel(.mars)),
        KeyBinding([.character("s")], .mars(.nextSite), .keyNextSite,
                   scope: .panel(.mars)),
        KeyBinding([.character("a")], .mars(.toggleAdvanced), .keyToggleAdvanced, scope: .panel(.mars)),
        KeyBinding([.character("v")], .mars(.toggleAllSites), .keyToggleAllSites, scope: .panel(.mars)),
        KeyBinding([.character("g")], .mars(.openGoTo), .keyGoToSol, scope: .panel(.mars)),
        KeyBinding([.character("p")], .mars(.cyclePicture), .keyCyclePicture, scope: .panel(.mars)),
    ]

    /// The next state for a Mars key; a changed choice is saved (effect).
    static func perform(_ action: MarsAction, in state: AppState) -> (AppState, [Effect]) {
        var next = state
        next.mars.goToMessage = nil
        switch action {
        case .toggleAllSites:
            next.mars.showsAllSites.toggle()
            return (next, [])
        case .openGoTo:
            next.mars.goToText = ""
            return (next, [])
        case .cyclePicture:
            if let shown = state.mars.picture { next.mars.picture = shown.next } else { next.mars.picture = .sunclock }
            return (next, [])
        case .stepLongitude(let degrees):
            next.mars = state.mars.steppingLongitude(by: degrees)
        case .nextSite:
            next.mars = state.mars.cyclingSite()
        case .toggleAdvanced:
            next.mars = state.mars.togglingAdvanced()
        }
        guard next.mars.settings != state.mars.settings else { return (next, []) }
        return (next, [.mars(.saveSettings(next.mars.settings))])
    }

    /// A result from the shell.
    static func handle(_ event: MarsEvent, in state: AppState) -> AppState {
        var next = state
        switch event {
        case .settingsNotSaved(let problem):
            // Said once, however often it fails.
            let notice = UIMessage.marsChoicesNotSaved(problem)
            if !next.mars.notices.contains(notice) { next.mars.notices.append(notice) }
        }
        return next
    }
}

/// What the Mars panel asks the shell to do.
public enum MarsEffect: Equatable, Sendable {
    /// Remember the longitude, site and view between runs; a failure
    /// answers `.settingsNotSaved`.
    case saveSettings(MarsSettings)
}

/// What comes back to the Mars panel from the shell.
public enum MarsEvent: Equatable, Sendable {
    /// Its settings could not be stored.
    case settingsNotSaved(StoreProblem)
}

extension MarsPanel {
    /// One sentence for plain mode when the Mars choices change:
    /// `Mars: Perseverance, 77.5°E, LMST 12:33:03, LTST 12:15:52, mission sol 58.`
    public static func plainLine(_ state: AppState) -> String {
        let input = MarsPanelText.input(at: state.now.timeIntervalSince1970, state: state.mars)
        let c = input.clock
        let line = state.language.text(.plainMars(site: input.site?.name, longitude: MarsLongitude.text(c.longitudeEast),
                                                   lmst: FixedText.clock(hours: c.localMeanSolarTime),
                                                   ltst: FixedText.clock(hours: c.localTrueSolarTime), missionSol: input.missionSol))
        return input.advanced ? line + " " + state.language.text(.advancedFieldsOn) : line
    }
}
