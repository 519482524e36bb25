import Foundation
import GRDB
import TimeKit

/// The last forecast as stored: the response and when and where it was
/// asked, read again through the parser, and the last failure since.
public struct StoredForecast: Equatable, Sendable {
    /// The last good response as the server sent it.
    public var response: Data?
    public var fetched: Date?
    /// The position that was asked for.
    public var asked: GeoPosition?
    /// The response parsed again (nil when there is none, or it no longer
    /// passes the parser's checks).
    public var series: WeatherSeries?
    /// The latest failure after the last good response, and when.
    public var failure: WeatherProblem?
    public var failedAt: Date?

    public init(response: Data? = nil, fetched: Date? = nil, asked: GeoPosition? = nil, series: WeatherSeries? = nil,
                failure: WeatherProblem? = nil, failedAt: Date? = nil) {
        self.response = response
        self.fetched = fetched
        self.asked = asked
        self.series = series
        self.failure = failure
        self.failedAt = failedAt
    }
}


extension AppDatabase {
    /// Keeps `response` (a body the parser accepted) as the last forecast,
    /// asked at `asked` and received at `fetched`; clears the last failure.
    /// A body over `OpenMeteoParser.maximumBytes` is refused.
    public func saveForecast(_ response: Data, asked: GeoPosition, fetched: Date, busyTimeout: TimeInterval? = nil) throws {
        guard response.count <= OpenMeteoParser.maximumBytes else { throw WeatherProblem.tooLarge(bytes: response.count) }
        try write(busyTimeout: busyTimeout) { db in
            try db.execute(sql: """
                INSERT INTO weatherForecast (id, response, fetchedUnixMilliseconds, askedLatitude, askedLongitude, failure, failureUnixMilliseconds)
                VALUES (1, ?, ?, ?, ?, NULL, NULL)
                ON CONFLICT(id) DO UPDATE SET response = excluded.response,
                    fetchedUnixMilliseconds = excluded.fetchedUnixMilliseconds, askedLatitude = excluded.askedLatitude,
                    askedLongitude = excluded.askedLongitude, failure = NULL, failureUnixMilliseconds = NULL
                """, arguments: [response, UTCFields.unixMilliseconds(fetched), asked.latitudeDegrees, asked.longitudeDegrees])
        }
    }

    /// Records why the latest ask failed, keeping the last good forecast.
    public func saveForecastFailure(_ problem: WeatherProblem, at instant: Date, busyTimeout: TimeInterval? = nil) throws {
        var text = String(decoding: try JSONEncoder().encode(problem), as: UTF8.self)
        if text.utf8.count > 4096 {  // only a long `unreachable` text can be; keep the kind
            text = String(decoding: try JSONEncoder().encode(WeatherProblem.unreachable(OpenMeteoParser.inertReason(String(problem.description.prefix(200))))), as: UTF8.self)
        }
        try write(busyTimeout: busyTimeout) { db in
            try db.execute(sql: """
                INSERT INTO weatherForecast (id, failure, failureUnixMilliseconds) VALUES (1, ?, ?)
                ON CONFLICT(id) DO UPDATE SET failure = excluded.failure, failureUnixMilliseconds = excluded.failureUnixMilliseconds
                """, arguments: [text, UTCFields.unixMilliseconds(instant)])
        }
    }

    /// The last forecast and failure; nil when weather never asked.
    public func loadForecast() throws -> StoredForecast? {
        let row = try writer.read { db in try Row.fetchOne(db, sql: "SELECT * FROM weatherForecast WHERE id = 1") }
        guard let row else { return nil }
        var stored = StoredForecast()
        let fetchedMs: Int64? = row["fetchedUnixMilliseconds"]
        stored.fetched = fetchedMs.map { Date(timeIntervalSince1970: Double($0) / 1000) }
        let latitude: Double? = row["askedLatitude"], longitude: Double? = row["askedLongitude"]
        if let latitude, let longitude { stored.asked = try? GeoPosition(latitudeDegrees: latitude, longitudeDegrees: longitude) }
        stored.response = row["response"]
        if let response = stored.response, let fetched = stored.fetched {
            stored.series = try? OpenMeteoParser.parse(response, asked: stored.asked, fetched: fetched)
        }
        let failure: String? = row["failure"]
        stored.failure = failure.flatMap { try? JSONDecoder().decode(WeatherProblem.self, from: Data($0.utf8)) }
        let failedMs: Int64? = row["failureUnixMilliseconds"]
        stored.failedAt = failedMs.map { Date(timeIntervalSince1970: Double($0) / 1000) }
        return stored
    }
}
