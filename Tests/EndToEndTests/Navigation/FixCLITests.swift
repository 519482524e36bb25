import Foundation
import Testing
@testable import TimeKit

/// `timedeck almanac`, `fix`, `marks sight` and `sights plan` through the real binary.
@Suite(.serialized) struct FixCLITests {
    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)

    /// Exact Hs (decimal degrees) of `body` from `truth` at `unixSeconds`.
    static func hs(_ almanac: Almanac, _ body: CelestialBody, _ limb: Limb = .centre, at unixSeconds: Double,
                   from truth: GeoPosition, corrections: SightCorrections = .standard) throws -> Double {
        let e = try almanac.entry(for: body, atUnixSeconds: unixSeconds)
        let ho = SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: truth)
            .altitudeDegrees
        return SightReduction.sextantAltitudeDegrees(observedAltitudeDegrees: ho, limb: limb, entry: e,
                                                     corrections: corrections, from: truth)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func miles(_ fix: [String: Any], _ truth: GeoPosition) throws -> Double {
        let lat = try #require(fix["lat"] as? Double), lon = try #require(fix["lon"] as? Double)
        let dn = (lat - truth.latitudeDegrees) * 60
        let de = (lon - truth.longitudeDegrees) * 60 * cos(lat * .pi / 180)
        return (dn * dn + de * de).squareRoot()
    }

    @Test func almanacJSONHasTheFixedKeys() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let sun = try Self.json(try p.run(["almanac", "Sun", "--at", "2024-05-27T02:01:35.521Z", "--json"]).stdout)
        #expect(sun["body"] as? String == "Sun")
        #expect(sun["utc"] as? String == "2024-05-27T02:01:35.521Z")
        #expect(abs((sun["gha"] as? Double ?? 0) - 211.1055894) * 60 < 0.1)  // Skyfield + DE421
        #expect(abs((sun["dec"] as? Double ?? 0) - 21.3569068) * 60 < 0.1)
        #expect(sun["sd"] != nil && sun["hp"] != nil && sun["sha"] == nil)
        let star = try Self.json(try p.run(["almanac", "Kaus Australis", "--at", "2024-05-27T02:01:35.521Z", "--json"]).stdout)
        #expect(star["sha"] != nil && star["sd"] == nil)
        let all = try p.run(["almanac", "--at", "2024-05-27T02:01:35Z", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
        #expect(list.count == 64)
        let bad = try p.run(["almanac", "Vegaa", "--at", "2024-05-27T02:01:35Z"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("body") && bad.stderr.contains("Vega"))
    }

    @Test func typedSightsOnAMovingShipGiveTheTruth() throws {
        let almanac = try #require(Self.almanac)
        let p = try MarksProcess()
        defer { p.remove() }
        // Morning stars 2024-03-21 near 40° N 50° W; 10 kn on 090°, 20 minutes apart.
        let t0 = 1_711_003_200.0  // 06:40 UTC
        let truth = try GeoPosition(latitudeDegrees: 40.21, longitudeDegrees: -50.31)  // at the last sight
        let conditions = SightCorrections(heightOfEyeMetres: 3, indexErrorArcminutes: 1.2, temperatureCelsius: 15,
                                          pressureHectopascals: 1015)
        let solver = FixSolver(almanac: almanac, corrections: conditions, courseDegrees: 90, speedKnots: 10)
        let bodies: [(CelestialBody, String)] = [(.star("Vega"), "Vega"), (.star("Arcturus"), "Arcturus"),
                                                 (.star("Zubenelgenubi"), "Zubenelgenubi"), (.star("Dubhe"), "Dubhe")]
        var args = ["fix", "--json", "--dr", "40 10.0 N, 050 15.0 W", "--course", "90", "--speed", "10",
                    "--eye", "3", "--ie", "1.2", "--temp", "15", "--pressure", "1015"]
        let fixTime = t0 + 3 * 1200
        for (i, (body, name)) in bodies.enumerated() {
            let t = t0 + Double(i) * 1200
            let there = solver.position(truth, at: fixTime, movedTo: t)
            let hs = try Self.hs(almanac, body, at: t, from: there, corrections: conditions)
            args += ["--sight", "\(name), \(String(format: "%.7f", hs)), \(NavigationCLIText.iso(t))"]
        }
        let out = try p.run(args)
        #expect(out.status == 0, "\(out.stderr)")
        let fix = try Self.json(out.stdout)
        #expect(try Self.miles(fix, truth) < 0.02)
        let sights = try #require(fix["sights"] as? [[String: Any]])
        #expect(sights.count == 4)
        for key in ["body", "utc", "ho", "hc", "zn", "intercept"] { #expect(sights[0][key] != nil, "\(key)") }
    }

    /// A published exercise: the sample sight log of the `capella` Python
    /// package (PyPI capella 2.3.6, text_files/sight_log.txt), 1993-05-13,
    /// DR 40° 10.0′ N 050° 15.0′ W at 07:30 making 5.5 kn on 090°, I.C. −1.2′,
    /// height of eye 7 m, 10 °C, 1010 hPa; its answer 40° 14.0′ N 049° 58.0′ W.
    @Test func publishedSightLogGivesItsAnswer() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        // The DR carried to the fix time, 07:44: 14 min at 5.5 kn east = 1.28 nm.
        let out = try p.run(["fix", "--json", "--dr", "40 10.0 N, 050 13.3 W", "--course", "90", "--speed", "5.5",
                             "--eye", "7", "--ie", "-1.2", "--temp", "10", "--pressure", "1010",
                             "--at", "1993-05-13T07:44:00Z",
                             "--sight", "Kochab, 43-23.8, 1993-05-13T07:33:45Z",
                             "--sight", "Rasalhague, 51-05.2, 1993-05-13T07:35:16Z",
                             "--sight", "Alkaid, 30-15.9, 1993-05-13T07:37:15Z",
                             "--sight", "Altair, 58-38.0, 1993-05-13T07:39:02Z",
                             "--sight", "Venus, 15-15.3, 1993-05-13T07:41:24Z",
                             "--sight", "MoonLL, 34-05.6, 1993-05-13T07:44:08Z"])
        #expect(out.status == 0, "\(out.stderr)")
        let fix = try Self.json(out.stdout)
        let published = try GeoPosition(latitudeDegrees: 40 + 14.0 / 60, longitudeDegrees: -(49 + 58.0 / 60))
        #expect(try Self.miles(fix, published) < 0.5)
        #expect(fix["verdict"] == nil)
    }

    @Test func badInputExitsTwoNamingTheField() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let base = ["fix", "--json", "--dr", "40 10.0 N, 050 15.0 W"]
        let unknown = try p.run(base + ["--sight", "Kaus Austrailis, 30 00.0, 2024-03-21T06:40:00Z",
                                        "--sight", "Vega, 40, 2024-03-21T06:40:00Z"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("body") && unknown.stderr.contains("Kaus Australis"))
        let high = try p.run(base + ["--sight", "Vega, 95 00.0, 2024-03-21T06:40:00Z",
                                     "--sight", "Arcturus, 40, 2024-03-21T06:40:00Z"])
        #expect(high.status == 2)
        #expect(high.stderr.contains("Hs") && high.stderr.contains("0°–90°"))
        let below = try p.run(base + ["--sight", "Canopus, 20, 2024-03-21T06:40:00Z",
                                      "--sight", "Vega, 40, 2024-03-21T06:40:00Z"])
        #expect(below.status == 2)
        #expect(below.stderr.contains("below the horizon"))
        let parallel = try p.run(base + ["--sight", "Vega, 40, 2024-03-21T06:40:00Z",
                                         "--sight", "Vega, 40 10.0, 2024-03-21T06:40:30Z"])
        #expect(parallel.status == 2)
        #expect(parallel.stderr.contains("do not cross"))
    }

    @Test func marksSightsGiveExactlyTheTypedFix() throws {
        let almanac = try #require(Self.almanac)
        let p = try MarksProcess()
        defer { p.remove() }
        var marks: [(id: Int, utc: String)] = []
        for _ in 0..<3 {
            let out = try p.run(["marks", "add", "--no-position", "--json"])
            #expect(out.status == 0, "\(out.stderr)")
            let list = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]]
            let mark = try #require(list?.first)
            marks.append((try #require(mark["id"] as? Int), try #require(mark["correctedUtc"] as? String)))
        }
        let first = try InstantParser.parse(marks[0].utc).unixSeconds
        let truth = try GeoPosition(latitudeDegrees: -12.5, longitudeDegrees: 140.25)
        // Whatever the hour, three bodies between 20° and 70°, spread in azimuth.
        let now = try almanac.instant(atUnixSeconds: first)
        let up = try almanac.bodies.filter { $0 != .sun && $0 != .moon }.compactMap { b -> (CelestialBody, Double)? in
            let e = try almanac.entry(for: b, at: now)
            let (h, zn) = SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: truth)
            return h > 20 && h < 70 ? (b, zn) : nil
        }
        var chosen = [try #require(up.first)]
        for _ in 1..<3 {
            let next = try #require(up.max { a, b in
                chosen.map { Self.gap($0.1, a.1) }.min() ?? 0 < chosen.map { Self.gap($0.1, b.1) }.min() ?? 0
            })
            chosen.append(next)
        }
        var typed = ["fix", "--json", "--dr", "12 20.0 S 140 00.0 E"]
        for (mark, (body, _)) in zip(marks, chosen) {
            let t = try InstantParser.parse(mark.utc).unixSeconds
            let hs = String(format: "%.6f", try Self.hs(almanac, body, at: t, from: truth))
            let attach = try p.run(["marks", "sight", "\(mark.id)", "\(body.name), \(hs)"])
            #expect(attach.status == 0, "\(attach.stderr)")
            typed += ["--sight", "\(body.name), \(hs), \(mark.utc)"]
        }
        let fromMarks = try p.run(["fix", "--json", "--dr", "12 20.0 S 140 00.0 E", "--marks",
                                   marks.map { "\($0.id)" }.joined(separator: ",")])
        let fromTyping = try p.run(typed)
        #expect(fromMarks.status == 0, "\(fromMarks.stderr)")
        // Marks carry their clock's state (issue 28): on a machine whose
        // clock is not synchronized the marks' fix says so; typed sights
        // have no clock to doubt. Everything else is the same.
        let doubt = #/"clock_doubt":\{[^}]*\},/#
        #expect(fromMarks.stdout.replacing(doubt, with: "") == fromTyping.stdout)
        let listed = try p.run(["marks", "list", "--json"]).stdout
        #expect(fromMarks.stdout.contains("clock_doubt") == listed.contains(#/"synchronized"\s*:\s*false/#))
        #expect(try Self.miles(try Self.json(fromMarks.stdout), truth) < 0.05)
        let none = try p.run(["marks", "sight", "999", "Vega, 30"])
        #expect(none.status == 2)
    }

    /// Issue 28: `marks sight` checks as the panel does (a body below the
    /// horizon from the DR at the mark's instant is refused) and says when
    /// it replaces the sight already on the mark.
    @Test func marksSightRefusesABodyBelowTheHorizonAndSaysWhenItReplaces() throws {
        let almanac = try #require(Self.almanac)
        let p = try MarksProcess()
        defer { p.remove() }
        let add = try p.run(["marks", "add", "--position", "12 30.0 S, 140 15.0 E", "--json"])
        try #require(add.status == 0, "\(add.stderr)")
        let list = try JSONSerialization.jsonObject(with: Data(add.stdout.utf8)) as? [[String: Any]]
        let mark = try #require(list?.first)
        let id = try #require(mark["id"] as? Int)
        let at = try InstantParser.parse(try #require(mark["correctedUtc"] as? String)).unixSeconds
        let position = try GeoPosition(latitudeDegrees: -12.5, longitudeDegrees: 140.25)
        let altitudes = try almanac.stars.map { star -> (String, Double) in
            let e = try almanac.entry(for: .star(star.name), atUnixSeconds: at)
            return (star.name, SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: position).altitudeDegrees)
        }
        let below = try #require(altitudes.filter { $0.0.allSatisfy(\.isLetter) }.min { $0.1 < $1.1 })
        let above = try #require(altitudes.filter { $0.0.allSatisfy(\.isLetter) && $0.1 > 15 && $0.1 < 75 }.first)
        let refused = try p.run(["marks", "sight", "\(id)", "\(below.0), 30 00"])
        #expect(refused.status == 2 && refused.stderr.contains("below the horizon"), "\(below): \(refused.status) \(refused.stderr)")
        let first = try p.run(["marks", "sight", "\(id)", "\(above.0), 30 00"])
        #expect(first.status == 0 && !first.stderr.contains("replaced"), "\(first.stderr)")
        let second = try p.run(["marks", "sight", "\(id)", "\(above.0), 31 00"])
        #expect(second.status == 0 && second.stderr.contains("replaced the sight on #\(id) (was \(above.0), Hs 30° 00"),
                "\(second.stderr)")
    }

    @Test func sightsPlanListsBodiesAtTwilight() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let out = try p.run(["sights", "plan", "--dr", "40 10.0 N, 050 15.0 W", "--at", "2024-03-21T00:00:00Z", "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        let plan = try Self.json(out.stdout)
        #expect(plan["twilight"] as? String == "morning")
        let bodies = try #require(plan["bodies"] as? [[String: Any]])
        #expect(bodies.count >= 4)
        #expect(bodies.allSatisfy { ($0["altitude"] as? Double ?? 0) >= 15 && ($0["altitude"] as? Double ?? 99) <= 70 })
        #expect(bodies.filter { $0["suggested"] as? Bool == true }.count >= 3)
        #expect(Set(bodies.compactMap { $0["rank"] as? Int }) == Set(1...bodies.filter { $0["suggested"] as? Bool == true }.count))
        // The day (issue 32 item 7): every event key, in order, and the two twilights' plans.
        let events = try #require(plan["events"] as? [String: Any])
        let keys = ["morningNauticalTwilight", "morningCivilTwilight", "sunrise", "meridianPassage", "sunset",
                    "eveningCivilTwilight", "eveningNauticalTwilight", "moonrise", "moonset"]
        #expect(Set(events.keys) == Set(keys))
        let sunTimes = try keys.prefix(7).map { try #require(events[$0] as? String, "\($0)") }
        #expect(sunTimes == sunTimes.sorted(), "\(sunTimes)")
        #expect((plan["twilights"] as? [[String: Any]])?.map { $0["twilight"] as? String } == ["morning", "evening"])
        let opportunities = try #require(plan["opportunities"] as? [[String: Any]])
        for o in opportunities {
            let apart = try #require(o["azimuthDifference"] as? Double)
            #expect(apart >= 45 && apart <= 135 && (o["sunAltitude"] as? Double ?? 0) >= 10)
        }
        let text = try p.run(["sights", "plan", "--dr", "40 10.0 N, 050 15.0 W", "--at", "2024-03-21T00:00:00Z"])
        #expect(text.stdout.contains("sunrise") && text.stdout.contains("moonrise") && text.stdout.contains("meridian passage"),
                "\(text.stdout)")
        // The plan's own twilight is not listed again under the day's.
        #expect(text.stdout.components(separatedBy: "morning civil twilight at").count == 2, "\(text.stdout)")
        #expect(text.stdout.components(separatedBy: "evening civil twilight at").count == 2, "\(text.stdout)")
    }

    static func gap(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }
}

enum NavigationCLIText {
    static func iso(_ unixSeconds: Double) -> String {
        ISOInstant.milliseconds(unixMilliseconds: Int64((unixSeconds * 1000).rounded()))
    }
}
