import CLibPQ
import Foundation
import TimeKit

/// One libpq connection (`PGconn`), used by one thread at a time. Every
/// query is parameterised (`PQexecParams`, text format): no value is ever
/// spliced into SQL.
public final class PGConnection: @unchecked Sendable {  // a PGconn is used by one thread at a time (its owner: a worker or a command)
    private let conn: OpaquePointer

    /// Connects to `url` (a `postgresql://` URL; libpq reads the password
    /// from it, `PGPASSFILE` or `~/.pgpass`, and honours `sslmode`).
    /// `timeoutSeconds` bounds the connect (libpq's `connect_timeout`).
    /// Every error it throws is scrubbed of the string and its password
    /// (libpq quotes a URI it cannot parse in full).
    public init(url: ConnectionString, timeoutSeconds: Int = 3) throws {
        let keywords = ["dbname", "connect_timeout", "application_name"]
        let values = [url.forConnecting, String(timeoutSeconds), "timedeck"]
        // expand_dbname = 1: the first dbname is the URL, parsed in full;
        // the keywords after it add what the URL does not set.
        let conn: OpaquePointer? = withCStrings(keywords) { k in
            withCStrings(values) { v in PQconnectdbParams(k, v, 1) }
        }
        guard let conn else { throw TeamLogError.unreachable(detail: "out of memory") }
        guard PQstatus(conn) == CONNECTION_OK else {
            let detail = url.scrub(Self.message(conn))
            PQfinish(conn)
            throw TeamLogError.unreachable(detail: detail)
        }
        self.conn = conn
    }

    public convenience init(url: String, timeoutSeconds: Int = 3) throws {
        try self.init(url: ConnectionString(url), timeoutSeconds: timeoutSeconds)
    }

    deinit { PQfinish(conn) }

    /// Rows of a query's result, each column as text (nil for NULL).
    public struct Rows: Sendable {
        public var columns: [String]
        public var values: [[String?]]

        public func column(_ name: String) -> Int? { columns.firstIndex(of: name) }
    }

    /// Runs one statement with `$1…` parameters; returns its rows.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [String?] = []) throws -> Rows {
        let result: OpaquePointer? = withOptionalCStrings(parameters) { params in
            PQexecParams(conn, sql, Int32(parameters.count), nil, params, nil, nil, 0)
        }
        guard let result else { throw TeamLogError.lost(detail: Self.message(conn)) }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return Rows(columns: [], values: [])
        case PGRES_TUPLES_OK:
            let rows = Int(PQntuples(result)), cols = Int(PQnfields(result))
            let names = (0..<cols).map { String(cString: PQfname(result, Int32($0))) }
            let values = (0..<rows).map { r in
                (0..<cols).map { c -> String? in
                    PQgetisnull(result, Int32(r), Int32(c)) == 1 ? nil : String(cString: PQgetvalue(result, Int32(r), Int32(c)))
                }
            }
            return Rows(columns: names, values: values)
        default:
            let text = String(cString: PQresultErrorMessage(result)).trimmingCharacters(in: .whitespacesAndNewlines)
            let state = PQresultErrorField(result, 67 /* PG_DIAG_SQLSTATE 'C' */).map { String(cString: $0) } ?? ""
            if PQstatus(conn) != CONNECTION_OK { throw TeamLogError.lost(detail: text) }
            throw TeamLogError.refused(sqlState: state, detail: text)
        }
    }

    /// Runs `body` in one transaction; rolls back if it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }

    /// Whether the connection is still up (a cheap local check).
    public var isOK: Bool { PQstatus(conn) == CONNECTION_OK }

    /// The socket, for `poll` while listening.
    public var socket: Int32 { PQsocket(conn) }

    /// Reads what the server sent and returns the channels of the
    /// notifications that arrived (empty if none). Throws when the
    /// connection is gone.
    public func drainNotifications() throws -> [String] {
        guard PQconsumeInput(conn) == 1 else { throw TeamLogError.lost(detail: Self.message(conn)) }
        var channels: [String] = []
        while let note = PQnotifies(conn) {
            channels.append(String(cString: note.pointee.relname))
            PQfreemem(note)
        }
        return channels
    }

    /// Whether the server uses TLS on this connection.
    public var usesTLS: Bool { PQsslInUse(conn) == 1 }

    /// The server's host (or socket folder), port, database and user, for
    /// status lines; never the password.
    public var serverDescription: String {
        let host = PQhost(conn).map { String(cString: $0) } ?? "?"
        let port = PQport(conn).map { String(cString: $0) } ?? "?"
        let db = PQdb(conn).map { String(cString: $0) } ?? "?"
        let user = PQuser(conn).map { String(cString: $0) } ?? "?"
        return "\(user)@\(host.hasPrefix("/") ? "socket \(host)" : host):\(port)/\(db)"
    }

    static func message(_ conn: OpaquePointer) -> String {
        String(cString: PQerrorMessage(conn)).trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "\n", with: "; ")
    }
}

/// What can go wrong talking to the team log; each says what to do.
public enum TeamLogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Could not connect (server down, wrong host, refused login).
    case unreachable(detail: String)
    /// The connection broke during a request.
    case lost(detail: String)
    /// The server refused a statement (permissions, a newer schema).
    case refused(sqlState: String, detail: String)
    /// The server's schema is newer than this timedeck knows.
    case newerSchema(version: Int)

    public var description: String {
        switch self {
        case .unreachable(let detail): "cannot reach the team log: \(detail)"
        case .lost(let detail): "lost the connection to the team log: \(detail)"
        case .refused(let state, let detail): "the team log refused the request (\(state)): \(detail)"
        case .newerSchema(let version):
            "the team log's schema is version \(version), newer than this timedeck knows; upgrade timedeck"
        }
    }

    /// True for network trouble (retry later), false for a refusal.
    public var isTransient: Bool {
        switch self {
        case .unreachable, .lost: true
        case .refused, .newerSchema: false
        }
    }
}

/// NUL-terminated copies of `strings` for a C `const char * const *`
/// array (itself NULL-terminated), valid during `body`.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
    withOptionalCStrings(strings) { body($0) }
}

func withOptionalCStrings<R>(_ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { $0.map { strdup($0) } ?? nil }
    defer { copies.forEach { free($0) } }
    let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}
