// Mars engine benchmarks (docs/PERFORMANCE.md, "Mars engine").
import Benchmark
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
}
