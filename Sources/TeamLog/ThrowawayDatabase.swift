import Foundation

/// A PostgreSQL database that exists for one test: created on a local
/// server (over the Unix socket as the current user, or at
/// `TIMEDECK_TEST_POSTGRES`, a URL whose database is used to create and
/// drop it) and dropped by `drop()`. Public for the test targets.
public struct ThrowawayDatabase: Sendable {
    public let name: String
    /// The URL a station uses to reach it.
    public let url: String
    let adminURL: String

    public static let howToStart = """
        these tests need a running PostgreSQL server they may create databases on: \
        apt-get install -y postgresql libpq-dev && pg_ctlcluster 15 main start && \
        su postgres -c "psql -c 'CREATE ROLE $(whoami) SUPERUSER LOGIN'" \
        (or set TIMEDECK_TEST_POSTGRES to a postgresql:// URL of a role that may CREATE DATABASE); .ci/run does this
        """

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        adminURL = environment["TIMEDECK_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 } ?? "postgresql:///postgres"
        name = "timedeck_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        do {
            let admin = try PGConnection(url: adminURL)
            try admin.execute("CREATE DATABASE \(name)")
        } catch {
            throw Unavailable(description: "cannot create a throwaway database (\(error)); \(Self.howToStart)")
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

    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }
}
