import Foundation
import Testing
@testable import TimeKit

/// DST edges from the IANA tz database rules (tzdata `northamerica`,
/// `europe`, `australasia`), as published by timeanddate.com for 2026.
@Suite struct ZoneClockTests {
    func zone(_ id: String) -> TimeZone { TimeZone(identifier: id)! }
    func utc(_ text: String) -> Date {
        guard case let .instant(d) = try! CallTimeInput.parse(text) else { fatalError(text) }
        return d
    }
    func wall(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int) -> LocalWallTime {
        LocalWallTime(year: y, month: mo, day: d, hour: h, minute: mi)
    }

    /// (zone, instant of the change, offset before, offset after)
    @Test(arguments: [
        ("America/New_York", "2026-03-08T07:00:00Z", -5 * 3600, -4 * 3600),
        ("America/New_York", "2026-11-01T06:00:00Z", -4 * 3600, -5 * 3600),
        ("Europe/London", "2026-03-29T01:00:00Z", 0, 3600),
        ("Europe/London", "2026-10-25T01:00:00Z", 3600, 0),
        ("Australia/Sydney", "2026-04-04T16:00:00Z", 11 * 3600, 10 * 3600),
        ("Australia/Sydney", "2026-10-03T16:00:00Z", 10 * 3600, 11 * 3600),
        ("Australia/Lord_Howe", "2026-04-04T15:00:00Z", 11 * 3600, 37_800),
        ("Australia/Lord_Howe", "2026-10-03T15:30:00Z", 37_800, 11 * 3600),
        ("Pacific/Chatham", "2026-04-04T14:00:00Z", 49_500, 45_900),
        ("Pacific/Chatham", "2026-09-26T14:00:00Z", 45_900, 49_500),
        ("America/St_Johns", "2026-03-08T05:30:00Z", -12_600, -9000),
        ("America/St_Johns", "2026-11-01T04:30:00Z", -9000, -12_600),
    ])
    func transitions(id: String, at: String, before: Int, after: Int) {
        let z = zone(id)
        let t = utc(at)
        #expect(ZoneClock.reading(t.addingTimeInterval(-1), in: z).utcOffsetSeconds == before)
        #expect(ZoneClock.reading(t, in: z).utcOffsetSeconds == after)
        let next = ZoneClock.nextTransition(after: t.addingTimeInterval(-10 * 86_400), in: z)
        #expect(next == ZoneClock.Transition(instant: t, offsetBeforeSeconds: before, offsetAfterSeconds: after))
    }

    @Test(arguments: ["Asia/Kathmandu", "Pacific/Kiritimati", "Pacific/Apia"])
    func zonesWithoutDSTHaveNoNextTransition(id: String) {
        #expect(ZoneClock.nextTransition(after: utc("2026-01-01T00:00:00Z"), in: zone(id)) == nil)
    }

    @Test func fixedOffsetsReadCorrectly() {
        let t = utc("2026-06-15T12:00:00Z")
        let ktm = ZoneClock.reading(t, in: zone("Asia/Kathmandu"))
        #expect(ktm.utcOffsetSeconds == 20_700)
        #expect(ktm.wall == wall(2026, 6, 15, 17, 45))
        let kiri = ZoneClock.reading(t, in: zone("Pacific/Kiritimati"))
        #expect(kiri.utcOffsetSeconds == 14 * 3600)
        #expect(kiri.wall == wall(2026, 6, 16, 2, 0))
        #expect(ZoneClock.reading(t, in: zone("Pacific/Apia")).utcOffsetSeconds == 13 * 3600)
    }

    @Test func dayOffsetsAcrossTheDateLine() {
        let t = utc("2026-06-15T11:30:00Z")
        // Kiritimati 01:30 on the 16th; UTC−12 23:30 on the 14th.
        #expect(ZoneClock.dayOffset(t, in: zone("Pacific/Kiritimati"), relativeTo: zone("Etc/GMT+12")) == 2)
        #expect(ZoneClock.dayOffset(t, in: zone("Etc/GMT+12"), relativeTo: zone("Pacific/Kiritimati")) == -2)
        #expect(ZoneClock.dayOffset(t, in: zone("Pacific/Kiritimati"), relativeTo: zone("Pacific/Honolulu")) == 1)
        #expect(ZoneClock.dayOffset(t, in: zone("Europe/London"), relativeTo: zone("Europe/Paris")) == 0)
        // Los Angeles Sunday 15:30 is Sydney Monday 10:30.
        let call = utc("2026-11-22T23:30:00Z")
        #expect(ZoneClock.dayOffset(call, in: zone("Australia/Sydney"), relativeTo: zone("America/Los_Angeles")) == 1)
    }

