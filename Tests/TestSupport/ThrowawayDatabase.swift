import Foundation
import TeamLog

/// A PostgreSQL database that exists for one test: created on the test
/// process's private server (or on the one `TIMEDECK_TEST_POSTGRES` names;
/// see `TestPostgres`) and dropped by `drop()`.
public struct ThrowawayDatabase: Sendable {
    public let name: String
    /// The URL a station uses to reach it.
    public let url: String
    let adminURL: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        adminURL = try TestPostgres.adminURL(environment: environment)
        name = "timedeck_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        do {
            let admin = try PGConnection(url: adminURL)
            try admin.execute("CREATE DATABASE \(name)")
        } catch {
            throw PostgresUnavailable(description: "cannot create a throwaway database at \(adminURL): \(error)")
        }
        url = Self.replacingDatabase(in: adminURL, with: name)
    }

    /// Drops the database (forcing out connections a test left open).
    public func drop() {
        guard let admin = try? PGConnection(url: adminURL) else { return }
        _ = try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// `postgresql://user@host:port/db?query` with `db` replaced.
    static func replacingDatabase(in url: String, with database: String) -> String {
        let scheme = url.hasPrefix("postgres://") ? "postgres://" : "postgresql://"
        var rest = String(url.dropFirst(scheme.count))
        var query = ""
        if let q = rest.firstIndex(of: "?") { query = String(rest[q...]); rest = String(rest[..<q]) }
        let authority = rest.firstIndex(of: "/").map { String(rest[..<$0]) } ?? rest
        return scheme + authority + "/" + database + query
    }
}
