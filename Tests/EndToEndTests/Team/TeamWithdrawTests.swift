import Foundation
import Testing
import TeamLog
import TestSupport

/// Issue 28: a station that synced under a mistyped `team.station` and was
/// corrected takes the old copies back with `team withdraw`; every station
/// stops listing them, the tombstone outlives a server restart, and a copy
/// sent again later stays out. Real binary, real PostgreSQL, two stores.
@Suite("Team withdraw end to end", .serialized)
struct TeamWithdrawTests {
    static func setStation(_ station: TeamStation, _ name: String, url: String) throws {
        try "[marks]\ngpsd = \"off\"\n[team]\nurl = \"\(url)\"\nstation = \"\(name)\"\n"
            .write(toFile: station.process.configPath, atomically: true, encoding: .utf8)
    }

    @Test("A sight attached at one station is in the other's marks list --team --json and marks export --team")
    func sightsInTheTeamViews() throws {
        let server = try ThrowawayDatabase()
        defer { server.drop() }
        let north = try TeamStation(name: "north", url: server.url)
        let south = try TeamStation(name: "south", url: server.url)
        defer { north.process.remove(); south.process.remove() }
        #expect(try north.process.run(["marks", "add", "--no-position"]).status == 0)
        let sight = try north.process.run(["marks", "sight", "1", "Vega, 45 30.0"])
        #expect(sight.status == 0, "\(sight.stderr)")
        #expect(try north.process.run(["team", "sync"]).status == 0)
        let view = try south.teamView()
        let object = try #require(view.first?["sight"] as? [String: Any], "\(view)")
        #expect(object["body"] as? String == "Vega" && object["hsDegrees"] as? Double == 45.5, "\(object)")
        let csv = try south.process.run(["marks", "export", "--team", "--format", "csv"])
        #expect(csv.stdout.contains(",Vega,45.5,"), "\(csv.stdout)")
    }

    @Test("Copies sent as nrth, corrected to north: withdrawn from every station's view, for good")
    func withdrawTheMistypedCopies() throws {
        let server = try PostgresServer()
        defer { server.remove() }
        let here = try TeamStation(name: "nrth", url: server.url)
        let there = try TeamStation(name: "south", url: server.url)
        defer { here.process.remove(); there.process.remove() }
        for note in ["one", "two"] {
            #expect(try here.process.run(["marks", "add", "--no-position", "--note", note]).status == 0)
        }
        #expect(try there.process.run(["marks", "add", "--no-position", "--note", "theirs"]).status == 0)
        // The name corrected; every mark sent again under it.
        try Self.setStation(here, "north", url: server.url)
        #expect(try here.process.run(["team", "sync", "--all"]).status == 0)
        #expect(Set(stationNotes(try there.teamView())) == ["nrth:one", "nrth:two", "north:one", "north:two", "south:theirs"])

        // team status points at the old name and the command that fixes it.
        let status = try here.process.run(["team", "status"])
        #expect(status.stdout.contains("station nrth holds 2 copies") && status.stdout.contains("team withdraw --station nrth --all"),
                "\(status.stdout)")
        // Another station's own marks, or copies this folder never had, are refused.
        let foreign = try here.process.run(["team", "withdraw", "--station", "south", "--all"])
        #expect(foreign.status == 2 && foreign.stderr.contains("not written from this folder"), "\(foreign.stderr)")
        let notTheirs = try there.process.run(["team", "withdraw", "--station", "nrth", "--all"])
        #expect(notTheirs.status == 2 && notTheirs.stderr.contains("--force"), "\(notTheirs.stderr)")
        let own = try here.process.run(["team", "withdraw", "--station", "north", "--all"])
        #expect(own.status == 2 && own.stderr.contains("this station's name"), "\(own.stderr)")
        let neither = try here.process.run(["team", "withdraw", "--station", "nrth"])
        #expect(neither.status == 2 && neither.stderr.contains("--all or --marks"), "\(neither.stderr)")
        #expect(Set(stationNotes(try there.teamView())).count == 5)

        let withdraw = try here.process.run(["team", "withdraw", "--station", "nrth", "--all"])
        #expect(withdraw.status == 0, "\(withdraw.stderr)")
        #expect(withdraw.stdout.contains("withdrew 2 copies of station nrth"), "\(withdraw.stdout)")
        let expected: Set = ["north:one", "north:two", "south:theirs"]
        #expect(Set(stationNotes(try there.teamView())) == expected)
        #expect(Set(stationNotes(try here.teamView())) == expected)
        let csv = try there.process.run(["marks", "export", "--team", "--format", "csv"])
        #expect(!csv.stdout.contains("nrth"), "\(csv.stdout)")
        #expect(!(try here.process.run(["team", "status"])).stdout.contains("holds"))

        // The tombstones are on the server: a restart keeps them.
        try server.stop()
        try server.start()
        #expect(Set(stationNotes(try there.teamView())) == expected)

        // A third folder with the same marks (an old backup restored) still
        // configured as nrth sends the copies again: they stay out; a new
        // mark under that name is not a withdrawn copy and shows.
        let backup = try TeamStation(name: "nrth", url: server.url)
        defer { backup.process.remove() }
        let file = backup.process.home.appendingPathComponent("here.json").path
        #expect(try here.process.run(["marks", "export", "--format", "json", "--output", file]).status == 0)
        #expect(try backup.process.run(["marks", "import", file]).status == 0)
        #expect(try backup.process.run(["team", "sync"]).status == 0)
        #expect(try backup.process.run(["marks", "add", "--no-position", "--note", "later"]).status == 0)
        #expect(Set(stationNotes(try there.teamView())) == expected.union(["nrth:later"]))
    }
}
