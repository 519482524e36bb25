// Light time per call, centre to centre and between chosen ends (issue 33), outside the
// Benchmarks package (which takes long to build here). Build and run from the repository root:
//   swiftc -O -wmo -swift-version 6 -enable-bare-slash-regex -module-name OWLTBench -o /tmp/owlt-bench \
//     $(find Sources/TimeKit -name "*.swift") scripts/owlt-ends-bench.swift
//   TIMEDECK_RESOURCES=$PWD/Resources /tmp/owlt-bench

import Foundation

@inline(never) func sink<T>(_ x: T) { withExtendedLifetime(x) {} }

func nanos() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

let ephemeris = try ChebyshevEphemeris.loadBundled()
let leap = LeapSecondTable.builtIn
let ut1 = try UT1Table.loadBundled()
let site = MarsSurfacePoint(planetocentricLatitude: 18.4447, longitudeEast: 77.4508, name: "Perseverance")
let cases: [(String, LightPathEnds)] = [
    ("centre to centre", .centres),
    ("Goldstone to Mars centre", LightPathEnds(station: try EarthStation.parse("goldstone"), ut1: ut1)),
    ("Earth centre to Perseverance", LightPathEnds(marsSite: site)),
    ("Goldstone to Perseverance", LightPathEnds(marsSite: site, station: try EarthStation.parse("goldstone"), ut1: ut1)),
]
for (name, ends) in cases {
    for direction in ["received", "emitted"] {
        var samples: [Double] = []
        for round in 0..<7 {
            var t = 1_600_000_000.0 + Double(round) * 1e6
            let n = 2000
            let start = nanos()
            for _ in 0..<n {
                t += 3600
                if direction == "received" {
                    sink(try? MarsLightTime.received(atUnixSeconds: t, ephemeris: ephemeris, leapSeconds: leap, ends: ends))
                } else {
                    sink(try? MarsLightTime.emitted(atUnixSeconds: t, ephemeris: ephemeris, leapSeconds: leap, ends: ends))
                }
            }
            samples.append(Double(nanos() - start) / Double(n) / 1000)
        }
        samples.sort()
        print("\(name), \(direction): median \(String(format: "%.2f", samples[3])) µs (min \(String(format: "%.2f", samples[0])), max \(String(format: "%.2f", samples[6]))) per call")
    }
}
