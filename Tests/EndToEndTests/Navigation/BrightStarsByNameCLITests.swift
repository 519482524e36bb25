import Foundation
import Testing
import TimeKit

/// The brighter Hipparcos stars by name through the real binary (issue 32,
/// leftovers): `almanac BODY` and `fix --sight` against Skyfield + DE421 +
/// the original Hipparcos file (scripts/bright-almanac-oracle.py), the
/// file read only by a command that names such a star, and a misspelt name
/// refused with close names.
@Suite(.serialized) struct BrightStarsByNameCLITests {
    struct Place: Decodable { var body: String; var utc: String; var gha: Double; var dec: Double; var sha: Double }
    struct Shot: Decodable { var body: String; var hs: Double }
    struct Fix: Decodable { var utc: String; var truth: [Double]; var dr: [Double]; var sights: [Shot] }
    struct Fixture: Decodable { var places: [Place]; var fixes: [Fix] }

    static func fixture() throws -> Fixture {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("TimeKitTests/Fixtures/bright-almanac-oracle.json")
        return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }

    static func arcminutes(_ a: Double, _ b: Double) -> Double {
        var d = (a - b).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d < -180 { d += 360 }
        return abs(d) * 60
    }

    static func dr(_ p: [Double]) -> String {
        func part(_ v: Double, _ pos: String, _ neg: String) -> String {
            let a = abs(v)
            return String(format: "%d %.4f %@", Int(a), (a - Double(Int(a))) * 60, v < 0 ? neg : pos)
        }
        return part(p[0], "N", "S") + ", " + part(p[1], "E", "W")
    }

    @Test func almanacGivesABrighterStarsPlace() throws {
        for c in try Self.fixture().places {
            let out = try TimedeckBinary.run(["almanac", "--json", c.body, "--at", c.utc])
            #expect(out.status == 0, "\(c.body): \(out.stderr)")
            let e = try FixCLITests.json(out.stdout)
            #expect(e["body"] as? String == c.body)
            let gha = try #require(e["gha"] as? Double), dec = try #require(e["dec"] as? Double)
            let sha = try #require(e["sha"] as? Double)
            #expect(Self.arcminutes(gha, c.gha) <= 0.02 && abs(dec - c.dec) * 60 <= 0.02
                    && Self.arcminutes(sha, c.sha) <= 0.02, "\(c.body) \(c.utc)")
        }
    }

    @Test func aFixFromBrighterStarsAloneLandsOnTheTruth() throws {
        for f in try Self.fixture().fixes {
            let sights = f.sights.flatMap { ["--sight", "\($0.body), \(String(format: "%.7f", $0.hs)), \(f.utc)"] }
            let out = try TimedeckBinary.run(["fix", "--json", "--dr", Self.dr(f.dr), "--eye", "2.5", "--ie", "-1.2",
                                              "--temp", "12", "--pressure", "1020"] + sights)
            #expect(out.status == 0, "\(out.stderr)")
            let fix = try FixCLITests.json(out.stdout)
            let truth = try GeoPosition(latitudeDegrees: f.truth[0], longitudeDegrees: f.truth[1])
            let miles = try FixCLITests.miles(fix, truth)
            #expect(miles < 0.05, "\(f.sights.map(\.body)) at \(f.utc): \(miles) nm from the truth")
        }
    }

    /// A malformed bright-star file laid over the real one: a command that
    /// reads it fails saying so, so one that names only navigational bodies
    /// and succeeds did not read it.
    @Test func onlyACommandNamingABrighterStarReadsTheFile() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("resources"), withIntermediateDirectories: true)
        try "not a star\n".write(toFile: folder.path("resources/" + BrightStars.resourceName), atomically: true, encoding: .utf8)
        let env = ["TIMEDECK_RESOURCES": folder.path("resources")]
        let at = "2024-03-21T06:44:07Z"
        let vega = try TimedeckBinary.run(["almanac", "--json", "Vega", "--at", at], environment: env)
        #expect(vega.status == 0, "\(vega.stderr)")
        // NavigationEnglishGolden's first round.
        let fix = try TimedeckBinary.run(["fix", "--json", "--dr", "40 10.0 N, 050 15.0 W", "--eye", "2.5", "--ie", "-1.2",
                                          "--temp", "12", "--pressure", "1016", "--sight", "Vega, 52.3577, \(at)",
                                          "--sight", "Arcturus, 64.4508, 2024-03-21T06:47:51Z"], environment: env)
        #expect(fix.status == 0, "\(fix.stderr)")
        let alhena = try TimedeckBinary.run(["almanac", "--json", "Alhena", "--at", at], environment: env)
        #expect(alhena.status != 0 && alhena.stderr.contains(BrightStars.resourceName), "\(alhena.stderr)")
        let fixAlhena = try TimedeckBinary.run(["fix", "--json", "--dr", "40 10.0 N, 050 15.0 W",
                                                "--sight", "Alhena, 30 00.0, \(at)"], environment: env)
        #expect(fixAlhena.status != 0 && fixAlhena.stderr.contains(BrightStars.resourceName), "\(fixAlhena.stderr)")
    }

    @Test func aMisspeltStarIsRefusedNotGuessed() throws {
        let out = try TimedeckBinary.run(["fix", "--json", "--dr", "40 10.0 N, 050 15.0 W",
                                          "--sight", "Alhenna, 30 00.0, 2024-03-21T06:44:07Z"])
        #expect(out.status == 2 && out.stdout.isEmpty)
        #expect(out.stderr.contains("\"Alhenna\"") || out.stderr.contains("Alhenna"), "\(out.stderr)")
        #expect(out.stderr.contains("close names: Alhena"), "\(out.stderr)")
        let almanac = try TimedeckBinary.run(["almanac", "Mizzar", "--at", "2024-03-21T06:44:07Z"])
        #expect(almanac.status == 2 && almanac.stdout.isEmpty && almanac.stderr.contains("Mizar"), "\(almanac.stderr)")
    }
}

