import Foundation
import Testing

/// `timedeck mars` light time (issue 33): --ert, --scet, the JSON keys, the
/// Sun at a site, refusals, and schedules with sunrise, sunset and ERT.
@Suite struct MarsLightCLITests {
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func unix(_ iso: Any?) throws -> Double {
        let text = try #require(iso as? String)
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return try #require(f.date(from: text)).timeIntervalSince1970
    }

    @Test func atGivesScetAndErtOwltLater() throws {
        let r = try MarsCLITests.run(["mars", "--at", "2021-02-18T20:55:00Z", "--site", "Perseverance", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try Self.object(r.stdout)
        let owlt = try #require(o["owlt"] as? Double)
        #expect(o["scet"] as? String == "2021-02-18T20:55:00.000Z")
        let ert = try Self.unix(o["ert"]), scet = try Self.unix(o["scet"])
        #expect(abs(ert - scet - owlt) < 0.001)
        #expect(owlt > 682 && owlt < 683)  // 1.367 AU that evening
        #expect(abs((o["earthMarsDistance"] as? Double ?? 0) - owlt * 299_792.458 / 149_597_870.7) < 1e-9)
        #expect(o["solarConjunction"] as? Bool == false)
        let elevation = try #require(o["solarElevation"] as? Double)
        #expect(elevation > 30 && elevation < 45)  // LTST 15:26 at Jezero
        let sunrise = try #require(o["sunrise"] as? [String: Any])
        #expect(Set(sunrise.keys) == ["utc", "ltst", "lmst"])
        #expect((o["localNoon"] as? [String: Any])?["ltst"] as? String == "12:00:00")
    }

    @Test func ertReportsTheEventAtMarsAndScetIsAt() throws {
        let e = try Self.object(try MarsCLITests.run(["mars", "--ert", "2021-02-18T21:06:00Z", "--site", "jezero", "--json"]).stdout)
        #expect(e["ert"] as? String == "2021-02-18T21:06:00.000Z")
        let scet = try #require(e["scet"] as? String)
        #expect(e["utc"] as? String == scet)  // every Mars time of the report is at SCET
        let s = try Self.object(try MarsCLITests.run(["mars", "--scet", scet, "--site", "jezero", "--json"]).stdout)
        let a = try Self.object(try MarsCLITests.run(["mars", "--at", scet, "--site", "jezero", "--json"]).stdout)
        #expect(s["localMeanSolarTime"] as? Double == a["localMeanSolarTime"] as? Double)
        #expect(s["ert"] as? String == "2021-02-18T21:06:00.000Z")
    }

    /// Issue 33 item 1's option: a ground station and the site as the ends; `owlt` stays centre to centre.
    @Test func stationAndSiteEndsAddTheirOwnKeys() throws {
        let base = ["mars", "--at", "2021-02-18T20:55:00Z", "--site", "Perseverance", "--json"]
        let centre = try Self.object(try MarsCLITests.run(base).stdout)
        #expect(centre["owltEnds"] == nil && centre["lightEnds"] == nil)
        let r = try MarsCLITests.run(base + ["--station", "goldstone", "--light-from", "site"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try Self.object(r.stdout)
        #expect(o["owlt"] as? Double == centre["owlt"] as? Double)
        #expect(o["ert"] as? String == centre["ert"] as? String)
        let owlt = try #require(o["owlt"] as? Double), ends = try #require(o["owltEnds"] as? Double)
        #expect(ends != owlt && abs(ends - owlt) < 0.033)
        #expect(abs(try Self.unix(o["ertEnds"]) - (try Self.unix(o["scet"])) - ends) < 0.001)
        let path = try #require(o["lightEnds"] as? [String: Any])
        let mars = try #require(path["mars"] as? [String: Any]), earth = try #require(path["earth"] as? [String: Any])
        #expect(mars["site"] as? String == "Perseverance" && earth["station"] as? String == "Goldstone (DSS-14)")
        #expect(abs((earth["latitude"] as? Double ?? 0) - 35.4259) < 1e-3)
        // A station alone: the Mars end stays the centre.
        let s = try Self.object(try MarsCLITests.run(base + ["--station", "-35.4,148.98,690"]).stdout)
        #expect(((s["lightEnds"] as? [String: Any])?["mars"]) is NSNull)
        #expect((s["owltEnds"] as? Double).map { $0 != owlt } == true)
    }

    @Test func ertWithEndsIsReceivedAtTheStationAndRoundTrips() throws {
        let ends = ["--site", "jezero", "--station", "madrid", "--light-from", "site", "--json"]
        let e = try Self.object(try MarsCLITests.run(["mars", "--ert", "2021-02-18T21:06:00Z"] + ends).stdout)
        #expect(e["ertEnds"] as? String == "2021-02-18T21:06:00.000Z")
        let scet = try #require(e["scet"] as? String)
        #expect(e["utc"] as? String == scet)
        let owltEnds = try #require(e["owltEnds"] as? Double)
        #expect(abs(try Self.unix(e["scet"]) + owltEnds - 1_613_682_360) < 0.001)
        // `ert` is still where the centre-to-centre light lands: not the station's instant.
        #expect(e["ert"] as? String != "2021-02-18T21:06:00.000Z")
        let back = try Self.object(try MarsCLITests.run(["mars", "--scet", scet] + ends).stdout)
        #expect(abs(try Self.unix(back["ertEnds"]) - 1_613_682_360) <= 0.001)
    }

    @Test func conjunctionIsFlaggedInText() throws {
        let r = try MarsCLITests.run(["mars", "--at", "2023-11-18T12:00:00Z", "--longitude", "10"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("solar conjunction"))
        #expect(r.stdout.contains("Sun at the site") && r.stdout.contains("needs a latitude"))
    }

    @Test func polarDayHasNullSunriseAndSunset() throws {
        // Phoenix (68° N) at the northern summer solstice (Ls 89.8°, 2025-05-29).
        let o = try Self.object(try MarsCLITests.run(["mars", "--at", "2025-05-29T12:00:00Z", "--site", "phoenix", "--json"]).stdout)
        #expect(o["sunrise"] is NSNull && o["sunset"] is NSNull)
        #expect((o["maxSolarElevation"] as? Double ?? 0) > 0)
    }

    @Test(arguments: [
        (["--ert", "2021-02-18T21:06:00Z", "--at", "2021-02-18T20:55:00Z"], "give one of the two"),
        (["--ert", "2021-02-18T21:06:00Z", "--scet", "2021-02-18T20:55:00Z"], "give one of the two"),
        (["--scet", "2021-02-18T21:06:00Z", "--at", "2021-02-18T20:55:00Z"], "same as --at"),
        (["--ert", "1960-01-01T00:00:00Z"], "covers 1972-01-01"),
        (["--ert", "2021-02-18T21:06:00Z", "--sol", "5", "--lmst", "13:00"], "do not go with"),
        (["--ert-column"], "adds a column to a schedule"),
        (["--station", "houston"], "not a known station"),
        (["--station", "91,0"], "outside -90...90"),
        (["--light-from", "site", "--longitude", "10"], "needs a site with a latitude"),
        (["--light-from", "left", "--site", "jezero"], "takes centre or site"),
        // Chosen ends go with one instant, a schedule's ERT column and --all (MarsEndsTests), not elsewhere.
        (["--station", "madrid", "--site", "jezero", "--sol", "5", "--lmst", "13:00", "--sols", "3"], "add --ert-column"),
        (["--light-from", "site", "--site", "jezero", "--from", "2021-02-18T20:00:00Z", "--to", "2021-02-18T21:00:00Z",
          "--step", "1h"], "do not go with table mode"),
        (["--station", "madrid", "--picture", "orbit"], "do not go with table mode or --picture"),
    ])
    func refusals(arguments: [String], message: String) throws {
        let r = try MarsCLITests.run(["mars"] + arguments)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func outsideTheEphemerisTheReportSaysSo() throws {
        let r = try MarsCLITests.run(["mars", "--at", "1960-01-01T00:00:00Z", "--json"])
        #expect(r.status == 0)
        let o = try Self.object(r.stdout)
        #expect(o["owlt"] is NSNull && o["ert"] is NSNull)
        #expect(r.stderr.contains("no light time"))
    }

    @Test func scheduleWithSunAndErtColumns() throws {
        let base = ["mars", "--site", "Curiosity", "--sol", "4000", "--lmst", "13:00", "--sols", "3", "--ert-column"]
        let text = try MarsCLITests.run(base)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("SUNRISE (UTC)") && text.stdout.contains("ERT (UTC)"))
        let csv = try MarsCLITests.run(base + ["--csv"]).stdout.split(separator: "\n").map(String.init)
        #expect(csv.first?.hasSuffix(",sunrise,sunset,ert") == true)
        let fields = csv[1].split(separator: ",", omittingEmptySubsequences: false)
        #expect(fields.suffix(3).allSatisfy { $0.hasSuffix("Z") }, "\(csv[1])")
        let json = try MarsCLITests.run(base + ["--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 3)
        for row in rows {
            let owlt = try #require(row["owlt"] as? Double)
            let ert = try Self.unix(row["ert"]), utc = try Self.unix(row["utc"])
            #expect(abs(ert - utc - owlt) < 0.002)
            let rise = try Self.unix((row["sunrise"] as? [String: Any])?["utc"])
            let set = try Self.unix((row["sunset"] as? [String: Any])?["utc"])
            #expect(rise < utc && utc < set)  // 13:00 LMST is daytime
        }
    }

    /// `mars --picture`: Braille rows and the legend for one instant; misuse exits 2.
    @Test func pictureDrawsBrailleWithItsLegend() throws {
        let r = try MarsCLITests.run(["mars", "--picture", "path", "--site", "Perseverance", "--at", "2021-04-19T07:34:00Z",
                                      "--width", "48"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        #expect(lines.last == "Solar path · Perseverance: now +83.8° · noon +85.1°")
        #expect(lines.dropLast().count == 8 && lines.dropLast().allSatisfy { $0.count == 48 })
        let sunclock = try MarsCLITests.run(["mars", "--picture", "sunclock", "--at", "2021-04-19T07:34:00Z"])
        #expect(sunclock.stdout.contains("Sunclock: subsolar 73.5°E 13.8°N"))
        #expect(try MarsCLITests.run(["mars", "--picture", "map"]).status == 2)
        #expect(try MarsCLITests.run(["mars", "--picture", "path", "--longitude", "10"]).status == 2)
        #expect(try MarsCLITests.run(["mars", "--picture", "orbit", "--json"]).status == 2)
    }
}

