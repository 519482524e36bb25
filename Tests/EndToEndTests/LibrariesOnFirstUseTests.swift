import Foundation
import Testing

/// Issue 31, item 1: libpq and libcurl are loaded on first use, not linked.
/// The binary has no DT_NEEDED on either; with them hidden (an empty file
/// bind-mounted over each, in a private mount namespace) every command that
/// does not use them still runs, and the team log and the weather say what
/// to install instead of the loader refusing to start the program.
@Suite struct LibrariesOnFirstUseTests {
    static let libpq = "libpq.so.5", libcurl = "libcurl.so.4"

    /// The libraries the binary names in its dynamic section (NEEDED).
    static func needed(_ binary: String) throws -> [String] {
        let dump = try spawnAndWait(["/usr/bin/readelf", "-d", binary], environment: [:])
        return dump.split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    @Test func theBinaryDoesNotLinkLibpqOrLibcurl() throws {
        let needed = try Self.needed(TimedeckBinary.url.path)
        #expect(needed.contains { $0.hasPrefix("libc.so") }, "readelf saw no NEEDED at all: \(needed)")
        #expect(!needed.contains { $0.hasPrefix("libpq.so") }, "\(needed)")
        #expect(!needed.contains { $0.hasPrefix("libcurl") }, "\(needed)")
    }

    /// Where the dynamic loader finds `soname` (from `ldconfig -p`).
    static func path(of soname: String) throws -> String {
        let cache = try spawnAndWait(["/sbin/ldconfig", "-p"], environment: [:])
        for line in cache.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix(soname + " ") {
            if let arrow = line.range(of: "=> ") { return String(line[arrow.upperBound...]) }
        }
        throw Hidden.Missing(soname: soname)
    }

    struct Hidden {
        struct Missing: Error { var soname: String }
        let scratch = TemporaryFolder()

        /// Runs `timedeck args…` with each of `sonames` replaced by an empty
        /// file (the loader then refuses it: "file too short").
        func run(_ sonames: [String], _ arguments: [String]) throws -> TimedeckBinary.Result {
            let paths = try sonames.map(LibrariesOnFirstUseTests.path(of:))
            let mounts = paths.map { "mount --bind /dev/null '\($0)' && " }.joined()
            let argv = ["/usr/bin/unshare", "-m", "--propagation", "private", "/bin/sh", "-c",
                        mounts + #"exec "$@""#, "sh", TimedeckBinary.url.path] + arguments
            var env = ProcessInfo.processInfo.environment
            env["TIMEDECK_HOME"] = scratch.path("data")
            env["XDG_CONFIG_HOME"] = scratch.path("config")
            env.removeValue(forKey: "TIMEDECK_CONFIG")
            let out = scratch.path("stdout"), err = scratch.path("stderr"), input = scratch.path("stdin")
            _ = FileManager.default.createFile(atPath: input, contents: Data())
            let pid = try spawn(argv, environment: env, stdin: input, stdout: out, stderr: err)
            let status = waitForExit(pid) ?? -1
            return TimedeckBinary.Result(status: status, stdout: scratch.read("stdout") ?? "", stderr: scratch.read("stderr") ?? "")
        }

        /// The same, unhidden (to set config up in the same home).
        func run(_ arguments: [String]) throws -> TimedeckBinary.Result {
            try TimedeckBinary.run(arguments, environment: ["TIMEDECK_HOME": scratch.path("data"),
                                                            "XDG_CONFIG_HOME": scratch.path("config")])
        }
    }

    @Test(.enabled(if: getuid() == 0, "a private mount namespace needs root"))
    func commandsRunWithBothLibrariesHidden() throws {
        let hidden = Hidden()
        let now = try hidden.run([Self.libpq, Self.libcurl], ["now", "--json"])
        #expect(now.status == 0, "\(now.stderr)")
        #expect(now.stdout.contains("\"utc\""), "\(now.stdout)")
        let almanac = try hidden.run([Self.libpq, Self.libcurl], ["almanac", "Sun", "--at", "2024-05-27T02:01:35Z", "--json"])
        #expect(almanac.status == 0 && almanac.stdout.contains("\"gha\""), "\(almanac.stderr)")
    }

    @Test(.enabled(if: getuid() == 0, "a private mount namespace needs root"))
    func theTeamLogSaysToInstallLibpq() throws {
        let hidden = Hidden()
        let set = try hidden.run(["config", "set", "team.url", "postgresql://127.0.0.1:9/timedeck"])
        #expect(set.status == 0, "\(set.stderr)")
        let status = try hidden.run([Self.libpq], ["team", "status"])
        #expect(status.status == 1, "offline, not a crash or a loader error: \(status.status) \(status.stderr)")
        let said = status.stdout + status.stderr
        #expect(said.contains("the team log needs libpq (apt install libpq5)"), "\(said)")
        // A mark is still stored (and queued for the team log).
        let mark = try hidden.run([Self.libpq], ["marks", "add", "--no-position", "--note", "kept"])
        #expect(mark.status == 0, "\(mark.stderr)")
        #expect(mark.stderr.contains("apt install libpq5"), "\(mark.stderr)")
        #expect(try hidden.run(["marks", "list", "--json"]).stdout.contains("\"kept\""))
    }

    @Test(.enabled(if: getuid() == 0, "a private mount namespace needs root"))
    func theWeatherSaysToInstallLibcurl() throws {
        let hidden = Hidden()
        for (key, value) in [("weather.enabled", "true"), ("weather.url", "http://127.0.0.1:9/v1/forecast"),
                             ("weather.position", "48.8566, 2.3522")] {
            let set = try hidden.run(["config", "set", key, value])
            #expect(set.status == 0, "\(key): \(set.stderr)")
        }
        let weather = try hidden.run([Self.libcurl], ["weather"])
        let said = weather.stdout + weather.stderr
        #expect(weather.status != 0 && weather.status != 127, "\(weather.status): \(said)")
        #expect(said.contains("the weather needs libcurl (apt install libcurl4)"), "\(said)")
    }
}
