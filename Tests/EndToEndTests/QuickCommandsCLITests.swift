import Foundation
import Testing
import TestSupport

/// `now` and `calls next` answer the same whether or not they skip
/// ArgumentParser (issue 31): the quick form beside the same command
/// reached through the parser (a root flag before it makes the line one
/// the quick path does not take).
@Suite struct QuickCommandsCLITests {
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(arguments: ["UTC", "Asia/Kolkata", "GMT+3", "No/Such_Zone"])
    func nowAnswersAlikeBothWays(_ tz: String) throws {
        let quick = try TimedeckBinary.run(["now", "--json"], environment: ["TZ": tz])
        let parsed = try TimedeckBinary.run(["--no-color", "now", "--json"], environment: ["TZ": tz])
        #expect(quick.status == 0 && parsed.status == 0, "\(quick.stderr) \(parsed.stderr)")
        #expect(quick.stderr == parsed.stderr)
        let a = try Self.object(quick.stdout), b = try Self.object(parsed.stdout)
        #expect(Set(a.keys) == Set(b.keys) && a.count == 6)
        #expect(a["zone"] as? String == b["zone"] as? String)
        #expect(a["utcOffsetSeconds"] as? Int == b["utcOffsetSeconds"] as? Int)
        let ms = try #require(a["unixMillis"] as? Int64), ms2 = try #require(b["unixMillis"] as? Int64)
        #expect(abs(ms2 - ms) < 10_000)

        let text = try TimedeckBinary.run(["now"], environment: ["TZ": tz])
        let textParsed = try TimedeckBinary.run(["--no-color", "now"], environment: ["TZ": tz])
        let labels = { (s: String) in s.split(separator: "\n").map { $0.prefix(11) } }
        #expect(labels(text.stdout) == labels(textParsed.stdout) && labels(text.stdout).count == 4)
    }

    @Test func callsNextAnswersAlikeBothWays() throws {
        let folder = TemporaryFolder()
        let env = ["TIMEDECK_HOME": folder.path("data"), "XDG_CONFIG_HOME": folder.path("config"), "TZ": "UTC"]
        // No call: empty stdout, the reason on stderr, exit 0, both ways.
        let none = try TimedeckBinary.run(["calls", "next"], environment: env)
        let noneParsed = try TimedeckBinary.run(["--no-color", "calls", "next"], environment: env)
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.contains("no calls ahead"))
        #expect(none.stdout == noneParsed.stdout && none.stderr == noneParsed.stderr && none.status == noneParsed.status)
        #expect(try TimedeckBinary.run(["calls", "next", "--json"], environment: env).stdout == "null\n")

        #expect(try TimedeckBinary.run(["calls", "add", "Standup", "--at", "2030-03-15T14:00", "London, GB", "Tokyo"],
                                       environment: env).status == 0)
        let line = try TimedeckBinary.run(["calls", "next"], environment: env)
        let lineParsed = try TimedeckBinary.run(["--no-color", "calls", "next"], environment: env)
        #expect(line.stdout.contains("Standup in") && line.stdout.contains("14:00 London"))
        #expect(line.stdout == lineParsed.stdout)
        let json = try Self.object(try TimedeckBinary.run(["calls", "next", "--json"], environment: env).stdout)
        let jsonParsed = try Self.object(try TimedeckBinary.run(["--no-color", "calls", "next", "--json"], environment: env).stdout)
        #expect(json["name"] as? String == "Standup" && Set(json.keys) == Set(jsonParsed.keys))
    }

    @Test func aDamagedCallsFileFailsAlikeBothWays() throws {
        let folder = TemporaryFolder()
        let env = ["TIMEDECK_HOME": folder.path("data"), "XDG_CONFIG_HOME": folder.path("config"), "TZ": "UTC"]
        #expect(try TimedeckBinary.run(["calls", "add", "X", "--at", "2030-03-15T14:00", "London, GB"], environment: env).status == 0)
        // Whatever holds the calls, made unreadable as a database.
        let data = folder.path("data")
        for name in (try FileManager.default.contentsOfDirectory(atPath: data)) where name.hasSuffix(".sqlite") || name.hasSuffix(".db") {
            try Data("not a database, definitely not one".utf8).write(to: URL(fileURLWithPath: data + "/" + name))
        }
        let quick = try TimedeckBinary.run(["calls", "next"], environment: env)
        let parsed = try TimedeckBinary.run(["--no-color", "calls", "next"], environment: env)
        #expect(quick.status == parsed.status && quick.stderr == parsed.stderr, "\(quick.stderr) | \(parsed.stderr)")
        #expect(quick.status != 0, "a damaged store must not look like 'no calls': \(quick.stdout) \(quick.stderr)")
    }
}
