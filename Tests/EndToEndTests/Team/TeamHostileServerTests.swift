import Foundation
import Testing
import TeamLog
import TestSupport

/// Issue 29, second pass: a team server is outside text like any other.
/// Its notices (`RAISE NOTICE`) never reach the terminal raw or unbounded,
/// its rows are bounded in the query, and a link cut mid-query is reported
/// as offline, never "online, schema v0". Each test runs the real binary
/// against a private PostgreSQL server made hostile on purpose.
@Suite("team: a hostile server", .serialized)
struct TeamHostileServerTests {
    /// OSC 52 (set the clipboard), OSC 0 (set the title), clear screen and
    /// home, and an 8-bit CSI, as one notice.
    static let escapes = #"E'\x1b]52;c;cm0gLXJmIH4K\x07\x1b]0;pwned\x07\x1b[2J\x1b[H' || chr(155) || '2J'"#

    /// `escapes` as `InertText` shows it.
    static let inertEscapes = "␛]52;c;cm0gLXJmIH4K␇␛]0;pwned␇␛[2J␛[HU+009B2J"

    /// A database whose every connection hears notices: `timedeck_schema`
    /// (read at every connect) becomes a view over a function that raises
    /// the escapes, a 10 MB notice and 200 distinct ones.
    static func noisyServer() throws -> ThrowawayDatabase {
        let server = try ThrowawayDatabase()
        _ = try TeamLogClient(url: server.url)  // the schema, as a station makes it
        let admin = try PGConnection(url: server.url)
        try admin.execute("""
            CREATE FUNCTION timedeck_noise() RETURNS integer LANGUAGE plpgsql AS $$
            BEGIN
              RAISE NOTICE '%', \(escapes);
              RAISE NOTICE '%', \(escapes);
              RAISE NOTICE '%', repeat(\(escapes), 700000);
              FOR i IN 1..200 LOOP RAISE NOTICE 'noise % %', i, \(escapes); END LOOP;
              RETURN (SELECT max(version) FROM timedeck_schema_real);
            END $$
            """)
        try admin.execute("ALTER TABLE timedeck_schema RENAME TO timedeck_schema_real")
        try admin.execute("CREATE VIEW timedeck_schema AS SELECT timedeck_noise() AS version")
        return server
    }

