import Foundation
import Testing

/// What an hour of use found off the path on the command line (issue 21):
/// each test failed before its fix.
@Suite struct OffThePathCLITests {
    func run(_ args: [String], _ env: [String: String] = [:], stdin: String = "") throws -> TimedeckBinary.Result {
        try TimedeckBinary.run(args, environment: env, stdin: stdin)
    }

    /// A scratch data and config folder, UTC, and a config file with `text`
    /// (keep `folder` alive: it is removed when it goes).
    func scratch(_ folder: TemporaryFolder, config text: String? = nil) throws -> [String: String] {
        if let text {
            try FileManager.default.createDirectory(atPath: folder.path("config/timedeck"), withIntermediateDirectories: true)
            try text.write(toFile: folder.path("config/timedeck/config.toml"), atomically: true, encoding: .utf8)
        }
        return ["TIMEDECK_HOME": folder.path("data"), "XDG_CONFIG_HOME": folder.path("config"), "TZ": "UTC"]
    }

    static let ares = """
        [mars-site-ares3]
        name = "Ares 3"
        longitude = -31.3
        latitude = 31.2
        landing = "2035-11-07T12:00:00Z"
        first_sol = 1
        aliases = ["acidalia", "hab"]

        """

    // MARK: Calls and places

    @Test func callsNextWithNoCallsSaysSoOnStderrAndExitsZero() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder)
        let next = try run(["calls", "next"], env)
        #expect(next.status == 0)
        #expect(next.stdout.isEmpty, "a status bar reads stdout: \(next.stdout)")
        #expect(next.stderr.contains("no calls ahead"), "\(next.stderr)")
        #expect(next.stderr.contains("timedeck calls add"), "names what to do: \(next.stderr)")
    }

    @Test(arguments: ["45m", "1h30m", "60"])
    func callTakesTheDurationFormsCallsAddTakes(_ duration: String) throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder)
        let out = try run(["call", "--at", "2030-03-15T14:00:00Z", "--duration", duration, "London, GB", "Tokyo"], env)
        #expect(out.status == 0, "\(out.stderr)")
        let minutes = duration == "45m" ? 45 : (duration == "60" ? 60 : 90)
        #expect(out.stdout.contains("Call at 2030-03-15T14:00:00Z, \(minutes) min"), "\(out.stdout)")
    }

    @Test func negativeShiftsAreReadWithoutAnEqualsSign() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder)
        let call = try run(["call", "--at", "-2h", "London, GB"], env)
        #expect(call.status == 0, "\(call.stderr)")
        let add = try run(["calls", "add", "Now", "--at", "-5m", "London, GB"], env)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(try run(["calls", "add", "S", "--at", "2030-03-15T14:00:00Z", "London, GB"], env).status == 0)
        let set = try run(["calls", "set", "S", "--at", "-1d"], env)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("2030-03-14T14:00:00Z"), "\(set.stdout)")
        // A shift that is not one is still refused, naming what to type.
        let bad = try run(["call", "--at", "-2x", "London, GB"], env)
        #expect(bad.status == 2)
        #expect(!bad.stderr.contains("Missing value"), "\(bad.stderr)")
    }

    @Test func aMarsSiteFirstIsRefusedForWhatItIs() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder)
        let add = try run(["calls", "add", "Mars1", "--at", "+1h", "Jezero", "London, GB"], env)
        #expect(add.status == 2)
        #expect(add.stderr.contains("Mars site cannot be the first place"), "\(add.stderr)")
        #expect(!add.stderr.contains("update timedeck"), "\(add.stderr)")
    }

    @Test func marsAloneListsEverySite() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder)
        let search = try run(["places", "search", "mars"], env)  // every site, past the default limit of 10
        #expect(search.status == 0, "\(search.stderr)")
        for site in ["Airy-0", "Perseverance", "Curiosity", "Olympus Mons", "Zhurong"] {
            #expect(search.stdout.contains(site), "\(site) missing: \(search.stdout)")
        }
        #expect(!search.stderr.contains("beginning of"), "\(search.stderr)")
        let call = try run(["call", "London, GB", "mars"], env)
        #expect(call.status == 2)
        #expect(call.stderr.contains("Perseverance") && call.stderr.contains("Mars/"), "names the sites: \(call.stderr)")
        #expect(!call.stderr.contains("beginning of"), "\(call.stderr)")
    }

    @Test func customMarsSitesFromTheConfigAreFoundOnTheCommandLine() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder, config: Self.ares)
        let call = try run(["call", "--at", "2036-01-01T12:00:00Z", "London, GB", "Ares 3"], env)
        #expect(call.status == 0, "\(call.stderr)")
        #expect(call.stdout.contains("Ares 3"), "\(call.stdout)")
        #expect(!call.stdout.contains("Arese"), "\(call.stdout)")
        for query in ["mars ares", "Mars/ares3", "hab"] {
            let found = try run(["places", "search", query, "--json"], env)
            #expect(found.status == 0, "\(query): \(found.stderr)")
            let first = try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]]
            #expect(first?.first?["name"] as? String == "Ares 3", "\(query): \(found.stdout)")
        }
        #expect(try run(["calls", "add", "C", "--at", "2036-01-01T12:00:00Z", "London, GB"], env).status == 0)
        let set = try run(["calls", "set", "C", "--add", "hab"], env)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("Ares 3") && !set.stdout.contains("Hābra"), "\(set.stdout)")
    }

    @Test func aMuchLargerCityOneLetterAwayIsNamed() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder)
        // Issue 28: Sydney is also called Sidney and has over a hundred
        // times the people: it is meant, and the town spelled so is named.
        let out = try run(["call", "--at", "2030-03-15T14:00:00Z", "Sidney"], env)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("Sydney, AU"), "the far larger city: \(out.stdout)")
        #expect(out.stderr.contains("\"Sidney, US\""), "says how to ask for the town: \(out.stderr)")
        // A city with no far larger namesake gets no such note.
        let paris = try run(["call", "--at", "2030-03-15T14:00:00Z", "Paris, FR"], env)
        #expect(!paris.stderr.contains("type \""), "\(paris.stderr)")
    }

    @Test func anEtcGMTZoneIsLabelledAsThePOSIXZoneItIs() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder)
        #expect(try run(["calls", "add", "Far", "--at", "2030-03-15T14:00:00Z", "London, GB", "Etc/GMT+9"], env).status == 0)
        let list = try run(["calls", "list"], env)
        #expect(list.stdout.contains("05:00 Etc/GMT+9"), "\(list.stdout)")
        #expect(!list.stdout.contains(" GMT+9"), "\(list.stdout)")
    }

    @Test func aPassedCallWithADateSuggestsAShiftNotTomorrowAndADate() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder)
        let out = try run(["calls", "add", "Old", "--at", "2026-03-29 01:30", "London, GB"], env)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("has already passed"), "\(out.stderr)")
        #expect(!out.stderr.contains("\"tomorrow 2026"), "\(out.stderr)")
    }

    @Test func aCallAcrossTheAutumnChangeShowsWhichOneTwentyNine() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder)
        // London: clocks go back 02:00 BST → 01:00 GMT on 2030-10-27.
        let out = try run(["call", "--at", "2030-10-27T00:30:00Z", "--duration", "60", "London, GB"], env)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("Sun 01:30–01:30 (+00:00)"), "the end's offset: \(out.stdout)")
        let plain = try run(["call", "--at", "2030-10-28T00:30:00Z", "--duration", "60", "London, GB"], env)
        #expect(!plain.stdout.contains("(+"), "only across a change: \(plain.stdout)")
    }

    @Test func marsPlacesInJSONAndInvitationsKeepMarsTime() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder)
        let ics = folder.path("call.ics")
        let out = try run(["call", "--at", "2026-03-08T14:00:00Z", "--duration", "30", "--json", "London, GB", "Perseverance",
                           "--ics", ics], env)
        #expect(out.status == 0, "\(out.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any]
        let places = object?["places"] as? [[String: Any]] ?? []
        let mars = try #require(places.last)
        #expect(mars["utcOffsetSeconds"] is NSNull, "\(out.stdout)")
        #expect(mars["dayOffset"] is NSNull, "\(out.stdout)")
        #expect(mars["missionSol"] as? Int == 1795, "as timedeck mars --site says: \(out.stdout)")
        let text = folder.read("call.ics") ?? ""
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("Perseverance (Mars): sol 1795 01:14 LMST"), "\(unfolded)")
        #expect(!unfolded.contains("Perseverance (Mars): Sun"), "\(unfolded)")
    }

    // MARK: Time zones

    @Test func tzWithALeadingColonIsTheZone() throws {
        let folder = TemporaryFolder()
        var env = try scratch(folder)
        env["TZ"] = ":Europe/Paris"
        let out = try run(["now", "--json"], env)
        #expect(out.stdout.contains("\"zone\":\"Europe/Paris\""), "\(out.stdout)")
    }

    @Test func aBogusTZIsSaid() throws {
        let folder = TemporaryFolder()
        var env = try scratch(folder)
        env["TZ"] = "Nowhere/Bogus"
        let out = try run(["now"], env)
        #expect(out.status == 0)
        #expect(out.stderr.contains("TZ") && out.stderr.contains("Nowhere/Bogus"), "\(out.stderr)")
        #expect(out.stderr.contains("Europe/Paris") || out.stderr.contains("unset"), "names what to do: \(out.stderr)")
    }

    @Test func tzUTCIsLabelledUTC() throws {
        let folder = TemporaryFolder()
        var env = try scratch(folder)
        env["TZ"] = "UTC"
        let out = try run(["now", "--json"], env)
        #expect(out.stdout.contains("\"zone\":\"UTC\""), "\(out.stdout)")
    }

    // MARK: Marks and config

    @Test func marksAddGpsdOffAsksNoGpsd() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder)
        let out = try run(["marks", "add", "--gpsd", "off", "--position", "51.5, -0.12"], env)
        #expect(out.status == 2, "one of --position and --gpsd: \(out.stderr)")
        let off = try run(["marks", "add", "--gpsd", "off"], env)
        #expect(off.status == 0, "\(off.stderr)")
        #expect(!(off.stdout + off.stderr).contains("off:2947"), "\(off.stdout)\(off.stderr)")
    }

    @Test func configSetEchoesTheValueItWrites() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder)
        let out = try run(["config", "set", "marks.watch_error_seconds", "1e1"], env)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout == "marks.watch_error_seconds = 10.0\n", "\(out.stdout)")
        #expect(folder.read("config/timedeck/config.toml")?.contains("watch_error_seconds = 10.0") == true)
    }

    @Test func aKeySetTwiceDoesNotBlockSet() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder, config: "[display]\ntheme = \"mono\"\ntheme = \"sunlight\"\n")
        let out = try run(["config", "set", "display.clock", "12h"], env)
        #expect(out.status == 0, "\(out.stderr)")
        let text = folder.read("config/timedeck/config.toml") ?? ""
        #expect(text.contains("clock = \"12h\"") && text.contains("theme = \"sunlight\""), "\(text)")
        // An unreadable line still blocks, as the guide says.
        let bad = try scratch(folder, config: "[display]\ntheme = mono\n")
        #expect(try run(["config", "set", "display.clock", "12h"], bad).status == 2)
    }

    @Test func configCheckNamesACustomSiteSetAsideForItsName() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder, config: "[mars-site-lake]\nname = \"Jezero\"\nlongitude = 77.45\n")
        let out = try run(["config", "check"], env)
        #expect(out.status == 1)
        #expect(out.stderr.contains("Jezero") && out.stderr.contains("mars-site-lake"), "\(out.stderr)")
        #expect(out.stderr.contains("1 problem"), "\(out.stderr)")
    }
}

