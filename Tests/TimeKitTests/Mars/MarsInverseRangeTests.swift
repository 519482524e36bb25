import Testing
@testable import TimeKit

/// Issue 20, item 5: `--sol 9223372036854775807` trapped on overflow; sols
/// are checked for range before any arithmetic.
@Suite struct MarsInverseRangeTests {
    @Test(arguments: [Int.max, Int.min, Int.max - 1, Int.min + 1, 1_000_000_000_000])
    func extremeSolsAreOutOfRangeNotATrap(sol: Int) throws {
        let curiosity = try #require(try MarsSiteLibrary.bundled().site(named: "curiosity"))
        for site in [curiosity, nil] {
            let query = MarsTimeQuery(site: site, longitudeEast: 0, sol: sol, time: MarsLocalTime(kind: .mean, hours: 13))
            #expect(throws: MarsInverseError.self) { try MarsInverse.answer(query, leapSeconds: .builtIn) }
        }
    }

    @Test func addingSolsNearTheEndsSaturates() {
        let query = MarsTimeQuery(site: nil, longitudeEast: 0, sol: Int.max - 5, time: MarsLocalTime(kind: .mean, hours: 13))
        #expect(query.adding(sols: 100).sol == Int.max)
        let low = MarsTimeQuery(site: nil, longitudeEast: 0, sol: Int.min + 5, time: MarsLocalTime(kind: .mean, hours: 13))
        #expect(low.adding(sols: -100).sol == Int.min)
    }
}