    /// No escape, BEL or 8-bit CSI byte; at most `limit` bytes.
    static func expectInert(_ text: String, limit: Int, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        // Booleans first: an expectation on the text itself would print
        // all of it (tens of MB) when it fails.
        let escape = text.utf8.contains(0x1B), bell = text.utf8.contains(0x07)
        let c1 = text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }
        let size = text.utf8.count
        #expect(!escape, "\(what): an ESC byte reached the terminal", sourceLocation: sourceLocation)
        #expect(!bell, "\(what): a BEL byte reached the terminal", sourceLocation: sourceLocation)
        #expect(!c1, "\(what): a C1 control reached the terminal", sourceLocation: sourceLocation)
        #expect(size <= limit, "\(what): \(size) bytes, more than \(limit)", sourceLocation: sourceLocation)
    }

    @Test("RAISE NOTICE with OSC 52, OSC 0, clear screen and 10 MB: every command's stderr is inert, bounded and counted",
          arguments: [["marks", "add", "--no-position", "--gps-wait", "0", "--note", "n"], ["team", "sync"],
                      ["marks", "list", "--team"], ["team", "status"]])
    func notices(command: [String]) throws {
        let server = try Self.noisyServer()
        defer { server.drop() }
        let station = try TeamStation(name: "north", url: server.url)
        defer { station.process.remove() }
        let out = try station.process.run(command)
        #expect(out.status == 0, "\(command) exit \(out.status): \(out.stderr.prefix(2000))")
        Self.expectInert(out.stderr, limit: 8_000, "\(command) stderr")
        Self.expectInert(out.stdout, limit: 8_000, "\(command) stdout")
        // Shown made visible, once each, and the rest counted.
        let sawOSC52 = out.stderr.contains("␛]52;c;"), counted = out.stderr.contains("more notices from the team log not shown")
        #expect(sawOSC52, "\(out.stderr.prefix(2000))")
        let shownWhole = out.stderr.split(separator: "\n").filter { $0.hasSuffix(Self.inertEscapes) && !$0.contains("noise") }
        #expect(shownWhole.count == 1, "an identical notice shown \(shownWhole.count) times")
        #expect(counted, "\(out.stderr.prefix(2000))")
    }

    /// A server whose station column was freed of its check and holds five
    /// names of `megabytes` MB each, with marks.
    static func hugeStationServer(megabytes: Int) throws -> ThrowawayDatabase {
        let server = try ThrowawayDatabase()
        _ = try TeamLogClient(url: server.url)
        let admin = try PGConnection(url: server.url)
        // Its check and its key (an index row holds at most 8 kB) dropped.
        try admin.execute("ALTER TABLE timedeck_mark DROP CONSTRAINT timedeck_mark_station_check")
        try admin.execute("ALTER TABLE timedeck_mark DROP CONSTRAINT timedeck_mark_pkey")
        try admin.execute("""
            INSERT INTO timedeck_mark (station, unique_key, seq, local_id, unix_nanoseconds, note)
            SELECT i || repeat(\(escapes), $1::integer), 'k' || i, 1, i,
                   extract(epoch FROM now())::bigint * 1000000000, 'huge station ' || i
            FROM generate_series(1, 5) AS i
            """, [String(megabytes * 1_000_000 / 16)])
        return server
    }

    @Test("Five huge station names: marks list --team and team status print bounded, inert lines",
          arguments: [["marks", "list", "--team"], ["marks", "list", "--team", "--json"], ["team", "status"],
                      ["team", "status", "--json"]])
    func hugeStations(command: [String]) throws {
        let server = try Self.hugeStationServer(megabytes: 8)
        defer { server.drop() }
        let station = try TeamStation(name: "north", url: server.url)
        defer { station.process.remove() }
        let out = try station.process.run(command)
        #expect(out.status == 0, "\(command) exit \(out.status): \(out.stderr.prefix(2000))")
        // Five stations of at most 64 characters, each shown as at most
        // 64 stand-ins of up to 3 bytes (or a JSON escape of 6).
        Self.expectInert(out.stdout, limit: 12_000, "\(command) stdout")
        Self.expectInert(out.stderr, limit: 4_000, "\(command) stderr")
        let listed = out.stdout.contains("huge station") || command.first == "team"
        #expect(listed, "\(out.stdout.prefix(2000))")
    }

    @Test("A connection cut in the middle of team status's queries: offline with the reason, never online with schema v0")
    func cutMidQuery() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        _ = try TeamLogClient(url: server.url)
        let admin = try PGConnection(url: server.url)
        // The first read of the version (at connect) answers; the second
        // (status's own) ends its own connection.
        try admin.execute("CREATE SEQUENCE timedeck_reads")
        try admin.execute("""
            CREATE FUNCTION timedeck_cut() RETURNS integer LANGUAGE plpgsql AS $$
            BEGIN
              IF nextval('timedeck_reads') >= 2 THEN
                PERFORM pg_terminate_backend(pg_backend_pid());
                PERFORM pg_sleep(5);
              END IF;
              RETURN (SELECT max(version) FROM timedeck_schema_real);
            END $$
            """)
        try admin.execute("ALTER TABLE timedeck_schema RENAME TO timedeck_schema_real")
        try admin.execute("CREATE VIEW timedeck_schema AS SELECT timedeck_cut() AS version")
        let station = try TeamStation(name: "north", url: server.url)
        defer { station.process.remove() }
        let out = try station.process.run(["team", "status"])
        #expect(out.status == 1, "exit \(out.status): \(out.stdout)")
        #expect(!out.stdout.contains("online"), "\(out.stdout)")
        #expect(!out.stdout.contains("schema v0"), "\(out.stdout)")
        #expect(out.stdout.contains("status:  offline: lost the connection to the team log"), "\(out.stdout)")
        let json = try station.process.run(["team", "status", "--json"])
        #expect(json.stdout.contains("\"online\" : false"), "\(json.stdout)")
    }

    @Test("The dashboard on a noisy server: what it replays at exit is inert, bounded and counted, and quitting is prompt")
    func dashboardNotices() throws {
        let server = try Self.noisyServer()
        defer { server.drop() }
        let station = try TeamStation(name: "north", url: server.url)
        defer { station.process.remove() }
        let errors = station.process.home.appendingPathComponent("dashboard.err").path
        let session = try TmuxSession(columns: 110, rows: 30,
                                      command: "\(shellQuoted(TimedeckBinary.url.path)) 2>\(shellQuoted(errors))",
                                      environment: ["TIMEDECK_HOME": station.process.home.path,
                                                    "TIMEDECK_CONFIG": station.process.configPath])
        defer { session.stop() }
        #expect(session.waitForScreen(15) { $0.contains("team: online") } != nil, "\(session.capture())")
        try session.send("q")
        #expect(waitUntil(10) { session.hasEnded }, "the dashboard did not quit within 10 s")
        let replayed = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        Self.expectInert(replayed, limit: 8_000, "dashboard stderr")
        let sawOSC52 = replayed.contains("␛]52;c;"), counted = replayed.contains("more notices from the team log not shown")
        #expect(sawOSC52, "\(replayed.prefix(2000))")
        #expect(counted, "\(replayed.prefix(2000))")
    }
}
