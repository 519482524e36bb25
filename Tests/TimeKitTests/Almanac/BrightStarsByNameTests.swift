import Foundation
import Testing
@testable import TimeKit

/// The brighter Hipparcos stars by name in `almanac BODY` and `fix --sight`
/// (issue 32, leftovers): `Almanac.naming` adds them only when a name needs
/// them; their places agree with Skyfield + DE421 + the original Hipparcos
/// file (scripts/bright-almanac-oracle.py); an unknown name is refused with
/// close names, never replaced by one.
@Suite struct BrightStarsByNameTests {
    struct Place: Decodable { var body: String; var utc: String; var gha: Double; var dec: Double; var sha: Double }
    struct Fixture: Decodable { var places: [Place] }

    static let fixture: Fixture? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/bright-almanac-oracle.json")
        return (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(Fixture.self, from: $0) }
    }()

    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)
    static let brightStars: [NavigationalStar] = (try? BrightStars.loadBundled()) ?? []

    /// The almanac for `names`, counting how often the bright stars were asked for.
    static func naming(_ names: [String]) throws -> (Almanac, loads: Int) {
        let almanac = try #require(Self.almanac)
        var loads = 0
        let named = try almanac.naming(names) {
            loads += 1
            return Self.brightStars
        }
        return (named, loads)
    }

    @Test func navigationalNamesNeverAskForTheBrighterStars() throws {
        let (almanac, loads) = try Self.naming(["Vega", "Sun LL", "moon ul", "Kaus Australis", "alnair", "Venus"])
        #expect(loads == 0)
        #expect(almanac.stars.count == Self.almanac?.stars.count)
    }

    @Test(arguments: ["Alhena", "mizar", "HIP 86670", "hip86670", "Koo She"])
    func aBrighterStarIsFoundByItsName(_ typed: String) throws {
        let (almanac, loads) = try Self.naming(["Vega", typed])
        #expect(loads == 1)
        let (body, limb) = try SightText.body(typed, almanac: almanac)
        #expect(limb == .centre)
        let expected = Self.brightStars.first { SightText.folded($0.name) == SightText.folded(typed) }
        #expect(body == .star(try #require(expected).name))
    }

    /// `HIP 86670` is that star, not the first `HIP n` of the file: folding
    /// to letters alone once made every HIP name `hip`.
    @Test func hipNumbersAreNotFoldedAway() throws {
        let (almanac, _) = try Self.naming(["HIP 59196"])
        #expect(try SightText.body("HIP 59196", almanac: almanac).body == .star("HIP 59196"))
        #expect(try SightText.body("HIP 86670", almanac: almanac).body == .star("HIP 86670"))
        #expect(throws: InputError.self) { try SightText.body("HIP 1", almanac: almanac) }
    }

    @Test func aMisspeltStarIsRefusedWithCloseNamesFromEveryStar() throws {
        let (almanac, loads) = try Self.naming(["Alhenna"])
        #expect(loads == 1)
        do {
            _ = try SightText.body("Alhenna", almanac: almanac)
            Issue.record("Alhenna was taken for a body")
        } catch let error as InputError {
            #expect(error.description.contains("close names: Alhena"), "\(error.description)")
            #expect(error.description.contains("brighter star"), "\(error.description)")
        }
    }

    @Test func placesAgreeWithSkyfieldAndTheHipparcosFile() throws {
        let f = try #require(Self.fixture)
        #expect(f.places.count == 20)
        let (almanac, _) = try Self.naming(f.places.map(\.body))
        var worst = 0.0
        for c in f.places {
            let e = try almanac.entry(for: .star(c.body), atUnixSeconds: try InstantParser.parse(c.utc).unixSeconds)
            let dGHA = AlmanacOracleTests.arcminutes(e.ghaDegrees, c.gha), dDec = abs(e.decDegrees - c.dec) * 60
            let dSHA = AlmanacOracleTests.arcminutes(try #require(e.shaDegrees), c.sha)
            worst = max(worst, dGHA, dDec, dSHA)
            #expect(dGHA <= 0.02 && dDec <= 0.02 && dSHA <= 0.02, "\(c.body) \(c.utc): \(dGHA)′ \(dDec)′ \(dSHA)′")
        }
        print(String(format: "bright stars by name: worst |dGHA|, |dDec|, |dSHA| %.4f′", worst))
    }
}
