import Foundation
import Testing
@testable import TimeKit

/// Issue 13: the user's own sites from the config, and the sol schedule.
@Suite struct MarsSiteConfigAndScheduleTests {
    static let config = """
        [mars]
        site = "Ares 3"

        [mars-site-ares3]
        name = "Ares 3"
        longitude = -31.3      # Acidalia Planitia
        latitude = 31.2
        landing = "2035-11-07T12:00:00Z"
        first_sol = 1
        aliases = ["acidalia", "hab"]

        [mars-site-dome]
        longitude = 200
        """

    @Test func siteTablesBecomeSites() throws {
        let (settings, problems) = Settings.parse(Self.config)
        #expect(problems.isEmpty)
        #expect(settings.marsSite == "Ares 3")
        #expect(settings.marsSites == [
            MarsSite(id: "ares3", name: "Ares 3", aliases: ["acidalia", "hab"], latitude: 31.2, longitudeEast: -31.3,
                     landingUTC: "2035-11-07T12:00:00Z", firstSol: 1),
            MarsSite(id: "dome", name: "dome", latitude: 0, longitudeEast: -160),
        ])
    }

    @Test(arguments: [
        ("[mars-site-x]\nlatitude = 3", "needs a longitude"),
        ("[mars-site-x]\nlongitude = 400", "between -180 and 360"),
        ("[mars-site-x]\nlongitude = 10\nlatitude = 95", "between -90 and 90"),
        ("[mars-site-x]\nlongitude = 10\nlanding = \"yesterday\"", "invalid instant"),
        ("[mars-site-x]\nlongitude = 10\nfirst_sol = 1", "needs a landing"),
        ("[mars-site-x]\nlongitude = 10\nlanding = \"2030-01-01T00:00Z\"\nfirst_sol = 2", "0 or 1"),
        ("[mars-site-x]\nlongitude = 10\ncolour = \"red\"", "unknown key 'colour'"),
        ("[mars-site-x]\nlongitude = \"10\"", "expected a number"),
    ])
    func aBadSiteTableIsSetAsideAlone(text: String, message: String) throws {
        let (settings, problems) = Settings.parse(text + "\n[mars-site-ok]\nlongitude = 5\n[display]\nclock = \"12h\"\n")
        #expect(problems.count == 1)
        #expect(problems.first?.description.contains(message) == true, "\(problems)")
        #expect(settings.marsSites.map(\.id) == ["ok"])
        #expect(settings.clock == .twelveHour)
    }

    @Test func aConfigSiteWithALibraryNameIsLeftOut() throws {
        let library = try MarsSiteLibrary.bundled()
        let mine = [MarsSite(id: "gale", name: "Gale camp", latitude: 0, longitudeEast: 137),
                    MarsSite(id: "ares3", name: "Ares 3", latitude: 31, longitudeEast: -31)]
        let merged = library.adding(mine)
        #expect(merged.library.sites.count == library.sites.count + 1)
        #expect(merged.library.site(named: "hab") == nil)
        #expect(merged.library.site(named: "ares 3")?.id == "ares3")
        #expect(merged.clashes.map(\.taken) == ["Curiosity"])
    }

    @Test func aConfigMissionConvertsLikeALibraryOne() throws {
        let site = try #require(Settings.parse(Self.config).settings.marsSites.first)
        let landing = try #require(site.landingUnixSeconds)
        let leap = LeapSecondTable.builtIn
        // Sol 1 (its first) at the landing's LMST is the landing instant.
        let lmst = MarsClock(unixSeconds: landing, ttMinusUTCSeconds: leap.ttMinusUTC(atUnixSeconds: landing),
                             longitudeEast: site.longitudeEast).localMeanSolarTime
        let answer = try MarsInverse.answer(MarsTimeQuery(site: site, sol: 1, time: MarsLocalTime(kind: .mean, hours: lmst)),
                                            leapSeconds: leap)
        #expect(abs(answer.unixSeconds - landing) <= 0.001)
    }

    // MARK: Schedule

    static func schedule(count: Int, places: [String], time: String = "13:00") throws -> MarsSchedule {
        let db = try PlaceDatabase.bundled()
        let site = try #require(try MarsSiteLibrary.bundled().site(named: "Perseverance"))
        return MarsSchedule(query: MarsTimeQuery(site: site, sol: 1700, time: try MarsLocalTime.parse(time, kind: .mean)),
                            count: count, places: try places.map { try #require(db.bestMatch($0)).place },
                            leapSeconds: .builtIn)
    }

    @Test func eachRowIsTheInverseOfItsSolWithEachPlacesClock() throws {
        let s = try Self.schedule(count: 30, places: ["London, GB", "Houston", "Tokyo"])
        let rows = try s.rows()
        #expect(rows.map(\.sol) == Array(1700..<1730))
        for row in rows {
            guard case .success(let found) = row.result else { Issue.record("sol \(row.sol) missing"); continue }
            #expect(found.missionSol == row.sol)
            #expect(FixedText.clock(hours: found.clock.localMeanSolarTime) == "13:00:00")
            #expect(found.places.map(\.place.zoneIdentifier) == ["Europe/London", "America/Chicago", "Asia/Tokyo"])
            for p in found.places {
                let zone = try #require(TimeZone(identifier: p.place.zoneIdentifier))
                let reading = ZoneClock.reading(Date(timeIntervalSince1970: found.answer.unixSeconds), in: zone)
                #expect(p.reading == reading)
                #expect(p.good == (reading.wall.hour >= 6))
            }
        }
        // Mars time slides ~40 minutes a sol against Earth: bad sols appear in Houston.
        #expect(rows.contains { if case .success(let f) = $0.result { !f.places[1].good } else { false } })
    }

    @Test func jsonRowsAreForwardReportsWithPlaces() throws {
        let s = try Self.schedule(count: 2, places: ["London, GB"])
        let rows = try s.rows()
        let text = try #require(s.json(rows[0]))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        for key in MarsClock.jsonKeys + ["site", "missionSol", "places"] { #expect(object[key] != nil, "\(key)") }
        let places = try #require(object["places"] as? [[String: Any]])
        #expect(places.count == 1)
        for key in ["name", "zone", "local", "period", "good"] { #expect(places[0][key] != nil, "\(key)") }
        #expect(places[0]["zone"] as? String == "Europe/London")
        #expect(object["missionSol"] as? Int == 1700)
    }

    @Test func csvIsOneLinePerSolAndPlace() throws {
        let s = try Self.schedule(count: 3, places: ["London, GB", "Tokyo"])
        let lines = try s.rows().flatMap(s.csvLines)
        #expect(lines.count == 6)
        #expect(lines.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 12 })  // + sunrise, sunset, ert (issue 33)
        #expect(lines[0].hasPrefix("1700,") && lines[0].contains(",13:00:00,") && lines[0].contains(",London,Europe/London,"))
        #expect(MarsSchedule.csvField("London, GB") == "\"London, GB\"")
    }

    @Test func aScheduleStartingBeforeTheMissionIsRefused() throws {
        let site = try #require(try MarsSiteLibrary.bundled().site(named: "Opportunity"))
        let s = MarsSchedule(query: MarsTimeQuery(site: site, sol: 0, time: MarsLocalTime(kind: .mean, hours: 12)),
                             count: 5, places: [], leapSeconds: .builtIn)
        #expect(throws: MarsInverseError.beforeMission(site: "Opportunity", sol: 0, firstSol: 1)) { try s.rows() }
    }

    @Test func goToTextParses() throws {
        let q = try MarsTimeQuery.parse("sol 1700 06:30 LTST", site: nil, longitudeEast: 20)
        #expect(q.sol == 1700 && q.time == MarsLocalTime(kind: .solar, hours: 6.5) && q.longitudeEast == 20)
        #expect(try MarsTimeQuery.parse("12 13:00", site: nil, longitudeEast: 0).time.kind == .mean)
        #expect(throws: InputError.self) { try MarsTimeQuery.parse("13:00", site: nil, longitudeEast: 0) }
        #expect(throws: InputError.self) { try MarsTimeQuery.parse("x 13:00", site: nil, longitudeEast: 0) }
    }
}