extension OffThePathCLITests {
    @Test func oneQueuedChangeStaysQueuedInTheSingular() throws {
        let folder = TemporaryFolder()
        // Port 1 refuses at once: the server is down.
        let env = try scratch(folder, config: "[team]\nurl = \"postgresql://north@127.0.0.1:1/log?connect_timeout=2\"\nstation = \"north\"\n")
        #expect(try run(["marks", "add", "--no-position"], env).status == 0)
        let sync = try run(["team", "sync"], env)
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("1 change stays queued"), "\(sync.stderr)")
    }
}

extension OffThePathCLITests {
    /// `printf ' ' | timedeck --plain`: the mark stored at end of input is said.
    @Test func plainModeSaysTheMarkStoredAtEndOfInput() throws {
        let folder = TemporaryFolder()
        var env = try scratch(folder)
        env["TERM"] = "dumb"
        let out = try run(["--plain"], env, stdin: " ")
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("Mark #1 recorded"), "\(out.stdout)")
    }

    /// A refused dashboard names plain mode, which works where it cannot.
    @Test func aRefusedDashboardNamesPlainMode() throws {
        let folder = TemporaryFolder()
        let out = try run([], try scratch(folder))
        #expect(out.status == 2)
        #expect(out.stderr.contains("timedeck --plain"), "\(out.stderr)")
    }
}

