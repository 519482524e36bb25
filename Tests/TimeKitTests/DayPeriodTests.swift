import Foundation
import Testing
@testable import TimeKit

@Suite struct DayPeriodTests {
    @Test(arguments: [
        (0, DayPeriod.beforeDawn), (359, .beforeDawn), (360, .breakfast), (539, .breakfast),
        (540, .morning), (719, .morning), (720, .lunch), (899, .lunch), (900, .afternoon),
        (1079, .afternoon), (1080, .dinner), (1259, .dinner), (1260, .lateNight), (1439, .lateNight),
        (1440, .beforeDawn), (-1, .lateNight),
    ])
    func boundaries(minute: Int, period: DayPeriod) {
        #expect(PeriodTable.standard.period(minuteOfDay: minute) == period)
    }

    @Test func onlyBeforeDawnIsBad() {
        #expect(DayPeriod.allCases.filter { !$0.isGood } == [.beforeDawn])
        #expect(DayPeriod.lateNight.comfort == .poor)
        #expect(DayPeriod.breakfast.comfort == .acceptable)
        #expect(DayPeriod.lunch.comfort == .workingHours)
    }

    @Test func boundariesAreData() {
        var table = PeriodTable.standard
        table.boundaries[1].startMinute = 7 * 60  // breakfast from 07:00
        #expect(table.period(minuteOfDay: 6 * 60 + 30) == .beforeDawn)
        #expect(table.period(minuteOfDay: 7 * 60) == .breakfast)
    }

    @Test func periodAtAnInstantUsesLocalTime() {
        // 2026-06-15T12:00Z is 17:45 in Kathmandu and 08:00 in New York (EDT).
        let t = Date(timeIntervalSince1970: 1_781_524_800)
        #expect(PeriodTable.standard.period(at: t, in: TimeZone(identifier: "Asia/Kathmandu")!) == .afternoon)
        #expect(PeriodTable.standard.period(at: t, in: TimeZone(identifier: "America/New_York")!) == .breakfast)
    }
}
