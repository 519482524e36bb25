import GRDB
import TimeKit

/// GRDB persistence for `SightingMark`: one row of the `sightingMark` table,
/// with the position and clock status flattened into columns (schema in
/// `MarksMigrations`).
extension SightingMark: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "sightingMark"

    enum MarkColumns {
        static let id = Column("id")
        static let unixNanoseconds = Column("unixNanoseconds")
        static let uniqueKey = Column("uniqueKey")
    }

    public init(row: Row) throws {
        let source = PositionSource(rawValue: try row.decode(String.self, forColumn: "positionSource")) ?? .none
        var coordinate: GeoPosition?
        if let lat: Double = try row.decode(forColumn: "latitude"), let lon: Double = try row.decode(forColumn: "longitude") {
            coordinate = try? GeoPosition(latitudeDegrees: lat, longitudeDegrees: lon)
        }
        var kernel: ClockStatus.Kernel?
        if let synced: Bool = try row.decode(forColumn: "clockSynchronized") {
            kernel = ClockStatus.Kernel(
                synchronized: synced,
                estimatedErrorMicroseconds: try row.decode(forColumn: "clockEstimatedErrorMicroseconds") ?? 0,
                maximumErrorMicroseconds: try row.decode(forColumn: "clockMaximumErrorMicroseconds") ?? 0)
        }
        var gps: ClockStatus.GPSOffset?
        if let offset: Int64 = try row.decode(forColumn: "gpsOffsetNanoseconds"),
           let method = ClockStatus.OffsetMethod(rawValue: try row.decode(String?.self, forColumn: "gpsOffsetMethod") ?? "") {
            gps = ClockStatus.GPSOffset(nanoseconds: offset, method: method)
        }
        self.init(
            id: try row.decode(forColumn: "id"),
            unixNanoseconds: try row.decode(forColumn: "unixNanoseconds"),
            correctionNanoseconds: try row.decode(forColumn: "correctionNanoseconds"),
            note: try row.decode(forColumn: "note"),
            position: MarkPosition(source: source, coordinate: coordinate,
                                   fixUnixNanoseconds: try row.decode(forColumn: "fixUnixNanoseconds"),
                                   fixMode: try row.decode(forColumn: "fixMode"),
                                   fixAgeMilliseconds: try row.decode(forColumn: "fixAgeMilliseconds")),
            clock: ClockStatus(kernel: kernel, gpsOffset: gps),
            uniqueKey: try row.decode(forColumn: "uniqueKey"))
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["unixNanoseconds"] = unixNanoseconds
        container["correctionNanoseconds"] = correctionNanoseconds
        container["note"] = note
        container["positionSource"] = position.source.rawValue
        container["latitude"] = position.coordinate?.latitudeDegrees
        container["longitude"] = position.coordinate?.longitudeDegrees
        container["fixUnixNanoseconds"] = position.fixUnixNanoseconds
        container["fixMode"] = position.fixMode
        container["fixAgeMilliseconds"] = position.fixAgeMilliseconds
        container["clockSynchronized"] = clock.kernel?.synchronized
        container["clockEstimatedErrorMicroseconds"] = clock.kernel?.estimatedErrorMicroseconds
        container["clockMaximumErrorMicroseconds"] = clock.kernel?.maximumErrorMicroseconds
        container["gpsOffsetNanoseconds"] = clock.gpsOffset?.nanoseconds
        container["gpsOffsetMethod"] = clock.gpsOffset?.method.rawValue
        container["clockSummary"] = clock.summary
        container["uniqueKey"] = uniqueKey
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension SightingMark {
    /// The columns `init(streamRow:)` reads, in its order: a fixed list read
    /// by position, so a long export does not look each column up by name
    /// (GRDB's name lookup is a scan of the row's columns, per value).
    static let streamColumns = """
        id, unixNanoseconds, correctionNanoseconds, note, positionSource, latitude, longitude, \
        fixUnixNanoseconds, fixMode, fixAgeMilliseconds, clockSynchronized, clockEstimatedErrorMicroseconds, \
        clockMaximumErrorMicroseconds, gpsOffsetNanoseconds, gpsOffsetMethod, uniqueKey
        """

    /// A mark from a row selected with `streamColumns` (same meaning as
    /// `init(row:)`).
    init(streamRow row: Row) {
        let source = PositionSource(rawValue: row[4] as String? ?? "") ?? .none
        var coordinate: GeoPosition?
        if let lat = row[5] as Double?, let lon = row[6] as Double? {
            coordinate = try? GeoPosition(latitudeDegrees: lat, longitudeDegrees: lon)
        }
        var kernel: ClockStatus.Kernel?
        if let synced = row[10] as Bool? {
            kernel = ClockStatus.Kernel(synchronized: synced,
                                        estimatedErrorMicroseconds: row[11] as Int64? ?? 0,
                                        maximumErrorMicroseconds: row[12] as Int64? ?? 0)
        }
        var gps: ClockStatus.GPSOffset?
        if let offset = row[13] as Int64?, let method = ClockStatus.OffsetMethod(rawValue: row[14] as String? ?? "") {
            gps = ClockStatus.GPSOffset(nanoseconds: offset, method: method)
        }
        self.init(id: row[0] as Int64?, unixNanoseconds: row[1] as Int64? ?? 0,
                  correctionNanoseconds: row[2] as Int64? ?? 0, note: row[3] as String? ?? "",
                  position: MarkPosition(source: source, coordinate: coordinate,
                                         fixUnixNanoseconds: row[7] as Int64?, fixMode: row[8] as Int?,
                                         fixAgeMilliseconds: row[9] as Int64?),
                  clock: ClockStatus(kernel: kernel, gpsOffset: gps), uniqueKey: row[15] as String?)
    }
}
