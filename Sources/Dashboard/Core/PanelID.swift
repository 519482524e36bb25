/// The instruments that share the screen below the header. A panel appears
/// once its engine has landed; the header (live UTC clock) is always there.
public enum PanelID: String, CaseIterable, Equatable, Hashable, Sendable {
    case marks
    case mars
    case calls
    case sights
    case weather
}
