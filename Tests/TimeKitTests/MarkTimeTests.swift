import Foundation
import Testing
@testable import TimeKit

/// Unix seconds for a UTC calendar instant, computed independently of the
/// code under test (Foundation's Gregorian calendar).
func unix(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> TimeInterval {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    let date = calendar.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s))
    return date?.timeIntervalSince1970 ?? .nan
}

@Suite struct MarkTimeTests {
    @Test func clockTextUsesDayOfMonthAndPadsFields() {
        // 2026-11-21T23:47:12Z, checked with Python's datetime.
        #expect(MarkTime.clock(Date(timeIntervalSince1970: 1_795_304_832)) == "21d 23h 47m 12s")
        #expect(MarkTime.clock(Date(timeIntervalSince1970: unix(2026, 3, 5, 4, 3, 2))) == "05d 04h 03m 02s")
    }

    @Test func clockTruncatesTheFractionOfASecond() {
        let t = unix(2026, 11, 21, 23, 47, 12) + 0.999
        #expect(MarkTime.clock(Date(timeIntervalSince1970: t)) == "21d 23h 47m 12s")
    }

    @Test func markShowsMilliseconds() {
        let t = unix(2026, 11, 12, 13, 1, 46) + 0.654
        #expect(MarkTime.mark(Date(timeIntervalSince1970: t)) == "12d 13h 01m 46.654s")
    }

    @Test(arguments: [
        (0.0004, "12d 13h 01m 46.000s"),
        (0.0005, "12d 13h 01m 46.001s"),
        (0.0996, "12d 13h 01m 46.100s"),
        (0.9994, "12d 13h 01m 46.999s"),
    ])
    func markRoundsToTheNearestMillisecond(fraction: Double, expected: String) {
        let t = unix(2026, 11, 12, 13, 1, 46) + fraction
        #expect(MarkTime.mark(Date(timeIntervalSince1970: t)) == expected)
    }

    @Test func roundingNeverShowsSixtySeconds() {
        let t = unix(2026, 11, 12, 13, 1, 59) + 0.9996
        #expect(MarkTime.mark(Date(timeIntervalSince1970: t)) == "12d 13h 02m 00.000s")
    }

    @Test(arguments: [
        // (year, month, last day, expected day after rounding carries over)
        (2026, 1, 31), (2026, 2, 28), (2024, 2, 29), (2026, 4, 30), (2026, 12, 31),
    ])
    func roundingCarriesAcrossTheEndOfTheMonth(year: Int, month: Int, lastDay: Int) {
        let t = unix(year, month, lastDay, 23, 59, 59) + 0.9997
        #expect(MarkTime.mark(Date(timeIntervalSince1970: t)) == "01d 00h 00m 00.000s")
        let before = unix(year, month, lastDay, 23, 59, 59) + 0.9993
        #expect(MarkTime.mark(Date(timeIntervalSince1970: before)) == "\(lastDay)d 23h 59m 59.999s")
    }

    @Test func dateLineNamesTheWeekday() {
        #expect(MarkTime.date(Date(timeIntervalSince1970: unix(2026, 11, 21, 12))) == "Sat 2026-11-21")
        #expect(MarkTime.date(Date(timeIntervalSince1970: unix(2000, 2, 29))) == "Tue 2000-02-29")
    }

    @Test func instantsBeforeTheEpochDecompose() {
        // 1969-12-31T23:59:59.500Z
        #expect(MarkTime.mark(Date(timeIntervalSince1970: -0.5)) == "31d 23h 59m 59.500s")
        #expect(ISOInstant.milliseconds(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
    }
}

@Suite struct UTCFieldsTests {
    @Test func agreesWithFoundationOverFourCenturies() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        // Every 7,919th day from 1800 to 2200 (prime step: all weekdays and months).
        var day = unix(1800, 1, 1)
        while day < unix(2200, 1, 1) {
            let date = Date(timeIntervalSince1970: day + 45_296)
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
            let f = UTCFields(date)
            #expect([f.year, f.month, f.day, f.hour, f.minute, f.second] == [c.year, c.month, c.day, c.hour, c.minute, c.second])
            #expect(f.isoWeekday == ((c.weekday ?? 0) + 5) % 7 + 1)
            day += 7919 * 86_400
        }
    }

    @Test func isoTextWithMilliseconds() {
        let t = unix(2026, 11, 21, 23, 47, 12) + 0.045
        #expect(ISOInstant.milliseconds(Date(timeIntervalSince1970: t)) == "2026-11-21T23:47:12.045Z")
        #expect(ISOInstant.seconds(Date(timeIntervalSince1970: t)) == "2026-11-21T23:47:12Z")
    }
}

@Suite struct LocalTimeTextTests {
    @Test(arguments: [(20_700, "UTC+05:45"), (-12_600, "UTC-03:30"), (0, "UTC+00:00"), (50_400, "UTC+14:00"), (-34_200, "UTC-09:30")])
    func offsetsAreSignedHoursAndMinutes(seconds: Int, expected: String) {
        #expect(LocalTimeText.offset(seconds: seconds) == expected)
    }

    @Test func localFieldsFollowTheZone() throws {
        let kathmandu = try #require(TimeZone(identifier: "Asia/Kathmandu"))
        let date = Date(timeIntervalSince1970: unix(2026, 11, 21, 23, 47, 12))
        #expect(LocalTimeText.isoLocal(date, in: kathmandu) == "2026-11-22T05:32:12")
        #expect(LocalTimeText.weekdayTime(date, in: kathmandu) == "Sun 05:32:12")
    }
}
