// swift-tools-version: 6.1
// Benchmarks for timedeck, a separate package so the main build and `swift test`
// never compile the benchmark harness. Run from this folder:
//   swift package benchmark                       (all targets)
//   swift package benchmark --target MarsBenchmarks
// Other instruments add their own `<Name>Benchmarks` executable target below,
// with sources in Benchmarks/<Name>Benchmarks/.
import PackageDescription

// A path dependency's package identity is its folder's name (`timedeck` in a
// clone, something else in a worktree), so read it instead of hard-coding it.
let mainPackage = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "timedeck"

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "MarsBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TimeKit", package: mainPackage),
                .product(name: "Dashboard", package: mainPackage),
            ],
            path: "Benchmarks/MarsBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "PlacesBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TimeKit", package: mainPackage),
                .product(name: "Dashboard", package: mainPackage),
            ],
            path: "Benchmarks/PlacesBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "DashboardBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TimeKit", package: mainPackage),
                .product(name: "Dashboard", package: mainPackage),
            ],
            path: "Benchmarks/DashboardBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "AlmanacBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TimeKit", package: mainPackage),
            ],
            path: "Benchmarks/AlmanacBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "WeatherBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TimeKit", package: mainPackage),
            ],
            path: "Benchmarks/WeatherBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
