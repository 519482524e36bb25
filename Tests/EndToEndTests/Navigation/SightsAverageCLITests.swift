import Foundation
import Testing

/// `timedeck sights average` through the real binary (the guide's example).
@Suite struct SightsAverageCLITests {
    static let conditions = ["--dr", "40 10.0 N, 050 15.0 W", "--course", "250", "--speed", "6", "--eye", "2.5", "--ie", "-1.2",
                             "--temp", "12", "--pressure", "1016"]
    static let run = [("52 07.3", "06:43:00"), ("52 19.5", "06:44:07"), ("52 31.0", "06:45:10"), ("52 43.3", "06:46:00"),
                      ("52 52.4", "06:47:05")].flatMap { ["--sight", "Vega, \($0.0), 2024-03-21T\($0.1)Z"] }

    @Test("The blunder is flagged, the rest become one sight that fix takes")
    func averagedRun() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let out = try p.run(["sights", "average", "--json"] + Self.conditions + Self.run)
        #expect(out.status == 0, "\(out.stderr)")
        let json = try FixCLITests.json(out.stdout)
        let flags = try #require(json["sights"] as? [[String: Any]]).map { $0["outlier"] as? Bool }
        #expect(flags == [false, false, false, true, false])
        let sight = try #require(json["sight"] as? String)
        #expect(sight.hasPrefix("Vega, 52 29.7") && sight.hasSuffix("2024-03-21T06:45:02.500Z"), "\(sight)")
        // The averaged sight is accepted by fix as a line.
        let line = try p.run(["fix", "--json"] + Self.conditions + ["--sight", sight])
        #expect(line.status == 0, "\(line.stderr)")
        #expect(try FixCLITests.json(line.stdout)["lop"] != nil)
        let two = try p.run(["sights", "average"] + Self.conditions + Array(Self.run.prefix(4)))
        #expect(two.status == 2 && two.stderr.contains("at least three"))
    }
}
