import Foundation
import Testing
import Dashboard
import TimeKit
@testable import TimedeckCommands

/// `timedeck now`'s text at a pinned instant: English as it always was.
@Suite struct NowReportTests {
    static let instant = Date(timeIntervalSince1970: 1_613_681_700.123)  // 2021-02-18T20:55:00.123Z
    static let report = NowReport(instant, zone: .fixed(seconds: 3600), name: "Europe/Berlin")

    @Test func englishIsExactlyAsBefore() {
        #expect(Self.report.text() == """
            UTC        2021-02-18T20:55:00.123Z
            Mark Time  18d 20h 55m 00.123s
            Unix       1613681700.123
            Local      2021-02-18T21:55:00 UTC+01:00 Europe/Berlin
            """)
    }

    /// Japanese labels, the same values, each value starting in the same cell.
    @Test func japaneseHasTheSameValues() {
        let en = Self.report.text().components(separatedBy: "\n"), ja = Self.report.text(.ja).components(separatedBy: "\n")
        #expect(ja.count == 4)
        #expect(ja[1].hasPrefix("マーク時刻") && ja[3].hasPrefix("現地"), "\(ja)")
        for (e, j) in zip(en, ja) {
            let value = String(e.dropFirst(11))
            #expect(j.hasSuffix(" " + value), "\(j)")
            #expect(DisplayWidth.of(j) == DisplayWidth.of(e), "value moved: \(j)")
        }
    }

    /// The Unix line from integers, against the `String(format: "%.3f")` it replaced.
    @Test func unixSecondsMatchPrintf() {
        var generator = SystemRandomNumberGenerator()
        var samples: [Int64] = [0, 1, -1, 999, -999, 1000, -1000, 1_500, -1_500, 1_613_681_700_123, -62_135_596_800_000,
                                253_402_300_799_999]
        for _ in 0..<20_000 { samples.append(Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &generator)) }
        for millis in samples {
            #expect(NowReport.unixSeconds(millis) == String(format: "%.3f", Double(millis) / 1000), "\(millis)")
        }
    }

    /// The hand-written object against `JSONSerialization`, which wrote it
    /// before: byte for byte for every zone name Foundation knows, and the
    /// same values when a name holds what must be escaped.
    @Test func jsonMatchesJSONSerialization() throws {
        func serialized(_ r: NowReport) throws -> String {
            let object: [String: Any] = ["utc": r.utc, "markTime": r.markTime, "unixMillis": r.unixMillis, "local": r.local,
                                         "zone": r.zone, "utcOffsetSeconds": r.offsetSeconds]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self)
        }
        let names = TimeZone.knownTimeZoneIdentifiers + ["UTC", "GMT+3", "right/UTC", "/tmp/zone file", "Zürich", "東京"]
        #expect(names.count > 300)
        for (i, name) in names.enumerated() {
            let instant = Date(timeIntervalSince1970: -2_000_000_000 + Double(i) * 12_345_678.901)
            let report = NowReport(instant, zone: .fixed(seconds: (i % 27 - 13) * 3600), name: name)
            #expect(report.json == (try serialized(report)), "\(name)")
        }
        for name in ["a\"b", "back\\slash", "tab\there", "new\nline", "esc\u{1B}[31m", "del\u{7F}", "nul\u{0}x"] {
            let report = NowReport(Self.instant, zone: .fixed(seconds: 0), name: name)
            let ours = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
            #expect(ours["zone"] as? String == name)
            #expect(ours.count == 6 && (ours["unixMillis"] as? NSNumber)?.int64Value == report.unixMillis)
        }
    }

    @Test func jsonIsPinned() {
        #expect(Self.report.json == "{\"local\":\"2021-02-18T21:55:00\",\"markTime\":\"18d 20h 55m 00.123s\","
            + "\"unixMillis\":1613681700123,\"utc\":\"2021-02-18T20:55:00.123Z\",\"utcOffsetSeconds\":3600,\"zone\":\"Europe/Berlin\"}")
    }
}
