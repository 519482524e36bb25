import Foundation
import Testing
@testable import TimeKit

/// Issue 32 through the real binary: `fix` with one sight (a line of
/// position), `polaris`, `compass` and `identify`.
@Suite(.serialized) struct NavigationWatchCLITests {
    static let almanac = FixCLITests.almanac
    static let t0 = 1_711_003_200.0  // 2024-03-21 06:40 UTC

    /// Distance (nm) from `p` to the line of position: across the line's
    /// direction from its intercept point (the plotting sheet's straight
    /// line; its ends are 30 nm along it).
    static func offLine(_ p: GeoPosition, _ lop: [String: Any]) throws -> Double {
        let points = try #require(lop["points"] as? [[Double]])
        #expect(points.count == 2)
        let ip = try #require(lop["intercept_point"] as? [Double])
        let direction = try #require(lop["direction"] as? Double)
        let from = try GeoPosition(latitudeDegrees: ip[0], longitudeDegrees: ip[1])
        for end in points {
            let e = try GeoPosition(latitudeDegrees: end[0], longitudeDegrees: end[1])
            let (d, b) = from.distanceAndBearing(to: e)
            #expect(abs(d - 30) < 0.05)
            #expect(abs(sin((b - direction) * .pi / 180)) < 0.01, "an end off the line's direction")
        }
        let (d, bearing) = from.distanceAndBearing(to: p)
        return abs(d * sin((bearing - direction) * .pi / 180))
    }

