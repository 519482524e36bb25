import TestSupport
import Foundation
import Testing
@testable import Dashboard
import TimeKit

/// A simulated 72-hour run of the pure dashboard (issue 8, "Long run"): the
/// run loop's own timing rule (`SecondBoundary`) drives a fast injected
/// clock through every second of three days in New York, across the start
/// of daylight saving time and a leap second from a test leap-second list,
/// with random keys along the way.
@Suite struct LongRunTests {
    /// 2026-03-06T12:00:00Z; New York springs forward at 2026-03-08T07:00:00Z.
    static let start = 1_772_798_400.0
    static let dstStart = 1_772_953_200.0
    /// A leap second that never happened, inserted by the test list below
    /// before 2026-03-08T00:00:00Z (TAI−UTC 37 → 38 s).
    static let leapSecond = 1_772_928_000.0
    static let hours = 72.0

    static let testLeapList = """
        # test list: the real 2017 entry plus an invented one
        #@ 4005072000
        3692217600 37 # 1 Jan 2017
        3981916800 38 # 8 Mar 2026 (invented for this test)
        """

    @Test func seventyTwoHoursOfTicksAndKeys() throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let leap = try LeapSecondTable.parse(Self.testLeapList)
        var state = AppState(now: Date(timeIntervalSince1970: Self.start), localZone: zone, panels: PanelID.allCases)
        var random = SplitMix64(seed: 72)
        let keys: [Key] = [.character("?"), .character("?"), .up, .down, .character("j"), .character("k"),
                           .tab, .backTab, .character("t"), .character("x"), .character("東"), .enter, .left]
        let size = Size(columns: 100, rows: 30)

        var t = Self.start + 0.000_4
        var previousSecond = Int64(t.rounded(.down))
        var ticks = 0, frames = 0, keysSent = 0
        var rssAfterWarmUp: Int?
        var sawDSTFrame = false, sawLeapStep = false
        var previousTTMinusUTC = leap.ttMinusUTC(atUnixSeconds: t)

        while t < Self.start + Self.hours * 3600 {
            state = update(state, .tick(Date(timeIntervalSince1970: t))).0
            ticks += 1
            // The clock shows exactly the second the loop woke in.
            let second = Int64(t.rounded(.down))
            #expect(second == previousSecond + 1 || ticks == 1, "skipped or repeated a second at \(t)")
            previousSecond = second

            // TT−UTC steps by exactly one second at the test leap second.
            let ttMinusUTC = leap.ttMinusUTC(atUnixSeconds: t)
            if ttMinusUTC != previousTTMinusUTC {
                #expect(second == Int64(Self.leapSecond), "TT−UTC changed at \(second)")
                #expect(ttMinusUTC - previousTTMinusUTC == 1)
                sawLeapStep = true
            }
            previousTTMinusUTC = ttMinusUTC

            if second == Int64(Self.dstStart) - 5, state.overlay != nil {
                // Close the help (Esc in its scope) so the clock shows at the change.
                state = update(state, .key(.escape, at: Date(timeIntervalSince1970: t + 0.1))).0
                #expect(state.overlay == nil)
            }
            if random.next(600) == 0, abs(Double(second) - Self.dstStart) > 10 {
                let key = keys[random.next(keys.count)]
                state = update(state, .key(key, at: Date(timeIntervalSince1970: t + 0.2))).0
                #expect(!state.isQuitting)
                keysSent += 1
            }
            if second % 97 == 0 || abs(Double(second) - Self.dstStart) <= 1 {
                let frame = render(state, size: size)
                frames += 1
                if second == Int64(Self.dstStart) - 1 {
                    #expect(frame.lines.contains { $0.contains("Local Sun 01:59:59  UTC-05:00  America/New_York") })
                }
                if second == Int64(Self.dstStart) {
                    #expect(frame.lines.contains { $0.contains("Local Sun 03:00:00  UTC-04:00  America/New_York") })
                    sawDSTFrame = true
                }
            }
            if ticks == 3600 { rssAfterWarmUp = Self.residentBytes() }

            // What the run loop does: sleep until just after the next second,
            // having spent up to 3 ms on the frame, waking up to 1 ms late.
            let work = Double(random.next(3000)) / 1_000_000
            let wait = Double(SecondBoundary.millisecondsToNextSecond(after: Date(timeIntervalSince1970: t + work))) / 1000
            t += work + wait + Double(random.next(1000)) / 1_000_000
        }

