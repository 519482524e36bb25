import Foundation
import Testing

/// Issue 29: numbers from outside are checked before conversion. A store
/// row written by another program (sqlite3, an older or damaged version)
/// with every integer column at its extremes is listed and exported, never
/// a trap: `abs(Int64.min)` in the fix age crashed `marks list`.
@Suite struct AbuseStoreRowsTests {
    static let extremes: [String] = [
        "fixAgeMilliseconds=-9223372036854775808", "fixAgeMilliseconds=9223372036854775807",
        "unixNanoseconds=9223372036854775807", "unixNanoseconds=-9223372036854775808",
        "correctionNanoseconds=9223372036854775807", "correctionNanoseconds=-9223372036854775808",
        "fixUnixNanoseconds=-9223372036854775808", "clockEstimatedErrorMicroseconds=-9223372036854775808",
        "clockMaximumErrorMicroseconds=9223372036854775807", "latitude=1e308", "longitude=-1e308",
    ]

    @Test("A row with an integer at its extreme: list, JSON and both exports still run", arguments: extremes)
    func extremeRow(assignment: String) throws {
        let dir = TemporaryFolder()
        let env = ["TIMEDECK_HOME": dir.path("data"), "XDG_CONFIG_HOME": dir.path("config")]
        let add = try TimedeckBinary.run(["marks", "add", "--position", "40 00.0 N, 050 00.0 W"], environment: env)
        try #require(add.status == 0, "\(add.stderr)")
        let db = dir.path("data") + "/timedeck.sqlite"
        _ = try spawnAndWait(["/usr/bin/sqlite3", db, "UPDATE sightingMark SET positionSource = 'gpsd', fixMode = 3, \(assignment)"],
                             environment: [:])
        for command in [["marks", "list"], ["marks", "list", "--json"], ["marks", "export", "--format", "csv"],
                        ["marks", "export", "--format", "json"]] {
            let out = try TimedeckBinary.run(command, environment: env)
            #expect(out.status == 0 || out.status == 1, "\(command) with \(assignment): status \(out.status) \(out.stderr.prefix(300))")
            #expect(!out.stderr.contains("Fatal error") && !out.stderr.contains("Backtrace"), "\(command): \(out.stderr.prefix(300))")
        }
    }
}
