import Foundation
import Testing
@testable import TimeKit

@Suite struct CallOptimizerTests {
    func zone(_ id: String) -> TimeZone { TimeZone(identifier: id)! }
    func utc(_ text: String) -> Date {
        guard case let .instant(d) = try! CallTimeInput.parse(text) else { fatalError(text) }
        return d
    }
    func local(_ t: Date, _ id: String) -> String {
        let r = ZoneClock.reading(t, in: zone(id))
        return "\(r.weekdayName) \(r.wall.isoText.suffix(8))"
    }
    let laSydney = ["America/Los_Angeles", "Australia/Sydney"]

    @Test func bestAcrossTheDateLineIsSydneyMorningLosAngelesAfternoon() throws {
        let zones = laSydney.map(zone)
        let best = try #require(CallOptimizer().best(for: zones, from: utc("2026-11-22T00:00:00Z")))
        #expect(local(best.start, "America/Los_Angeles") == "Sun 15:30:00")
        #expect(local(best.start, "Australia/Sydney") == "Mon 10:30:00")
        #expect(best.isGoodForAll)
        #expect(best.worstComfort == .workingHours)
        #expect(best.placesInWorkingHours == 2)
    }

    @Test func bestCountsTheWholeDuration() throws {
        let zones = laSydney.map(zone)
        let best = try #require(CallOptimizer().best(for: zones, from: utc("2026-11-22T00:00:00Z"), durationMinutes: 120))
        // The middle of the call sits as close to both places' 13:00 as it
        // can (LA 15:30 / Sydney 10:30): LA 14:30–16:30, Sydney 09:30–11:30.
        #expect(local(best.start, "America/Los_Angeles") == "Sun 14:30:00")
        #expect(local(best.start, "Australia/Sydney") == "Mon 09:30:00")
        #expect(best.placesInWorkingHours == 2)
        // A four-hour call cannot stay in working hours in both: LA 14:00–18:00 is Sydney 09:00–13:00.
        let long = try #require(CallOptimizer().best(for: zones, from: utc("2026-11-22T00:00:00Z"), durationMinutes: 240))
        #expect(local(long.start, "America/Los_Angeles") == "Sun 14:00:00")
        #expect(long.placesInWorkingHours == 2)
        let longer = try #require(CallOptimizer().best(for: zones, from: utc("2026-11-22T00:00:00Z"), durationMinutes: 300))
        #expect(longer.placesInWorkingHours < 2)
        #expect(longer.isGoodForAll)
    }

    @Test func reportsWhenNoTimeIsGoodForAll() throws {
        // Bad (00–06 local) windows in UTC: London 00–06, New York 05–11,
        // Honolulu 10–16, Singapore 16–22, Dhaka 18–24: they cover the day.
        let zones = ["Europe/London", "America/New_York", "Pacific/Honolulu", "Asia/Singapore", "Asia/Dhaka"].map(zone)
        let best = try #require(CallOptimizer().best(for: zones, from: utc("2026-11-22T00:00:00Z")))
        #expect(!best.isGoodForAll)
        #expect(best.worstComfort == .bad)
        // Without Dhaka, 22:00–24:00 UTC is free.
        let four = try #require(CallOptimizer().best(for: Array(zones.prefix(4)), from: utc("2026-11-22T00:00:00Z")))
        #expect(four.isGoodForAll)
        let hour = ZoneClock.reading(four.start, in: zone("UTC")).wall.hour
        #expect(hour >= 22)
    }

    @Test func bestStartsOnTheSourceQuarterHourGrid() throws {
        let zones = ["Asia/Kathmandu", "Europe/London"].map(zone)
        let best = try #require(CallOptimizer().best(for: zones, from: utc("2026-11-22T00:01:00Z")))
        #expect(ZoneClock.reading(best.start, in: zones[0]).wall.minute % 15 == 0)
        #expect(best.start >= utc("2026-11-22T00:01:00Z"))
        #expect(best.start < utc("2026-11-23T00:01:00Z"))
    }

    @Test func gridRoundsUpInTheSourceZone() {
        let ktm = zone("Asia/Kathmandu")  // UTC+05:45
        #expect(CallOptimizer.nextGridInstant(atOrAfter: utc("2026-01-01T00:00:00Z"), in: ktm) == utc("2026-01-01T00:00:00Z"))
        #expect(CallOptimizer.nextGridInstant(atOrAfter: utc("2026-01-01T00:01:00Z"), in: ktm) == utc("2026-01-01T00:15:00Z"))
        #expect(CallOptimizer.nextGridInstant(atOrAfter: utc("2026-01-01T00:16:00Z"), in: zone("UTC")) == utc("2026-01-01T00:30:00Z"))
    }

    // TimeToCall's optimizer, quirks and all.

    @Test func earliestPutsTheSmallestOffsetAtSevenEvenIfOthersAreAsleep() throws {
        let zones = laSydney.map(zone)
        let t = try #require(CallOptimizer().earliest(for: zones, scheduled: utc("2026-11-22T00:00:00Z")))
        // LA's local date at the scheduled instant is Saturday the 21st: the
        // result moves back into the past (quirk), and Sydney is at 02:00.
        #expect(t == utc("2026-11-21T15:00:00Z"))
        #expect(local(t, "America/Los_Angeles") == "Sat 07:00:00")
        #expect(local(t, "Australia/Sydney") == "Sun 02:00:00")
    }

    @Test func latestPutsTheLargestOffsetAtTwentyTwo() throws {
        let zones = laSydney.map(zone)
        let t = try #require(CallOptimizer().latest(for: zones, scheduled: utc("2026-11-22T00:00:00Z")))
        #expect(local(t, "Australia/Sydney") == "Sun 22:00:00")
        #expect(local(t, "America/Los_Angeles") == "Sun 03:00:00")
    }

    @Test func earliestIgnoresTheSourceAndUsesOffsetsNotLongitude() throws {
        // Source Tokyo; westernmost by offset is London (+0 in winter).
        let zones = ["Asia/Tokyo", "Europe/London", "Asia/Kolkata"].map(zone)
        let t = try #require(CallOptimizer().earliest(for: zones, scheduled: utc("2026-01-10T03:00:00Z")))
        #expect(local(t, "Europe/London") == "Sat 07:00:00")
        #expect(local(t, "Asia/Tokyo") == "Sat 16:00:00")
        // Kolkata (+05:30) moves the Tokyo source off its quarter-hour grid? No: London
        // is the anchor, so Tokyo lands on the hour; latest anchors on Tokyo (+9).
        let late = try #require(CallOptimizer().latest(for: zones, scheduled: utc("2026-01-10T03:00:00Z")))
        #expect(local(late, "Asia/Tokyo") == "Sat 22:00:00")
        #expect(local(late, "Asia/Kolkata") == "Sat 18:30:00")
    }

    @Test func emptyCallHasNoOptimum() {
        #expect(CallOptimizer().earliest(for: [], scheduled: Date(timeIntervalSince1970: 0)) == nil)
        #expect(CallOptimizer().best(for: [], from: Date(timeIntervalSince1970: 0)) == nil)
    }
}
