import CLibPQ
import Foundation
import TimeKit

/// One libpq connection (`PGconn`), used by one thread at a time. Every
/// query is parameterised (`PQexecParams`, text format): no value is ever
/// spliced into SQL.
public final class PGConnection: @unchecked Sendable {  // a PGconn is used by one thread at a time (its owner: a worker or a command)
    private let conn: OpaquePointer
    /// Where the server's notices go; kept alive as long as `conn`.
    private let notices: TeamNotices

    /// Connects to `url` (a `postgresql://` URL or a conninfo; libpq reads
    /// the password from it, `PGPASSFILE` or `~/.pgpass`, and honours
    /// `sslmode`). `timeoutSeconds` bounds the whole connect. Every error it
    /// throws is scrubbed of the string and every piece of its password.
    /// The server's notices go to `notices` from the first byte on (our
    /// processor is installed before the connection starts), never to
    /// libpq's default, which writes them raw and unbounded to stderr.
    public init(url: ConnectionString, timeoutSeconds: Int = 3, notices: TeamNotices = .standardError) throws {
        self.notices = notices
        try Self.loadLibrary()
        let keywords = ["dbname", "connect_timeout", "application_name"]
        let values = [url.forConnecting, String(timeoutSeconds), "timedeck"]
        // expand_dbname = 1: the first dbname is the URL, parsed in full;
        // the keywords after it add what the URL does not set.
        let conn: OpaquePointer? = withCStrings(keywords) { k in
            withCStrings(values) { v in PQconnectStartParams(k, v, 1) }
        }
        guard let conn else { throw TeamLogError.unreachable(detail: "out of memory") }
        PQsetNoticeProcessor(conn, { arg, message in TeamNotices.deliver(arg, message) },
                             Unmanaged.passUnretained(notices).toOpaque())
        switch Self.finishConnecting(conn, seconds: max(1, timeoutSeconds)) {
        case .connected:
            self.conn = conn
            notices.reportUnshown()
        case .failed:
            let detail = url.scrub(Self.message(conn))
            PQfinish(conn)
            throw TeamLogError.unreachable(detail: detail)
        case .timedOut:
            PQfinish(conn)
            throw TeamLogError.unreachable(detail: "no answer within \(timeoutSeconds) s (timeout expired); "
                                           + "check that the server is up and team.url names it")
        }
    }

    enum Connecting { case connected, failed, timedOut }

    /// Loads libpq (`libpq.so.5`) the first time a connection is made: the
    /// binary does not link it, so commands without a team log never map it.
    /// Absent, it is a `missingLibrary` error that says what to install.
    static func loadLibrary() throws {
        var error = [CChar](repeating: 0, count: 512)
        guard td_pq_load(&error, error.count) != 0 else { return }
        throw TeamLogError.missingLibrary(detail: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// libpq's non-blocking connect loop (PQconnectPoll, as its manual
    /// shows), bounded by `seconds` in all.
    static func finishConnecting(_ conn: OpaquePointer, seconds: Int) -> Connecting {
        guard PQstatus(conn) != CONNECTION_BAD else { return .failed }
        let deadline = Date().addingTimeInterval(Double(seconds))
        var state = PGRES_POLLING_WRITING
        while state != PGRES_POLLING_OK {
            guard state != PGRES_POLLING_FAILED else { return .failed }
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            var fd = pollfd(fd: PQsocket(conn), events: Int16(state == PGRES_POLLING_READING ? POLLIN : POLLOUT), revents: 0)
            let ready = poll(&fd, 1, remaining)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { return .timedOut }
            if ready < 0 { return .failed }
            state = PQconnectPoll(conn)
        }
        return PQstatus(conn) == CONNECTION_OK ? .connected : .failed
    }

    public convenience init(url: String, timeoutSeconds: Int = 3, notices: TeamNotices = .standardError) throws {
        try self.init(url: ConnectionString(url), timeoutSeconds: timeoutSeconds, notices: notices)
    }

    deinit {
        PQfinish(conn)
        notices.reportUnshown()
    }

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
        // Notices held back during this statement are counted now, not at
        // close: the dashboard keeps its connection until it quits.
        notices.reportUnshown()
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
            let text = TeamNotices.bounded(PQresultErrorMessage(result))
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

    /// The connection's error message (bounded: the server writes part of
    /// it), its lines joined with `; `.
    static func message(_ conn: OpaquePointer) -> String {
        TeamNotices.bounded(PQerrorMessage(conn)).replacingOccurrences(of: "\n", with: "; ")
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
    /// libpq is not installed (or too old): says which package to install.
    case missingLibrary(detail: String)

    public var description: String {
        switch self {
        case .unreachable(let detail): "cannot reach the team log: \(detail)"
        case .lost(let detail): "lost the connection to the team log: \(detail)"
        case .refused(let state, let detail): "the team log refused the request (\(state)): \(detail)"
        case .newerSchema(let version):
            "the team log's schema is version \(version), newer than this timedeck knows; upgrade timedeck"
        case .missingLibrary(let detail): detail
        }
    }

    /// True for network trouble (retry later), false for a refusal.
    public var isTransient: Bool {
        switch self {
        case .unreachable, .lost: true
        case .refused, .newerSchema, .missingLibrary: false
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
