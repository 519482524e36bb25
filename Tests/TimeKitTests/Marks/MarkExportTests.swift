import Foundation
import Testing
@testable import TimeKit

@Suite("Mark exports: CSV (RFC 4180) and JSON")
struct MarkExportTests {
    static let brisbane = try! GeoPosition(latitudeDegrees: -27.467, longitudeDegrees: 153.380_667)
    static let marks = [
        SightingMark(id: 1, unixNanoseconds: 1_795_305_600_123_456_789, correctionNanoseconds: -300_000_000,
                     note: "Sun LL, \"upper\"\nsecond line", position: .fixed(brisbane)),
        SightingMark(id: 2, unixNanoseconds: 1_795_305_660_000_000_000, note: "\u{1B}[31m",
                     position: MarkPosition(source: .gpsd, coordinate: brisbane, fixMode: 3, fixAgeMilliseconds: 6500)),
    ]

    @Test("CSV: header, CRLF, quoting, decimal degrees, corrected instant")
    func csv() {
        let text = MarkExport.csv(Self.marks)
        let expected = "id,utc,mark_time,corrected_utc,latitude,longitude,fix_age_s,note,position_source,position_status,correction_s,unix_nanoseconds,clock_status,"
            + "unique_key,sight_body,sight_hs_deg,sight_ho_deg,sight_intercept_nm,sight_zn_deg,fix_mode,fix_unix_nanoseconds,"
            + "clock_synchronized,clock_estimated_error_us,clock_maximum_error_us,gps_offset_ns,gps_offset_method\r\n"
            + "1,2026-11-22T00:00:00.123Z,22d 00h 00m 00.123s,2026-11-21T23:59:59.823Z,-27.467000,153.380667,,"
            + "\"Sun LL, \"\"upper\"\"\nsecond line\",fixed,fixed,-0.300,1795305600123456789,clock status unknown (adjtimex unavailable),,,,,,,,,,,,,\r\n"
            + "2,2026-11-22T00:01:00.000Z,22d 00h 01m 00.000s,2026-11-22T00:01:00.000Z,-27.467000,153.380667,6.500,"
            + "\u{1B}[31m,gpsd,stale,0.000,1795305660000000000,clock status unknown (adjtimex unavailable),,,,,,,3,,,,,,\r\n"
        #expect(text == expected)
        #expect(MarkExport.csv(Self.marks, inertNotes: true).contains("␛[31m"))
    }

    @Test("CSV fields are quoted only when needed")
    func fields() {
        #expect(MarkExport.csvField("plain") == "plain")
        #expect(MarkExport.csvField("a,b") == "\"a,b\"")
        #expect(MarkExport.csvField("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(MarkExport.csvField("line\r\nbreak") == "\"line\r\nbreak\"")
        #expect(MarkExport.csvField(" padded") == "\" padded\"")
    }

    @Test("JSON carries the agreed keys with exact values; controls are escaped")
    func json() throws {
        let text = MarkExport.json(Self.marks)
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B })
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        let first = array[0]
        #expect(first["id"] as? Int == 1)
        #expect(first["utc"] as? String == "2026-11-22T00:00:00.123Z")
        #expect((first["unixMillis"] as? NSNumber)?.int64Value == 1_795_305_600_123)
        #expect((first["unixNanoseconds"] as? NSNumber)?.int64Value == 1_795_305_600_123_456_789)
        #expect(first["note"] as? String == "Sun LL, \"upper\"\nsecond line")
        #expect(first["latitude"] as? Double == -27.467)
        #expect(first["longitude"] as? Double == 153.380667)
        #expect(first["positionSource"] as? String == "fixed")
        #expect(first["correctedUtc"] as? String == "2026-11-21T23:59:59.823Z")
        #expect(array[1]["note"] as? String == "\u{1B}[31m")
        #expect(array[1]["positionStatus"] as? String == "stale")
        #expect(array[1]["fixAgeSeconds"] as? Double == 6.5)
        #expect(MarkExport.json([SightingMark(id: 9, unixNanoseconds: 0, note: "\u{9B}")]).contains("\"note\" : \"\\u009B\""))
    }

    @Test("No position is null, not missing")
    func nulls() throws {
        let text = MarkExport.json([SightingMark(id: 3, unixNanoseconds: 0)])
        #expect(text.contains("\"latitude\" : null"))
        #expect(text.contains("\"longitude\" : null"))
        #expect(text.contains("\"positionSource\" : \"none\""))
        #expect(text.contains("\"utc\" : \"1970-01-01T00:00:00.000Z\""))
    }
}
