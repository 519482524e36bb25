import Foundation
import Testing

/// Issue 20, item 4: journal lines are judged one by one by every command
/// that imports them. One bad line (a note over 200 characters) used to hold
/// every later mark forever; garbage and a newer version's lines were
/// deleted without a word.
@Suite("abuse: journal faults", .serialized)
struct AbuseJournalTests {
    static func markLine(key: String, seconds: Int64, note: String = "", version: Int = 1) -> String {
        #"{"correctionNanoseconds":0,"key":"\#(key)","note":"\#(note)","positionSource":"none","#
            + #""unixNanoseconds":\#(seconds * 1_000_000_000),"v":\#(version)}"# + "\n"
    }

    @Test("A bad line is quarantined once with its reason; the marks after it are stored; a v2 line is kept")
    func badLinesDoNotBlock() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try p.run(["marks", "add"])  // the database exists
        let journal = p.databasePath + ".pending-marks"
        let newer = Self.markLine(key: "from-v2", seconds: 1_795_304_000, version: 2)
        let text = Self.markLine(key: "first", seconds: 1_795_304_100)
            + Self.markLine(key: "long", seconds: 1_795_304_200, note: String(repeating: "x", count: 201))
            + "garbage that is not json\n"
            + newer
            + Self.markLine(key: "last", seconds: 1_795_304_300)
        try Data(text.utf8).write(to: URL(fileURLWithPath: journal))
        let first = try p.run(["marks", "list", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let marks = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(marks.count == 3, "marks after the bad line were held: \(first.stdout)")
        #expect(first.stderr.contains("2 lines") && first.stderr.contains(".rejected"), "\(first.stderr)")
        #expect(first.stderr.contains("201 characters"), "\(first.stderr)")
        let second = try p.run(["marks", "list"])
        #expect(!second.stderr.contains(".rejected"), "said twice: \(second.stderr)")
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == newer, "the v2 line was not kept")
        let rejected = try String(contentsOfFile: journal + ".rejected", encoding: .utf8)
        #expect(rejected.contains("garbage that is not json") && rejected.contains("\\\"long\\\""), "\(rejected)")
    }
}
