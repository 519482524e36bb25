import Foundation
import Testing
@testable import TimeKit

/// `best` for a call too long to keep everyone out of before dawn (issue
/// 21): the least bad start has the fewest bad minutes summed over the
/// places, then the fewest at the worst-off place, and says what is bad.
@Suite struct CallOptimizerLeastBadTests {
    func zone(_ id: String) -> TimeZone { TimeZone(identifier: id)! }
    func utc(_ text: String) -> Date {
        guard case let .instant(d) = try! CallTimeInput.parse(text) else { fatalError(text) }
        return d
    }

    /// London (UTC+0 in November) and Tokyo (UTC+9): both are out of
    /// before dawn only 06:00–15:00 UTC, nine hours. A 560-minute call
    /// must spend 20 minutes before dawn somewhere: at 05:45 UTC, 15 in
    /// London and 5 in Tokyo (06:00 puts all 20 on Tokyo). 02:30 UTC, the
    /// old answer, put London 3.5 hours before dawn.
    /// Then the worst-off place has as few as the 15-minute grid allows:
    /// 600 min at 05:30 UTC is 30 + 30; 720 at 04:30 is 90 + 90.
    @Test(arguments: [(560, 15), (600, 30), (720, 90)])
    func aLongCallSpendsTheFewestMinutesBeforeDawn(_ minutes: Int, _ worst: Int) throws {
        let zones = [zone("Europe/London"), zone("Asia/Tokyo")]
        let best = try #require(CallOptimizer().best(for: zones, from: utc("2026-11-25T00:00:00Z"), durationMinutes: minutes))
        let least = minutes - 540
        #expect(best.badMinutes.reduce(0, +) == least, "\(best.badMinutes) at \(best.start)")
        #expect(best.badMinutes.max() == worst, "\(best.badMinutes) at \(best.start)")
        #expect(!best.isGoodForAll)
    }

    @Test func aCallThatFitsHasNoBadMinutes() throws {
        let zones = [zone("Europe/London"), zone("Asia/Tokyo")]
        let best = try #require(CallOptimizer().best(for: zones, from: utc("2026-11-25T00:00:00Z"), durationMinutes: 60))
        #expect(best.badMinutes == [0, 0])
        #expect(best.isGoodForAll)
    }
}
