import Foundation
import Testing

/// `timedeck places search` and `timedeck call`, run as a user would.
@Suite struct PlacesCLITests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the built `timedeck` to completion. posix_spawn with stdout and
    /// stderr sent to files, not `Process` with pipes: a tmux server forked
    /// by a concurrent end-to-end test can inherit a pipe's write end and
    /// keep `readDataToEndOfFile` waiting forever (it did).
    func timedeck(_ args: String...) throws -> Run { try timedeck(args) }

    func timedeck(_ args: String..., environment: [String: String]) throws -> Run { try timedeck(args, environment: environment) }

    func timedeck(_ args: [String], environment extra: [String: String] = [:]) throws -> Run {
        let dir = TemporaryFolder()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, dir.path("out"), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, dir.path("err"), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = [TimedeckBinary.url.path] + args
        let cArgs = argv.map { strdup($0) } + [nil]
        let env = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArgs.forEach { free($0) }
            cEnv.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv)
        guard rc == 0 else { throw SpawnError(description: "cannot start timedeck: error \(rc)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Run(status: exit, stdout: dir.read("out") ?? "", stderr: dir.read("err") ?? "")
    }

    func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func callJSONHasExactlyTheDocumentedKeys() throws {
        let r = try timedeck("call", "--at", "2026-03-08T14:00:00Z", "--duration", "60", "--json",
                             "London, GB", "Sydney", "America/New_York", "Kathmandu")
        #expect(r.status == 0, "\(r.stderr)")
        let top = try #require(try json(r.stdout) as? [String: Any])
        #expect(Set(top.keys) == ["utc", "places"])
        #expect(top["utc"] as? String == "2026-03-08T14:00:00Z")
        let places = try #require(top["places"] as? [[String: Any]])
        #expect(places.count == 4)
        let keys: Set<String> = ["query", "name", "country", "zone", "local", "utcOffsetSeconds", "dayOffset",
                                 "period", "good", "endLocal", "endGood", "clockChange"]
        for p in places { #expect(Set(p.keys) == keys) }
        #expect(places[0]["query"] as? String == "London, GB")
        #expect(places[0]["local"] as? String == "2026-03-08T14:00:00")
        #expect(places[0]["period"] as? String == "lunch")
        #expect(places[1]["name"] as? String == "Sydney")
        #expect(places[1]["country"] as? String == "AU")
        #expect(places[1]["local"] as? String == "2026-03-09T01:00:00")
        #expect(places[1]["dayOffset"] as? Int == 1)
        #expect(places[1]["period"] as? String == "beforeDawn")
        #expect(places[1]["good"] as? Bool == false)
        #expect(places[1]["endLocal"] as? String == "2026-03-09T02:00:00")
        #expect(places[1]["endGood"] as? Bool == false)
        #expect(places[2]["zone"] as? String == "America/New_York")
        #expect(places[2]["utcOffsetSeconds"] as? Int == -14_400)  // EDT began at 07:00Z
        #expect(places[3]["utcOffsetSeconds"] as? Int == 20_700)
        #expect(places[3]["local"] as? String == "2026-03-08T19:45:00")
    }

    @Test func withoutDurationThereAreNoEndKeys() throws {
        let r = try timedeck("call", "--at", "2026-03-08T14:00:00Z", "--json", "UTC", "Tokyo")
        let top = try #require(try json(r.stdout) as? [String: Any])
        let places = try #require(top["places"] as? [[String: Any]])
        #expect(places.allSatisfy { $0["endLocal"] == nil && $0["endGood"] == nil })
        #expect(places[1]["local"] as? String == "2026-03-08T23:00:00")
        #expect(places[1]["period"] as? String == "lateNight")
    }

    @Test func localWallTimeIsInTheSourcePlaceAndGapsAreFlagged() throws {
        let r = try timedeck("call", "--at", "2026-03-08T02:30", "--json", "America/New_York", "London, GB")
        #expect(r.status == 0)
        let top = try #require(try json(r.stdout) as? [String: Any])
        #expect(top["utc"] as? String == "2026-03-08T07:30:00Z")
        #expect(r.stderr.contains("does not exist"))
    }

    @Test func bestAcrossTheDateLine() throws {
        let r = try timedeck("call", "--at", "2026-11-22T00:00:00Z", "--optimize", "best", "--json",
                             "Los Angeles", "Sydney")
        let top = try #require(try json(r.stdout) as? [String: Any])
        let places = try #require(top["places"] as? [[String: Any]])
        #expect(places[0]["local"] as? String == "2026-11-22T15:30:00")
        #expect(places[1]["local"] as? String == "2026-11-23T10:30:00")
        #expect(places.allSatisfy { $0["good"] as? Bool == true })
        #expect(r.stderr.contains("ambiguous"))  // Los Angeles, CL exists too
    }

    @Test func tableFitsEightyColumns() throws {
        let ok = try timedeck("call", "--at", "2026-03-08T14:00:00Z", "--duration", "90",
                              "San Francisco de Campeche", "Sydney", "Pacific/Chatham", "Pacific/Kiritimati", "St. John's")
        #expect(ok.status == 0, "\(ok.stderr)")
        let lines = ok.stdout.split(separator: "\n")
        // Five rows, and a line for each clock change within 14 days
        // (St. John's changes on 2026-03-08), all within 80 columns.
        #expect(lines.count == 7 + lines.filter { $0.hasPrefix("⚠ ") }.count)
        #expect(lines.contains { $0.hasPrefix("⚠ St. John's, CA clocks change") }, "\(lines)")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        #expect(lines[1].hasPrefix("PLACE"))
        #expect(lines.contains { $0.contains("Sydney, AU") && $0.contains("before dawn") && $0.contains("✗ BAD") })
    }

    @Test func unknownPlaceExitsTwoWithSuggestions() throws {
        let r = try timedeck("call", "London", "Xyzzyq")
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("no place matches \"Xyzzyq\""))
        #expect(r.stderr.contains("Closest names"))
    }

    @Test(arguments: [
        ["call", "--at", "25:00", "London"],
        ["call", "--duration", "0", "London"],
        ["call", "--optimize", "soonest", "London"],
        ["call"],
        ["places", "search", "London", "--limit", "zero"],
    ])
    func badInputExitsTwo(args: [String]) throws {
        let r = try timedeck(args)
        #expect(r.status == 2, "\(args)")
        #expect(r.stderr.hasPrefix("timedeck: "), "\(r.stderr)")
    }

    @Test func placesSearchJSON() throws {
        let r = try timedeck("places", "search", "munchen", "--limit", "3", "--json")
        #expect(r.status == 0)
        let list = try #require(try json(r.stdout) as? [[String: Any]])
        #expect(list.first?["name"] as? String == "Munich")
        #expect(list.first?["country"] as? String == "DE")
        #expect(list.first?["zone"] as? String == "Europe/Berlin")
        #expect(list.first?["match"] as? String == "alias")   // München is an alternate name
        #expect(list.first?["utcOffsetSeconds"] is Int)
        let text = try timedeck("places", "search", "東京", "--limit", "2")
        #expect(text.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("Tokyo, JP") == true)
    }
}
