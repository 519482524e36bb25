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
    /// Mars clock readings (MTC, LMST, LTST) in the Mars panel.
    case marsTime
}
