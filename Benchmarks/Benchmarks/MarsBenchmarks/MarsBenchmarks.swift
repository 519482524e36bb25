// Mars engine benchmarks (docs/PERFORMANCE.md: the Mars inverse rows).
import Benchmark
import Dashboard
import TimeKit

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        warmupIterations: 3,
        maxDuration: .seconds(3),
        maxIterations: .kilo(100)
    )

    // 2021-02-18T20:55:00Z, Perseverance's landing; one-second steps so
    // every evaluation sees a new instant.
    let start = 1_613_681_700.0

    Benchmark("MarsClock: one full evaluation (Mars24 A-1…D-3 + Mars Year)",
              configuration: .init(scalingFactor: .mega)) { benchmark in
        var t = start
        for _ in benchmark.scaledIterations {
            t += 1
            blackHole(MarsClock(unixSeconds: t, ttMinusUTCSeconds: 69.184, longitudeEast: 77.4508))
        }
    }

    // Issue 33: the Mars panel's sunclock picture as a frame draws it (72×18
    // cells, the night mask, graticule, features and sites), from numbers
    // computed once a minute. Goal: under 2 ms.
    Benchmark("Sunclock picture: one frame's drawing, 72x18 cells") { benchmark in
        let sites = (try? MarsSiteLibrary.bundled().sites) ?? []
        let state = MarsPanelState(longitudeEast: 77.4508, siteID: "perseverance", sites: sites)
        let data = MarsPictureSource.data(.sunclock, at: start, state: state)
        for _ in benchmark.scaledIterations {
            blackHole(MarsPictureDrawing.draw(data, columns: 72, rows: 18)?.runs.count)
        }
    }

    Benchmark("MarsClock + leap-second lookup per evaluation",
              configuration: .init(scalingFactor: .mega)) { benchmark in
        let leap = LeapSecondTable.builtIn
        var t = start
        for _ in benchmark.scaledIterations {
            t += 1
            blackHole(MarsClock(unixSeconds: t, ttMinusUTCSeconds: leap.ttMinusUTC(atUnixSeconds: t),
                                longitudeEast: 77.4508))
        }
    }

    Benchmark("Table mode: one year at 1-minute steps, CSV into a buffer (527,041 rows)",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
                                   maxDuration: .seconds(10), maxIterations: 5)) { benchmark in
        guard let from = try? InstantParser.parse("2024-01-01T00:00:00Z"),
              let to = try? InstantParser.parse("2025-01-01T00:00:00Z"),
              let perseverance = try? MarsSiteLibrary.bundled().site(named: "perseverance") else {
            fatalError("benchmark setup: inputs did not parse")
        }
        let table = MarsTable(from: from, to: to, stepNanoseconds: 60_000_000_000,
                              longitudeEast: perseverance.longitudeEast, site: perseverance,
                              leapSeconds: .builtIn, format: .csv)
        for _ in benchmark.scaledIterations {
            var buffer = AsciiBuffer(capacity: 1 << 17)
            var bytes = 0
            table.writeHeader(into: &buffer)
            var row: Int64 = 0
            while row < table.rowCount {
                table.writeRows(row, count: 512, into: &buffer)
                row += 512
                if buffer.count >= 1 << 16 {  // what the CLI flushes to stdout
                    bytes += buffer.count
                    buffer.removeAll()
                }
            }
            blackHole(bytes + buffer.count)
        }
    }

    // Issue 13: Mars time to Earth time. Each iteration asks for another
    // sol and time, so nothing is cached; leap seconds from the table.
    Benchmark("Inverse LMST: exact instant of (local sol, LMST) at a longitude",
              configuration: .init(scalingFactor: .mega)) { benchmark in
        let leap = LeapSecondTable.builtIn
        var sol = 52_000, hours = 0.0
        for _ in benchmark.scaledIterations {
            sol += 1
            hours = hours >= 23 ? 0 : hours + 0.37
            blackHole(MarsInverse.unixSecondsForLMST(localSol: sol, hours: hours, longitudeEast: 77.4508, leapSeconds: leap))
        }
    }

    Benchmark("Inverse LMST answer: mission sol → millisecond instant, checked against the forward sol and clock",
              configuration: .init(scalingFactor: .mega)) { benchmark in
        guard let site = try? MarsSiteLibrary.bundled().site(named: "perseverance") else { fatalError("no site") }
        let leap = LeapSecondTable.builtIn
        var query = MarsTimeQuery(site: site, sol: 1_000, time: MarsLocalTime(kind: .mean, hours: 13))
        for _ in benchmark.scaledIterations {
            query.sol += 1
            query.time.hours = query.time.hours >= 23 ? 0 : query.time.hours + 0.37
            blackHole(try? MarsInverse.answer(query, leapSeconds: leap))
        }
    }

    Benchmark("Inverse LTST: exact instant(s) of (local sol, LTST), fixed point on the equation of time",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        let leap = LeapSecondTable.builtIn
        var sol = 52_000, hours = 0.0
        for _ in benchmark.scaledIterations {
            sol += 1
            hours = hours >= 23 ? 0 : hours + 0.37
            blackHole(MarsInverse.unixSecondsForLTST(localSol: sol, hours: hours, longitudeEast: 77.4508, leapSeconds: leap))
        }
    }

    Benchmark("Inverse LTST answer: mission sol → millisecond instant, checked",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        guard let site = try? MarsSiteLibrary.bundled().site(named: "perseverance") else { fatalError("no site") }
        let leap = LeapSecondTable.builtIn
        var query = MarsTimeQuery(site: site, sol: 1_000, time: MarsLocalTime(kind: .solar, hours: 13))
        for _ in benchmark.scaledIterations {
            query.sol += 1
            query.time.hours = query.time.hours >= 23 ? 0 : query.time.hours + 0.37
            blackHole(try? MarsInverse.answer(query, leapSeconds: leap))
        }
    }

    Benchmark("Schedule: 1,000 sols × 3 Earth places, rows and JSON text (in process)",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 20)) { benchmark in
        guard let site = try? MarsSiteLibrary.bundled().site(named: "perseverance"),
              let db = try? PlaceDatabase.bundled() else { fatalError("benchmark setup") }
        let places = ["London, GB", "Houston", "Tokyo"].compactMap { db.bestMatch($0)?.place }
        let schedule = MarsSchedule(query: MarsTimeQuery(site: site, sol: 1_700, time: MarsLocalTime(kind: .mean, hours: 13)),
                                    count: 1_000, places: places, leapSeconds: .builtIn)
        for _ in benchmark.scaledIterations {
            guard let rows = try? schedule.rows() else { fatalError("schedule") }
            blackHole(rows.compactMap(schedule.json).joined(separator: ",\n").utf8.count)
        }
    }

    // Issue 33: goals OWLT < 20 µs, a sol's sunrise/noon/sunset < 200 µs.
    Benchmark("Light time: ERT → SCET and OWLT from DE421 (fixed point in TDB)",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        guard let ephemeris = try? ChebyshevEphemeris.loadBundled() else { fatalError("no ephemeris") }
        let leap = LeapSecondTable.builtIn
        var t = start
        for _ in benchmark.scaledIterations {
            t += 3_600
            blackHole(try? MarsLightTime.received(atUnixSeconds: t, ephemeris: ephemeris, leapSeconds: leap))
        }
    }

    Benchmark("Light time between ends: Goldstone (DSS-14) to Perseverance's site, SCET → ERT",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        guard let ephemeris = try? ChebyshevEphemeris.loadBundled(), let ut1 = try? UT1Table.loadBundled(),
              let station = try? EarthStation.parse("goldstone") else { fatalError("no ephemeris") }
        let ends = LightPathEnds(marsSite: MarsSurfacePoint(planetocentricLatitude: 18.4447, longitudeEast: 77.4508),
                                 station: station, ut1: ut1)
        let leap = LeapSecondTable.builtIn
        var t = start
        for _ in benchmark.scaledIterations {
            t += 3_600
            blackHole(try? MarsLightTime.emitted(atUnixSeconds: t, ephemeris: ephemeris, leapSeconds: leap, ends: ends))
        }
    }

    Benchmark("The Sun at a site: one sol's sunrise, local noon and sunset (Curiosity)",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        guard let site = try? MarsSiteLibrary.bundled().site(named: "curiosity") else { fatalError("no site") }
        let leap = LeapSecondTable.builtIn
        var sol = 53_000
        for _ in benchmark.scaledIterations {
            sol += 1
            blackHole(MarsSolarDay(localSol: sol, planetocentricLatitude: site.latitude, longitudeEast: site.longitudeEast,
                                   leapSeconds: leap))
        }
    }
}
