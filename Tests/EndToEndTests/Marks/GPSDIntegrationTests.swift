import Foundation
import Testing

/// A real gpsd, fed by gpsfake from an NMEA log this test writes, answering
/// `timedeck marks add --gpsd`. CI installs gpsd and gpsd-clients (.ci/run).
@Suite("gpsd integration (gpsfake)", .serialized)
struct GPSDIntegrationTests {
    static let gpsfake = ["/usr/bin/gpsfake", "/usr/local/bin/gpsfake"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// `$BODY*XX`: the NMEA 0183 checksum is the XOR of the bytes between
    /// `$` and `*`, in two upper-case hex digits.
    static func sentence(_ body: String) -> String {
        let sum = body.utf8.reduce(UInt8(0), ^)
        return "$" + body + "*" + String(format: "%02X", sum)
    }

    /// 40 seconds of a receiver at 27° 28.020' S, 153° 22.840' E (Brisbane):
    /// RMC (position, date) and GGA (fix quality, satellites, altitude).
    static func log() -> String {
        receiver(seconds: 40, hour: "01") { t in
            [sentence("GPRMC,\(t),A,2728.020,S,15322.840,E,0.0,0.0,221126,,,A"),
             sentence("GPGGA,\(t),2728.020,S,15322.840,E,1,08,0.9,10.0,M,39.0,M,,")]
        }
    }

    /// An NMEA log of `seconds` seconds from `hour`:00:00, the sentences
    /// `each` gives for each time of day (`hhmmss.ss`), CR LF after each.
    static func receiver(seconds: Int, hour: String, _ each: (String) -> [String]) -> String {
        (0..<seconds).flatMap { s in each(hour + "00" + String(format: "%02d.00", s)) }.joined(separator: "\r\n") + "\r\n"
    }

    /// A port nobody listens on now: bind to 0, read it back, close.
    static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        guard bound else { throw MarksProcess.Failure(message: "cannot find a free port") }
        return UInt16(bigEndian: addr.sin_port)
    }

    /// The Brisbane log written into `p`'s home, and a free port for gpsfake.
    static func brisbaneLog(in p: MarksProcess) throws -> (path: String, port: UInt16) {
        let url = p.home.appendingPathComponent("brisbane.nmea")
        try log().write(to: url, atomically: true, encoding: .ascii)
        return (url.path, try freePort())
    }

    /// gpsfake replaying `log` once (`-1`), 0.2 s a line pair, on `port`.
    static func startGPSFake(port: UInt16, log: String) throws -> SpawnedGroup {
        try SpawnedGroup(gpsfake ?? "gpsfake", ["-q", "-1", "-P", String(port), "-c", "0.2", log])
    }

