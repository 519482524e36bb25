import Foundation
import Testing

/// Issue 33's leftover: the light-path ends (`--station`, `--light-from site`)
/// in `--sols … --ert-column` schedules, in a single `--sol` answer and in
/// `--all`, each checked against the single report at the same instant,
/// whose ends are tested against the Skyfield oracle (MarsLightOracleTests).
@Suite struct MarsEndsTests {
    static let ends = ["--station", "madrid", "--light-from", "site"]
    static let schedule = ["mars", "--sol", "1000", "--lmst", "13:00", "--site", "Curiosity", "--sols", "3", "--ert-column"]

    static func objects(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    /// The single report at `utc` with the same ends.
    static func single(_ utc: String, site: String) throws -> [String: Any] {
        let r = try MarsCLITests.run(["mars", "--at", utc, "--site", site, "--json"] + ends)
        #expect(r.status == 0, "\(r.stderr)")
        return try MarsLightCLITests.object(r.stdout)
    }

    @Test func scheduleRowsCarryTheEndsOfTheSingleReport() throws {
        let r = try MarsCLITests.run(Self.schedule + Self.ends + ["--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try Self.objects(r.stdout)
        #expect(rows.count == 3)
        for row in rows {
            let utc = try #require(row["utc"] as? String)
            let one = try Self.single(utc, site: "Curiosity")
            #expect(row["ertEnds"] as? String == one["ertEnds"] as? String, "\(utc)")
            #expect(row["owltEnds"] as? Double == one["owltEnds"] as? Double, "\(utc)")
            #expect(row["ert"] as? String == one["ert"] as? String, "centre to centre stays: \(utc)")
            let path = try #require(row["lightEnds"] as? [String: Any])
            #expect((path["mars"] as? [String: Any])?["site"] as? String == "Curiosity")
            #expect((path["earth"] as? [String: Any])?["station"] as? String == "Madrid (DSS-63)")
            // The ends move the light time by milliseconds, not more.
            let owlt = try #require(row["owlt"] as? Double), owltEnds = try #require(row["owltEnds"] as? Double)
            #expect(owlt != owltEnds && abs(owlt - owltEnds) < 0.033)
        }
        // Without ends the rows have no ends keys.
        let plain = try Self.objects(try MarsCLITests.run(Self.schedule + ["--json"]).stdout)
        #expect(plain.first?["ertEnds"] == nil && plain.first?["lightEnds"] == nil)
    }

    @Test func textAndCSVPutTheEndsERTInTheColumn() throws {
        let json = try Self.objects(try MarsCLITests.run(Self.schedule + Self.ends + ["--json"]).stdout)
        let text = try MarsCLITests.run(Self.schedule + Self.ends)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        for (row, sol) in zip(json, ["1000", "1001", "1002"]) {
            let ertEnds = try #require(row["ertEnds"] as? String), ert = try #require(row["ert"] as? String)
            let line = try #require(lines.first { $0.hasPrefix(sol + " ") })
            #expect(line.contains(ertEnds) && !line.contains(ert), "\(line)")
        }
        #expect(lines.last == "ERT: light from Curiosity -> Madrid (DSS-63)")
        let csv = try MarsCLITests.run(Self.schedule + Self.ends + ["--csv"]).stdout.split(separator: "\n").map(String.init)
        #expect(csv.first?.hasSuffix(",sunrise,sunset,ert,ertEnds") == true)
        #expect(csv.count == 4 && csv[1].hasSuffix("," + (json[0]["ertEnds"] as? String ?? "?")), "\(csv)")
        // No ends: the header as it was.
        let plain = try MarsCLITests.run(Self.schedule + ["--csv"]).stdout
        #expect(plain.hasPrefix("sol,utc,localMeanSolarTime,localTrueSolarTime,place,zone,local,period,good,sunrise,sunset,ert\n"))
    }

    @Test func aSingleSolAnswerTakesTheEnds() throws {
        let r = try MarsCLITests.run(["mars", "--sol", "1000", "--lmst", "13:00", "--site", "Curiosity", "--json"] + Self.ends)
        #expect(r.status == 0, "\(r.stderr)")
        let o = try MarsLightCLITests.object(r.stdout)
        let one = try Self.single(try #require(o["utc"] as? String), site: "Curiosity")
        #expect(o["ertEnds"] as? String == one["ertEnds"] as? String && o["ertEnds"] != nil)
    }

    @Test func everySiteGetsItsOwnSurfaceEnd() throws {
        let at = "2021-02-18T20:55:00Z"
        let r = try MarsCLITests.run(["mars", "--all", "--at", at, "--json"] + Self.ends)
        #expect(r.status == 0, "\(r.stderr)")
        let sites = try Self.objects(r.stdout)
        #expect(sites.count >= 12)
        var owlts = Set<Double>()
        for name in ["Perseverance", "Curiosity", "Phoenix"] {
            let site = try #require(sites.first { $0["site"] as? String == name })
            let one = try Self.single(at, site: name)
            #expect(site["owltEnds"] as? Double == one["owltEnds"] as? Double, "\(name)")
            #expect(site["ertEnds"] as? String == one["ertEnds"] as? String, "\(name)")
            owlts.insert(try #require(site["owltEnds"] as? Double))
        }
        #expect(owlts.count == 3)  // a different surface point each
        // The text table shows the same seconds in its LIGHT column.
        let text = try MarsCLITests.run(["mars", "--all", "--at", at] + Self.ends)
        let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("Curiosity ") })
        let seconds = try #require(sites.first { $0["site"] as? String == "Curiosity" }?["owltEnds"] as? Double)
        #expect(line.hasSuffix(String(format: "%.6f", seconds)), "\(line)")
        #expect(text.stdout.contains("LIGHT (s): one-way light time from each site to Madrid (DSS-63)"))
        // A station alone: every site's Mars end is the centre, so one light time for all.
        let centre = try Self.objects(try MarsCLITests.run(["mars", "--all", "--at", at, "--json", "--station", "madrid"]).stdout)
        #expect(Set(centre.compactMap { $0["owltEnds"] as? Double }).count == 1)
    }
}