extension OffThePathCLITests {
    /// Siblings of the Mars JSON defect: `places search --json` and
    /// `calls list --json` give a Mars site its sol, not an empty local
    /// time or a zero UTC offset.
    @Test func marsSitesInSearchAndListJSONKeepMarsTime() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder)
        let search = try run(["places", "search", "Perseverance", "--json"], env)
        let found = try #require(try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [[String: Any]])
        #expect(found.first?["utcOffsetSeconds"] is NSNull, "\(search.stdout)")
        #expect((found.first?["local"] as? String)?.contains("LMST") == true, "\(search.stdout)")
        #expect(try run(["calls", "add", "M", "--at", "2026-03-08T14:00:00Z", "London, GB", "Jezero"], env).status == 0)
        let list = try run(["calls", "list", "--json"], env)
        #expect(list.stdout.contains("\"local\":\"sol 1795 01:14\""), "\(list.stdout)")
        #expect(list.stdout.contains("\"utcOffsetSeconds\":null"), "\(list.stdout)")
    }

    /// A POSIX TZ rule without a file (`JST-9`, `<+0545>-5:45`) is the
    /// offset it states, as the C library reads it.
    @Test(arguments: [("JST-9", 32_400), ("<+0545>-5:45", 20_700), ("EST5", -18_000)])
    func aPOSIXOffsetTZIsItsOffset(_ tz: String, _ seconds: Int) throws {
        let folder = TemporaryFolder()
        var env = try scratch(folder)
        env["TZ"] = tz
        let out = try run(["now", "--json"], env)
        #expect(out.stdout.contains("\"utcOffsetSeconds\":\(seconds)"), "\(out.stdout)")
        #expect(!out.stderr.contains("names no time zone"), "\(out.stderr)")
    }

    @Test func aPassedTodayTimeSuggestsTomorrow() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder)
        let out = try run(["calls", "add", "Early", "--at", "today 00:00", "London, GB"], env)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("\"tomorrow 00:00\""), "\(out.stderr)")
    }
}

