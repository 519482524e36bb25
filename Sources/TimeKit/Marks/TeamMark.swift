/// A mark in the team log: one station's mark as the server holds it.
/// `mark.id` is the id the mark has at its own station.
public struct TeamMark: Equatable, Sendable {
    /// The station that made the mark (`team.station`).
    public var station: String
    public var mark: SightingMark

    public init(station: String, mark: SightingMark) {
        self.station = station
        self.mark = mark
    }
}
