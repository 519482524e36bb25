import Foundation
import Testing
@testable import TimeKit

/// The almanac against Skyfield + JPL DE421 (scripts/almanac-oracle.py):
/// 40 instants 2000–2025, every body, within 0.1′ in GHA and declination.
@Suite struct AlmanacOracleTests {
    struct Case: Decodable {
        var body: String
        var utc: String
        var gha: Double
        var dec: Double
        var sha: Double?
        var sd: Double?
        var hp: Double?
    }

    struct Fixture: Decodable { var cases: [Case] }

    static func loadCases() throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/almanac-oracle.json")
        return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url)).cases
    }

    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)

    static func body(named name: String) -> CelestialBody {
        CelestialBody.solarSystem.first { $0.name == name } ?? .star(name)
    }

    /// Difference of two angles in arcminutes, wrapped to ±180°.
    static func arcminutes(_ a: Double, _ b: Double) -> Double {
        var d = (a - b).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d < -180 { d += 360 }
        return abs(d) * 60
    }

    @Test func everyBodyWithinATenthOfAnArcminute() throws {
        let almanac = try #require(Self.almanac)
        let cases = try Self.loadCases()
        #expect(cases.count >= 2000)
        var worst: [String: (gha: Double, dec: Double)] = [:]
        for c in cases {
            let instant = try InstantParser.parse(c.utc)
            let entry = try almanac.entry(for: Self.body(named: c.body), atUnixSeconds: instant.unixSeconds)
            let dGHA = Self.arcminutes(entry.ghaDegrees, c.gha)
            let dDec = abs(entry.decDegrees - c.dec) * 60
            let key = c.body
            let previous = worst[key] ?? (0, 0)
            worst[key] = (max(previous.gha, dGHA), max(previous.dec, dDec))
            #expect(dGHA <= 0.1, "\(c.body) \(c.utc) GHA off by \(dGHA)′")
            #expect(dDec <= 0.1, "\(c.body) \(c.utc) Dec off by \(dDec)′")
            if let sha = c.sha {
                #expect(Self.arcminutes(try #require(entry.shaDegrees), sha) <= 0.1, "\(c.body) SHA")
            }
            if let sd = c.sd {
                #expect(abs(try #require(entry.semiDiameterArcminutes) - sd) <= 0.01, "\(c.body) SD")
            }
            if let hp = c.hp {
                #expect(abs(try #require(entry.horizontalParallaxArcminutes) - hp) <= 0.01, "\(c.body) HP")
            }
        }
        // The worst error per body, for the record (swift test prints it).
        let report = worst.sorted { $0.key < $1.key }
            .map { String(format: "%@ %.4f %.4f", $0.key, $0.value.gha, $0.value.dec) }
        print("almanac max |dGHA| |dDec| (arcmin):\n" + report.joined(separator: "\n"))
    }

    @Test func outsideTheDataSaysWhereTheyStop() throws {
        let almanac = try #require(Self.almanac)
        #expect(throws: Almanac.OutOfRange.self) {
            _ = try almanac.entry(for: .sun, atUnixSeconds: 4_200_000_000)  // 2103
        }
    }
}
