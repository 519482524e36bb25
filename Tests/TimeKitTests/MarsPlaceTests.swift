import Foundation
import Testing
@testable import TimeKit

@Suite struct MarsPlaceTests {
    // Mars24 worked example B: 2004-01-03T13:46:31Z at 184.702°W has
    // LMST 00:51:06 (C-3: 13.165369 h − 184.702° / 15).
    let exampleB = Date(timeIntervalSince1970: 1_073_137_591)
    let site = MarsSite(id: "example-b", name: "Example B", latitude: 0, longitudeEast: -184.702)

    @Test func readingIsMars24LocalMeanSolarTime() {
        let m = MarsReading(at: exampleB, longitudeEast: -184.702)
        #expect(abs(m.localMeanSolarHours - 0.851_902) < 1e-5)
        #expect(m.clockText == "00:51")
        #expect(m.minuteOfSol == 51)
    }

    @Test func aMarsRowUsesTheSamePeriodsOnTheMarsClock() throws {
        let london = Place.zone("Europe/London")
        let rows = try #require(CallTimeRow.rows(for: [london, .mars(site)], start: exampleB, durationMinutes: 60))
        #expect(rows[0].mars == nil)
        #expect(rows[0].period == .lunch)  // 13:46 in London
        let mars = try #require(rows[1].mars)
        #expect(mars.clockText == "00:51")
        #expect(rows[1].period == .beforeDawn)
        #expect(!rows[1].good)
        #expect(rows[1].endGood == false)  // 60 Earth minutes later: still about 01:49 LMST
        #expect(rows[1].dayOffset == 0)
    }

    @Test func marsMovesWithTheCallTime() throws {
        // One Earth hour later LMST has moved by 1 h / 1.0275 (a sol is 24 h 39 m 35 s).
        let later = try #require(CallTimeRow.rows(for: [.mars(site)], start: exampleB.addingTimeInterval(3600))?.first?.mars)
        #expect(abs(later.localMeanSolarHours - (0.851_902 + 1 / 1.027_491_252)) < 1e-4)
    }

    @Test func marsPlacesHaveNoZoneAndAreLeftOutOfOptimizing() {
        let call = CallPlan(name: "m", participants: [CallParticipant(place: .zone("UTC")), CallParticipant(place: .mars(site))],
                            start: exampleB, createdAt: exampleB)
        #expect(Place.mars(site).timeZone == nil)
        #expect(Place.mars(site).isMars)
        #expect(call.zones.count == 1)
        #expect(call.clockChange(for: 1) == nil)
    }

    @Test func siteSearch() throws {
        let library = try MarsSiteLibrary.bundled()
        #expect(library.sites(matching: "jezero").map(\.name) == ["Perseverance"])
        #expect(library.sites(matching: "mars").count == library.sites.count)
        #expect(library.sites(matching: "mars curio").map(\.name) == ["Curiosity"])
        #expect(library.sites(matching: "lo").isEmpty)  // two letters: leave it to city search
    }
}
