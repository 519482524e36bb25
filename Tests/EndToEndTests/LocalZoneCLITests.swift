import Foundation
import Testing

/// `TZ` read by the real binary as `date` reads it on the same machine
/// (issue 28, item 2), and the tz database it names in `--version`.
@Suite struct LocalZoneCLITests {
    /// `date +%::z` under the same `TZ`, as seconds east of UTC.
    static func dateOffset(_ tz: String, environment: [String: String] = [:]) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["date", "+%::z"]
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = tz
        env.merge(environment) { _, new in new }
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let sign = text.hasPrefix("-") ? -1 : 1
        let f = text.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().split(separator: ":").compactMap { Int($0) }
        try #require(f.count == 3, "date said \(text)")
        return sign * (f[0] * 3600 + f[1] * 60 + f[2])
    }

    static func nowOffset(_ tz: String, environment: [String: String] = [:]) throws -> (offset: Int?, zone: String?, stderr: String) {
        let r = try TimedeckBinary.run(["now", "--json"], environment: ["TZ": tz].merging(environment) { _, n in n })
        #expect(r.status == 0, "TZ=\(tz): \(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return (object?["utcOffsetSeconds"] as? Int, object?["zone"] as? String, r.stderr)
    }

    @Test(arguments: ["GMT+3", "UTC+3", "UTC-5:30", "<+0330>-3:30", "EST5EDT,M3.2.0,M11.1.0", "NZST-12NZDT,M9.5.0,M4.1.0/3",
                      "AEST-10AEDT,M10.1.0,M4.1.0/3", "<-04>4<-03>,M9.1.6/24,M4.1.6/24", "posix/Asia/Tokyo", ":posix/Asia/Kolkata",
                      "/usr/share/zoneinfo/posix/Australia/Adelaide", "right/Asia/Tokyo", "Europe/Paris", ""])
    func nowSaysTheOffsetDateSays(_ tz: String) throws {
        let ours = try Self.nowOffset(tz)
        #expect(ours.offset == (try Self.dateOffset(tz)), "TZ=\(tz)")
        #expect(!ours.stderr.contains("daylight-saving rule timedeck does not follow"))
    }

    @Test func gmtPlusThreeIsThreeHoursBehind() throws {
        let r = try Self.nowOffset("GMT+3")
        #expect(r.offset == -10_800 && r.zone == "GMT+3")
        #expect(r.stderr.isEmpty)
    }

    @Test func aRightZoneSaysHowItDiffersFromDate() throws {
        let r = try Self.nowOffset("right/UTC")
        #expect(r.offset == 0)
        #expect(r.stderr.contains("counts leap seconds") && r.stderr.contains("27 s"))
    }

    @Test func versionNamesTheSystemTzDatabase() throws {
        let zi = try String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8)
        let line = try #require(zi.split(separator: "\n").first { $0.hasPrefix("# version ") })
        let version = String(line.dropFirst("# version ".count))
        let r = try TimedeckBinary.run(["--version"])
        #expect(r.stdout.contains("time-zone rules: system tz database \(version) under /usr/share/zoneinfo"))
    }

    /// No tz files (`TZDIR` an empty folder): zone names still work, on
    /// Foundation's bundled rules, and `--version` says so.
    @Test func withoutTzFilesTheBundledRulesAreUsedAndSaid() throws {
        let empty = TemporaryFolder()
        let version = try TimedeckBinary.run(["--version"], environment: ["TZDIR": empty.url.path])
        #expect(version.stdout.contains("time-zone rules: bundled ICU tz"))
        let r = try Self.nowOffset("Europe/Paris", environment: ["TZDIR": empty.url.path])
        #expect(r.offset == (try Self.dateOffset("Europe/Paris")) && r.zone == "Europe/Paris")
        #expect(r.stderr.isEmpty)
    }
}