    @Test func samoaSkippedThirtiethOfDecember2011() {
        let apia = zone("Pacific/Apia")
        #expect(ZoneClock.reading(utc("2011-12-30T09:59:59Z"), in: apia).wall
                == LocalWallTime(year: 2011, month: 12, day: 29, hour: 23, minute: 59, second: 59))
        #expect(ZoneClock.reading(utc("2011-12-30T10:00:00Z"), in: apia).wall == wall(2011, 12, 31, 0, 0))
        let (instant, resolution) = ZoneClock.instant(wall(2011, 12, 30, 12, 0), in: apia)
        #expect(resolution == .skippedForward(gapSeconds: 86_400))
        #expect(ZoneClock.reading(instant, in: apia).wall == wall(2011, 12, 31, 12, 0))
    }

    @Test(arguments: [
        // zone, wall time, resolved instant, gap
        ("America/New_York", (2026, 3, 8, 2, 30), "2026-03-08T07:30:00Z", 3600),
        ("Europe/London", (2026, 3, 29, 1, 15), "2026-03-29T01:15:00Z", 3600),
        ("Australia/Sydney", (2026, 10, 4, 2, 30), "2026-10-03T16:30:00Z", 3600),
        ("Australia/Lord_Howe", (2026, 10, 4, 2, 15), "2026-10-03T15:45:00Z", 1800),
        ("Pacific/Chatham", (2026, 9, 27, 3, 0), "2026-09-26T14:15:00Z", 3600),
        ("America/St_Johns", (2026, 3, 8, 2, 30), "2026-03-08T06:00:00Z", 3600),
    ] as [(String, (Int, Int, Int, Int, Int), String, Int)])
    func nonexistentTimesShiftForwardByTheGap(id: String, w: (Int, Int, Int, Int, Int), expected: String, gap: Int) {
        let (instant, resolution) = ZoneClock.instant(wall(w.0, w.1, w.2, w.3, w.4), in: zone(id))
        #expect(instant == utc(expected))
        #expect(resolution == .skippedForward(gapSeconds: gap))
        #expect(resolution.isFlagged)
    }

    @Test(arguments: [
        ("America/New_York", (2026, 11, 1, 1, 30), "2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z"),
        ("Europe/London", (2026, 10, 25, 1, 30), "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z"),
        ("Australia/Sydney", (2026, 4, 5, 2, 30), "2026-04-04T15:30:00Z", "2026-04-04T16:30:00Z"),
        ("Australia/Lord_Howe", (2026, 4, 5, 1, 45), "2026-04-04T14:45:00Z", "2026-04-04T15:15:00Z"),
        ("Pacific/Chatham", (2026, 4, 5, 3, 0), "2026-04-04T13:15:00Z", "2026-04-04T14:15:00Z"),
        ("America/St_Johns", (2026, 11, 1, 1, 30), "2026-11-01T04:00:00Z", "2026-11-01T05:00:00Z"),
    ] as [(String, (Int, Int, Int, Int, Int), String, String)])
    func ambiguousTimesMeanTheFirstOccurrence(id: String, w: (Int, Int, Int, Int, Int), first: String, second: String) {
        let (instant, resolution) = ZoneClock.instant(wall(w.0, w.1, w.2, w.3, w.4), in: zone(id))
        #expect(instant == utc(first))
        #expect(resolution == .ambiguousFirst(laterInstant: utc(second)))
    }

    @Test func ordinaryTimesAreExactAndRoundTrip() {
        let ny = zone("America/New_York")
        let (instant, resolution) = ZoneClock.instant(wall(2026, 3, 8, 9, 30), in: ny)
        #expect(resolution == .exact)
        #expect(instant == utc("2026-03-08T13:30:00Z"))
        let ktm = ZoneClock.instant(wall(2026, 1, 1, 0, 0), in: zone("Asia/Kathmandu"))
        #expect(ktm.instant == utc("2025-12-31T18:15:00Z"))
    }
}
