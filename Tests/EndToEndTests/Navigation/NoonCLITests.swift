import Foundation
import Testing
@testable import TimeKit

/// `timedeck noon` through the real binary.
@Suite(.serialized) struct NoonCLITests {
    @Test("noon --json: the meridian passage always; with a run of sights, lat/lon/maxAltitude/maxTime near the truth")
    func passageAndCurve() throws {
        let almanac = try #require(FixCLITests.almanac)
        let p = try MarksProcess()
        defer { p.remove() }
        let alone = try p.run(["noon", "--json", "--dr", "40 10.0 N, 050 15.0 W", "--date", "2024-03-21"])
        #expect(alone.status == 0, "\(alone.stderr)")
        let passage = try FixCLITests.json(alone.stdout)
        #expect((passage["meridianPassage"] as? String)?.hasPrefix("2024-03-21T15:27:5") == true, "\(passage)")
        #expect(passage["lat"] == nil && passage["maxTime"] == nil)

        // A ship making 8 kn on 200°, at `truth` at 15:30; Sun LL sights every 3 min, 15:06–15:54.
        let truth = try GeoPosition(latitudeDegrees: 40.05, longitudeDegrees: -50.4)
        let solver = FixSolver(almanac: almanac, corrections: .standard, courseDegrees: 200, speedKnots: 8)
        let reference = 1_710_979_200.0 + 15.5 * 3600
        var args = ["noon", "--json", "--dr", "40 10.0 N, 050 15.0 W", "--course", "200", "--speed", "8",
                    "--eye", "0", "--ie", "0", "--temp", "10", "--pressure", "1010"]
        for k in 0...16 {
            let t = reference - 1440 + Double(k) * 180
            let there = solver.position(truth, at: reference, movedTo: t)
            let hs = try FixCLITests.hs(almanac, .sun, .lower, at: t, from: there, corrections: .standard)
            args += ["--sight", "Sun LL, \(String(format: "%.7f", hs)), \(NavigationCLIText.iso(t))"]
        }
        let out = try p.run(args)
        #expect(out.status == 0, "\(out.stderr)")
        let noon = try FixCLITests.json(out.stdout)
        let maxTime = try #require(noon["maxTime"] as? String)
        let tMax = try InstantParser.parse(maxTime).unixSeconds
        let there = solver.position(truth, at: reference, movedTo: tMax)
        #expect(abs((noon["lat"] as? Double ?? 0) - there.latitudeDegrees) * 60 < 0.3)
        #expect(abs((noon["lon"] as? Double ?? 0) - there.longitudeDegrees) * 60 < 1)
        #expect(abs((noon["maxAltitude"] as? Double ?? 0) - 50.3) < 0.5)
        #expect(noon["meridianPassage"] != nil)

        let text = try p.run(["noon"] + Array(args.dropFirst(2)))  // without --json
        #expect(text.stdout.contains("latitude") && text.stdout.contains("longitude") && text.stdout.contains("±"))

        // --plot: the DR and the noon position on the sheet, no lines.
        let sheet = p.home.appendingPathComponent("noon.svg").path
        let plotted = try p.run(args + ["--plot", sheet])
        #expect(plotted.status == 0 && plotted.stderr.contains("wrote the plotting sheet (fix, 0 lines"), "\(plotted.stderr)")
        let svg = try String(contentsOfFile: sheet, encoding: .utf8)
        #expect(svg.contains("class=\"fix\"") && svg.contains("class=\"dr\"") && !svg.contains("class=\"lop"))
        #expect(svg.contains("Celestial fix \(PlottingSheet.latitudeText(noon["lat"] as? Double ?? 0, minutesPlaces: 1))"))
    }

    @Test("noon refuses what it cannot answer, naming what to do")
    func refusals() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let bad = try p.run(["noon", "--dr", "40 N, 50 W", "--date", "21/03/2024"])
        #expect(bad.status == 2 && bad.stderr.contains("YYYY-MM-DD"))
        let two = try p.run(["noon", "--dr", "40 N, 50 W", "--sight", "Sun LL, 49 50.0, 2024-03-21T15:20:00Z",
                             "--sight", "Sun LL, 49 51.0, 2024-03-21T15:25:00Z"])
        #expect(two.status == 2 && two.stderr.contains("at least three"))
        let star = try p.run(["noon", "--dr", "40 N, 50 W", "--sight", "Vega, 49 50.0, 2024-03-21T15:20:00Z",
                              "--sight", "Sun LL, 49 51.0, 2024-03-21T15:25:00Z", "--sight", "Sun LL, 49 51.0, 2024-03-21T15:30:00Z"])
        #expect(star.status == 2 && star.stderr.contains("not the Sun"), "\(star.stderr)")
        let noPosition = try p.run(["noon", "--dr", "40 N, 50 W", "--date", "2024-03-21", "--gpx", p.home.appendingPathComponent("x.gpx").path])
        #expect(noPosition.status == 2 && noPosition.stderr.contains("not a position"))
        let noPlot = try p.run(["noon", "--dr", "40 N, 50 W", "--date", "2024-03-21", "--plot", p.home.appendingPathComponent("x.svg").path])
        #expect(noPlot.status == 2 && noPlot.stderr.contains("not a position"))
        #expect(!FileManager.default.fileExists(atPath: p.home.appendingPathComponent("x.svg").path))
    }
}
