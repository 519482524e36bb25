import Foundation

/// Where the team-log tests make their databases: the server that
/// `TIMEDECK_TEST_POSTGRES` names, or else one private server for the whole
/// test process, started on first use and removed when the process exits.
/// Nothing needs a system cluster or a role.
public enum TestPostgres {
    /// A URL whose database may create and drop databases.
    public static func adminURL(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let named = environment["TIMEDECK_TEST_POSTGRES"], !named.isEmpty { return named }
        return try shared.get().url
    }

    /// Started once, lazily (Swift runs a static's initializer exactly once,
    /// even when tests ask for it in parallel).
    static let shared: Result<PostgresServer, Error> = {
        let made = Result { try PostgresServer() }
        if case .success = made { atexit { TestPostgres.removeShared() } }
        return made
    }()

    static func removeShared() {
        if case .success(let server) = shared { server.remove() }
    }
}