        #expect(ticks == Int(Self.hours * 3600))
        #expect(frames > 2000 && keysSent > 300)
        #expect(sawLeapStep)
        #expect(sawDSTFrame)
        // Memory stays flat: a generous bound on growth after the first hour.
        // Anonymous memory only, and 32 MiB because other suites share this
        // process and run in parallel; a leak of 128 bytes per tick (33 MB
        // over 259,200 ticks) would still fail it.
        if let before = rssAfterWarmUp, let after = Self.residentBytes() {
            #expect(after - before < 32 << 20, "anonymous RSS grew from \(before) to \(after) bytes")
        }
    }

    /// The Mars panel follows the test leap-second list (as it would with
    /// TIMEDECK_LEAP_SECONDS): identical to the built-in table before the
    /// invented leap second, one TT second ahead after it.
    @Test func marsPanelFollowsTheTestLeapSecond() throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        var withTestList = AppState(now: Date(timeIntervalSince1970: Self.leapSecond), localZone: zone, panels: PanelID.allCases)
        withTestList.mars = MarsPanelState(leapSeconds: try LeapSecondTable.parse(Self.testLeapList))
        var withBuiltIn = withTestList
        withBuiltIn.mars = MarsPanelState(leapSeconds: .builtIn)
        func marsLines(_ state: AppState) -> [String] {
            render(state, size: Size(columns: 100, rows: 30)).lines.filter { $0.contains("MTC") || $0.contains("LMST") }
        }
        var differingAfter = 0
        for offset in -10..<10 {
            let now = Date(timeIntervalSince1970: Self.leapSecond + Double(offset) + 0.5)
            withTestList.now = now
            withBuiltIn.now = now
            let a = marsLines(withTestList), b = marsLines(withBuiltIn)
            #expect(!a.isEmpty, "no Mars clock on screen")
            if offset < 0 {
                #expect(a == b, "before the leap second the lists agree (\(offset) s)")
            } else if a != b {
                differingAfter += 1
            }
        }
        // One SI second is 0.973 Mars seconds: the shown MTC second differs
        // at almost every instant after the leap (not at all 10 only when a
        // fraction lands just below a whole Mars second).
        #expect(differingAfter >= 8, "only \(differingAfter) of 10 frames after the leap second moved")
    }

    /// The wait before the next tick always ends inside the next second:
    /// checked from every millisecond of a second and at instants far apart.
    @Test func theNextTickAlwaysLandsInTheNextSecond() {
        for base in [0.0, Self.start, 4_102_444_799.0] {  // 1970, 2026, 2099-12-31T23:59:59Z
            for ms in 0..<1000 {
                for extra in [0.0, 0.000_000_1, 0.000_999_9] {
                    let t = base + Double(ms) / 1000 + extra
                    let wake = t + Double(SecondBoundary.millisecondsToNextSecond(after: Date(timeIntervalSince1970: t))) / 1000
                    #expect(wake.rounded(.down) == t.rounded(.down) + 1, "from \(t) woke at \(wake)")
                }
            }
        }
    }

    /// Anonymous resident memory from /proc/self/statm: resident minus
    /// shared (file-backed) pages, so mapped data files (places.bin) that
    /// other suites touch do not count.
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 2, let resident = Int(fields[1]), let shared = Int(fields[2]) else { return nil }
        return (resident - shared) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
