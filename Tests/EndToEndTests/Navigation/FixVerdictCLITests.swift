import Foundation
import GRDB
import Testing
@testable import TimeKit

/// Issue 28 through the real binary: `fix` exits 2 naming what is wrong
/// when the sights make no fix, says how far the fix is from the DR, carries
/// an unsynchronized clock, takes the `[sights]` settings for `--marks`;
/// `marks sight --remove`; `sights plan` in polar night. Each fails on the
/// binary before the change (TIMEDECK_TEST_BINARY=/work/main/.build/debug/timedeck).
@Suite(.serialized) struct FixVerdictCLITests {
    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)
    /// 2024-03-20 23:30 UTC, evening twilight; the ship at 40° 12′ N 050° 18′ W.
    static let t = 1_710_977_400.0
    static let truth = GeoPosition(wrappingLatitude: 40.2, longitude: -50.3)

    /// `--sight` arguments for `bodies` a minute apart from the truth, Hs spoiled by `errors` (arcminutes).
    static func sightArguments(_ bodies: [String], errors: [Int: Double] = [:],
                               corrections: SightCorrections = .standard) throws -> [String] {
        let almanac = try #require(Self.almanac)
        return try bodies.enumerated().flatMap { i, name -> [String] in
            let at = t + Double(i) * 60
            let hs = try FixCLITests.hs(almanac, .star(name), at: at, from: truth, corrections: corrections)
                + (errors[i] ?? 0) / 60
            return ["--sight", "\(name), \(String(format: "%.7f", hs)), \(NavigationCLIText.iso(at))"]
        }
    }

    static let dr = ["--dr", "40 12.0 N, 050 18.0 W"]

    @Test func theReviewsLinesThatNeverCrossExitTwo() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let out = try p.run(["fix", "--dr", "40 10 N, 050 15 W", "--sight", "Vega, 52 19.5, 2024-03-21T06:44:07+01:00",
                             "--sight", "Arcturus, 64 32.6, 2024-03-21T06:47:51Z"])
        #expect(out.status == 2, "\(out.stdout)")
        #expect(!out.stdout.contains("90° 00"))
        #expect(out.stderr.contains("no fix") && out.stderr.contains("do not meet"), "\(out.stderr)")
        #expect(out.stderr.contains("Vega (sight 1) or Arcturus (sight 2)"), "\(out.stderr)")
    }

    @Test func twoSightsWithABlunderExitTwoWithTheDistanceAndBothCandidates() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let out = try p.run(["fix"] + Self.dr + (try Self.sightArguments(["Alioth", "Regulus"], errors: [1: 120])))
        #expect(out.status == 2, "\(out.stdout)")
        #expect(out.stderr.contains(#/least-squares position is \d+ nm \d{3}° from the DR/#), "\(out.stderr)")
        #expect(out.stderr.contains("Alioth (sight 1) or Regulus (sight 2)"), "\(out.stderr)")
    }

    @Test func threeSightsWithABlunderNameNoOne() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        for spoiled in 0..<3 {
            let out = try p.run(["fix"] + Self.dr + (try Self.sightArguments(["Dubhe", "Alphard", "Elnath"], errors: [spoiled: 12])))
            #expect(out.status == 2, "\(out.stdout)")
            #expect(out.stderr.contains("one of Dubhe (sight 1), Alphard (sight 2) or Elnath (sight 3) is off"), "\(out.stderr)")
        }
    }

    @Test func fiveSightsWithABlunderNameIt() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let stars = ["Kochab", "Denebola", "Alphard", "Betelgeuse", "Capella"]
        let out = try p.run(["fix"] + Self.dr + (try Self.sightArguments(stars, errors: [2: 30])))
        #expect(out.status == 2, "\(out.stdout)")
        #expect(out.stderr.contains("Alphard (sight 3) misses the fix of the other 4 sights by 3"), "\(out.stderr)")
    }

    @Test func aFixSaysHowFarAndWhichWayItIsFromTheDR() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let args = try Self.sightArguments(["Dubhe", "Alphard", "Elnath"])
        let text = try p.run(["fix", "--dr", "40 00.0 N, 050 18.0 W"] + args)  // 12 nm south of the truth
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("from DR: 12.0 nm 000°"), "\(text.stdout)")
        let json = try FixCLITests.json(try p.run(["fix", "--json", "--dr", "40 00.0 N, 050 18.0 W"] + args).stdout)
        let fromDR = try #require(json["from_dr"] as? [String: Any])
        #expect(abs((fromDR["distance"] as? Double ?? 0) - 12) < 0.05)
    }

    /// Three marks at 23:30, 23:31, 23:32 with sights of Dubhe, Alphard and
    /// Elnath from the truth; their instants and clock state are written
    /// into the store as a mark taken on such a clock would have them.
    static func marksWithSights(_ p: MarksProcess, synchronized: Bool,
                                corrections: SightCorrections = .standard) throws -> String {
        let almanac = try #require(Self.almanac)
        for _ in 0..<3 { #expect(try p.run(["marks", "add", "--no-position"]).status == 0) }
        let queue = try DatabaseQueue(path: p.databasePath)
        try queue.write { db in
            for id in 1...3 {
                try db.execute(sql: "UPDATE sightingMark SET unixNanoseconds = ?, correctionNanoseconds = 0, "
                                + "clockSynchronized = ?, clockEstimatedErrorMicroseconds = ?, "
                                + "clockMaximumErrorMicroseconds = ? WHERE id = ?",
                               arguments: [Int64(t + Double(id - 1) * 60) * 1_000_000_000, synchronized,
                                           synchronized ? 2000 : 16_000_000, 16_000_000, id])
            }
        }
        for (i, name) in ["Dubhe", "Alphard", "Elnath"].enumerated() {
            let hs = try FixCLITests.hs(almanac, .star(name), at: t + Double(i) * 60, from: truth, corrections: corrections)
            let out = try p.run(["marks", "sight", "\(i + 1)", "\(name), \(String(format: "%.7f", hs))"])
            #expect(out.status == 0, "\(out.stderr)")
        }
        return "1,2,3"
    }

    @Test func marksStampedByAnUnsynchronizedClockSayWhatItCostsInLongitude() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let marks = try Self.marksWithSights(p, synchronized: false)
        let out = try p.run(["fix"] + Self.dr + ["--marks", marks])
        #expect(out.status == 0, "\(out.stderr)")
        // 16 s of time is 4′ of longitude: 3.1 nm at 40° N.
        #expect(out.stdout.contains("clock NOT synchronized for sights 1, 2, 3, estimated error 16 s"), "\(out.stdout)")
        #expect(out.stdout.contains("4.0′ of longitude (3.1 nm east or west)"), "\(out.stdout)")
        let synced = try MarksProcess()
        defer { synced.remove() }
        let quiet = try synced.run(["fix"] + Self.dr + ["--marks", try Self.marksWithSights(synced, synchronized: true)])
        #expect(quiet.status == 0 && !quiet.stdout.contains("clock NOT"), "\(quiet.stdout)\(quiet.stderr)")
    }

    @Test func fixMarksTakesTheSightsSettingsAndFlagsOverrideThem() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let ship = SightCorrections(heightOfEyeMetres: 9, indexErrorArcminutes: 2.5, temperatureCelsius: 28,
                                    pressureHectopascals: 1030)
        let marks = try Self.marksWithSights(p, synchronized: true, corrections: ship)
        func configure(eye: Double) throws {
            try """
                [sights]
                eye_metres = \(eye)
                index_error_arcminutes = 2.5
                temperature_celsius = 28
                pressure_hectopascals = 1030
                dr = "40 05.0 N, 050 25.0 W"
                """.write(toFile: p.configPath, atomically: true, encoding: .utf8)
        }
        try configure(eye: 9)
        let out = try p.run(["fix", "--json", "--marks", marks])  // no --dr: sights.dr
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try FixCLITests.miles(try FixCLITests.json(out.stdout), Self.truth) < 0.05, "\(out.stdout)")
        // A wrong setting gives no fix at the truth (5.3′ of dip left out
        // makes a cocked hat: refused, or off by miles); the flag overrides it.
        try configure(eye: 0)
        let wrong = try p.run(["fix", "--json", "--marks", marks])
        let wrongMiles = wrong.status == 2 ? .infinity : try FixCLITests.miles(try FixCLITests.json(wrong.stdout), Self.truth)
        #expect(wrongMiles > 2, "\(wrong.stdout)\(wrong.stderr)")
        let flag = try p.run(["fix", "--json", "--eye", "9", "--marks", marks])
        #expect(flag.status == 0, "\(flag.stderr)")
        #expect(try FixCLITests.miles(try FixCLITests.json(flag.stdout), Self.truth) < 0.05, "\(flag.stdout)")
    }

    @Test func badArgumentsAreRefusedNamingWhat() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let sights = try Self.sightArguments(["Dubhe", "Alphard", "Elnath"])
        let course = try p.run(["fix", "--course", "400", "--speed", "5"] + Self.dr + sights)
        #expect(course.status == 2 && course.stderr.contains("--course"), "\(course.stderr)")
        let later = try p.run(["fix", "--at", "2024-03-22T23:30:00Z"] + Self.dr + sights)
        #expect(later.status == 2 && later.stderr.contains("hours from sight 1"), "\(later.stderr)")
        _ = try Self.marksWithSights(p, synchronized: true)
        let twice = try p.run(["fix", "--marks", "1,1,2"] + Self.dr)
        #expect(twice.status == 2 && twice.stderr.contains("#1 is given twice"), "\(twice.stderr)")
        let unknown = try p.run(["fix", "--marks", "1,2,99"] + Self.dr)
        #expect(unknown.status == 2 && unknown.stderr.contains("no mark #99"), "\(unknown.stderr)")
        #expect(try p.run(["marks", "add", "--no-position"]).status == 0)
        let bare = try p.run(["fix", "--marks", "1,2,4"] + Self.dr)
        #expect(bare.status == 2 && bare.stderr.contains("mark #4 has no sight"), "\(bare.stderr)")
    }

    @Test func aSightCanBeRemovedAndPutBack() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        #expect(try p.run(["marks", "add", "--no-position"]).status == 0)
        #expect(try p.run(["marks", "sight", "1", "Vega, 43 23.8"]).status == 0)
        let removed = try p.run(["marks", "sight", "1", "--remove"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("removed the sight on #1 (Vega, Hs 43° 23.8′)"), "\(removed.stdout)")
        #expect(removed.stderr.contains("timedeck marks sight 1 \"Vega, 43 23.8\""), "\(removed.stderr)")
        let again = try p.run(["marks", "sight", "1", "--remove"])
        #expect(again.status == 2 && again.stderr.contains("has no sight"), "\(again.stderr)")
        #expect(try p.run(["marks", "sight", "1", "Vega, 43 23.8"]).status == 0)
        let both = try p.run(["marks", "sight", "1", "Vega, 43 23.8", "--remove"])
        #expect(both.status == 2)
    }

    @Test func polarNightPlansStarsAllDayAndPolarDaySunLinesOnly() throws {
        // Issue 32 item 7: no civil twilight is a plan, not an error.
        let p = try MarksProcess()
        defer { p.remove() }
        let night = try p.run(["sights", "plan", "--dr", "78 N, 15 E", "--at", "2024-12-21T00:00:00Z"])
        #expect(night.status == 0, "\(night.stderr)")
        #expect(night.stdout.contains("polar night") && night.stdout.contains("stars all day")
                && !night.stdout.contains("Sun lines only"), "\(night.stdout)")
        let nightJSON = try FixCLITests.json(p.run(["sights", "plan", "--dr", "78 N, 15 E", "--at", "2024-12-21T00:00:00Z",
                                                    "--json"]).stdout)
        #expect(nightJSON["twilight"] as? String == "polarNight")
        let stars = try #require(nightJSON["bodies"] as? [[String: Any]])
        #expect(stars.count >= 4 && !stars.contains { $0["body"] as? String == "Sun" })
        let nightDay = try #require(nightJSON["day"] as? [String: Any])
        #expect(nightDay["polar"] as? String == "night")
        let nightEvents = try #require(nightJSON["events"] as? [String: Any])
        #expect(nightEvents["sunrise"] is NSNull && nightEvents["meridianPassage"] is String)

        let day = try p.run(["sights", "plan", "--dr", "78 N, 15 E", "--at", "2024-06-21T00:00:00Z", "--json"])
        #expect(day.status == 0, "\(day.stderr)")
        let dayJSON = try FixCLITests.json(day.stdout)
        #expect(dayJSON["twilight"] as? String == "polarDay" && dayJSON["utc"] is NSNull)
        #expect((dayJSON["bodies"] as? [Any])?.isEmpty == true)
        #expect((dayJSON["polar"] as? String)?.contains("Sun lines only") == true)
        #expect((dayJSON["day"] as? [String: Any])?["polar"] as? String == "day")
    }
}