/// A brighter star's sight stored on a mark leaves in the export worked as
/// `fix --marks` works it (Ho, intercept, Zn), not with them null; an export
/// of navigational sights still never reads the brighter stars' file.
@Suite(.serialized) struct BrightStarExportTests {
    @Test func aBrighterStarsSightIsWorkedInTheExport() throws {
        let base = try #require(FixCLITests.almanac)
        let almanac = base.including(try BrightStars.loadBundled())
        let p = try MarksProcess()
        defer { p.remove() }
        let position = try GeoPosition(latitudeDegrees: 35.5, longitudeDegrees: -20.25)
        let add = try p.run(["marks", "add", "--position", "35 30.0 N, 020 15.0 W", "--json"])
        try #require(add.status == 0, "\(add.stderr)")
        let added = try #require((try JSONSerialization.jsonObject(with: Data(add.stdout.utf8)) as? [[String: Any]])?.first)
        let id = try #require(added["id"] as? Int)
        let at = try InstantParser.parse(try #require(added["correctedUtc"] as? String)).unixSeconds
        // A brighter star 20°-70° up from the mark at its instant (found: the test runs at any hour).
        func up(_ names: [String]) throws -> String? {
            try names.filter { $0.allSatisfy(\.isLetter) }.first { name in
                let e = try almanac.entry(for: .star(name), atUnixSeconds: at)
                let h = SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: position).altitudeDegrees
                return h > 20 && h < 70
            }
        }
        let star = try #require(try up(try BrightStars.loadBundled().map(\.name)))
        let navigationalStar = try #require(try up(base.stars.map(\.name)))
        let attach = try p.run(["marks", "sight", "\(id)", "\(star), 30 00.0"])
        try #require(attach.status == 0, "\(attach.stderr)")
        let expected = try #require(try FixSolver(almanac: almanac).reduce(
            [Sight(body: .star(star), sextantAltitudeDegrees: 30, unixSeconds: at)], deadReckoning: position, fixUnixSeconds: at).first)
        let export = try p.run(["marks", "export", "--format", "json"])
        #expect(export.status == 0, "\(export.stderr)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [[String: Any]])
        let sight = try #require(objects.first { $0["id"] as? Int == id }?["sight"] as? [String: Any], "\(export.stdout)")
        #expect(sight["body"] as? String == star)
        #expect(abs((sight["hoDegrees"] as? Double ?? .nan) - expected.observedAltitudeDegrees) <= 1e-6, "\(sight)")
        #expect(abs((sight["interceptNauticalMiles"] as? Double ?? .nan) - expected.interceptNauticalMiles) <= 1e-3, "\(sight)")

        // The same store with a malformed brighter-stars file: the bright
        // sight's export notes it and keeps Ho null; a navigational one is untouched.
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("resources"), withIntermediateDirectories: true)
        try "not a star\n".write(toFile: folder.path("resources/" + BrightStars.resourceName), atomically: true, encoding: .utf8)
        let env = ["TIMEDECK_RESOURCES": folder.path("resources")]
        let broken = try p.run(["marks", "export", "--format", "json"], extraEnvironment: env)
        #expect(broken.status == 0 && broken.stderr.contains("brighter stars could not be read"), "\(broken.stderr)")
        let brokenSight = try #require(((try JSONSerialization.jsonObject(with: Data(broken.stdout.utf8)) as? [[String: Any]])?
            .first { $0["id"] as? Int == id })?["sight"] as? [String: Any])
        #expect(brokenSight["body"] as? String == star && brokenSight["hoDegrees"] is NSNull, "\(brokenSight)")
        try #require(try p.run(["marks", "sight", "\(id)", "\(navigationalStar), 30 00.0"]).status == 0)
        let navigational = try p.run(["marks", "export", "--format", "json"], extraEnvironment: env)
        #expect(navigational.status == 0 && !navigational.stderr.contains("brighter"), "\(navigational.stderr)")
    }
}
