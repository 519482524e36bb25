import Foundation
import Testing
@testable import TimeKit

@Suite("A run of sights of one body: slope check and averaging")
struct SightRunTests {
    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)

    /// Five Vega sights a minute apart from `truth` (the ship moving 6 kn on
    /// 250°), with the given errors added to Hs, arcminutes.
    static func run(_ almanac: Almanac, errors: [Double]) throws -> (sights: [Sight], solver: FixSolver, truth: GeoPosition, t0: Double) {
        let truth = try GeoPosition(latitudeDegrees: 40.12, longitudeDegrees: -50.36)
        let solver = FixSolver(almanac: almanac, corrections: .standard, courseDegrees: 250, speedKnots: 6)
        let t0 = 1_711_003_200.0 + 240  // 2024-03-21 06:44 UTC
        let sights = try errors.enumerated().map { i, error -> Sight in
            let t = t0 + Double(i) * 60
            let there = solver.position(truth, at: t0 + 120, movedTo: t)
            let e = try almanac.entry(for: .star("Vega"), atUnixSeconds: t)
            let ho = SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: there).altitudeDegrees
            let hs = SightReduction.sextantAltitudeDegrees(observedAltitudeDegrees: ho, limb: .centre, entry: e, corrections: .standard,
                                                           from: there)
            return Sight(body: .star("Vega"), limb: .centre, sextantAltitudeDegrees: hs + error / 60, unixSeconds: t)
        }
        return (sights, solver, truth, t0)
    }

    @Test("A run with one blunder: the blunder is flagged and left out, the averaged sight lies on the true circle")
    func blunderFlagged() throws {
        let almanac = try #require(Self.almanac)
        let (sights, solver, truth, t0) = try Self.run(almanac, errors: [0.2, -0.1, 4.0, 0.1, -0.2])
        let dr = truth.sailing(courseDegrees: 10, distanceNauticalMiles: 5)  // a DR 5 nm off, at the middle time
        let r = try SightRun.average(sights, solver: solver, deadReckoning: dr, drUnixSeconds: t0 + 120)
        #expect(r.entries.map(\.isOutlier) == [false, false, true, false, false])
        #expect(abs(r.averaged.unixSeconds - (t0 + 120)) < 1e-6)
        // The averaged sight reduced from the truth has an intercept of the kept errors' mean (0).
        let fromTruth = try solver.reduce([r.averaged], deadReckoning: truth, fixUnixSeconds: t0 + 120)[0]
        #expect(abs(fromTruth.interceptNauticalMiles) < 0.05, "\(fromTruth.interceptNauticalMiles)′")
        #expect(r.rmsResidualArcminutes < 0.2)
        // Vega in the east at dawn is rising: the computed rate is positive, several arcminutes a minute.
        #expect(r.rateArcminutesPerMinute > 2 && r.rateArcminutesPerMinute < 15, "\(r.rateArcminutesPerMinute)")
    }

    @Test("A clean run keeps every sight; small errors are not flagged")
    func cleanRun() throws {
        let almanac = try #require(Self.almanac)
        let (sights, solver, truth, t0) = try Self.run(almanac, errors: [0.3, -0.4, 0.5, -0.3, 0.2])
        let r = try SightRun.average(sights, solver: solver, deadReckoning: truth, drUnixSeconds: t0 + 120)
        #expect(r.outlierCount == 0)
        #expect(abs(r.meanInterceptArcminutes - 0.06) < 0.05)
    }

    @Test("Refused: fewer than three sights, two bodies, a run over 30 minutes, a run with no majority")
    func refusals() throws {
        let almanac = try #require(Self.almanac)
        let (sights, solver, truth, t0) = try Self.run(almanac, errors: [0, 0, 0, 0, 0])
        #expect(throws: FixError.self) { try SightRun.average(Array(sights.prefix(2)), solver: solver, deadReckoning: truth, drUnixSeconds: t0) }
        var mixed = sights
        mixed[1].body = .star("Arcturus")
        #expect(throws: FixError.self) { try SightRun.average(mixed, solver: solver, deadReckoning: truth, drUnixSeconds: t0) }
        var long = sights
        long[4].unixSeconds += 3600
        #expect(throws: FixError.self) { try SightRun.average(long, solver: solver, deadReckoning: truth, drUnixSeconds: t0) }
        let (scattered, _, _, _) = try Self.run(almanac, errors: [0, 5, -5, 10, -10])
        #expect(throws: FixError.self) { try SightRun.average(scattered, solver: solver, deadReckoning: truth, drUnixSeconds: t0) }
    }
}
