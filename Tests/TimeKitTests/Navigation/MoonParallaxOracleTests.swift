import Foundation
import Testing
@testable import TimeKit

/// The Moon's parallax on the WGS-84 ellipsoid (issue 32 item 8) against
/// Skyfield + JPL DE421: topocentric Moon altitudes at latitudes 0°, ±45°,
/// ±70° and between (scripts/navigation-oracle.py, `moon_parallax`).
@Suite struct MoonParallaxOracleTests {
    struct Case: Decodable { var utc: String; var lat: Double; var lon: Double; var limb: String; var hs: Double
        var topocentric_altitude: Double; var azimuth: Double; var ho: Double; var spherical_error: Double }
    struct Fixture: Decodable { var conditions: NavigationOracleTests.Conditions; var moon_parallax: [Case] }

    static let fixture: Fixture? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/navigation-oracle.json")
        return try? JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()

    /// Ho from the case's Hs at the true position, minus the oracle's, arcminutes.
    /// `sphere`: the parallax worked as if from the equator, where the
    /// ellipsoid is the old spherical model (the check that the cases can fail).
    static func errors(_ almanac: Almanac, _ f: Fixture, sphere: Bool = false) throws -> [(Case, Double)] {
        let corrections = NavigationOracleTests.corrections(f.conditions)
        return try f.moon_parallax.map { c in
            let entry = try almanac.entry(for: .moon, atUnixSeconds: try NavigationOracleTests.t(c.utc))
            let at = try GeoPosition(latitudeDegrees: sphere ? 0 : c.lat, longitudeDegrees: c.lon)
            let ho = SightReduction.observedAltitudeDegrees(sextantAltitudeDegrees: c.hs, limb: Limb(rawValue: c.limb) ?? .centre,
                                                            entry: entry, corrections: corrections, from: at)
            return (c, (ho - c.ho) * 60)
        }
    }

    @Test func theMoonsObservedAltitudeIsWithinTwoHundredthsOfAnArcminuteAtEveryLatitude() throws {
        let almanac = try #require(NavigationOracleTests.almanac), f = try #require(Self.fixture)
        #expect(f.moon_parallax.count == 32)
        #expect(Set(f.moon_parallax.map(\.lat)).isSuperset(of: [0, 45, -45, 70, -70]))
        // The cases discriminate: the spherical model was up to 0.2′ off on them.
        #expect(f.moon_parallax.map { abs($0.spherical_error) }.max() ?? 0 > 0.15)
        // Seen at most: 0.006′ (Skyfield's diurnal aberration, up to 0.005′, is in it).
        let errors = try Self.errors(almanac, f)
        for (c, error) in errors {
            #expect(abs(error) < 0.02, "\(c.utc) lat \(c.lat) \(c.limb): Ho off by \(error)′ (spherical: \(c.spherical_error)′)")
        }
        print(String(format: "Moon parallax on WGS-84: %d cases, worst %.4f′", errors.count,
                     errors.map { abs($0.1) }.max() ?? 0))
    }

    @Test func theSphericalModelFailsTheSameCases() throws {
        // The same reduction with the parallax worked on the sphere (from the
        // equator, where the ellipsoid and the sphere agree): off by the
        // oracle's `spherical_error`, far outside the 0.02′ above.
        let almanac = try #require(NavigationOracleTests.almanac), f = try #require(Self.fixture)
        let errors = try Self.errors(almanac, f, sphere: true)
        #expect(errors.map { abs($0.1) }.max() ?? 0 > 0.15)
        for (c, error) in errors {
            #expect(abs(error - c.spherical_error) < 0.02, "\(c.utc) lat \(c.lat): \(error)′ vs \(c.spherical_error)′")
        }
    }

    @Test func aSphereGivesBackTheClassicalParallaxInAltitude() {
        // ρ = 1 straight up: asin(sin HP·cos H). At the equator the ellipsoid is that sphere.
        let p = ObserverParallax(latitudeDegrees: 0, azimuthDegrees: 123, horizontalParallaxArcminutes: 57)
        for h in stride(from: 0.0, through: 89.0, by: 7.0) {
            let classical = h + asin(sin(57.0 / 60 * .pi / 180) * cos(h * .pi / 180)) * 180 / .pi
            #expect(abs(p.geocentricAltitudeDegrees(topocentricAltitudeDegrees: h) - classical) * 60 < 1e-9)
        }
        // At the pole the radius is 1 − f and HP is reduced by f·HP there.
        let pole = ObserverParallax(latitudeDegrees: 90, azimuthDegrees: 0, horizontalParallaxArcminutes: 57)
        #expect(abs(pole.geocentricRadius - (1 - ObserverParallax.flattening)) < 1e-12)
    }

    @Test func theAzimuthTermChangesSignFromNorthToSouth() {
        // At 45° N the Earth's centre lies north of the observer's plumb line
        // (φ′ < φ): a Moon to the north gets more parallax than one to the
        // south, by 2·HP·(φ − φ′)·sin H to first order.
        let north = ObserverParallax(latitudeDegrees: 45, azimuthDegrees: 0, horizontalParallaxArcminutes: 60)
        let south = ObserverParallax(latitudeDegrees: 45, azimuthDegrees: 180, horizontalParallaxArcminutes: 60)
        let h = 40.0
        let difference = (north.geocentricAltitudeDegrees(topocentricAltitudeDegrees: h)
            - south.geocentricAltitudeDegrees(topocentricAltitudeDegrees: h)) * 60
        // φ − φ′ at 45° is 11.5′ = 0.00336 rad: 2·60′·0.00336·sin 40° ≈ 0.26′.
        #expect(abs(difference - 0.26) < 0.02, "\(difference)′")
    }
}