/// What scripts/cli-walk.py found (issue 21): each failed before its fix.
extension OffThePathCLITests {
    @Test func snapshotAnsiWithoutStdoutIsRefused() throws {
        let folder = TemporaryFolder()
        let out = try run(["snapshot", "--ansi"], try scratch(folder))
        #expect(out.status == 2)
        #expect(out.stderr.contains("--stdout"), "\(out.stderr)")
        #expect(out.stdout.isEmpty)
    }

    @Test func callsSetPlaceProblemsSayWhatToDo() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder)
        #expect(try run(["calls", "add", "Daily", "--at", "2030-03-15T14:00:00Z", "London, GB", "Paris, FR"], env).status == 0)
        let twice = try run(["calls", "set", "Daily", "--add", "Paris, FR"], env)
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("leave out"), "\(twice.stderr)")
        let unknown = try run(["calls", "set", "Daily", "--remove", "Tokyo"], env)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("name one of them"), "\(unknown.stderr)")
    }

    @Test func teamSyncWithTheServerDownSaysWhatToDo() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder, config: "[team]\nurl = \"postgresql://north@127.0.0.1:1/log?connect_timeout=2\"\nstation = \"north\"\n")
        #expect(try run(["marks", "add", "--no-position"], env).status == 0)
        let sync = try run(["team", "sync"], env)
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("timedeck team sync") && sync.stderr.contains("team.url"), "\(sync.stderr)")
    }
}

/// Variants of the defects above (issue 21).
extension OffThePathCLITests {
    /// A table repeated is read too (its keys are set aside): `set` writes
    /// into the first one instead of refusing.
    @Test func aRepeatedTableDoesNotBlockSet() throws {
        let folder = TemporaryFolder()
        let env = try scratch(folder, config: "[display]\ntheme = \"mono\"\n[display]\nclock = \"12h\"\n")
        let out = try run(["config", "set", "display.clock", "24h"], env)
        #expect(out.status == 0, "\(out.stderr)")
        let text = folder.read("config/timedeck/config.toml") ?? ""
        #expect(text.hasPrefix("[display]\ntheme = \"mono\"\nclock = \"24h\"\n"), "\(text)")
    }

    /// `printf ' q' | timedeck --plain`: q after a mark still says the mark.
    @Test func plainModeSaysTheMarkBeforeQuitting() throws {
        let folder = TemporaryFolder()
        var env = try scratch(folder)
        env["TERM"] = "dumb"
        let out = try run(["--plain"], env, stdin: " q")
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("Mark #1 recorded"), "\(out.stdout)")
    }
}
