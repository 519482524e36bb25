import Foundation
import Testing
@testable import Dashboard

@Suite struct HandSweepTests {
    let t0 = Date(timeIntervalSince1970: 1_000_000)

    @Test func startsFastEndsSlowAndStops() {
        let s = HandSweep(fromMinutes: 600, toMinutes: 1140, startedAt: t0, durationSeconds: 0.4)  // 10:00 → 19:00
        #expect(s.minutes(at: t0) == 600)
        #expect(s.minutes(at: t0.addingTimeInterval(-1)) == 600)
        let quarter = s.minutes(at: t0.addingTimeInterval(0.1))
        let half = s.minutes(at: t0.addingTimeInterval(0.2))
        // ease-out cubic: 1 − (1 − t)³ → 57.8 % at a quarter, 87.5 % at half.
        #expect(abs(quarter - (600 + 540 * 0.578125)) < 1e-3)
        #expect(abs(half - (600 + 540 * 0.875)) < 1e-3)
        #expect(quarter - 600 > half - quarter)  // the first quarter covers more than the second
        #expect(s.minutes(at: t0.addingTimeInterval(0.4)) == 1140)
        #expect(s.isFinished(at: t0.addingTimeInterval(0.5)))
        #expect(!s.isFinished(at: t0.addingTimeInterval(0.2)))
    }

    @Test func minuteHandTurnsOncePerHourMoved() {
        // 9 hours of movement = 540 minutes: the minute hand passes 12 nine times.
        let s = HandSweep(fromMinutes: 600, toMinutes: 1140, startedAt: t0)
        var passes = 0
        var last = s.minutes(at: t0)
        for i in 1...200 {
            let m = s.minutes(at: t0.addingTimeInterval(Double(i) * 0.005))
            passes += Int(m / 60) - Int(last / 60)
            last = m
        }
        #expect(passes == 9)
    }

    @Test func zeroDurationJumpsAtOnce() {
        let s = HandSweep(fromMinutes: 0, toMinutes: 90, startedAt: t0, durationSeconds: 0)
        #expect(s.minutes(at: t0) == 90)
    }
}
