import Foundation
import TimeKit
import TimeStore

/// The team log on one PostgreSQL connection: sends this station's queued
/// changes, reads every station's marks, and listens for new ones.
public final class TeamLogClient: @unchecked Sendable {  // wraps one PGConnection, used by one thread at a time
    public let connection: PGConnection

    /// Connects and makes sure the schema is current.
    public convenience init(url: String, timeoutSeconds: Int = 3) throws {
        try self.init(url: ConnectionString(url), timeoutSeconds: timeoutSeconds)
    }

    public init(url: ConnectionString, timeoutSeconds: Int = 3) throws {
        connection = try PGConnection(url: url, timeoutSeconds: timeoutSeconds)
        try TeamSchema.migrate(connection)
    }

    /// Applies queued changes in one statement: the batch travels as one
    /// array per column and is expanded by `unnest` on the server, so a
    /// batch of 500 costs one round trip, not 500. A change the server
    /// already has (same or newer `seq` for that mark) changes nothing, so
    /// sending twice, or out of order, is harmless; row security checks
    /// every row as before.
    public func send(_ entries: [OutboxEntry]) throws {
        let latest = Self.latestPerMark(entries)
        guard !latest.isEmpty else { return }
        try connection.execute(Self.batchSQL, Self.batchParameters(latest))
    }

