/// What a cell *means*; a theme maps each role to colours and attributes.
///
/// Colour is never the only carrier of meaning: every role that signals a
/// state (a bad period, a stale fix) is paired with a word or symbol in the
/// text itself, so mono terminals and colour-blind users lose nothing.
public enum StyleRole: String, CaseIterable, Equatable, Hashable, Sendable {
    case normal
    case dim
    case title
    case border
    case utcClock
    case utcDate
    case localTime
    case keyHint
    case helpKey
    case helpText
    case overlay
    case warning
    case error
    case selection
    /// A just-recorded mark's row, briefly.
    case markFlash
    /// Another station's mark (team log); its row also names the station.
    case teamMark
    // Call planner (issue 6). Each period also carries its name in the text,
    // and a bad time its "✗ BAD" marker.
    case callBeforeDawn
    case callBreakfast
    case callDay
    case callDinner
    case callLateNight
    case callBad
    case callHand
    case callNow
    case callScheduled
    case callEditing
    case callPlace
    /// Mars clock readings (MTC, LMST, LTST) in the Mars panel.
    case marsTime
    // Weather panel (issue 24). The temperature is its own number, and
    // each intensity has a ring thickness in Braille (⠁ ⠉ ⠛ ⠿) and a legend.
    case weatherCold
    case weatherMild
    case weatherWarm
    case weatherHot
    case weatherDry
    case weatherLight
    case weatherModerate
    case weatherHeavy
}
