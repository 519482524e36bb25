import Foundation
import Testing
@testable import TimeKit

@Suite struct MarsSiteTests {
    static func library() throws -> MarsSiteLibrary { try MarsSiteLibrary.bundled() }

    /// Mission sol at a UTC instant, with the built-in leap-second table.
    static func missionSol(_ name: String, at iso: String) throws -> Int? {
        let lib = try library()
        let site = try #require(lib.site(named: name))
        let t = try InstantParser.parse(iso).unixSeconds
        let leap = LeapSecondTable.builtIn
        let clock = MarsClock(unixSeconds: t, ttMinusUTCSeconds: leap.ttMinusUTC(atUnixSeconds: t),
                              longitudeEast: site.longitudeEast)
        let landing = try #require(site.landingUnixSeconds)
        return site.missionSol(at: clock, landingTTMinusUTCSeconds: leap.ttMinusUTC(atUnixSeconds: landing))
    }

    @Test func bundledLibraryHasTheIssuesSites() throws {
        let names = try Self.library().sites.map(\.name)
        #expect(names == ["Airy-0", "Viking 1", "Viking 2", "Pathfinder", "Spirit", "Opportunity", "Phoenix",
                          "Curiosity", "InSight", "Perseverance", "Zhurong", "Olympus Mons"])
        for site in try Self.library().sites {
            #expect(site.longitudeEast > -180 && site.longitudeEast <= 180, "\(site.name)")
            #expect(abs(site.latitude) <= 90)
            if site.isMission { #expect(site.landingUnixSeconds != nil, "\(site.name)") }
        }
    }

    @Test func ids_names_and_aliasesAreUnique() throws {
        // Within a site id and name may fold alike; across sites no key may.
        let perSite = try Self.library().sites.map { Set(([$0.id, $0.name] + $0.aliases).map(MarsSiteLibrary.fold)) }
        let all = perSite.flatMap { $0 }
        #expect(Set(all).count == all.count)
    }

    @Test(arguments: [("curiosity", "Curiosity"), ("GALE", "Curiosity"), ("jezero", "Perseverance"),
                      ("viking-1", "Viking 1"), ("Viking1", "Viking 1"), ("olympus mons", "Olympus Mons"),
                      ("airy", "Airy-0"), ("MER-B", "Opportunity")])
    func findsByNameOrAlias(query: String, name: String) throws {
        #expect(try Self.library().site(named: query)?.name == name)
    }

    @Test func suggestsNearestNames() throws {
        let lib = try Self.library()
        #expect(lib.site(named: "curiositty") == nil)
        #expect(lib.suggestions(for: "curiositty").first == "Curiosity")
        #expect(lib.suggestions(for: "persev").first == "Perseverance")
        #expect(lib.suggestions(for: "vikng 2").first == "Viking 2")
        #expect(lib.suggestions(for: "zzz").count == 3)
    }

    // Published mission sols (NASA/JPL mission pages and press releases):
    @Test func opportunityLastContactWasSol5111() throws {
        #expect(try Self.missionSol("Opportunity", at: "2018-06-10T12:00:00Z") == 5111)
    }

    @Test func spiritLastContactWasSol2210() throws {
        #expect(try Self.missionSol("Spirit", at: "2010-03-22T12:00:00Z") == 2210)
    }

    @Test func ingenuityFirstFlightWasPerseveranceSol58() throws {
        // Flight at 07:34 UTC on 2021-04-19, which NASA gave as 12:33 LMST.
        #expect(try Self.missionSol("Perseverance", at: "2021-04-19T07:34:00Z") == 58)
        let jezero = MarsClock(unixSeconds: 1_618_817_640, ttMinusUTCSeconds: 69.184, longitudeEast: 77.4508)
        #expect(FixedText.clock(hours: jezero.localMeanSolarTime).hasPrefix("12:33"))
    }

    @Test func curiosityReachedSol3000OnTuesday12January2021PacificTime() throws {
        // NASA/JPL: "Curiosity marked 3,000 sols on Tuesday (Jan. 12)" (2021),
        // a US Pacific date: sol 3000 began within 2021-01-12T08:00Z ..< 01-13T08:00Z.
        #expect(try Self.missionSol("Curiosity", at: "2021-01-12T08:00:00Z") == 2999)
        #expect(try Self.missionSol("Curiosity", at: "2021-01-13T07:59:59Z") == 3000)
        // And the panorama "taken on Nov. 18, 2020, the 2,946th sol" (Pacific date).
        #expect(try Self.missionSol("Curiosity", at: "2020-11-18T20:00:00Z") == 2946)
    }

    @Test func pathfinderLastTransmissionWasSol83() throws {
        #expect(try Self.missionSol("Pathfinder", at: "1997-09-27T10:23:00Z") == 83)
    }

    @Test func landingSolIsTheFirstSol() throws {
        #expect(try Self.missionSol("Perseverance", at: "2021-02-18T20:55:00Z") == 0)
        #expect(try Self.missionSol("Curiosity", at: "2012-08-06T05:17:57Z") == 0)
        #expect(try Self.missionSol("Spirit", at: "2004-01-04T04:35:00Z") == 1)
    }

    @Test func solsBeginAtLocalMeanMidnight() throws {
        // Perseverance sol 0 began at local mean midnight on 2021-02-18 near
        // 05:2x UTC (the table in MarsTableTests shows sol -1 at 03:00 and 0 at 06:00).
        let lib = try Self.library()
        let site = try #require(lib.site(named: "perseverance"))
        let leap = LeapSecondTable.builtIn
        var t = try InstantParser.parse("2021-02-18T03:00:00Z").unixSeconds
        var previous = try #require(try Self.missionSol("Perseverance", at: "2021-02-18T03:00:00Z"))
        var changes = 0
        while t < 1_613_700_000 {
            t += 60
            let clock = MarsClock(unixSeconds: t, ttMinusUTCSeconds: 69.184, longitudeEast: site.longitudeEast)
            let sol = try #require(site.missionSol(at: clock, landingTTMinusUTCSeconds: leap.ttMinusUTC(atUnixSeconds: t)))
            if sol != previous {
                changes += 1
                // The change happens in the minute LMST wraps past 00:00.
                #expect(clock.localMeanSolarTime < 60.0 * 1.03 / 3600)
            }
            previous = sol
        }
        #expect(changes == 1)
    }

    @Test func landmarksHaveNoMissionSol() throws {
        let olympus = try #require(try Self.library().site(named: "Olympus Mons"))
        let clock = MarsClock(unixSeconds: 0, ttMinusUTCSeconds: 42.184, longitudeEast: olympus.longitudeEast)
        #expect(olympus.missionSol(at: clock, landingTTMinusUTCSeconds: 0) == nil)
        #expect(!olympus.isMission)
    }

    @Test func rejectsInvalidJSON() {
        #expect(throws: MarsSiteLibrary.LoadError.self) { try MarsSiteLibrary.parse(Data("{".utf8)) }
    }

    /// The landing instant is read once, when the text is set, and follows
    /// every way the text can change: the initializer, a later assignment,
    /// decoding; the encoded form is the text alone (the library's format).
    @Test func landingInstantFollowsItsText() throws {
        var site = MarsSite(id: "x", name: "X", latitude: 0, longitudeEast: 0, landingUTC: "2021-02-18T20:55:00Z", firstSol: 0)
        #expect(site.landingUnixSeconds == 1_613_681_700)
        site.landingUTC = "2012-08-06T05:17:57Z"
        #expect(site.landingUnixSeconds == 1_344_230_277)
        site.landingUTC = "not an instant"
        #expect(site.landingUnixSeconds == nil && site.isMission)
        site.landingUTC = nil
        #expect(site.landingUnixSeconds == nil && !site.isMission)
        for original in try Self.library().sites {
            let data = try JSONEncoder().encode(original)
            let keys = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys
            #expect(!keys.contains("landingUnixSeconds"), "\(original.name): \(keys.sorted())")
            let decoded = try JSONDecoder().decode(MarsSite.self, from: data)
            #expect(decoded == original && decoded.landingUnixSeconds == original.landingUnixSeconds, "\(original.name)")
            if let text = original.landingUTC {
                #expect(decoded.landingUnixSeconds == (try? InstantParser.parse(text).unixSeconds), "\(original.name)")
            }
        }
    }

    /// The remembered parse is the parse of the file's current bytes: the
    /// same library every time, equal to parsing the file afresh.
    @Test func bundledIsTheFilesParse() throws {
        let fresh = try MarsSiteLibrary.parse(Data(contentsOf: try ResourceLocator.url(for: "mars-sites.json")))
        #expect(try MarsSiteLibrary.bundled() == fresh)
        #expect(try MarsSiteLibrary.bundled() == fresh)
    }
}
