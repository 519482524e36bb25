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
