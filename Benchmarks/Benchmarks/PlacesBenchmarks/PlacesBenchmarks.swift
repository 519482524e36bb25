// Places search, zone conversion and the call planner's clock stack
// (docs/PERFORMANCE.md: the place resolution row).
import Benchmark
import Dashboard
import Foundation
import TimeKit

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        warmupIterations: 3,
        maxDuration: .seconds(3),
        maxIterations: .kilo(100)
    )

    guard let url = try? ResourceLocator.url(for: "places.bin"), let db = try? PlaceDatabase(contentsOf: url) else {
        fatalError("benchmark setup: places.bin not found (set TIMEDECK_RESOURCES to the repository's Resources/)")
    }
    _ = db.search("sydnee")  // builds the fuzzy index once, as the first real query would

    Benchmark("Open places.bin (mmap + header check)",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident])) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? PlaceDatabase(contentsOf: url))
        }
    }

    let groups: [(String, [String])] = [
        ("exact and prefix", ["Sydney", "London", "sao paulo", "tokyo", "munchen", "new york", "los ang", "par", "b", "Kathmandu"]),
        ("non-Latin", ["東京", "Москва", "北京", "ＴＯＫＹＯ"]),
        ("country qualifier", ["London, CA", "london ca", "Portland, OR", "Sydney, Canada"]),
        ("typos (fuzzy)", ["Sydnee", "Lndon", "kathmandoo", "Buenos Aries", "Sao Paolo", "Munchn", "Syndey", "Melbourn"]),
        ("no match", ["qqxxzzq", "zzzzzzzzzz"]),
    ]
    for (name, queries) in groups {
        // One iteration runs every query of the group once; divide by the count.
        Benchmark("Search, \(name), limit 10, \(queries.count) queries per iteration") { benchmark in
            for _ in benchmark.scaledIterations {
                for q in queries { blackHole(db.search(q, limit: 10)) }
            }
        }
    }

    // The one resolver (PlaceResolver, issue 12): one query per iteration,
    // cycling through every kind, so the percentiles are per query.
    let resolver = PlaceResolver(places: db, zones: .system, mars: try? MarsSiteLibrary.bundled())
    let mixed = ["Sydney", "London", "Asia/Kolkata", "asia/calcutta", "US/Pacific", "America/Buenos_Aires", "PST",
                 "JST", "IST", "IST India", "CST (China)", "UTC+5:30", "GMT+9", "+05:45", "UTC−8", "Jezero",
                 "Mars/perseverance", "Phoenix", "Sydnee", "Київ", "東京", "Bombay", "Buenos Aries", "kathmandoo",
                 "qqxxzzq", "XST", "America/New", "Europe/Pariss", "san", "b", "London, CA", "Portland, OR"]
    _ = mixed.map { resolver.resolve($0) }
    Benchmark("Resolve a place (PlaceResolver), \(mixed.count) kinds of query, one per iteration") { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(resolver.resolve(mixed[i % mixed.count], limit: 10))
            i += 1
        }
    }
    let worst = ["Buenos Aries", "kathmandoo", "qqxxzzq", "Europe/Pariss", "b", "san"]
    Benchmark("Resolve a place, slowest kinds (typos, no match, 1 letter), one per iteration") { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(resolver.resolve(worst[i % worst.count], limit: 10))
            i += 1
        }
    }

    let zones = ["America/Los_Angeles", "America/New_York", "Europe/London", "Europe/Berlin", "Asia/Kolkata",
                 "Asia/Kathmandu", "Asia/Tokyo", "Australia/Sydney"].compactMap(TimeZone.init(identifier:))
    let start = Date(timeIntervalSince1970: 1_795_305_600)

    Benchmark("ZoneClock.reading (offset + integer calendar)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(ZoneClock.reading(start.addingTimeInterval(Double(i * 60)), in: zones[i & 7]))
            i += 1
        }
    }

    let places = zones.map { Place.zone($0.identifier) }
    Benchmark("CallTimeRow.rows, 8 places, with end times") { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(CallTimeRow.rows(for: places, start: start.addingTimeInterval(Double(i * 900)), durationMinutes: 60))
            i += 1
        }
    }

    Benchmark("CallOptimizer.best, 4 places, 60 min, 96 starts") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(CallOptimizer().best(for: Array(zones.prefix(4)), from: start, durationMinutes: 60))
        }
    }

    let eight = ["Los Angeles", "New York City", "London, GB", "Berlin", "Kolkata", "Kathmandu", "Tokyo", "Sydney"]
        .compactMap { db.bestMatch($0)?.place }.map { CallParticipant(place: $0) }
    for (w, h) in [(120, 44), (80, 12)] {
        Benchmark("Clock stack frame, 8 places, \(w)x\(h) (\(h >= 40 ? "Braille faces" : "compact rows"))") { benchmark in
            var state = AppState(now: start, localZone: TimeZone(identifier: "UTC")!, panels: [.calls])
            state.calls = CallPlannerState(calls: [CallPlan(name: "Bench", participants: eight, start: start,
                                                            durationMinutes: 60, createdAt: start)])
            var i = 0
            for _ in benchmark.scaledIterations {
                state.calls.calls[0].start = start.addingTimeInterval(Double(i * 900))
                var frame = Frame(size: Size(columns: w, rows: h))
                CallsPanel.draw(state, in: frame.bounds, into: &frame)
                blackHole(frame)
                i += 1
            }
        }
    }

    // What the dashboard does each second with the first-run call on a
    // 100x30 terminal: a tick through `update`, then the whole frame.
    Benchmark("Dashboard second: tick + render 100x30, first-run call (3 places)") { benchmark in
        var state = AppState(now: start, localZone: TimeZone(identifier: "Europe/Paris")!, panels: [.calls])
        state.calls = CallPlannerState(calls: [DefaultCall.make(userZone: "Europe/Paris", in: db, now: start)])
        var program = Program(state: state)
        var effects = CountingPerformer()
        var i = 0
        for _ in benchmark.scaledIterations {
            i += 1
            program.send(.tick(start.addingTimeInterval(Double(i))), to: &effects)
            blackHole(render(program.state, size: Size(columns: 100, rows: 30)))
        }
        blackHole(effects.count)
    }
}

/// Performs nothing, counts the effects (the benchmark has no store).
struct CountingPerformer: EffectPerforming {
    var count = 0
    mutating func perform(_ effect: Effect) -> [Event] {
        count += 1
        return []
    }
}