    @Test("The checksum matches a published sentence")
    func checksum() {
        // Example from the NMEA 0183 GGA description (gpsd's "NMEA Revealed").
        #expect(Self.sentence("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
                == "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47")
    }

    @Test("marks add --gpsd records gpsfake's position as a current fix",
          .enabled(if: gpsfake != nil, "gpsfake is not installed (apt-get install gpsd gpsd-clients; .ci/run does)"))
    func markFromGPSFake() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let (logPath, port) = try Self.brisbaneLog(in: p)
        let fake = try Self.startGPSFake(port: port, log: logPath)
        defer { fake.stop() }
        // gpsfake needs a moment to start gpsd; marks add retries inside its wait.
        var mark: [String: Any]?
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let out = try p.run(["marks", "add", "--gpsd", "127.0.0.1:\(port)", "--gps-wait", "5", "--note", "gps"])
            #expect(out.status == 0, "\(out.stderr)")
            if let last = try p.listJSON().first, last["positionStatus"] as? String == "current" {
                mark = last
                break
            }
        }
        let m = try #require(mark, "no current fix from gpsfake within 20 s")
        #expect(m["positionSource"] as? String == "gpsd")
        // 27° 28.020' S = −27.467°, 153° 22.840' E = 153.380667°
        #expect(abs((m["latitude"] as? Double ?? 0) - -27.467) < 1e-6)
        #expect(abs((m["longitude"] as? Double ?? 0) - 153.380_667) < 1e-6)
        #expect((m["fixMode"] as? Int ?? 0) >= 2)
        // The GPS's own time (the log's), when gpsd had it for this fix.
        if let fixTime = m["fixTime"] as? String { #expect(fixTime.hasPrefix("2026-11-22T01:00:")) }
        let age = try #require(m["fixAgeSeconds"] as? Double)
        #expect(abs(age) <= 5)
        let list = try p.run(["marks", "list"])
        #expect(list.stdout.contains("27° 28'.02 S  153° 22'.84 E (gpsd"))
    }

    @Test("\"here\" on the command line is nearest gpsd's fix, else marks.position",
          .enabled(if: gpsfake != nil, "gpsfake is not installed (apt-get install gpsd gpsd-clients; .ci/run does)"))
    func hereFollowsGPSFakeThenTheConfiguredPosition() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let (logPath, port) = try Self.brisbaneLog(in: p)
        // Configured in Paris; the receiver is at Capalaba, near Brisbane.
        try "[marks]\ngpsd = \"127.0.0.1:\(port)\"\nposition = \"48.8566, 2.3522\"\n"
            .write(toFile: p.configPath, atomically: true, encoding: .utf8)
        // Before gpsd is up the connection is refused: Paris, at once.
        let early = try p.run(["call", "here", "UTC", "--json"])
        #expect(early.status == 0 && early.stdout.contains("\"name\":\"Paris\""), "\(early.stdout)\(early.stderr)")
        #expect(early.stderr.contains("\"here\": using Paris, FR, nearest marks.position"), "\(early.stderr)")

        let fake = try Self.startGPSFake(port: port, log: logPath)
        var fromFix: MarksProcess.Output?
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, fromFix == nil {
            let r = try p.run(["call", "here", "UTC", "--json"])
            #expect(r.status == 0, "\(r.stderr)")
            if r.stdout.contains("\"name\":\"Capalaba\"") { fromFix = r } else { Thread.sleep(forTimeInterval: 0.2) }
        }
        let r = try #require(fromFix, "\"here\" never followed gpsfake's fix within 20 s")
        #expect(r.stderr.contains("\"here\": using Capalaba, AU, nearest the gpsd fix (27° 28'.02 S  153° 22'.84 E)"), "\(r.stderr)")
        // The same lookup serves calls add.
        let added = try p.run(["calls", "add", "Here", "--at", "2030-01-01T10:00:00Z", "here", "London"])
        #expect(added.status == 0 && added.stdout.contains("Capalaba"), "\(added.stdout)\(added.stderr)")

        // gpsd gone: back to the configured position (retried briefly, in
        // case the killed gpsd had not quite gone yet).
        fake.stop()
        var late = try p.run(["call", "here", "UTC", "--json"])
        let deadline2 = Date().addingTimeInterval(10)
        while !late.stdout.contains("\"name\":\"Paris\""), Date() < deadline2 {
            Thread.sleep(forTimeInterval: 0.2)
            late = try p.run(["call", "here", "UTC", "--json"])
        }
        #expect(late.stdout.contains("\"name\":\"Paris\""), "\(late.stdout)\(late.stderr)")
    }

    /// A receiver that talks but has no fix: RMC status V, GGA quality 0,
    /// no position; replayed in a loop so gpsd answers for as long as a
    /// command waits.
    static func noFixLog() -> String {
        receiver(seconds: 20, hour: "02") { t in
            [sentence("GPRMC,\(t),V,,,,,,,221126,,,N"), sentence("GPGGA,\(t),,,,,0,00,99.9,,M,,M,,")]
        }
    }

    @Test("\"here\" with a gpsd that answers without a fix: the configured position, and the note says why",
          .enabled(if: gpsfake != nil, "gpsfake is not installed (apt-get install gpsd gpsd-clients; .ci/run does)"))
    func hereSaysGPSDHadNoFix() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let url = p.home.appendingPathComponent("nofix.nmea")
        try Self.noFixLog().write(to: url, atomically: true, encoding: .ascii)
        let port = try Self.freePort()
        try "[marks]\ngpsd = \"127.0.0.1:\(port)\"\nposition = \"48.8566, 2.3522\"\n"
            .write(toFile: p.configPath, atomically: true, encoding: .utf8)
        // Looping (no -1): gpsd keeps answering while the command waits its 2 s.
        let fake = try SpawnedGroup(Self.gpsfake ?? "gpsfake", ["-q", "-P", String(port), "-c", "0.1", url.path])
        defer { fake.stop() }
        var answered: MarksProcess.Output?
        let deadline = Date().addingTimeInterval(25)
        while Date() < deadline, answered == nil {
            let r = try p.run(["call", "here", "UTC", "--json"])
            #expect(r.status == 0 && r.stdout.contains("\"name\":\"Paris\""), "\(r.stdout)\(r.stderr)")
            // Until gpsd listens the connection is refused and the note names no gpsd.
            if r.stderr.contains("gpsd at") { answered = r } else { Thread.sleep(forTimeInterval: 0.2) }
        }
        let r = try #require(answered, "gpsd never answered within 25 s")
        #expect(r.stderr.contains("\"here\": using Paris, FR, nearest marks.position"), "\(r.stderr)")
        #expect(r.stderr.contains("(gpsd at 127.0.0.1:\(port) had no fix within 2 s)"), "\(r.stderr)")
        // The same in Japanese (the note's catalog entry, through the binary).
        try "[display]\nlanguage = \"ja\"\n[marks]\ngpsd = \"127.0.0.1:\(port)\"\nposition = \"48.8566, 2.3522\"\n"
            .write(toFile: p.configPath, atomically: true, encoding: .utf8)
        let ja = try p.run(["call", "here", "UTC", "--json"])
        #expect(ja.status == 0 && ja.stdout.contains("\"name\":\"Paris\""), "\(ja.stderr)")
        #expect(ja.stderr.contains("（127.0.0.1:\(port) の gpsd は 2 秒以内に測位できませんでした）"), "\(ja.stderr)")
    }

    @Test("First run without marks.position: the suggested call starts from the city nearest gpsd's first fix",
          .enabled(if: gpsfake != nil, "gpsfake is not installed (apt-get install gpsd gpsd-clients; .ci/run does)"))
    func firstRunCallFollowsTheFirstFix() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let (logPath, port) = try Self.brisbaneLog(in: p)
        try "[marks]\ngpsd = \"127.0.0.1:\(port)\"\n".write(toFile: p.configPath, atomically: true, encoding: .utf8)
        let session = try TmuxSession(columns: 120, rows: 40, command: "exec \(shellQuoted(TimedeckBinary.url.path))",
                                      environment: ["TIMEDECK_HOME": p.home.path, "TIMEDECK_CONFIG": p.configPath,
                                                    "TZ": "Europe/Paris", "TIMEDECK_REDUCED_MOTION": "1"])
        defer { session.stop() }
        // Before gpsd is up: the zone's largest city.
        #expect(session.waitForScreen(10) { $0.contains("Call from Paris") } != nil, "\(session.capture())")
        let fake = try Self.startGPSFake(port: port, log: logPath)
        defer { fake.stop() }
        let moved = session.waitForScreen(20) { $0.contains("Call from Capalaba") && $0.contains("Capalaba, AU") }
        #expect(moved != nil, "the suggestion did not follow the fix:\n\(session.capture())")
        // Still not saved: opening and a fix write no call.
        #expect(try p.run(["calls", "list", "--json"]).stdout == "[]\n")
    }

    @Test("The dashboard takes positions from gpsd, and keeps marking when gpsd dies",
          .enabled(if: gpsfake != nil, "gpsfake is not installed (apt-get install gpsd gpsd-clients; .ci/run does)"))
    func dashboardWithGPSFake() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let (logPath, port) = try Self.brisbaneLog(in: p)
        try "[marks]\ngpsd = \"127.0.0.1:\(port)\"\nbell = false\n".write(toFile: p.configPath, atomically: true, encoding: .utf8)
        let fake = try Self.startGPSFake(port: port, log: logPath)
        defer { fake.stop() }
        // Wide enough for the whole clock-status line beside the Mars panel.
        let session = try TmuxSession(columns: 200, rows: 30, command: "exec \(shellQuoted(TimedeckBinary.url.path))",
                                      environment: ["TIMEDECK_HOME": p.home.path, "TIMEDECK_CONFIG": p.configPath])
        let pidText = try session.tmux(["display-message", "-p", "-t", session.name, "#{pane_pid}"])
        defer {
            if let pid = pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)) { kill(pid, SIGKILL) }
            session.stop()
        }
        // The client reconnects with backoff until gpsfake's gpsd is up.
        let fixed = session.waitForScreen(20) { $0.contains("D fix") }
        #expect(fixed != nil, "no fix shown: \(session.capture())")
        try session.send("Space")
        #expect(session.waitForScreen { $0.contains("#1  ") } != nil)
        let first = try #require(try p.listJSON().first)
        #expect(first["positionSource"] as? String == "gpsd")
        #expect(first["positionStatus"] as? String == "current")
        #expect(abs((first["latitude"] as? Double ?? 0) - -27.467) < 1e-6)
        // gpsd goes away: the dashboard says so and Space still records at once.
        fake.stop()
        #expect(session.waitForScreen(10) { $0.contains("unavailable") } != nil, "\(session.capture())")
        try session.send("Space")
        #expect(session.waitForScreen { $0.contains("#2  ") } != nil, "\(session.capture())")
        #expect(try p.listJSON().count == 2)
    }
}
