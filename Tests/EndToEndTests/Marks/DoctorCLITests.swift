import Foundation
import Testing

/// `timedeck doctor`: the full check that opening no longer does.
@Suite("doctor CLI (binary)", .serialized)
struct DoctorCLITests {
    @Test("No database: says so, exit 0; a sound one: ok with the count, exit 0")
    func soundAndMissing() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let none = try p.run(["doctor"])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(none.stdout.contains("no database yet"))
        for i in 1...3 { #expect(try p.run(["marks", "add", "--note", "n\(i)", "--no-position"]).status == 0) }
        let ok = try p.run(["doctor"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("marks: 3") && ok.stdout.contains("integrity: ok"))
        let json = try p.run(["doctor", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == true && object["marks"] as? Int == 3)
    }

    @Test("A damaged page: listed, exit 1, the file unchanged")
    func damaged() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let note = String(repeating: "n", count: 150)
        for _ in 0..<60 { #expect(try p.run(["marks", "add", "--note", note, "--no-position"]).status == 0) }
        let handle = try #require(FileHandle(forUpdatingAtPath: p.databasePath))
        let size = try handle.seekToEnd()
        #expect(size >= 4096 * 5)
        try handle.seek(toOffset: 4096 * 3)
        handle.write(Data(repeating: 0xA5, count: 4096 * 2))
        try handle.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: p.databasePath))
        let out = try p.run(["doctor"])
        #expect(out.status == 1, "\(out.stdout)\(out.stderr)")
        #expect(out.stdout.contains("integrity:") && out.stdout.contains("problem"))
        #expect(out.stdout.contains("restore the file from a backup"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: p.databasePath)) == before)
    }
}