    @Test func oneSightIsALineNotAFix() throws {
        let almanac = try #require(Self.almanac)
        let p = try MarksProcess()
        defer { p.remove() }
        let truth = try GeoPosition(latitudeDegrees: 40.21, longitudeDegrees: -50.31)
        let t = Self.t0 + 6 * 3600  // 12:40 UTC, the Sun in the south-east
        let hs = try FixCLITests.hs(almanac, .sun, .lower, at: t, from: truth)
        let sight = "Sun LL, \(String(format: "%.7f", hs)), \(NavigationCLIText.iso(t))"
        let out = try p.run(["fix", "--json", "--dr", "40 15.0 N, 050 25.0 W", "--eye", "0", "--ie", "0", "--temp", "10",
                             "--pressure", "1010", "--sight", sight])
        #expect(out.status == 0, "\(out.stderr)")
        let json = try FixCLITests.json(out.stdout)
        #expect(json["lat"] == nil && json["lon"] == nil)
        let sights = try #require(json["sights"] as? [[String: Any]])
        #expect(sights.count == 1)
        for key in ["ho", "hc", "zn", "intercept"] { #expect(sights.first?[key] as? Double != nil, "\(key)") }
        let lop = try #require(json["lop"] as? [String: Any])
        #expect(try Self.offLine(truth, lop) < 0.05, "\(out.stdout)")
        let text = try p.run(["fix", "--dr", "40 15.0 N, 050 25.0 W", "--eye", "0", "--ie", "0", "--temp", "10",
                              "--pressure", "1010", "--sight", sight])
        #expect(text.status == 0)
        #expect(text.stdout.contains("LINE of position, not a fix"), "\(text.stdout)")
        #expect(!text.stdout.contains("fix  "))
    }

    /// `fix --marks` with one mark's sight is a line too, and carries the
    /// mark's clock doubt when its clock was not synchronized.
    @Test func oneMarkedSightIsALine() throws {
        let almanac = try #require(Self.almanac)
        let p = try MarksProcess()
        defer { p.remove() }
        let add = try p.run(["marks", "add", "--no-position", "--json"])
        #expect(add.status == 0, "\(add.stderr)")
        let mark = try #require((try JSONSerialization.jsonObject(with: Data(add.stdout.utf8)) as? [[String: Any]])?.first)
        let t = try InstantParser.parse(try #require(mark["correctedUtc"] as? String)).unixSeconds
        let synchronized = (mark["clock"] as? [String: Any])?["synchronized"] as? Bool
        // The Sun 60° up, wherever it is now: 30° of longitude from its geographical position.
        let sun = try almanac.entry(for: .sun, atUnixSeconds: t)
        let truth = GeoPosition(wrappingLatitude: sun.decDegrees, longitude: -sun.ghaDegrees + 30)
        let dr = truth.sailing(courseDegrees: 30, distanceNauticalMiles: 4)
        let hs = try FixCLITests.hs(almanac, .sun, .lower, at: t, from: truth)
        let attach = try p.run(["marks", "sight", "1", "Sun LL, \(String(format: "%.7f", hs))"])
        #expect(attach.status == 0, "\(attach.stderr)")
        let out = try p.run(["fix", "--json", "--marks", "1", "--dr",
                             String(format: "%.8f, %.8f", dr.latitudeDegrees, dr.longitudeDegrees)])
        #expect(out.status == 0, "\(out.stderr)")
        let json = try FixCLITests.json(out.stdout)
        #expect(json["lat"] == nil)
        let lop = try #require(json["lop"] as? [String: Any])
        #expect(try Self.offLine(truth, lop) < 0.05)
        #expect((json["clock_doubt"] != nil) == (synchronized == false), "\(out.stdout)")
    }

    @Test func aMorningLineIsAdvancedByCourseAndSpeed() throws {
        let almanac = try #require(Self.almanac)
        let p = try MarksProcess()
        defer { p.remove() }
        // Sun line at 12:40, advanced 3 hours at 8 kn on 060° to 15:40.
        let sightTime = Self.t0 + 6 * 3600, lineTime = sightTime + 3 * 3600
        let solver = FixSolver(almanac: almanac, courseDegrees: 60, speedKnots: 8)
        let truthLater = try GeoPosition(latitudeDegrees: 40.31, longitudeDegrees: -49.9)
        let truthThen = solver.position(truthLater, at: lineTime, movedTo: sightTime)
        let hs = try FixCLITests.hs(almanac, .sun, .lower, at: sightTime, from: truthThen)
        let args = ["fix", "--json", "--dr", "40 22.0 N, 049 47.0 W", "--course", "60", "--speed", "8",
                    "--eye", "0", "--ie", "0", "--temp", "10", "--pressure", "1010",
                    "--sight", "Sun LL, \(String(format: "%.7f", hs)), \(NavigationCLIText.iso(sightTime))"]
        let out = try p.run(args + ["--at", NavigationCLIText.iso(lineTime)])
        #expect(out.status == 0, "\(out.stderr)")
        let lop = try #require(try FixCLITests.json(out.stdout)["lop"] as? [String: Any])
        #expect(abs((lop["advanced_nm"] as? Double ?? 0) - 24) < 0.01)
        #expect(try Self.offLine(truthLater, lop) < 0.1, "the advanced line misses the ship")
        // Not advanced, the line holds where the ship was at the sight (the DR,
        // 24 nm on, makes it a tangent 0.2 nm off the circle there), and misses it later.
        let still = try p.run(args)
        let lop0 = try #require(try FixCLITests.json(still.stdout)["lop"] as? [String: Any])
        #expect(try Self.offLine(truthThen, lop0) < 0.3)
        #expect(try Self.offLine(truthLater, lop0) > 5)
    }

    @Test func polarisCompassAndIdentifyAnswerInJSON() throws {
        let almanac = try #require(Self.almanac)
        let p = try MarksProcess()
        defer { p.remove() }
        let truth = try GeoPosition(latitudeDegrees: 40.21, longitudeDegrees: -50.31)
        let dusk = Self.t0 + 15 * 3600  // 21:40 UTC, night at 50° W
        let hs = try FixCLITests.hs(almanac, .star("Polaris"), at: dusk, from: truth)
        let polaris = try p.run(["polaris", "--json", "--dr", "40 25.0 N, 050 20.0 W", "--eye", "0", "--ie", "0",
                                 "--temp", "10", "--pressure", "1010",
                                 "--sight", "Polaris, \(String(format: "%.7f", hs)), \(NavigationCLIText.iso(dusk))"])
        #expect(polaris.status == 0, "\(polaris.stderr)")
        let pj = try FixCLITests.json(polaris.stdout)
        #expect(abs((pj["lat"] as? Double ?? 0) - 40.21) * 60 < 0.1)
        #expect(pj["azimuth"] as? Double != nil)

        let sun = try almanac.entry(for: .sun, atUnixSeconds: Self.t0 + 6 * 3600)
        let zn = SightReduction.altitudeAndAzimuth(ghaDegrees: sun.ghaDegrees, decDegrees: sun.decDegrees, from: truth)
            .azimuthDegrees
        let compass = try p.run(["compass", "--json", "--dr", "40 12.6 N, 050 18.6 W", "--body", "Sun",
                                 "--bearing", String(format: "%.4f", zn - 3.5), "--at", NavigationCLIText.iso(Self.t0 + 6 * 3600),
                                 "--variation", "-14"])
        #expect(compass.status == 0, "\(compass.stderr)")
        let cj = try FixCLITests.json(compass.stdout)
        #expect(abs((cj["error"] as? Double ?? 0) - 3.5) < 0.01)
        #expect(abs((cj["deviation"] as? Double ?? 0) - 17.5) < 0.01)
        #expect(abs((cj["azimuth"] as? Double ?? 0) - zn) < 0.01)

        let vega = try FixCLITests.hs(almanac, .star("Vega"), at: Self.t0, from: truth)
        let vegaEntry = try almanac.entry(for: .star("Vega"), atUnixSeconds: Self.t0)
        let vegaZn = SightReduction.altitudeAndAzimuth(ghaDegrees: vegaEntry.ghaDegrees, decDegrees: vegaEntry.decDegrees,
                                                       from: truth).azimuthDegrees
        let identify = try p.run(["identify", "--json", "--dr", "40 12.6 N, 050 18.6 W", "--at", NavigationCLIText.iso(Self.t0),
                                  "--hs", String(format: "%.4f", vega), "--zn", String(format: "%.0f", vegaZn)])
        #expect(identify.status == 0, "\(identify.stderr)")
        let ij = try FixCLITests.json(identify.stdout)
        #expect(ij["body"] as? String == "Vega")
        let candidates = try #require(ij["candidates"] as? [[String: Any]])
        #expect(candidates.first?["body"] as? String == "Vega")
        for key in ["body", "hc", "zn"] { #expect(candidates.first?[key] != nil) }
    }

    /// A sight of Mizar (not a navigational star), 4.2° from Alioth: with a
    /// bearing between them `identify` refuses and lists both; with a
    /// bearing that leaves Alioth 7° off it names Mizar. (Before the
    /// brighter stars, the 58-star almanac named Alioth for this sight.)
    @Test func identifyKnowsMizarBesideAlioth() throws {
        let almanac = try #require(Self.almanac).including(try BrightStars.loadBundled())
        let p = try MarksProcess()
        defer { p.remove() }
        let truth = try GeoPosition(latitudeDegrees: 60, longitudeDegrees: -40)
        let t = 1_716_807_600.0  // 2024-05-27T11:00:00Z: Mizar and Alioth side by side, 25° above the northern horizon
        let plain = SightCorrections(heightOfEyeMetres: 0, indexErrorArcminutes: 0, temperatureCelsius: 10,
                                     pressureHectopascals: 1010)
        let hs = try FixCLITests.hs(almanac, .star("Mizar"), at: t, from: truth, corrections: plain)
        func run(zn: Double) throws -> [String: Any] {
            let out = try p.run(["identify", "--json", "--dr", "60 00.0 N, 040 00.0 W", "--at", NavigationCLIText.iso(t),
                                 "--hs", String(format: "%.5f", hs), "--zn", String(format: "%.1f", zn), "--eye", "0",
                                 "--ie", "0", "--temp", "10", "--pressure", "1010"])
            #expect(out.status == 0, "\(out.stderr)")
            return try FixCLITests.json(out.stdout)
        }
        let between = try run(zn: 355.5)
        #expect(between["body"] is NSNull)
        let within = try #require(between["candidates"] as? [[String: Any]]).filter { $0["within"] as? Bool == true }
        #expect(Set(within.compactMap { $0["body"] as? String }) == ["Mizar", "Alioth"])
        let mizar = try #require(within.first { $0["body"] as? String == "Mizar" })
        #expect(mizar["catalogue"] as? String == "bright" && mizar["constellation"] as? String == "UMa")
        #expect(within.first { $0["body"] as? String == "Alioth" }?["catalogue"] as? String == "navigational")
        let named = try run(zn: 351)
        #expect(named["body"] as? String == "Mizar")
    }

    /// A Polaris sight stored on a mark, and a compass bearing taken with a
    /// mark: the mark's instant and position are the sight's time and the
    /// DR, and the answers are those of the same sight typed.
    @Test func polarisAndCompassFromAMark() throws {
        let almanac = try #require(Self.almanac)
        let p = try MarksProcess()
        defer { p.remove() }
        // Night now at 40° N: the meridian opposite the Sun's.
        let now = Date().timeIntervalSince1970
        let sunNow = try almanac.entry(for: .sun, atUnixSeconds: now)
        let truth = GeoPosition(wrappingLatitude: 40.21, longitude: 180 - sunNow.ghaDegrees)
        let add = try p.run(["marks", "add", "--position",
                             String(format: "%.6f, %.6f", truth.latitudeDegrees, truth.longitudeDegrees), "--json"])
        #expect(add.status == 0, "\(add.stderr)")
        let mark = try #require((try JSONSerialization.jsonObject(with: Data(add.stdout.utf8)) as? [[String: Any]])?.first)
        let id = try #require(mark["id"] as? Int)
        let t = try InstantParser.parse(try #require(mark["correctedUtc"] as? String)).unixSeconds
        let hs = try FixCLITests.hs(almanac, .star("Polaris"), at: t, from: truth)
        #expect(try p.run(["marks", "sight", "\(id)", "Polaris, \(String(format: "%.7f", hs))"]).status == 0)
        let flags = ["--eye", "0", "--ie", "0", "--temp", "10", "--pressure", "1010"]

        let fromMark = try p.run(["polaris", "--json", "--marks", "\(id)"] + flags)
        #expect(fromMark.status == 0, "\(fromMark.stderr)")
        let mj = try FixCLITests.json(fromMark.stdout)
        #expect(abs((mj["lat"] as? Double ?? 0) - 40.21) * 60 < 0.1, "\(fromMark.stdout)")
        #expect(abs((mj["dr_lon"] as? Double ?? 0) - truth.longitudeDegrees) < 1e-5, "the mark's position is the DR")
        let typed = try p.run(["polaris", "--json", "--dr",
                               String(format: "%.6f, %.6f", truth.latitudeDegrees, truth.longitudeDegrees),
                               "--sight", "Polaris, \(String(format: "%.7f", hs)), \(NavigationCLIText.iso(t))"] + flags)
        let tj = try FixCLITests.json(typed.stdout)
        #expect(abs((tj["lat"] as? Double ?? 0) - (mj["lat"] as? Double ?? 1)) < 1e-5, "\(typed.stdout) vs \(fromMark.stdout)")

        // Polaris's bearing taken with the same mark, 1.5° west of true.
        let entry = try almanac.entry(for: .star("Polaris"), atUnixSeconds: t)
        let zn = SightReduction.altitudeAndAzimuth(ghaDegrees: entry.ghaDegrees, decDegrees: entry.decDegrees, from: truth)
            .azimuthDegrees
        let bearing = (zn + 1.5 + 360).truncatingRemainder(dividingBy: 360)
        let compass = try p.run(["compass", "--json", "--body", "Polaris", "--bearing", String(format: "%.4f", bearing),
                                 "--mark", "\(id)"])
        #expect(compass.status == 0, "\(compass.stderr)")
        let cj = try FixCLITests.json(compass.stdout)
        #expect(abs((cj["error"] as? Double ?? 0) + 1.5) < 0.01, "\(compass.stdout)")
        #expect(cj["utc"] as? String == NavigationCLIText.iso(t), "\(compass.stdout)")

        let refusals: [([String], String)] = [
            (["polaris", "--marks", "\(id)", "--sight", "Polaris, 40, \(NavigationCLIText.iso(t))"], "not both"),
            (["polaris", "--dr", "40 N, 50 W"], "not both and not neither"),
            (["polaris", "--marks", "\(id),\(id)"], "one mark number"),
            (["polaris", "--marks", "99"], "no mark #99"),
            (["compass", "--body", "Polaris", "--bearing", "1", "--mark", "\(id)", "--at", NavigationCLIText.iso(t)], "not both"),
            (["compass", "--body", "Polaris", "--bearing", "1"], "not both and not neither"),
            (["compass", "--body", "Polaris", "--bearing", "1", "--mark", "99"], "no mark #99"),
        ]
        for (args, needle) in refusals {
            let out = try p.run(args)
            #expect(out.status == 2 && out.stderr.contains(needle), "\(args): \(out.status) \(out.stderr)")
        }
    }

    @Test func badInputSaysWhatToDo() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let dr = ["--dr", "40 12.6 N, 050 18.6 W"]
        let cases: [([String], String)] = [
            (["polaris"] + dr + ["--sight", "Vega, 40 00.0, 2024-03-21T21:40:00Z"], "needs a sight of Polaris"),
            (["polaris"] + dr + ["--sight", "Polaris, 45 00.0, 2024-03-21T21:40:00Z"], "from the DR's"),
            (["compass"] + dr + ["--body", "Sun", "--bearing", "400", "--at", "2024-03-21T09:40:00Z"], "0–360"),
            (["compass"] + dr + ["--body", "Sun", "--bearing", "90", "--at", "2024-03-21T02:00:00Z"], "below the horizon"),
            (["compass"] + dr + ["--body", "Sun", "--bearing", "90", "--at", "2024-03-21T14:00:00Z", "--amplitude"],
             "not at rising or setting"),
            (["compass"] + dr + ["--body", "Sun", "--bearing", "90", "--at", "2024-03-21T14:00:00Z", "--variation", "200"],
             "--variation"),
            (["identify"] + dr + ["--at", "2024-03-21T06:40:00Z", "--hs", "95", "--zn", "40"], "0°–90°"),
            (["identify"] + dr + ["--at", "2024-03-21T06:40:00Z", "--hs", "40", "--zn", "-3"], "--zn"),
        ]
        for (args, needle) in cases {
            let out = try p.run(args)
            #expect(out.status == 2, "\(args): \(out.status) \(out.stderr)")
            #expect(out.stderr.contains(needle), "\(args): \(out.stderr)")
        }
        let blunder = try p.run(["fix"] + dr + ["--sight", "Sun LL, 10 00.0, 2024-03-21T12:40:00Z"])
        #expect(blunder.status == 2 && blunder.stderr.contains("the intercept is"), "\(blunder.stderr)")
        let missing = try p.run(["compass"] + dr + ["--body", "Sun", "--at", "2024-03-21T14:00:00Z"])
        #expect(missing.status == 2 && missing.stderr.contains("Missing expected argument"), "\(missing.stderr)")
    }
}
