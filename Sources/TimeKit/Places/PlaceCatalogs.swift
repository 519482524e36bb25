import Foundation

/// The zone names and regions a place search needs beside the city
/// database, read on first use instead of at start (issue 31: parsing the
/// system's tzdata.zi and the regions table was 150 M of the dashboard's
/// 200 M instructions before its first frame, for a picker that is opened
/// later if at all).
///
/// `warmInBackground` reads both on a thread of their own once the start
/// is over, so a search rarely waits; if one comes first it waits for the
/// same single read (never a partial or a fall-back list).
public final class PlaceCatalogs: Sendable, Equatable {
    public static func == (a: PlaceCatalogs, b: PlaceCatalogs) -> Bool { a === b }

    private let zonesBox = LazyBox<ZoneCatalog>()
    private let regionsBox = LazyBox<PlaceRegions>()
    private let loadZones: @Sendable () -> ZoneCatalog
    private let loadRegions: @Sendable () -> PlaceRegions

    public init(zones: @escaping @Sendable () -> ZoneCatalog, regions: @escaping @Sendable () -> PlaceRegions) {
        loadZones = zones
        loadRegions = regions
    }

    /// Already loaded values (tests, and callers that have them).
    public convenience init(zones: ZoneCatalog, regions: PlaceRegions) {
        self.init(zones: { zones }, regions: { regions })
    }

    /// The system tz database's names and the bundled regions table.
    public static let system = PlaceCatalogs(zones: { ZoneCatalog.system }, regions: { PlaceRegions.bundled })

    public var zones: ZoneCatalog { zonesBox.get(loadZones) }
    public var regions: PlaceRegions { regionsBox.get(loadRegions) }

    /// Whether both have been read (for tests of the laziness).
    public var isLoaded: Bool { zonesBox.isBuilt && regionsBox.isBuilt }

    /// Reads both on a background thread (named, low priority).
    public func warmInBackground() {
        let thread = Thread { [self] in
            _ = zones
            _ = regions
        }
        thread.name = "td-places"
        thread.qualityOfService = .utility
        thread.start()
    }
}
