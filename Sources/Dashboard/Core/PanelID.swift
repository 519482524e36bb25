/// The instruments that share the screen below the header. A panel appears
/// once its engine has landed; the header (live UTC clock) is always there.
public enum PanelID: String, CaseIterable, Equatable, Hashable, Sendable {
    case marks
    case mars
    /// Before the call planner, so that when shown it sits under the
    /// marks and Mars and the planner (the last band) keeps the spare rows.
    case weather
    case calls
    case sights
}
