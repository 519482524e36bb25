import Foundation
import Testing
@testable import TimeKit

@Suite struct CallPlanTests {
    let db: PlaceDatabase
    init() throws { db = try PlaceDatabase.bundled() }

    func utc(_ text: String) -> Date {
        guard case let .instant(d) = try! CallTimeInput.parse(text) else { fatalError(text) }
        return d
    }

    func plan(_ queries: [String], _ start: String) -> CallPlan {
        CallPlan(name: "t", participants: queries.map { CallParticipant(place: db.bestMatch($0)!.place) },
                 start: utc(start), createdAt: utc(start))
    }

    @Test func sliderSnapsToTheSourceQuarterHours() {
        let p = plan(["Kathmandu", "London, GB"], "2026-01-10T04:22:00Z")  // 10:07 in Kathmandu
        func ktm(_ d: Date) -> String { String(ZoneClock.reading(d, in: p.sourceZone).wall.isoText.suffix(8)) }
        #expect(ktm(p.start) == "10:07:00")
        #expect(ktm(p.moved(byMinutes: 15)) == "10:15:00")
        #expect(ktm(p.moved(byMinutes: -15)) == "10:00:00")
        #expect(ktm(p.moved(byMinutes: 60)) == "11:00:00")
        var q = p
        q.start = p.moved(byMinutes: 15)
        #expect(ktm(q.moved(byMinutes: 15)) == "10:30:00")
        #expect(ktm(q.moved(byMinutes: -15)) == "10:00:00")
        #expect(ktm(q.moved(byMinutes: -60)) == "09:15:00")
    }

    @Test func makingADestinationTheSourceKeepsLocalTimes() {
        // London Sat 15:00, Tokyo Sun 00:00, Sydney Sun 02:00.
        var p = plan(["London, GB", "Tokyo", "Sydney"], "2026-01-10T15:00:00Z")
        #expect(p.rows().map(\.dayOffset) == [0, 1, 1])
        let before = p.rows().map { $0.reading.wall }
        p.makeSource(2)
        #expect(p.source?.place.name == "Sydney")
        #expect(p.participants.map(\.place.name) == ["Sydney", "Tokyo", "London"])
        let after = p.rows()
        #expect(after.map(\.reading.wall) == [before[2], before[1], before[0]])
        #expect(after.map(\.dayOffset) == [0, 0, -1])
    }

    @Test func clockChangeWithinFourteenDays() {
        // New York springs forward 2026-03-08T07:00Z.
        let p = plan(["New York City", "London, GB"], "2026-03-01T15:00:00Z")
        #expect(p.clockChange(for: 0)?.instant == utc("2026-03-08T07:00:00Z"))
        // London's change (2026-03-29) is 28 days away.
        #expect(p.clockChange(for: 1) == nil)
        let after = plan(["New York City"], "2026-03-20T15:00:00Z")
        #expect(after.clockChange(for: 0)?.instant == utc("2026-03-08T07:00:00Z"))  // 12 days before
        #expect(plan(["Tokyo"], "2026-03-01T00:00:00Z").clockChange(for: 0) == nil)
    }

    @Test func userZoneFromTZOrLocaltime() {
        #expect(DefaultCall.userZoneIdentifier(tzVariable: "Europe/Paris", localtimeTarget: nil) == "Europe/Paris")
        #expect(DefaultCall.userZoneIdentifier(tzVariable: ":Asia/Tokyo", localtimeTarget: nil) == "Asia/Tokyo")
        #expect(DefaultCall.userZoneIdentifier(tzVariable: "", localtimeTarget: "/usr/share/zoneinfo/America/Denver")
                == "America/Denver")
        #expect(DefaultCall.userZoneIdentifier(tzVariable: nil, localtimeTarget: "/usr/share/zoneinfo/Etc/UTC") == "UTC")
        #expect(DefaultCall.userZoneIdentifier(tzVariable: "Not/AZone", localtimeTarget: nil) == nil)
    }

    @Test func firstRunCallGoesFromTheLargestCityOfTheUserZone() {
        let now = utc("2026-01-10T09:07:00Z")
        let paris = DefaultCall.make(userZone: "Europe/Paris", in: db, now: now)
        #expect(paris.participants.map(\.place.label) == ["Paris, FR", "New York City, US", "Tokyo, JP"])
        // The best hour in the next 24 h: Paris afternoon, New York morning,
        // Tokyo evening; on the quarter-hour grid, after now.
        #expect(paris.start >= now && paris.start < now.addingTimeInterval(86_400))
        #expect(paris.rows().allSatisfy { $0.good && $0.endGood == true })
        #expect(ZoneClock.reading(paris.start, in: TimeZone(identifier: "Europe/Paris")!).wall.minute % 15 == 0)
        let denver = DefaultCall.make(userZone: "America/Denver", in: db, now: now)
        #expect(denver.participants.map(\.place.label) == ["Denver, US", "London, GB", "Tokyo, JP"])
        let utcCall = DefaultCall.make(userZone: "UTC", in: db, now: now)
        #expect(utcCall.participants.first?.place == .zone("UTC"))
        #expect(utcCall.participants.count == 3)
        let sydney = DefaultCall.make(userZone: "Australia/Sydney", in: db, now: now)
        #expect(sydney.participants.map(\.place.name) == ["Sydney", "London", "New York City"])
    }
}
