import Foundation
import Testing

/// The machine's own answers about zones, for comparison: `date` (the C
/// library reading `TZ` and the tz files) and Python's zoneinfo (which reads
/// the same TZif files). One process per question set, never per instant.
enum SystemZoneOracle {
    /// What a clock says at an instant: offset east of UTC, abbreviation, DST flag
    /// (`date` gives no DST flag: nil).
    struct Answer: Equatable, CustomStringConvertible {
        var offsetSeconds: Int
        var abbreviation: String
        var isDaylightSaving: Bool?
        var description: String { "\(offsetSeconds) \(abbreviation)\(isDaylightSaving.map { $0 ? " dst" : "" } ?? "")" }
    }

    /// `TZ=tz date -f - '+%::z %Z'` for every instant (one `date` run).
    static func date(tz: String, instants: [Int64], environment: [String: String] = [:]) throws -> [Answer] {
        let input = instants.map { "@\($0)" }.joined(separator: "\n") + "\n"
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = tz
        env["LC_ALL"] = "C"
        env.merge(environment) { _, new in new }
        let out = try run(["date", "-f", "-", "+%::z %Z"], environment: env, input: input)
        let lines = out.split(separator: "\n")
        try #require(lines.count == instants.count, "date answered \(lines.count) lines for \(instants.count) instants")
        return try lines.map { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return Answer(offsetSeconds: try #require(offset(String(parts[0]))),
                          abbreviation: parts.count > 1 ? String(parts[1]) : "", isDaylightSaving: nil)
        }
    }

    /// Python's zoneinfo for each zone at its own instants (one `python3` run).
    static func zoneinfo(_ questions: [(zone: String, instants: [Int64])]) throws -> [String: [Answer]] {
        let script = """
            import sys, datetime, zoneinfo
            for line in sys.stdin.read().splitlines():
                name, *ts = line.split()
                z = zoneinfo.ZoneInfo(name)
                out = [name]
                for t in ts:
                    d = datetime.datetime.fromtimestamp(int(t), z)
                    out.append("%d,%s,%d" % (d.utcoffset().total_seconds(), d.tzname(), 1 if d.dst() else 0))
                print(" ".join(out))
            """
        let input = questions.map { ([$0.zone] + $0.instants.map(String.init)).joined(separator: " ") }.joined(separator: "\n")
        let out = try run(["python3", "-c", script], environment: ProcessInfo.processInfo.environment, input: input)
        var answers: [String: [Answer]] = [:]
        for line in out.split(separator: "\n") {
            let parts = line.split(separator: " ")
            answers[String(parts[0])] = parts.dropFirst().map { field in
                let f = field.split(separator: ",", omittingEmptySubsequences: false)
                return Answer(offsetSeconds: Int(f[0]) ?? Int.min, abbreviation: String(f[1]), isDaylightSaving: f[2] == "1")
            }
        }
        return answers
    }

    /// `+05:45:00` → 20 700.
    static func offset(_ text: String) -> Int? {
        let sign = text.hasPrefix("-") ? -1 : 1
        let f = text.dropFirst().split(separator: ":").compactMap { Int($0) }
        guard f.count == 3 else { return nil }
        return sign * (f[0] * 3600 + f[1] * 60 + f[2])
    }

    static func run(_ argv: [String], environment: [String: String], input: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = argv
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        // Write from another thread: a large answer must not block on a full pipe.
        let data = Data(input.utf8)
        let writer = Thread {
            stdin.fileHandleForWriting.write(data)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(argv[0]) failed")
        return String(decoding: out, as: UTF8.self)
    }
}
