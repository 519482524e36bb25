// Almanac and fix benchmarks (docs/PERFORMANCE.md: the almanac and fix rows). Run from Benchmarks/:
//   swift package benchmark --target AlmanacBenchmarks
import Benchmark
import Foundation
import TimeKit

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 10,
        maxDuration: .seconds(3),
        maxIterations: .kilo(10)
    )
    guard let almanac = try? Almanac.loadBundled(leapSeconds: .builtIn) else {
        fatalError("almanac data not found: run from the repository's Benchmarks/ folder")
    }
    // 2024-03-21T06:40:00Z, morning twilight near 40° N 50° W.
    let t0 = 1_711_003_200.0
    var step = 0.0

    Benchmark("Almanac: every body (64) at one instant") { benchmark in
        for _ in benchmark.scaledIterations {
            step += 1
            blackHole(try? almanac.allEntries(atUnixSeconds: t0 + step))
        }
    }

    Benchmark("Almanac: the Moon alone") { benchmark in
        for _ in benchmark.scaledIterations {
            step += 1
            blackHole(try? almanac.entry(for: .moon, atUnixSeconds: t0 + step))
        }
    }

    // Six exact morning sights on a ship making 10 kn on 090°.
    let truth = (try? GeoPosition(latitudeDegrees: 40.21, longitudeDegrees: -50.31)) ?? .init(wrappingLatitude: 0, longitude: 0)
    let solver = FixSolver(almanac: almanac, corrections: .init(heightOfEyeMetres: 3), courseDegrees: 90, speedKnots: 10)
    let names = ["Vega", "Arcturus", "Zubenelgenubi", "Dubhe", "Altair", "Kochab"]
    let fixTime = t0 + 5 * 300
    let sights: [Sight] = names.enumerated().compactMap { i, name in
        let t = t0 + Double(i) * 300
        guard let e = try? almanac.entry(for: .star(name), atUnixSeconds: t) else { return nil }
        let there = solver.position(truth, at: fixTime, movedTo: t)
        let ho = SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: there).altitudeDegrees
        let hs = SightReduction.sextantAltitudeDegrees(observedAltitudeDegrees: ho, limb: .centre, entry: e,
                                                       corrections: solver.corrections, from: there)
        return Sight(body: .star(name), sextantAltitudeDegrees: hs, unixSeconds: t)
    }
    let dr = (try? GeoPosition(latitudeDegrees: 40.1667, longitudeDegrees: -50.25)) ?? truth

    Benchmark("Fix: six sights, running fix, from the DR") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? solver.fix(sights, deadReckoning: dr, fixUnixSeconds: fixTime))
        }
    }

    // Issue 32's goals: a noon curve of 50 Sun sights < 1 ms; identifying an unknown star < 5 ms.
    let noonTruth = (try? GeoPosition(latitudeDegrees: 40.05, longitudeDegrees: -50.4)) ?? truth
    let noonShip = FixSolver(almanac: almanac, corrections: .standard, courseDegrees: 200, speedKnots: 8)
    let noonReference = 1_710_979_200.0 + 15.5 * 3600  // 2024-03-21 15:30 UTC
    let noonSights: [Sight] = (0..<50).compactMap { k in
        let t = noonReference - 1500 + Double(k) * 60
        guard let e = try? almanac.entry(for: .sun, atUnixSeconds: t) else { return nil }
        let there = noonShip.position(noonTruth, at: noonReference, movedTo: t)
        let ho = SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: there).altitudeDegrees
        let hs = SightReduction.sextantAltitudeDegrees(observedAltitudeDegrees: ho, limb: .lower, entry: e, corrections: .standard,
                                                       from: there)
        return Sight(body: .sun, limb: .lower, sextantAltitudeDegrees: hs, unixSeconds: t)
    }

    Benchmark("Noon: the curve of 50 Sun sights on a moving ship") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? NoonSight.fit(noonSights, solver: noonShip, deadReckoning: noonTruth, drUnixSeconds: noonReference))
        }
    }

    Benchmark("Identify: an unknown star from Hs and a rough bearing (the 58 almanac stars)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? BodyIdentification.identify(sextantAltitudeDegrees: 51.6, azimuthDegrees: 73, unixSeconds: t0,
                                                       from: dr, corrections: .standard, almanac: almanac))
        }
    }

    // What `timedeck identify` does: the 206 brighter Hipparcos stars too (read once, as the command does).
    let brighter = (try? BrightStars.loadBundled()) ?? []
    Benchmark("Identify: an unknown star, with the brighter Hipparcos stars (264 stars)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? BodyIdentification.identify(sextantAltitudeDegrees: 51.6, azimuthDegrees: 73, unixSeconds: t0,
                                                       from: dr, corrections: .standard, almanac: almanac,
                                                       brighterStars: brighter))
        }
    }

    Benchmark("Identify: reading and parsing almanac-bright-stars.tsv") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? BrightStars.loadBundled())
        }
    }
}
