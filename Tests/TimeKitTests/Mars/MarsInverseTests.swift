import TestSupport
import Foundation
import Testing
@testable import TimeKit

/// Mars time to Earth time (issue 13): forward then inverse gives the
/// instant back; sol boundaries, the 24-hour wrap, mission conventions and
/// published landing times.
@Suite struct MarsInverseTests {
    static let leap = LeapSecondTable.builtIn

    static func clock(_ unixSeconds: Double, _ lon: Double) -> MarsClock {
        MarsClock(unixSeconds: unixSeconds, ttMinusUTCSeconds: leap.ttMinusUTC(atUnixSeconds: unixSeconds), longitudeEast: lon)
    }

    static func site(_ name: String) throws -> MarsSite {
        try #require(try MarsSiteLibrary.bundled().site(named: name))
    }

    static func missionSol(_ site: MarsSite, at unixSeconds: Double) throws -> Int {
        let landing = try #require(site.landingUnixSeconds)
        return try #require(site.missionSol(at: clock(unixSeconds, site.longitudeEast),
                                            landingTTMinusUTCSeconds: leap.ttMinusUTC(atUnixSeconds: landing)))
    }

    /// Signed difference of two clock readings in Mars seconds, across the wrap.
    static func clockDifference(_ a: Double, _ b: Double) -> Double {
        var d = (a - b).truncatingRemainder(dividingBy: 24)
        if d > 12 { d -= 24 } else if d < -12 { d += 24 }
        return d * 3600
    }

    // MARK: Property: forward then inverse

    @Test func lmstRoundTripOverThousandsOfRandomInstantsAndLongitudes() throws {
        var rng = SplitMix64(seed: 13)
        let sites = try MarsSiteLibrary.bundled().sites
        var worst = 0.0
        for i in 0..<5_000 {
            // 1900–2100, any longitude or a library site.
            let t = Double.random(in: -2_208_988_800...4_102_444_800, using: &rng)
            let lon = i % 3 == 0 ? sites[i % sites.count].longitudeEast : Double.random(in: -180...180, using: &rng)
            let c = Self.clock(t, lon)
            let query = MarsTimeQuery(site: nil, longitudeEast: lon, sol: Int(c.localMarsSolDate.rounded(.down)),
                                      time: MarsLocalTime(kind: .mean, hours: c.localMeanSolarTime))
            let answer = try MarsInverse.answer(query, leapSeconds: Self.leap)
            worst = max(worst, abs(answer.unixSeconds - t))
            #expect(abs(answer.exactUnixSeconds - t) < 1e-5, "t=\(t) lon=\(lon)")
        }
        #expect(worst <= 0.001)
    }

    @Test func ltstRoundTripOverThousandsOfRandomInstantsAndSites() throws {
        var rng = SplitMix64(seed: 1700)
        let sites = try MarsSiteLibrary.bundled().sites
        var worst = 0.0
        for i in 0..<5_000 {
            let t = Double.random(in: -2_208_988_800...4_102_444_800, using: &rng)
            let site = sites[i % sites.count]
            let c = Self.clock(t, site.longitudeEast)
            let query = MarsTimeQuery(site: nil, longitudeEast: site.longitudeEast, sol: Int(c.localMarsSolDate.rounded(.down)),
                                      time: MarsLocalTime(kind: .solar, hours: c.localTrueSolarTime))
            let exact = MarsInverse.unixSecondsForLTST(localSol: query.sol, hours: c.localTrueSolarTime,
                                                       longitudeEast: site.longitudeEast, leapSeconds: Self.leap)
            // t is one of the solutions (a second one only near mean midnight).
            let nearest = try #require(exact.min { abs($0 - t) < abs($1 - t) }, "t=\(t) \(site.name)")
            #expect(abs(nearest - t) < 1e-5, "t=\(t) \(site.name)")
            if exact.count == 1 {
                let answer = try MarsInverse.answer(query, leapSeconds: Self.leap)
                worst = max(worst, abs(answer.unixSeconds - t))
            }
        }
        #expect(worst <= 0.001)
    }

    @Test func missionSolRoundTripGivesBackTheSolAndTimeFromTheForwardReport() throws {
        var rng = SplitMix64(seed: 2012)
        for name in ["Curiosity", "Perseverance", "Opportunity", "Spirit", "Viking 1", "Pathfinder", "InSight", "Zhurong"] {
            let site = try Self.site(name)
            let landing = try #require(site.landingUnixSeconds)
            for _ in 0..<300 {
                let sol = Int.random(in: (site.firstSol ?? 0)...4_000, using: &rng)
                let kind: MarsLocalTime.Kind = Bool.random(using: &rng) ? .mean : .solar
                let hours = Double.random(in: 0..<24, using: &rng)
                let query = MarsTimeQuery(site: site, sol: sol, time: MarsLocalTime(kind: kind, hours: hours))
                let answer: MarsInverseAnswer
                do { answer = try MarsInverse.answer(query, leapSeconds: Self.leap) } catch {
                    // Only an LTST a few Mars seconds from the sol's edge may be absent.
                    #expect(kind == .solar, "\(name) sol \(sol) \(hours)")
                    continue
                }
                let c = Self.clock(answer.unixSeconds, site.longitudeEast)
                #expect(try Self.missionSol(site, at: answer.unixSeconds) == sol, "\(name) sol \(sol) \(kind) \(hours)")
                let shown = kind == .mean ? c.localMeanSolarTime : c.localTrueSolarTime
                let error = Self.clockDifference(shown, hours)
                #expect(error >= -3e-6 && error <= 0.001, "\(name) sol \(sol) \(kind) \(hours): \(error) s")
                #expect(answer.unixSeconds > landing - 2 * 88_775.244, "\(name) sol \(sol)")
            }
        }
    }

    @Test func roundTripAcrossALeapSecond() throws {
        // 2017-01-01T00:00:00Z, when TAI − UTC became 37 s: instants either
        // side come back (the leap second itself has no Unix time).
        let leapStart = 1_483_228_800.0
        for offset in stride(from: -3.0, through: 3.0, by: 0.125) {
            let t = leapStart + offset
            let c = Self.clock(t, 77.4508)
            let answer = try MarsInverse.answer(MarsTimeQuery(site: nil, longitudeEast: 77.4508, sol: Int(c.localMarsSolDate.rounded(.down)),
                                                              time: MarsLocalTime(kind: .mean, hours: c.localMeanSolarTime)),
                                                leapSeconds: Self.leap)
            #expect(abs(answer.unixSeconds - t) <= 0.001, "offset \(offset)")
        }
    }

    // MARK: Sol boundaries and the wrap

    @Test(arguments: [-133.8, -47.95, 0.0, 77.4508, 137.4417, 180.0])
    func lmstMidnightStartsTheAskedSolAndTheLastSecondEndsIt(lon: Double) throws {
        for sol in [44_796, 52_000, 53_500] {
            let start = try MarsInverse.answer(MarsTimeQuery(site: nil, longitudeEast: lon, sol: sol,
                                                             time: MarsLocalTime(kind: .mean, hours: 0)), leapSeconds: Self.leap)
            let c = Self.clock(start.unixSeconds, lon)
            #expect(Int(c.localMarsSolDate.rounded(.down)) == sol)
            #expect(FixedText.clock(hours: c.localMeanSolarTime) == "00:00:00")
            // One millisecond earlier is the previous sol.
            let before = Self.clock(start.unixSeconds - 0.001, lon)
            #expect(Int(before.localMarsSolDate.rounded(.down)) == sol - 1)

            let end = try MarsInverse.answer(MarsTimeQuery(site: nil, longitudeEast: lon, sol: sol,
                                                           time: try MarsLocalTime.parse("23:59:59.999", kind: .mean)),
                                             leapSeconds: Self.leap)
            let e = Self.clock(end.unixSeconds, lon)
            #expect(Int(e.localMarsSolDate.rounded(.down)) == sol)
            #expect(FixedText.clock(hours: e.localMeanSolarTime) == "23:59:59")
            // A whole mean sol apart, to the millisecond.
            #expect(abs(Double(end.unixMilliseconds - start.unixMilliseconds) / 1000 - (Mars24.secondsPerSol - 0.001 * 1.027_491_251_7)) < 0.002)
        }
    }

    @Test func consecutiveSolsAreOneMeanSolApart() throws {
        let site = try Self.site("Perseverance")
        let time = try MarsLocalTime.parse("13:00", kind: .mean)
        var previous: Int64?
        for sol in 1_700..<1_710 {
            let a = try MarsInverse.answer(MarsTimeQuery(site: site, sol: sol, time: time), leapSeconds: Self.leap)
            if let previous { #expect(abs(Double(a.unixMilliseconds - previous) / 1000 - Mars24.secondsPerSol) <= 0.001) }
            previous = a.unixMilliseconds
        }
    }

    @Test func ltstAcrossTheWrapBelongsToTheMeanSolAsked() throws {
        // LTST 00:05 and 23:55 lie in the mean sol asked for, whichever way
        // the equation of time shifts them (it is ± tens of minutes).
        for lon in [-5.5266, 77.4508, 137.4417] {
            for sol in stride(from: 52_000, to: 52_700, by: 37) {
                for text in ["00:05", "23:55", "00:45", "23:15"] {
                    let time = try MarsLocalTime.parse(text, kind: .solar)
                    let query = MarsTimeQuery(site: nil, longitudeEast: lon, sol: sol, time: time)
                    guard let answer = try? MarsInverse.answer(query, leapSeconds: Self.leap) else { continue }
                    let c = Self.clock(answer.unixSeconds, lon)
                    #expect(Int(c.localMarsSolDate.rounded(.down)) == sol, "\(lon) \(sol) \(text)")
                    let error = Self.clockDifference(c.localTrueSolarTime, time.hours)
                    #expect(error >= -3e-6 && error <= 0.001, "\(lon) \(sol) \(text): \(error)")
                }
            }
        }
    }

    @Test func ltstNearMidnightCanOccurTwiceOrNotAtAllInOneMeanSol() throws {
        // Over a mean sol LTST runs from s (its value at the sol's start) to
        // s + 24 h + ΔEOT: a second after s occurs twice when EOT grew by
        // more than a second, a second before s never when it shrank. Scan
        // a Mars year at Airy-0: both happen, and every answer is checked.
        var twice = 0, never = 0
        for sol in 52_000..<52_669 {
            let start = MarsInverse.unixSecondsForLMST(localSol: sol, hours: 0, longitudeEast: 0, leapSeconds: Self.leap)
            let s = Self.clock(start, 0).localTrueSolarTime
            for (offset, isAfter) in [(1.0, true), (-1.0, false)] {
                let target = Mars24.normalizedHours(s + offset / 3600)
                let found = MarsInverse.unixSecondsForLTST(localSol: sol, hours: target, longitudeEast: 0, leapSeconds: Self.leap)
                for t in found {
                    #expect(Int(Self.clock(t, 0).localMarsSolDate.rounded(.down)) == sol)
                    #expect(abs(Self.clockDifference(Self.clock(t, 0).localTrueSolarTime, target)) < 1e-4)
                }
                #expect(isAfter ? (1...2).contains(found.count) : (0...1).contains(found.count))
                if found.count == 2 {
                    twice += 1
                    let answer = try MarsInverse.answer(MarsTimeQuery(site: nil, longitudeEast: 0, sol: sol,
                                                                      time: MarsLocalTime(kind: .solar, hours: target)), leapSeconds: Self.leap)
                    #expect(answer.laterOccurrence != nil)
                    #expect(abs(answer.unixSeconds - found[0]) <= 0.001)
                }
                if found.isEmpty {
                    never += 1
                    #expect(!isAfter)
                    #expect(throws: MarsInverseError.solarTimeNotOnSol(time: MarsLocalTime(kind: .solar, hours: target).text, sol: sol)) {
                        try MarsInverse.answer(MarsTimeQuery(site: nil, longitudeEast: 0, sol: sol,
                                                             time: MarsLocalTime(kind: .solar, hours: target)), leapSeconds: Self.leap)
                    }
                }
            }
        }
        #expect(twice > 50)
        #expect(never > 50)
    }

    // MARK: Missions: sol 0 versus sol 1

    @Test func landingSolIsZeroForCuriosityAndOneForOpportunity() throws {
        for (name, first) in [("Curiosity", 0), ("Perseverance", 0), ("Viking 1", 0), ("Opportunity", 1), ("Spirit", 1), ("Pathfinder", 1)] {
            let site = try Self.site(name)
            #expect(site.firstSol == first)
            let landing = try #require(site.landingUnixSeconds)
            let lmst = Self.clock(landing, site.longitudeEast).localMeanSolarTime
            // The landing instant, asked as (first sol, landing LMST).
            let answer = try MarsInverse.answer(MarsTimeQuery(site: site, sol: first, time: MarsLocalTime(kind: .mean, hours: lmst)),
                                                leapSeconds: Self.leap)
            #expect(abs(answer.unixSeconds - landing) <= 0.001, "\(name)")
            #expect(throws: MarsInverseError.beforeMission(site: site.name, sol: first - 1, firstSol: first)) {
                try MarsInverse.answer(MarsTimeQuery(site: site, sol: first - 1, time: MarsLocalTime(kind: .mean, hours: 12)),
                                       leapSeconds: Self.leap)
            }
        }
    }

    // MARK: Published anchors

    /// Curiosity's mission clock: "UT 2012-08-05 13:50:00 … should [be]
    /// mission time 00:00 on Sol 0 … off by about 7-8 seconds [when] using
    /// the landing longitude … rather than the planned longitude" (JPL's
    /// advice, quoted in Wikipedia's Template:Curiosity Mission Timer/doc).
    /// Our site is the landing longitude.
    @Test func curiositySolZeroBeganAt1350UTCOnAugust5() throws {
        let answer = try MarsInverse.answer(MarsTimeQuery(site: try Self.site("Curiosity"), sol: 0,
                                                          time: MarsLocalTime(kind: .mean, hours: 0)), leapSeconds: Self.leap)
        let published = try InstantParser.parse("2012-08-05T13:50:00Z").unixSeconds
        #expect(abs(answer.unixSeconds - published) < 10)
    }

    /// Curiosity landed "about 15:00 local time" on sol 0 (Mars24 figures
    /// quoted at decimaltime.hynes.net, 2012-08); Perseverance "at about
    /// 3:53 pm local time" on sol 0 (Mars 2020 team, landing-day thread).
    /// The library holds Perseverance's Earth-received time (docs/DATA.md);
    /// touchdown on Mars was one light time earlier, "11 minutes, 22
    /// seconds" (NASA Mars 2020 blog, 2021-02-18).
    @Test(arguments: [("Curiosity", 15.0, 0.25, 0.0), ("Perseverance", 15.0 + 53.0 / 60, 0.02, 682.0)])
    func landingLocalMeanSolarTimes(name: String, lmst: Double, tolerance: Double, lightTime: Double) throws {
        let site = try Self.site(name)
        let landing = try #require(site.landingUnixSeconds) - lightTime
        #expect(abs(Self.clock(landing, site.longitudeEast).localMeanSolarTime - lmst) < tolerance)
        #expect(try Self.missionSol(site, at: landing) == 0)
        // And back: sol 0 at that published time is within the tolerance of touchdown.
        let answer = try MarsInverse.answer(MarsTimeQuery(site: site, sol: 0, time: MarsLocalTime(kind: .mean, hours: lmst)),
                                            leapSeconds: Self.leap)
        #expect(abs(answer.unixSeconds - landing) < tolerance * 3600 * 1.0275)
    }

    // MARK: Parsing clock times

    @Test(arguments: ["24:00", "24:00:00", "23:60", "12:00:60", "7", "12:5", "-1:00", "12:00:00.", "ab:cd", ""])
    func impossibleMarsClockTimesAreRejected(text: String) {
        #expect(throws: InputError.self) { try MarsLocalTime.parse(text, kind: .solar) }
    }

    @Test func clockTimesParse() throws {
        #expect(try MarsLocalTime.parse("13:00", kind: .mean).hours == 13)
        #expect(try MarsLocalTime.parse("7:05:30", kind: .mean).hours == 7 + 5.0 / 60 + 30.0 / 3600)
        #expect(try MarsLocalTime.parse("23:59:59.5", kind: .solar).hours == 23 + 59.0 / 60 + 59.5 / 3600)
        let error = #expect(throws: InputError.self) { try MarsLocalTime.parse("24:00", kind: .solar) }
        #expect(error?.description.contains("24:00 does not exist") == true)
    }
}
