import Foundation
import Testing
import TimeKit
@testable import TimedeckCommands

/// `timedeck now`'s text at a pinned instant: English as it always was.
@Suite struct NowReportTests {
    static let instant = Date(timeIntervalSince1970: 1_613_681_700.123)  // 2021-02-18T20:55:00.123Z
    static let report = NowReport(instant, zone: .fixed(seconds: 3600), name: "Europe/Berlin")

    @Test func englishIsExactlyAsBefore() {
        #expect(Self.report.text == """
            UTC        2021-02-18T20:55:00.123Z
            Mark Time  18d 20h 55m 00.123s
            Unix       1613681700.123
            Local      2021-02-18T21:55:00 UTC+01:00 Europe/Berlin
            """)
    }

    @Test func jsonIsPinned() {
        #expect(Self.report.json == "{\"local\":\"2021-02-18T21:55:00\",\"markTime\":\"18d 20h 55m 00.123s\","
            + "\"unixMillis\":1613681700123,\"utc\":\"2021-02-18T20:55:00.123Z\",\"utcOffsetSeconds\":3600,\"zone\":\"Europe/Berlin\"}")
    }
}
