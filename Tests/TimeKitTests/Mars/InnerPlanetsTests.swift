import Foundation
import Testing
@testable import TimeKit

/// The orbit picture's positions against scripts/inner-planets-oracle.py (full
/// DE421 through jplephem), and the solar path's shape (issue 33).
@Suite struct InnerPlanetsTests {
    struct Body: Decodable { var longitude: Double; var latitude: Double; var distanceAU: Double }
    struct Case: Decodable { var unix: Double; var mercury: Body; var venus: Body; var earth: Body; var mars: Body }
    struct Oracle: Decodable { var cases: [Case] }

    static let oracle: Oracle? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/inner-planets-oracle.json")
        return (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(Oracle.self, from: $0) }
    }()

    static func angle(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    @Test func venusEarthAndMarsMatchDE421() throws {
        let oracle = try #require(Self.oracle)
        let ephemeris = try ChebyshevEphemeris.loadBundled()
        #expect(oracle.cases.count >= 20)
        for c in oracle.cases {
            let p = try InnerPlanets.at(unixSeconds: c.unix, ephemeris: ephemeris, leapSeconds: .builtIn)
            for (planet, body) in [(InnerPlanets.Planet.venus, c.venus), (.earth, c.earth), (.mars, c.mars)] {
                // The same DE421, but the app's copy is trimmed (docs/DATA.md: the Sun
                // within 60 km, the Earth–Moon barycentre 15 km, planets 15–500 km), so
                // positions agree to tens of km: 5e-7 AU is 75 km, 1e-4° is 260 km at 1 AU.
                #expect(Self.angle(p.position(planet).longitudeDegrees, body.longitude) < 1e-4, "\(planet) at \(c.unix)")
                #expect(abs(p.distancesAU[planet.rawValue] - body.distanceAU) < 5e-7, "\(planet) at \(c.unix)")
            }
            // Earth–Sun: about one AU (perihelion 0.983, aphelion 1.017).
            #expect((0.983...1.017).contains(p.distancesAU[InnerPlanets.Planet.earth.rawValue]))
        }
    }

    /// Mercury is not in the almanac's DE421: JPL's elements give it to a
    /// fraction of a degree, plenty for a picture.
    @Test func mercuryFromTheElementsIsCloseToDE421() throws {
        let oracle = try #require(Self.oracle)
        let ephemeris = try ChebyshevEphemeris.loadBundled()
        var worst = 0.0
        for c in oracle.cases {
            let p = try InnerPlanets.at(unixSeconds: c.unix, ephemeris: ephemeris, leapSeconds: .builtIn)
            worst = max(worst, Self.angle(p.position(.mercury).longitudeDegrees, c.mercury.longitude))
            #expect(abs(p.distancesAU[0] - c.mercury.distanceAU) < 0.002, "at \(c.unix)")
        }
        #expect(worst < 0.3, "Mercury off by \(worst)°")
    }

    /// Each orbit's trace passes through (or next to) the planet: the elements and DE421 agree.
    @Test func tracesGoThroughThePlanets() throws {
        let ephemeris = try ChebyshevEphemeris.loadBundled()
        let u = 1_618_817_640.0
        let p = try InnerPlanets.at(unixSeconds: u, ephemeris: ephemeris, leapSeconds: .builtIn)
        for planet in InnerPlanets.Planet.allCases {
            let trace = InnerPlanets.orbit(planet, unixSeconds: u, count: 720)
            let here = p.position(planet)
            let nearest = trace.map { hypot($0.xAU - here.xAU, $0.yAU - here.yAU) }.min() ?? 1
            #expect(nearest < 0.01, "\(planet) is \(nearest) AU off its trace")
        }
    }

    @Test func outsideTheEphemerisIsSaid() throws {
        let ephemeris = try ChebyshevEphemeris.loadBundled()
        #expect(throws: MarsLightTime.OutOfRange.self) {
            try InnerPlanets.at(unixSeconds: -5e9, ephemeris: ephemeris, leapSeconds: .builtIn)
        }
    }

    /// The solar path peaks at local noon, at the sol's maximum elevation.
    @Test(arguments: ["perseverance", "curiosity", "phoenix"]) func solarPathPeaksAtNoon(siteID: String) throws {
        let site = try #require(try MarsSiteLibrary.bundled().sites.first { $0.id == siteID })
        let day = MarsSolarDay.containing(unixSeconds: 1_618_817_640, planetocentricLatitude: site.latitude,
                                          longitudeEast: site.longitudeEast, leapSeconds: .builtIn)
        let noon = try #require(day.localNoon)
        let path = MarsSolarPath(noonUnixSeconds: noon.unixSeconds, planetocentricLatitude: site.latitude,
                                 longitudeEast: site.longitudeEast, leapSeconds: .builtIn, count: 97)
        let top = try #require(path.samples.max { $0.elevationDegrees < $1.elevationDegrees })
        #expect(abs(top.ltstHours - 12) < 0.01, "peak at \(top.ltstHours) h")
        #expect(abs(top.elevationDegrees - (day.maximumElevationDegrees ?? .nan)) < 0.05)
        // The samples run through the sol in order, about 0 h to 24 h.
        #expect(zip(path.samples, path.samples.dropFirst()).allSatisfy { $0.ltstHours < $1.ltstHours })
        #expect(abs(path.samples.first!.ltstHours) < 0.2 && abs(path.samples.last!.ltstHours - 24) < 0.2)
    }
}
