import Foundation
import Testing
import TeamLog
import TestSupport

/// Issue 16's end-to-end checks on a real PostgreSQL server: stations are
/// separate data folders running the real binary. They fail (never skip)
/// when no server is available, saying how to start one.
@Suite("Team marks end to end", .serialized)
struct TeamEndToEndTests {
    @Test("Two stations, 4 concurrent loops of 100 marks add: each mark exactly once in every --team view")
    func concurrentLoops() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let north = try TeamStation(name: "north", url: server.url)
        let south = try TeamStation(name: "south", url: server.url)
        defer { north.process.remove(); south.process.remove() }
        let loops = [(north, "A"), (north, "B"), (south, "C"), (south, "D")]
        let pids = try loops.map { try $0.0.startLoop(label: $0.1, count: 100) }
        for pid in pids { #expect(waitForExit(pid, seconds: 300) == 0) }
        for (station, label) in loops { #expect(station.loopFailures(label: label).isEmpty) }
        let expected = Set(loops.flatMap { station, label in (1...100).map { "\(station.name):\(label)-\($0)" } })
        for station in [north, south] {
            let notes = stationNotes(try station.teamView())
            #expect(notes.count == 400, "\(station.name) sees \(notes.count)")
            expectSame(Set(notes), expected, station.name)
        }
    }

    @Test("Server stopped for 10 s mid-run: recording goes on, everything arrives after it returns")
    func serverOutage() throws {
        let server = try PostgresServer()
        defer { server.remove() }
        let north = try TeamStation(name: "north", url: server.url)
        let south = try TeamStation(name: "south", url: server.url)
        defer { north.process.remove(); south.process.remove() }
        let loops = [(north, "A"), (north, "B"), (south, "C"), (south, "D")]
        // Paced so the loops outlast the outage: marks are made before,
        // during and after it.
        let pids = try loops.map { try $0.0.startLoop(label: $0.1, count: 100, pause: 0.1) }
        let probe = try TeamLogClient(url: server.url)
        let deadline = Date().addingTimeInterval(60)
        while try probe.allMarks().count < 40, Date() < deadline { usleep(100_000) }
        try server.stop()
        let stoppedAt = Date()
        sleep(10)
        try server.start()
        let restartedAt = Date()
        for pid in pids { #expect(waitForExit(pid, seconds: 300) == 0) }
        #expect(Date().timeIntervalSince(restartedAt) > 0.5, "the loops ended before the server returned")
        for (station, label) in loops { #expect(station.loopFailures(label: label).isEmpty) }
        // During the outage each station queued its marks locally.
        #expect(restartedAt.timeIntervalSince(stoppedAt) >= 10)
        // The last `marks add` of each loop ran after the server returned and
        // sent what was queued: the server has everything before any view.
        let after = try TeamLogClient(url: server.url)
        let onServer = try after.allMarks().map { "\($0.station):\($0.mark.note)" }
        let expected = Set(loops.flatMap { station, label in (1...100).map { "\(station.name):\(label)-\($0)" } })
        #expect(onServer.count == 400)
        expectSame(Set(onServer), expected, "server")
        for station in [north, south] {
            expectSame(Set(stationNotes(try station.teamView())), expected, station.name)
        }
    }

    @Test("TLS when the URL asks for it; the password never reaches the store, messages or exports")
    func tlsAndPassword() throws {
        let server = try PostgresServer(tls: true)
        defer { server.remove() }
        // The server trusts loopback, so any password is accepted: the point
        // is where timedeck might copy it.
        let secret = "hunter2secret"
        let station = try TeamStation(
            name: "north", url: "postgresql://postgres:\(secret)@127.0.0.1:\(server.port)/postgres?sslmode=require")
        defer { station.process.remove() }
        let add = try station.process.run(["marks", "add", "--no-position", "--gps-wait", "0", "--note", "tls"])
        #expect(add.status == 0, "\(add.stderr)")
        let status = try station.process.run(["team", "status"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains(", TLS,"), "\(status.stdout)")
        #expect(status.stdout.contains("postgres:***@127.0.0.1"))
        let export = try station.process.run(["marks", "export", "--team", "--format", "json"])
        #expect(export.stdout.contains("\"station\" : \"north\""))
        let outputs = [add, status, export].flatMap { [$0.stdout, $0.stderr] }
        #expect(!outputs.contains { $0.contains(secret) })
        // Nothing in the data folder holds it (store, WAL, journal).
        for file in try FileManager.default.contentsOfDirectory(atPath: station.process.home.path) where file != "config.toml" {
            let data = try Data(contentsOf: station.process.home.appendingPathComponent(file))
            #expect(data.range(of: Data(secret.utf8)) == nil, "\(file) contains the password")
        }
        // Asking for no TLS gets none, and status says so.
        try "[marks]\ngpsd = \"off\"\n[team]\nurl = \"postgresql://postgres@127.0.0.1:\(server.port)/postgres?sslmode=disable\"\n"
            .write(toFile: station.process.configPath, atomically: true, encoding: .utf8)
        #expect(try station.process.run(["team", "status"]).stdout.contains("no TLS"))
        // Offline: the message names the server without the password either.
        try server.stop()
        try "[marks]\ngpsd = \"off\"\n[team]\nurl = \"postgresql://postgres:\(secret)@127.0.0.1:\(server.port)/postgres\"\n"
            .write(toFile: station.process.configPath, atomically: true, encoding: .utf8)
        let offline = try station.process.run(["team", "status"])
        #expect(offline.status == 1 && offline.stdout.contains("offline"))
        #expect(!(offline.stdout + offline.stderr).contains(secret))
    }

    @Test("kill -9 of a station while it sends: nothing lost or doubled")
    func killWhileSending() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        // Queue 300 marks while the team log is unreachable (port 1).
        let station = try TeamStation(name: "west", url: "postgresql://127.0.0.1:1/none")
        defer { station.process.remove() }
        let pid = try station.startLoop(label: "K", count: 300)
        #expect(waitForExit(pid, seconds: 300) == 0)
        try "[marks]\ngpsd = \"off\"\n[team]\nurl = \"\(server.url)\"\nstation = \"west\"\n"
            .write(toFile: station.process.configPath, atomically: true, encoding: .utf8)
        // Now send, killing the sender at different moments.
        var env = ProcessInfo.processInfo.environment
        env["TIMEDECK_HOME"] = station.process.home.path
        env["TIMEDECK_CONFIG"] = station.process.configPath
        for round in 0..<12 {
            let sender = try spawn([MarksProcess.binary.path, "team", "sync"], environment: env,
                                   stdin: "/dev/null", stdout: "/dev/null", stderr: "/dev/null")
            usleep(useconds_t(5_000 + round * 8_000))
            kill(sender, SIGKILL)
            _ = waitForExit(sender)
        }
        let sync = try station.process.run(["team", "sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let notes = stationNotes(try station.teamView())
        #expect(notes.count == 300)
        expectSame(Set(notes), Set((1...300).map { "west:K-\($0)" }), "west")
        let status = try station.process.run(["team", "status", "--json"])
        #expect(status.stdout.contains("\"queued\" : 0"))
        #expect(!status.stdout.contains("secret"))
    }
}

/// Compares two sets of notes, reporting only what is missing or extra.
func expectSame(_ seen: Set<String>, _ expected: Set<String>, _ who: String,
                sourceLocation: SourceLocation = #_sourceLocation) {
    let missing = expected.subtracting(seen).sorted(), extra = seen.subtracting(expected).sorted()
    #expect(missing.isEmpty && extra.isEmpty, "\(who): missing \(missing.prefix(10)), extra \(extra.prefix(10))",
            sourceLocation: sourceLocation)
}
