import Foundation
import Testing
@testable import TimeKit

@Suite struct MarkTimeTests {
    @Test func clockTextPadsFields() {
        // 2026-11-21T23:47:12Z
        let d = Date(timeIntervalSince1970: 1_795_304_832)
        #expect(MarkTime.clock(d) == "21d 23h 47m 12s")
    }
}
