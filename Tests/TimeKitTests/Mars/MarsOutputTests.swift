import Foundation
import Testing
@testable import TimeKit

@Suite struct MarsOutputTests {
    let a = MarsClock(unixSeconds: 947_116_800, ttMinusUTCSeconds: 64.184, longitudeEast: 0)

    @Test(arguments: [(-5.1877459, 5, "-5.18775"), (277.1875894, 5, "277.18759"), (0.0, 3, "0.000"),
                      (-0.0004, 3, "0.000"), (1.5, 0, "2"), (44795.99976, 5, "44795.99976"),
                      (-1.0, 2, "-1.00"), (0.05, 1, "0.1"), (Double.nan, 2, "nan"), (-Double.infinity, 2, "-inf")])
    func fixedDecimals(value: Double, places: Int, text: String) {
        #expect(FixedText.decimal(value, places: places) == text)
        var buffer = AsciiBuffer()
        buffer.append(fixed: value, places: places)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == text)
    }

    @Test(arguments: [(23.99425, "23:59:39"), (0.0, "00:00:00"), (24.0, "00:00:00"), (-0.5, "23:30:00"),
                      (23.9999999, "23:59:59"), (1e300, "00:00:00"), (Double.nan, "--:--:--")])
    func clockText(hours: Double, text: String) {
        let fixed = FixedText.clock(hours: hours)
        if hours == 1e300 { #expect(fixed.count == 8) } else { #expect(fixed == text) }
        var buffer = AsciiBuffer()
        buffer.append(clockHours: hours)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == fixed)
    }

    @Test func asciiBufferIntegersAndInstants() {
        var buffer = AsciiBuffer()
        buffer.append(int: -42)
        buffer.append(byte: 32)
        buffer.append(int: 0)
        buffer.append(byte: 32)
        buffer.append(isoMilliseconds: 1_613_681_700_250)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "-42 0 2021-02-18T20:55:00.250Z")
    }

    @Test func longitudeText() {
        #expect(MarsLongitude.text(-133.8) == "133.8°W")
        #expect(MarsLongitude.text(137.44) == "137.4°E")
        #expect(MarsLongitude.text(0) == "0.0°")
        #expect(MarsLongitude.text(180) == "180.0°E")
        #expect(MarsLongitude.normalized(-180) == 180)
        #expect(MarsLongitude.normalized(540) == 180)
        #expect(MarsLongitude.normalized(-190) == 170)
    }

    @Test func jsonHasExactlyTheIssuesKeysInOrder() throws {
        let text = a.json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Set(MarsClock.jsonKeys))
        #expect(object["utc"] as? String == "2000-01-06T00:00:00.000Z")
        #expect(abs((object["solarLongitude"] as? Double ?? 0) - a.solarLongitude) < 1e-12)
        #expect(text.contains("\"solarLongitude\":277.18758943722383,"))  // shortest round-trip digits
        #expect(object["marsYear"] as? Int == 24)
        #expect(object["sol"] as? Int == 44_795)
        // Order as listed in the issue.
        let positions = MarsClock.jsonKeys.map { text.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }

    @Test func jsonAddsSiteAndMissionSol() throws {
        let site = MarsSite(id: "x", name: "Test \"site\"", latitude: 0, longitudeEast: 0,
                            landingUTC: "2000-01-01T00:00:00Z", firstSol: 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(a.json(site: site, missionSol: 4).utf8))
            as? [String: Any])
        #expect(object["site"] as? String == "Test \"site\"")
        #expect(object["missionSol"] as? Int == 4)
        #expect(object.count == MarsClock.jsonKeys.count + 2)
    }
}

@Suite struct MarsTableTests {
    static func table(_ format: MarsTable.Format, site: MarsSite? = nil, step: Int64 = 3_600_000_000_000) throws -> MarsTable {
        MarsTable(from: try InstantParser.parse("2021-02-18T00:00:00Z"), to: try InstantParser.parse("2021-02-18T03:00:00Z"),
                  stepNanoseconds: step, longitudeEast: site?.longitudeEast ?? 77.4508, site: site,
                  leapSeconds: .builtIn, format: format)
    }

    static func render(_ table: MarsTable) -> [String] {
        var out = AsciiBuffer()
        table.writeHeader(into: &out)
        table.writeRows(0, count: table.rowCount, into: &out)
        return String(decoding: out.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func csvGolden() throws {
        let site = try #require(try MarsSiteLibrary.bundled().site(named: "Perseverance"))
        #expect(Self.render(try Self.table(.csv, site: site)) == [
            "utc,marsSolDate,coordinatedMarsTime,localMeanSolarTime,localTrueSolarTime,solarLongitude,marsYear,missionSol",
            "2021-02-18T00:00:00.000Z,52303.60632,14:33:05,19:42:53,19:04:42,5.221,36,-1",
            "2021-02-18T01:00:00.000Z,52303.64687,15:31:29,20:41:17,20:03:06,5.241,36,-1",
            "2021-02-18T02:00:00.000Z,52303.68742,16:29:53,21:39:41,21:01:31,5.262,36,-1",
            "2021-02-18T03:00:00.000Z,52303.72797,17:28:16,22:38:04,21:59:55,5.282,36,-1",
            "",
        ])
    }

    @Test func textGoldenWithoutSite() throws {
        #expect(Self.render(try Self.table(.text, step: 10_800_000_000_000)) == [
            "UTC                       MSD           MTC       LMST      LTST      Ls        MY",
            "2021-02-18T00:00:00.000Z  52303.60632   14:33:05  19:42:53  19:04:42  5.221     36",
            "2021-02-18T03:00:00.000Z  52303.72797   17:28:16  22:38:04  21:59:55  5.282     36",
            "",
        ])
    }

    @Test func rowsMatchTheClock() throws {
        let table = try Self.table(.csv, step: 60_000_000_000)
        #expect(table.rowCount == 181)
        var out = AsciiBuffer()
        table.writeRows(100, count: 1, into: &out)
        let clock = MarsClock(unixSeconds: 1_613_606_400 + 6000, ttMinusUTCSeconds: 69.184, longitudeEast: 77.4508)
        let expected = "2021-02-18T01:40:00.000Z," + FixedText.decimal(clock.marsSolDate, places: 5) + ","
            + FixedText.clock(hours: clock.coordinatedMarsTime) + "," + FixedText.clock(hours: clock.localMeanSolarTime) + ","
            + FixedText.clock(hours: clock.localTrueSolarTime) + "," + FixedText.decimal(clock.solarLongitude, places: 3) + ",36\n"
        #expect(String(decoding: out.bytes, as: UTF8.self) == expected)
    }

    @Test func rowCountEdges() throws {
        let start = try InstantParser.parse("2024-01-01T00:00:00Z")
        let end = try InstantParser.parse("2025-01-01T00:00:00Z")
        let year = MarsTable(from: start, to: end, stepNanoseconds: 60_000_000_000, longitudeEast: 0, site: nil,
                             leapSeconds: .builtIn, format: .csv)
        #expect(year.rowCount == 527_041)  // 2024 is a leap year: 366 × 1440 + 1
        let backwards = MarsTable(from: end, to: start, stepNanoseconds: 1, longitudeEast: 0, site: nil,
                                  leapSeconds: .builtIn, format: .csv)
        #expect(backwards.rowCount == 0)
    }
}
