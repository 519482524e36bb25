import Foundation
import Testing

/// Runs the built `timedeck` binary (next to the test bundle) as a user would.
@Suite struct MarsCLITests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `timedeck args…` with posix_spawn, stdout and stderr going to
    /// temporary files, and waits with waitpid. No pipes: a pipe's write end
    /// can be inherited by a process another test forks meanwhile (a tmux
    /// server), and then reading it to the end blocks for that process's life.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        var env = ProcessInfo.processInfo.environment
        // Hermetic: no user config unless a test gives one.
        env["TIMEDECK_CONFIG"] = "/nonexistent/timedeck-test-config.toml"
        for (k, v) in environment { env[k] = v }
        let folder = TemporaryFolder()
        let outPath = folder.path("stdout"), errPath = folder.path("stderr")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = [TimedeckBinary.url.path] + arguments
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArgs.forEach { free($0) }
            cEnv.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv)
        guard rc == 0 else { throw SpawnError(description: "cannot start \(argv[0]): error \(rc)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, spelled out (the macros do not import).
        let exitStatus: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Run(status: exitStatus, stdout: folder.read("stdout") ?? "", stderr: folder.read("stderr") ?? "")
    }

    static let expectedKeys: Set<String> = [
        "utc", "julianDateUT", "julianDateTT", "ttMinusUTC", "daysSinceJ2000TT", "meanAnomaly",
        "fictitiousMeanSun", "equationOfCenter", "solarLongitude", "equationOfTime", "marsSolDate",
        "coordinatedMarsTime", "longitudeEast", "localMeanSolarTime", "localTrueSolarTime",
        "subsolarLongitudeEast", "solarDeclination", "heliocentricDistance", "marsYear", "sol",
    ]

    /// Issue 33: every one-instant report carries the light time; a site adds the Sun.
    static let lightKeys: Set<String> = ["owlt", "scet", "ert", "earthMarsDistance", "sunEarthMarsAngle", "solarConjunction"]
    static let sunKeys: Set<String> = ["solarElevation", "solarAzimuth", "sunrise", "localNoon", "sunset", "maxSolarElevation"]

    @Test func jsonForTheWorkedExample() throws {
        let r = try Self.run(["mars", "--at", "2000-01-06T00:00:00Z", "--json"])
        #expect(r.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Self.expectedKeys.union(Self.lightKeys))
        #expect(abs((object["solarLongitude"] as? Double ?? 0) - 277.18759) < 1e-5)
        #expect(abs((object["marsSolDate"] as? Double ?? 0) - 44_795.99976) < 1e-5)
        #expect(object["ttMinusUTC"] as? Double == 64.184)
        #expect(object["sol"] as? Int == 44_795)
        #expect(object["marsYear"] as? Int == 24)
        #expect(r.stdout.split(separator: "\n").count == 1)
    }

    @Test func jsonWithAMissionSite() throws {
        let r = try Self.run(["mars", "--at", "2021-04-19T07:34:00Z", "--site", "jezero", "--json"])
        #expect(r.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Self.expectedKeys.union(["site", "missionSol"]).union(Self.lightKeys).union(Self.sunKeys))
        #expect(object["site"] as? String == "Perseverance")
        #expect(object["missionSol"] as? Int == 58)
        #expect(abs((object["longitudeEast"] as? Double ?? 0) - 77.4508) < 1e-9)
    }

    @Test func readableTextAndLeapNotice() throws {
        let r = try Self.run(["mars", "--at", "2000-01-06T00:00:00Z", "--longitude", "0"],
                             environment: ["TIMEDECK_LEAP_SECONDS": "/nonexistent/leap.list"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Coordinated Mars Time   23:59:39"))
        #expect(r.stdout.contains("Local true solar time   23:38:54"))
        #expect(r.stdout.contains("note: leap-second list not found at /nonexistent/leap.list; using 37 s (built-in table)"))
    }

    @Test func aFutureLeapSecondFromTheEnvironmentChangesTTMinusUTC() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("leap-e2e-\(UUID()).list")
        // 2027-01-01 (NTP 4007750400) gets a 38th second; list valid to 2028.
        let text = "2272060800 10\n3692217600 37\n4007750400 38\n#@ 4039286400\n"
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let env = ["TIMEDECK_LEAP_SECONDS": url.path]
        let before = try Self.run(["mars", "--at", "2026-12-31T23:59:59Z", "--json"], environment: env)
        let after = try Self.run(["mars", "--at", "2027-01-01T00:00:00Z", "--json"], environment: env)
        let b = try #require(try JSONSerialization.jsonObject(with: Data(before.stdout.utf8)) as? [String: Any])
        let a = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any])
        #expect(b["ttMinusUTC"] as? Double == 69.184)
        #expect(a["ttMinusUTC"] as? Double == 70.184)
        #expect(after.stderr.isEmpty)  // list not expired: no notice
    }

    @Test func nowIsTheDefaultAndCanBeSpelledOut() throws {
        let before = Date().timeIntervalSince1970
        let r = try Self.run(["mars", "--at", "now", "--json"])
        let after = Date().timeIntervalSince1970
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        // JD(UT) of the process's own clock reading lies between ours.
        let jd = try #require(object["julianDateUT"] as? Double)
        #expect(jd >= 2_440_587.5 + before / 86_400 - 1e-6 && jd <= 2_440_587.5 + after / 86_400 + 1e-6)
    }

    @Test(arguments: [["--longitude", "-133.8"], ["--longitude=-133.8"], ["--longitude", "133.8W"], ["--longitude", "226.2"]])
    func negativeAndWestLongitudesAreAccepted(option: [String]) throws {
        let r = try Self.run(["mars", "--at", "2021-01-01T00:00:00Z", "--json"] + option)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"longitudeEast\":-133.8,"))
    }

    @Test func configMarsKeysAreTheDefault() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID()).toml")
        defer { try? FileManager.default.removeItem(at: url) }
        try "[mars]\nsite = \"jezero\"\n".write(to: url, atomically: true, encoding: .utf8)
        let env = ["TIMEDECK_CONFIG": url.path]
        let r = try Self.run(["mars", "--at", "2021-04-19T07:34:00Z", "--json"], environment: env)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["site"] as? String == "Perseverance" && object["missionSol"] as? Int == 58)
        // The command line still wins.
        let plain = try Self.run(["mars", "--at", "2021-04-19T07:34:00Z", "--longitude", "10", "--json"], environment: env)
        #expect(plain.stdout.contains("\"longitudeEast\":10.0,") && !plain.stdout.contains("\"site\""))
        try "[mars]\nsite = \"jezro\"\n".write(to: url, atomically: true, encoding: .utf8)
        let bad = try Self.run(["mars", "--json"], environment: env)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown site 'jezro' (mars.site in \(url.path)). Did you mean: Perseverance"))
    }

    @Test func csvTable() throws {
        let r = try Self.run(["mars", "--from", "2021-02-18T00:00:00Z", "--to", "2021-02-18T01:00:00Z",
                              "--step", "1m", "--csv", "--site", "Perseverance"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 62)
        #expect(lines[0].hasPrefix("utc,marsSolDate,"))
        #expect(lines[1] == "2021-02-18T00:00:00.000Z,52303.60632,14:33:05,19:42:53,19:04:42,5.221,36,-1")
        #expect(lines[61].hasPrefix("2021-02-18T01:00:00.000Z,"))
    }

    @Test(arguments: [
        (["mars", "--at", "yesterday"], "invalid instant 'yesterday'"),
        (["mars", "--at", "2021-02-18T20:55:00"], "no zone"),
        (["mars", "--longitude", "400"], "outside -180...360"),
        (["mars", "--site", "curiositty"], "Did you mean: Curiosity"),
        (["mars", "--site", "gale", "--longitude", "10"], "either --site or --longitude"),
        (["mars", "--from", "2021-01-01", "--to", "2021-01-02"], "needs all of --from, --to and --step"),
        (["mars", "--from", "2021-01-02", "--to", "2021-01-01", "--step", "1h"], "before --from"),
        (["mars", "--from", "2021-01-01", "--to", "2031-01-01", "--step", "1s"], "at most 10000000"),
        (["mars", "--from", "2021-01-01", "--to", "2021-01-02", "--step", "fortnight"], "invalid duration"),
        (["mars", "--csv"], "--csv is for table mode"),
    ])
    func badInputExitsWith2(arguments: [String], message: String) throws {
        let r = try Self.run(arguments)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }
}
