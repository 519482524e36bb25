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

    /// Issue 28: the forms `--duration` and the 12-hour display use were
    /// refused by `--at` (`+1h30m`, `now`, `9am`, `9:30pm`).
    @Test func twelveHourNowAndCompoundShifts() throws {
        #expect(try CallTimeInput.parse("9am") == .wall(hour: 9, minute: 0, second: 0, date: nil))
        #expect(try CallTimeInput.parse("9:30pm") == .wall(hour: 21, minute: 30, second: 0, date: nil))
        #expect(try CallTimeInput.parse("9:30 PM") == .wall(hour: 21, minute: 30, second: 0, date: nil))
        #expect(try CallTimeInput.parse("12am") == .wall(hour: 0, minute: 0, second: 0, date: nil))
        #expect(try CallTimeInput.parse("12pm") == .wall(hour: 12, minute: 0, second: 0, date: nil))
        #expect(try CallTimeInput.parse("tomorrow 7:15am") == .dayRelative(days: 1, hour: 7, minute: 15))
        #expect(try CallTimeInput.parse("+1h30m") == .shift(amount: 90, unit: .minutes))
        #expect(try CallTimeInput.parse("-2h5m") == .shift(amount: -125, unit: .minutes))
        #expect(try CallTimeInput.parse("+1w2d") == .shift(amount: 9, unit: .days))
        #expect(try CallTimeInput.parse("now") == .now)
        let now = Date(timeIntervalSince1970: 1_772_938_800)
        let start = now.addingTimeInterval(86_400)
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        #expect(try CallTimeInput.parse("NOW").resolve(in: tokyo, now: now, current: start).instant == now)
    }

    @Test(arguments: ["", "9", "25:00", "12:60", "2026-02-30T10:00", "tomorrow", "2026-03-08T10:00+15:00",
                      "13pm", "0am", "9:60pm", "+1h30", "+1d2h", "nowish", "tomorrow 25:00"])
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
