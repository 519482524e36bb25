/// A mark in the team log: one station's mark as the server holds it.
/// `mark.id` is the id the mark has at its own station.
public struct TeamMark: Equatable, Sendable {
    /// The station that made the mark (`team.station`).
    public var station: String
    public var mark: SightingMark
    /// The mark's sight as the team log holds it (issue 28), nil: none.
    public var sight: ExportedSight?

    public init(station: String, mark: SightingMark, sight: ExportedSight? = nil) {
        self.station = station
        self.mark = mark
        self.sight = sight
    }
}
