// Benchmark harness for places search and zone conversion (issue 5).
// Run: swift run -c release places-bench   (figures go to docs/PERFORMANCE.md)
import Foundation
import TimeKit

func rssKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
    }
    return -1
}

func time<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
    let clock = ContinuousClock()
    var result: T?
    let d = try clock.measure { result = try body() }
    return (result!, d)
}

func micros(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12
}

let url = try ResourceLocator.url(for: "places.bin")
let rss0 = rssKiB()
let (db, openTime) = try time { try PlaceDatabase(contentsOf: url) }
print(String(format: "open places.bin (%d cities): %.1f µs, RSS %d → %d KiB", db.count, micros(openTime), rss0, rssKiB()))
let (tokyo, firstSearch) = time { db.search("tokyo", limit: 10) }
print(String(format: "first search (%@): %.1f µs, RSS %d KiB", tokyo.first!.place.label as NSString, micros(firstSearch), rssKiB()))

let (_, fuzzyBuild) = time { db.search("sydnee", limit: 10) }
print(String(format: "first fuzzy query (builds the fuzzy index): %.2f ms, RSS %d KiB", micros(fuzzyBuild) / 1000, rssKiB()))

let groups: [(String, [String])] = [
    ("exact/prefix", ["Sydney", "London", "sao paulo", "tokyo", "munchen", "new york", "los ang", "par", "b", "Kathmandu"]),
    ("non-Latin", ["東京", "Москва", "北京", "ＴＯＫＹＯ"]),
    ("qualified", ["London, CA", "london ca", "Portland, OR", "Sydney, Canada"]),
    ("fuzzy (typos)", ["Sydnee", "Lndon", "kathmandoo", "Buenos Aries", "Sao Paolo", "Munchn", "Syndey", "Melbourn"]),
    ("no match", ["qqxxzzq", "zzzzzzzzzz"]),
    ("zone names", ["America/New_York", "UTC"]),
]
let rounds = 200
var worst = 0.0
for (name, queries) in groups {
    var total = 0.0
    for _ in 0..<rounds {
        for q in queries {
            let (_, d) = time { db.search(q, limit: 10) }
            let us = micros(d)
            total += us
            worst = max(worst, us)
        }
    }
    print(String(format: "search %-14@ mean %7.1f µs/query over %d queries", name as NSString,
                 total / Double(rounds * queries.count), rounds * queries.count))
}
if ProcessInfo.processInfo.environment["PER_QUERY"] != nil {
    for (_, queries) in groups {
        for q in queries {
            var best = Double.infinity
            for _ in 0..<50 { let (_, d) = time { db.search(q, limit: 10) }; best = min(best, micros(d)) }
            print(String(format: "  %-18@ %8.1f µs (best of 50)", q as NSString, best))
        }
    }
}
print(String(format: "search worst single query: %.1f µs; RSS after searches %d KiB", worst, rssKiB()))

let zones = ["America/Los_Angeles", "America/New_York", "Europe/London", "Europe/Berlin", "Asia/Kolkata",
             "Asia/Kathmandu", "Asia/Tokyo", "Australia/Sydney"].compactMap(TimeZone.init(identifier:))
let start = Date(timeIntervalSince1970: 1_795_305_600)
let n = 100_000
let (_, readTime) = time {
    var acc = 0
    for i in 0..<n { acc &+= ZoneClock.reading(start.addingTimeInterval(Double(i * 60)), in: zones[i & 7]).minuteOfDay }
    return acc
}
print(String(format: "ZoneClock.reading: %.0f ns/call", micros(readTime) * 1000 / Double(n)))
let places = zones.map { Place.zone($0.identifier) }
let (_, rowsTime) = time {
    var acc = 0
    for i in 0..<10_000 { acc &+= CallTimeRow.rows(for: places, start: start.addingTimeInterval(Double(i * 900)), durationMinutes: 60)!.count }
    return acc
}
print(String(format: "CallTimeRow.rows for 8 places with duration: %.2f µs", micros(rowsTime) / 10_000))
let (_, bestTime) = time { CallOptimizer().best(for: Array(zones.prefix(4)), from: start, durationMinutes: 60) }
print(String(format: "CallOptimizer.best, 4 places, 60 min, 96 starts: %.2f ms", micros(bestTime) / 1000))
