import Foundation
import Testing
@testable import TimeKit

@Suite struct CallTimeInputTests {
    @Test func instantsWithZones() throws {
        #expect(try CallTimeInput.parse("2026-03-08T14:00:00Z") == .instant(Date(timeIntervalSince1970: 1_772_978_400)))
        #expect(try CallTimeInput.parse("2026-03-08T15:00+01:00") == .instant(Date(timeIntervalSince1970: 1_772_978_400)))
        #expect(try CallTimeInput.parse("2026-03-08T08:15-0545") == .instant(Date(timeIntervalSince1970: 1_772_978_400)))
    }

    @Test func wallTimes() throws {
        #expect(try CallTimeInput.parse("09:30") == .wall(hour: 9, minute: 30, second: 0, date: nil))
        #expect(try CallTimeInput.parse("2026-03-08T09:30") == .wall(hour: 9, minute: 30, second: 0, date: (2026, 3, 8)))
        #expect(try CallTimeInput.parse("2026-03-08 09:30:15") == .wall(hour: 9, minute: 30, second: 15, date: (2026, 3, 8)))
    }

    @Test(arguments: ["", "9", "25:00", "12:60", "2026-02-30T10:00", "tomorrow", "2026-03-08T10:00+15:00"])
    func rejects(text: String) {
        #expect(throws: CallTimeInput.ParseError.self) { try CallTimeInput.parse(text) }
    }

    @Test func wallTimeTodayIsTheSourcePlacesToday() throws {
        // 2026-03-08T03:00Z is still Saturday the 7th in New York.
        let now = Date(timeIntervalSince1970: 1_772_938_800)
        let ny = TimeZone(identifier: "America/New_York")!
        let (instant, resolution) = try CallTimeInput.parse("09:30").resolve(in: ny, now: now)
        #expect(resolution == .exact)
        #expect(ISOInstant.seconds(instant) == "2026-03-07T14:30:00Z")
        let (gap, flag) = try CallTimeInput.parse("2026-03-08T02:30").resolve(in: ny, now: now)
        #expect(ISOInstant.seconds(gap) == "2026-03-08T07:30:00Z")
        #expect(flag == .skippedForward(gapSeconds: 3600))
    }
}
