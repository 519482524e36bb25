import Foundation
import Testing
@testable import TimeKit

/// `MarkImport` (issue 28): numbers from outside are checked before they
/// become a mark, and a problem names where it is.
@Suite("Mark import: hostile files")
struct MarkImportTests {
    static let header = "id,unix_nanoseconds,latitude,longitude,fix_mode,note,sight_body,sight_hs_deg\r\n"

    @Test("Bad CSV values are refused with the line and the field", arguments: [
        ("1,1e19,,,,,,", "line 2: unix_nanoseconds"),
        ("1,99999999999999999999,,,,,,", "line 2: unix_nanoseconds"),
        ("1,5,1e308,0,,,,", "line 2: position"),
        ("1,5,10,,,,,", "line 2: has a latitude or a longitude without the other"),
        ("1,5,,,99999999999,,,", "line 2: fix mode"),
        ("1,5,,,,,Vega,0", "line 2: sight Hs 0.0°"),
        ("1,5,,,,,Vega,nan", "line 2: sight_hs_deg"),
        ("1,5,,,,,Vega,", "line 2: sight Vega has no Hs"),
        ("1,5,,,,,,45", "line 2: has a sight Hs without a body"),
        ("1,5,,,,\"open", "line 2: has a quote that is never closed"),
        ("1,5,,,,\(String(repeating: "x", count: 201)),,", "line 2: note is 201 characters"),
    ])
    func badCSV(line: String, expected: String) {
        #expect(throws: MarkImport.Problem.self) { try MarkImport.rows(Data((Self.header + line + "\r\n").utf8), format: .csv) }
        do {
            _ = try MarkImport.rows(Data((Self.header + line + "\r\n").utf8), format: .csv)
        } catch {
            #expect("\(error)".hasPrefix(expected), "\(error)")
        }
    }

    @Test("Bad JSON is refused naming the mark and the key", arguments: [
        (#"[{"unixNanoseconds": 1e19}]"#, "the file: holds a number that does not fit"),
        (#"[{"unixNanoseconds": 5}, {"unixNanoseconds": 5, "latitude": 91, "longitude": 0}]"#, "mark 2: position"),
        (#"[{"unixNanoseconds": 5}, {"unixNanoseconds": "x"}]"#, "mark 2: unixNanoseconds"),
        (#"[{"unixNanoseconds": 5, "sight": {"body": "Vega"}}]"#, "mark 1: a sight needs both"),
        (#"{"unixNanoseconds": 5}"#, "the file: is not a JSON array"),
        (#"[{"unixNanoseconds": 5, "sight": {"body": "Vega", "hsDegrees": 90}}]"#, "mark 1: sight Hs 90.0°"),
    ])
    func badJSON(text: String, expected: String) {
        do {
            _ = try MarkImport.rows(Data(text.utf8), format: .json)
            Issue.record("accepted \(text)")
        } catch {
            #expect("\(error)".hasPrefix(expected), "\(error)")
        }
    }

    @Test("A quoted field keeps commas, doubled quotes and line breaks; the next record's line is counted after them")
    func quotedFields() throws {
        let text = Self.header + "1,5,,,,\"a, \"\"b\"\"\r\nc\",\" Moon UL \",0.1\r\n2,6,,,,,,\r\n3,7,,,,,Vega,95\r\n"
        do {
            _ = try MarkImport.rows(Data(text.utf8), format: .csv)
            Issue.record("accepted Hs 95")
        } catch {
            #expect("\(error)".hasPrefix("line 5:"), "\(error)")
        }
        let rows = try MarkImport.rows(Data(text.dropLast("3,7,,,,,Vega,95\r\n".count).utf8), format: .csv)
        #expect(rows.map(\.mark.note) == ["a, \"b\"\r\nc", ""])
        #expect(rows.first?.sight == ExportedSight(bodyText: " Moon UL ", sextantAltitudeDegrees: 0.1))
    }
}
