import Foundation
import Testing

/// `timedeck mars --sol … --lmst/--ltst`, `--sols`/`--in` and `--all`, run as a user would (issue 13).
@Suite struct MarsInverseCLITests {
    typealias Run = MarsCLITests.Run
    static func run(_ args: [String], environment: [String: String] = [:]) throws -> Run {
        try MarsCLITests.run(args, environment: environment)
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func lmstOnAMissionSolGivesTheForwardReportThere() throws {
        let r = try Self.run(["mars", "--site", "Perseverance", "--sol", "1700", "--lmst", "13:00", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try Self.object(r.stdout)
        #expect(Set(o.keys) == MarsCLITests.expectedKeys.union(["site", "missionSol"]).union(MarsCLITests.lightKeys)
            .union(MarsCLITests.sunKeys))
        #expect(o["missionSol"] as? Int == 1700)
        #expect(abs((o["localMeanSolarTime"] as? Double ?? 0) - 13) * 3600 <= 0.001)
        // Feeding the answer back to the forward command gives the same sol and time.
        let utc = try #require(o["utc"] as? String)
        let back = try Self.object(try Self.run(["mars", "--site", "Perseverance", "--at", utc, "--json"]).stdout)
        #expect(back["missionSol"] as? Int == 1700)
        #expect(abs((back["localMeanSolarTime"] as? Double ?? 0) - 13) * 3600 <= 0.001)
    }

    @Test func ltstAtALongitudeUsesTheLocalSol() throws {
        let r = try Self.run(["mars", "--longitude", "-133.8", "--sol", "52000", "--ltst", "06:30:15", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try Self.object(r.stdout)
        let msd = try #require(o["marsSolDate"] as? Double), lon = try #require(o["longitudeEast"] as? Double)
        #expect(Int((msd + lon / 360).rounded(.down)) == 52_000)
        #expect(abs((o["localTrueSolarTime"] as? Double ?? 0) - (6.5 + 15.0 / 3600)) * 3600 <= 0.001)
        #expect(o["site"] == nil)
    }

    @Test func theReadableReportShowsTheAskedTime() throws {
        let r = try Self.run(["mars", "--site", "curiosity", "--sol", "0", "--lmst", "00:00"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Local mean solar time   00:00:00"))
        #expect(r.stdout.contains("Mission sol             0"))
        #expect(r.stdout.contains("UTC                     2012-08-05T13:4") || r.stdout.contains("UTC                     2012-08-05T13:5"))
    }

    @Test(arguments: [
        (["--site", "curiosity", "--sol", "10", "--ltst", "24:00"], "24:00 does not exist"),
        (["--site", "opportunity", "--sol", "0", "--lmst", "12:00"], "before the mission's first sol, 1"),
        (["--site", "curiosity", "--sol", "10"], "--lmst HH:MM"),
        (["--site", "curiosity", "--lmst", "10:00"], "need --sol"),
        (["--site", "curiosity", "--sol", "10", "--lmst", "10:00", "--ltst", "10:00"], "not both"),
        (["--site", "curiosity", "--sol", "ten", "--lmst", "10:00"], "whole sol number"),
        (["--site", "curiosity", "--sol", "10", "--lmst", "10:00", "--at", "2020-01-01T00:00Z"], "does not take --at"),
        (["--site", "curiosity", "--sol", "10", "--lmst", "10:00", "--in", "London"], "add --sols"),
        (["--site", "curiosity", "--sol", "10", "--lmst", "10:00", "--sols", "0"], "from 1 to"),
        (["--site", "curiosity", "--sol", "10", "--lmst", "12:61"], "minutes"),
        (["--all", "--site", "curiosity"], "--all shows every site"),
    ])
    func impossibleTimesAndBadCombinationsExitTwo(args: [String], message: String) throws {
        let r = try Self.run(["mars"] + args)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func scheduleAsTextCSVAndJSON() throws {
        let base = ["mars", "--site", "Perseverance", "--sol", "1700", "--lmst", "13:00", "--sols", "5",
                    "--in", "London, GB", "--in", "Houston", "--in", "Tokyo"]
        let text = try Self.run(base)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines[0] == "Perseverance mission sols 1700–1704 at 13:00:00 LMST")
        #expect(lines[1].hasPrefix("SOL    UTC") && lines[1].contains("London, GB") && lines[1].contains("Tokyo, JP"))
        #expect(lines[2].hasPrefix("1700   20"))
        #expect(lines.contains { $0.contains("before dawn ✗") })

        let csv = try Self.run(base + ["--csv"])
        let csvLines = csv.stdout.split(separator: "\n")
        #expect(csvLines[0] == "sol,utc,localMeanSolarTime,localTrueSolarTime,place,zone,local,period,good,sunrise,sunset,ert")
        #expect(csvLines.count == 1 + 5 * 3)

        let json = try Self.run(base + ["--json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 5)
        #expect(array.map { $0["missionSol"] as? Int } == [1700, 1701, 1702, 1703, 1704])
        for report in array {
            #expect(Set(report.keys) == MarsCLITests.expectedKeys.union(["site", "missionSol", "places", "sunrise", "sunset"]))
            let places = try #require(report["places"] as? [[String: Any]])
            #expect(places.map { $0["zone"] as? String } == ["Europe/London", "America/Chicago", "Asia/Tokyo"])
            for p in places { #expect(p["name"] != nil && p["local"] != nil && p["period"] != nil && p["good"] is Bool) }
        }
    }

    @Test func allSitesAsTableAndJSON() throws {
        let text = try Self.run(["mars", "--all", "--at", "2021-04-19T07:34:00Z"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Perseverance"))
        let row = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("Perseverance") })
        #expect(row.contains(" 58 "), "mission sol 58, then the Sun's elevation: \(row)")
        #expect(text.stdout.contains("light time to the Earth"))
        let json = try Self.run(["mars", "--all", "--at", "2021-04-19T07:34:00Z", "--json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 12)
        #expect(array.allSatisfy { MarsCLITests.expectedKeys.isSubset(of: Set($0.keys)) && $0["site"] is String })
        // Every site carries the light time and the Sun, as `--site` gives them.
        #expect(array.allSatisfy { $0["owlt"] is Double && $0["solarElevation"] is Double && $0["sunrise"] != nil })
        let one = try Self.run(["mars", "--site", "Perseverance", "--at", "2021-04-19T07:34:00Z", "--json"])
        let single = try #require(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any])
        let listed = try #require(array.first { ($0["site"] as? String) == "Perseverance" })
        #expect(listed["solarElevation"] as? Double == single["solarElevation"] as? Double)
        #expect(listed["owlt"] as? Double == single["owlt"] as? Double)
    }

    @Test func configSitesWorkWithSiteAndAll() throws {
        let folder = TemporaryFolder()
        let config = folder.path("config.toml")
        try """
            [mars-site-ares3]
            name = "Ares 3"
            longitude = -31.3
            latitude = 31.2
            landing = "2035-11-07T12:00:00Z"
            first_sol = 1
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let env = ["TIMEDECK_CONFIG": config]
        let one = try Self.run(["mars", "--site", "ares 3", "--sol", "1", "--lmst", "09:00", "--json"], environment: env)
        #expect(one.status == 0, "\(one.stderr)")
        let o = try Self.object(one.stdout)
        #expect(o["site"] as? String == "Ares 3" && o["missionSol"] as? Int == 1)
        #expect(abs((o["longitudeEast"] as? Double ?? 0) + 31.3) < 1e-9)
        let all = try Self.run(["mars", "--all", "--json"], environment: env)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 13 && array.last?["site"] as? String == "Ares 3")
        let before = try Self.run(["mars", "--site", "ares3", "--sol", "0", "--lmst", "09:00"], environment: env)
        #expect(before.status == 2 && before.stderr.contains("first sol, 1"))
    }

    /// Issue 20, item 5: the largest Int as a sol trapped on overflow
    /// (SIGILL, a crash report); now a usage error naming the range.
    @Test(arguments: [
        ["mars", "--site", "curiosity", "--sol", "9223372036854775807", "--lmst", "13:00"],
        ["mars", "--site", "curiosity", "--sol", "-9223372036854775808", "--ltst", "13:00"],
        ["mars", "--longitude", "10", "--sol", "9223372036854775000", "--lmst", "13:00", "--sols", "900"],
    ])
    func extremeSolsExitTwoWithAMessage(args: [String]) throws {
        let r = try Self.run(args)
        #expect(r.status == 2, "status \(r.status): \(r.stderr.prefix(300))")
        #expect(r.stderr.contains("--sol must be between"), "\(r.stderr.prefix(300))")
    }
}
