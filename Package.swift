// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "timedeck",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "timedeck", targets: ["timedeck"]),
        .library(name: "TimeKit", targets: ["TimeKit"]),
        // For Benchmarks/ (the call planner's clock-stack frame benchmark).
        .library(name: "Dashboard", targets: ["Dashboard"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            path: "Sources/CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // PostgreSQL's client library for the team log (issue 16), loaded
        // with dlopen on first use (issue 31): no DT_NEEDED on libpq, so the
        // commands that never reach the team log do not map it. Headers from
        // libpq-dev at build time.
        .target(name: "CLibPQ", path: "Sources/CLibPQ"),
        // snprintf's "%.*f" for PrintfText, without Swift's va_list boxing.
        .target(name: "CPrintf", path: "Sources/CPrintf"),
        .target(name: "TimeKit", dependencies: ["CPrintf"], resources: [.copy("../../Resources")]),
        .target(name: "Dashboard", dependencies: ["TimeKit"]),
        .target(
            name: "TimeStore",
            dependencies: ["TimeKit", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The team log on PostgreSQL: schema, sending the outbox, reading and listening.
        .target(name: "TeamLog", dependencies: ["CLibPQ", "TimeKit", "TimeStore"]),
        // One HTTP(S) GET with libcurl's easy interface, for the forecast;
        // libcurl is loaded with dlopen on first use (issue 31), not linked.
        .target(name: "CHTTPGet", path: "Sources/CHTTPGet"),
        // Kernel clock state (adjtimex) for the marks' clock-status line.
        .target(name: "CKernelClock", path: "Sources/CKernelClock"),
        // The shell: effect running, background workers, the store, calls,
        // Mars, team and gpsd wiring and config-file I/O (the dashboard's
        // runtime). Everything but curses, so unit tests reach it in process.
        .target(
            name: "DeckShell",
            dependencies: [
                "TimeKit", "Dashboard", "TimeStore", "CKernelClock", "TeamLog", "CHTTPGet",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The subcommands (`timedeck <command> [--json]`) on top of the runtime.
        .target(
            name: "TimedeckCommands",
            dependencies: [
                "DeckShell", "TimeKit", "Dashboard", "TimeStore", "TeamLog",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `@main`, the root command and the one file that imports curses.
        .executableTarget(
            name: "timedeck",
            dependencies: [
                "CNcurses", "DeckShell", "TimedeckCommands", "TimeKit", "Dashboard", "TimeStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Test support, depended on only by test targets: the one SplitMix64,
        // the catalog's samples and English detector, and PostgreSQL servers
        // the team tests start for themselves.
        .target(name: "TestSupport", dependencies: ["TimeKit", "Dashboard", "TeamLog"], path: "Tests/TestSupport"),
        .testTarget(name: "TimeKitTests", dependencies: ["TimeKit", "CPrintf", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "DashboardTests", dependencies: ["Dashboard", "TimeKit", "TestSupport"],
                    exclude: ["Snapshots"]),
        .testTarget(name: "EndToEndTests", dependencies: [
            "TimeKit", "Dashboard", "TeamLog", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .testTarget(name: "DeckShellTests", dependencies: [
            "DeckShell", "Dashboard", "TimeKit", "TimeStore", "TestSupport", "CHTTPGet",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "TimedeckCommandsTests", dependencies: [
            "TimedeckCommands", "TimeKit", "Dashboard", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),
        .testTarget(name: "CKernelClockTests", dependencies: ["CKernelClock"]),
        .testTarget(name: "TimeStoreTests", dependencies: ["TimeStore", "TimeKit"]),
        .testTarget(name: "TeamLogTests", dependencies: ["TeamLog", "CLibPQ", "TimeStore", "TimeKit", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
