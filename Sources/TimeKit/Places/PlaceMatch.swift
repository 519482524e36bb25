import Foundation

/// One search result: the place and how the query matched it.
public struct PlaceMatch: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The query is a whole name, ASCII name or alternate name.
        case exact
        /// The query begins a name.
        case prefix
        /// Close to a name (or its beginning) within `editDistance` typos.
        case fuzzy(editDistance: Int)
        /// The query is an IANA zone identifier or `UTC`.
        case zone
    }

    public var place: Place
    public var kind: Kind
    /// Index in the database (population rank); `nil` for a bare zone.
    public var cityIndex: Int?
    /// True for an exact match by an alternate name only (`Bombay`, `Київ`).
    public var viaAlternateName = false

    public init(place: Place, kind: Kind, cityIndex: Int?) {
        self.place = place
        self.kind = kind
        self.cityIndex = cityIndex
    }
}
