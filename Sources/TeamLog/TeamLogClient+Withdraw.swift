import Foundation
import TimeKit
import TimeStore

/// Withdrawn copies (issue 28): a station that synced under a wrong
/// `team.station` and was corrected leaves its marks on the log twice
/// (`north,1` and `south,1`). `team withdraw` writes a tombstone per copy
/// to `timedeck_withdrawal`; every read leaves out what a tombstone names,
/// so every station stops showing it, and a copy sent again later stays
/// hidden.
extension TeamLogClient {
    /// The SQL condition every read of `timedeck_mark` adds.
    static let notWithdrawn = """
        NOT EXISTS (SELECT 1 FROM timedeck_withdrawal w \
        WHERE w.station = timedeck_mark.station AND w.unique_key = timedeck_mark.unique_key)
        """

    /// The copies of `station` on the log (not deleted, not withdrawn),
    /// oldest first, at most `maximumRows`.
    public func marks(ofStation station: String, maximumRows: Int = TeamLogClient.maximumRows) throws -> [TeamMark] {
        try marks(where: "NOT deleted AND \(Self.notWithdrawn) AND station = $1",
                  order: "unix_nanoseconds, local_id LIMIT $2", parameters: [station, String(max(0, maximumRows))])
    }

    /// Writes one tombstone per key of `station` (by `byStation`), in one
    /// statement; a key already withdrawn is left as it is. Returns how
    /// many tombstones are new. Row security refuses a role that may not
    /// write as `station` (the owner of the log may withdraw any).
    @discardableResult
    public func withdraw(station: String, keys: [String], by byStation: String) throws -> Int {
        guard !keys.isEmpty else { return 0 }
        let result = try connection.execute("""
            INSERT INTO timedeck_withdrawal (station, unique_key, by_station)
            SELECT $1, k, $3 FROM unnest($2::text[]) AS k
            ON CONFLICT (station, unique_key) DO NOTHING
            RETURNING 1
            """, [station, Self.arrayLiteral(keys), byStation])
        return result.values.count
    }

    /// How many copies of each station have been withdrawn (for `team status`).
    public func withdrawnByStation() throws -> [(station: String, copies: Int)] {
        try connection.execute("SELECT left(station, $1::integer), count(*) FROM timedeck_withdrawal "
                               + "GROUP BY station ORDER BY station LIMIT $2",
                               [String(Self.stationCharacters), String(Self.maximumStations)])
            .values.compactMap { row in
                guard let station = row[0], let n = row[1].flatMap({ Int($0) }) else { return nil }
                return (station, n)
            }
    }

    /// Stations other than `current` that hold copies of marks `store`
    /// has (the copies written here under an earlier `team.station`), with
    /// how many: what `team status` points at with the withdraw command.
    /// Looks at the newest `sample` rows of each station.
    public func stationsWrittenFrom(_ store: AppDatabase, otherThan current: String,
                                    sample: Int = 50) throws -> [(station: String, copies: Int)] {
        let rows = try connection.execute("""
            SELECT station, unique_key FROM (
                SELECT left(station, $3::integer) AS station, left(unique_key, 200) AS unique_key,
                       row_number() OVER (PARTITION BY station ORDER BY received_at DESC) AS n
                FROM timedeck_mark WHERE NOT deleted AND \(Self.notWithdrawn) AND station <> $1) AS newest
            WHERE n <= $2 LIMIT 50000
            """, [current, String(max(1, sample)), String(Self.stationCharacters)])
        var keysByStation: [String: [String]] = [:]
        for row in rows.values { if let station = row[0], let key = row[1] { keysByStation[station, default: []].append(key) } }
        var found: [(station: String, copies: Int)] = []
        for (station, keys) in keysByStation.sorted(by: { $0.key < $1.key }) {
            guard !(try store.knownTeamKeys(keys)).isEmpty else { continue }
            let all = try marks(ofStation: station).compactMap(\.mark.uniqueKey)
            found.append((station, try store.knownTeamKeys(all).count))
        }
        return found
    }
}