    /// The newest change of each mark, in outbox order. The server keeps
    /// only the highest `seq` of a mark anyway (a put after a delete puts it
    /// back, a delete after a put deletes it), and one `INSERT … ON
    /// CONFLICT` may touch a row only once.
    static func latestPerMark(_ entries: [OutboxEntry]) -> [OutboxEntry] {
        var newest: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            if entry.operation == .put && entry.mark == nil { continue }
            let key = entry.station + "\u{0}" + entry.uniqueKey
            if let other = newest[key], entries[other].seq > entry.seq { continue }
            newest[key] = index
        }
        return newest.values.sorted().map { entries[$0] }
    }

    static let markColumns = [
        "local_id", "unix_nanoseconds", "correction_nanoseconds", "note", "position_source", "latitude", "longitude",
        "fix_unix_nanoseconds", "fix_mode", "fix_age_milliseconds", "clock_synchronized", "clock_estimated_error_us",
        "clock_maximum_error_us", "gps_offset_nanoseconds", "gps_offset_method", "clock_summary",
        "sight_body", "sight_hs_degrees",
    ]

    /// SQL types of `station, unique_key, seq, deleted` and `markColumns`.
    static let columnTypes = [
        "text", "text", "bigint", "boolean",
        "bigint", "bigint", "bigint", "text", "text", "float8", "float8",
        "bigint", "integer", "bigint", "boolean", "bigint",
        "bigint", "bigint", "text", "text",
        "text", "float8",
    ]

    /// One INSERT of the whole batch. A put sets every column; a delete
    /// only marks the row deleted and keeps what it held (as a delete
    /// always did), whichever way the row is reached.
    static let batchSQL: String = {
        let columns = ["station", "unique_key", "seq", "deleted"] + markColumns
        let arrays = columnTypes.enumerated().map { "$\($0.offset + 1)::\($0.element)[]" }.joined(separator: ", ")
        let keep = markColumns.map {
            "\($0) = CASE WHEN EXCLUDED.deleted THEN timedeck_mark.\($0) ELSE EXCLUDED.\($0) END"
        }.joined(separator: ", ")
        return """
            INSERT INTO timedeck_mark (\(columns.joined(separator: ", ")))
            SELECT * FROM unnest(\(arrays))
            ON CONFLICT (station, unique_key) DO UPDATE SET seq = EXCLUDED.seq, deleted = EXCLUDED.deleted, \(keep),
                written_by = current_user, received_at = now()
            WHERE timedeck_mark.seq < EXCLUDED.seq
            """
    }()

    /// One PostgreSQL array literal per column (text form), in the order of
    /// `columnTypes`.
    static func batchParameters(_ entries: [OutboxEntry]) -> [String?] {
        var columns = Array(repeating: [String?](), count: columnTypes.count)
        for entry in entries {
            let values: [String?]
            if entry.operation == .put, let mark = entry.mark {
                let row = putParameters(entry, mark)
                values = Array(row[0..<3]) + ["false"] + Array(row[3...])
            } else {
                values = [entry.station, entry.uniqueKey, String(entry.seq), "true"]
                    + Array(repeating: nil, count: markColumns.count)
            }
            for (index, value) in values.enumerated() { columns[index].append(value) }
        }
        return columns.map(arrayLiteral)
    }

    /// `{"a","b\"c",NULL}`: every element quoted, `\` and `"` escaped.
    static func arrayLiteral(_ values: [String?]) -> String {
        var out = "{"
        for (index, value) in values.enumerated() {
            if index > 0 { out += "," }
            guard let value else { out += "NULL"; continue }
            out += "\""
            for ch in value.unicodeScalars {
                if ch == "\"" || ch == "\\" { out += "\\" }
                out.unicodeScalars.append(ch)
            }
            out += "\""
        }
        return out + "}"
    }

    static func putParameters(_ entry: OutboxEntry, _ mark: SightingMark) -> [String?] {
        let p = mark.position, k = mark.clock.kernel, g = mark.clock.gpsOffset
        return [
            entry.station, entry.uniqueKey, String(entry.seq),
            mark.id.map(String.init), String(mark.unixNanoseconds), String(mark.correctionNanoseconds), mark.note,
            p.source.rawValue, p.coordinate.map { String($0.latitudeDegrees) }, p.coordinate.map { String($0.longitudeDegrees) },
            p.fixUnixNanoseconds.map(String.init), p.fixMode.map(String.init), p.fixAgeMilliseconds.map(String.init),
            k.map { $0.synchronized ? "true" : "false" }, k.map { String($0.estimatedErrorMicroseconds) },
            k.map { String($0.maximumErrorMicroseconds) }, g.map { String($0.nanoseconds) }, g?.method.rawValue,
            mark.clock.summary,
            entry.sight?.bodyText, entry.sight.map { String($0.sextantAltitudeDegrees) },
        ]
    }

    /// Every station's marks (not deleted), oldest first, at most
    /// `maximumRows` (the oldest; `TeamLogClient.maximumRows` by default).
    public func allMarks(maximumRows: Int = TeamLogClient.maximumRows) throws -> [TeamMark] {
        try marks(where: "NOT deleted AND \(Self.notWithdrawn)", order: "unix_nanoseconds, station, local_id LIMIT $1",
                  parameters: [String(max(0, maximumRows))])
    }

    /// The newest `limit` marks of every station but `station`, newest
    /// first, stamped within `recentWindowSeconds` before `now` (and not in
    /// the future beyond a day: a station with a wrong clock cannot pin the
    /// list).
    public func recentMarks(otherThan station: String, limit: Int, now: Date = Date()) throws -> [TeamMark] {
        let nowNanoseconds = Int64(now.timeIntervalSince1970 * 1e9)
        let from = nowNanoseconds - Int64(Self.recentWindowSeconds * 1e9), to = nowNanoseconds + 86_400 * 1_000_000_000
        return try marks(where: "NOT deleted AND \(Self.notWithdrawn) AND station <> $1 AND unix_nanoseconds BETWEEN $3 AND $4",
                         order: "unix_nanoseconds DESC, station, local_id DESC LIMIT $2",
                         parameters: [station, String(min(max(0, limit), Self.maximumRows)), String(from), String(to)])
    }

    /// The newest marks of `station` on the server (at most `sample`) that
    /// `store` has never had: written by another folder claiming the same
    /// station (issue 20). Newest first.
    public func otherFolderMarks(station: String, knownTo store: AppDatabase, sample: Int = 200) throws -> [TeamMark] {
        try marks(where: "NOT deleted AND \(Self.notWithdrawn) AND station = $1", order: "received_at DESC, unix_nanoseconds DESC LIMIT $2",
                  parameters: [station, String(min(max(0, sample), Self.maximumRows))])
            .filter { mark in
                guard let key = mark.mark.uniqueKey else { return false }
                return try !store.knowsTeamKey(key)
            }
    }

    /// Bounds on what is read from the team log, applied in the query (a
    /// station can write anything its role may insert: five 40 MB notes
    /// grew another station's dashboard from 0.56 to 1.4 GB). Text columns
    /// are cut to what timedeck itself would write; rows to `maximumRows`.
    public static let maximumRows = 100_000
    public static let recentWindowSeconds: Double = 366 * 86_400
    static let textLimits: [String: Int] = [
        "note": MarkNote.maximumCharacters, "position_source": 16, "gps_offset_method": 16, "clock_summary": 200,
        "sight_body": MarkImport.maximumBodyCharacters,
    ]
    /// A station name is at most 63 characters (the schema's check); a
    /// server without that check once sent five of 40 MB each.
    public static let stationCharacters = 64
    /// At most this many stations are counted for `team status`.
    public static let maximumStations = 1_000

    /// `markColumns` as read: text columns cut with `left(…, n)`.
    static let selectedColumns: String = (["left(station, \(stationCharacters))", "left(unique_key, 200)"] + markColumns.map { column in
        textLimits[column].map { "left(\(column), \($0))" } ?? column
    }).joined(separator: ", ")

    func marks(where condition: String, order: String, parameters: [String?]) throws -> [TeamMark] {
        let rows = try connection.execute(
            "SELECT \(Self.selectedColumns) FROM timedeck_mark WHERE \(condition) ORDER BY \(order)",
            parameters)
        return rows.values.compactMap(Self.teamMark)
    }

    static func teamMark(_ row: [String?]) -> TeamMark? {
        guard row.count == markColumns.count + 2, let station = row[0], let nanos = row[3].flatMap({ Int64($0) }) else { return nil }
        func int(_ i: Int) -> Int64? { row[i].flatMap { Int64($0) } }
        var coordinate: GeoPosition?
        if let lat = row[7].flatMap(Double.init), let lon = row[8].flatMap(Double.init) {
            coordinate = try? GeoPosition(latitudeDegrees: lat, longitudeDegrees: lon)
        }
        let kernel = row[12].map {
            ClockStatus.Kernel(synchronized: $0 == "t", estimatedErrorMicroseconds: int(13) ?? 0, maximumErrorMicroseconds: int(14) ?? 0)
        }
        var gps: ClockStatus.GPSOffset?
        if let offset = int(15), let method = row[16].flatMap(ClockStatus.OffsetMethod.init(rawValue:)) {
            gps = ClockStatus.GPSOffset(nanoseconds: offset, method: method)
        }
        let mark = SightingMark(
            id: int(2), unixNanoseconds: nanos, correctionNanoseconds: int(4) ?? 0, note: row[5] ?? "",
            position: MarkPosition(source: row[6].flatMap(PositionSource.init(rawValue:)) ?? .none, coordinate: coordinate,
                                   fixUnixNanoseconds: int(9), fixMode: row[10].flatMap { Int($0) }, fixAgeMilliseconds: int(11)),
            clock: ClockStatus(kernel: kernel, gpsOffset: gps),
            uniqueKey: row[1])
        var sight: ExportedSight?
        if let body = row[18], let hs = row[19].flatMap(Double.init), hs.isFinite, hs > 0, hs < 90 {
            sight = ExportedSight(bodyText: body, sextantAltitudeDegrees: hs)
        }
        return TeamMark(station: station, mark: mark, sight: sight)
    }

    /// Subscribes this connection to new marks (`waitForChange`).
    public func listen() throws {
        try connection.execute("LISTEN timedeck_marks")
    }

    /// Waits up to `timeoutMilliseconds` for a change notification; true if
    /// one (or more) arrived. Throws when the connection is gone.
    public func waitForChange(timeoutMilliseconds: Int32) throws -> Bool {
        if try !connection.drainNotifications().isEmpty { return true }
        var fd = pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0)
        let ready = poll(&fd, 1, timeoutMilliseconds)
        if ready < 0 && errno != EINTR { throw TeamLogError.lost(detail: String(cString: strerror(errno))) }
        guard ready > 0 else { return false }
        let changed = try !connection.drainNotifications().isEmpty
        // A server shutting down sends its farewell before closing: the
        // link is gone once that is read, not only at the next send.
        if !connection.isOK { throw TeamLogError.lost(detail: "the server closed the connection") }
        return changed
    }

    /// The schema version on the server.
    public func schemaVersion() throws -> Int? { try TeamSchema.currentVersion(connection) }

    /// Marks per station (not deleted), for `team status`: names cut and
    /// stations counted in the query, like every read of server rows.
    public func countsByStation() throws -> [(station: String, marks: Int)] {
        try connection.execute("SELECT left(station, $1::integer), count(*) FROM timedeck_mark WHERE NOT deleted AND \(Self.notWithdrawn) "
                               + "GROUP BY station ORDER BY station LIMIT $2",
                               [String(Self.stationCharacters), String(Self.maximumStations)])
            .values.compactMap { row in
                guard let station = row[0], let n = row[1].flatMap({ Int($0) }) else { return nil }
                return (station, n)
            }
    }
}

/// Moves a store's outbox to the team log: oldest first, a batch per
/// transaction, each batch removed from the outbox only after the server
/// committed it (at-least-once; the server's `seq` check makes a repeat
/// harmless).
public enum TeamSender {
    public static let batchSize = 500

    /// Sends everything queued; returns how many changes were sent.
    @discardableResult
    /// A change refused for good is parked (see `OutboxParking`), never
    /// blocking the rest; `configuration` names the team setup, so parked
    /// changes are retried once it changes.
    public static func sendAll(from store: AppDatabase, to client: TeamLogClient,
                               busyTimeout: TimeInterval? = nil, configuration: String = "") throws -> Int {
        try store.unparkOutbox(notParkedUnder: configuration, busyTimeout: busyTimeout)
        var sent = 0
        while true {
            let batch = try store.pendingOutbox(limit: batchSize)
            guard !batch.isEmpty else { return sent }
            let delivered = try OutboxParking.send(batch, to: client, parkingIn: store, under: configuration,
                                                   busyTimeout: busyTimeout)
            try store.removeFromOutbox(seqs: delivered.map(\.seq), busyTimeout: busyTimeout)
            sent += delivered.count
            if batch.count < batchSize { return sent }
        }
    }
}
