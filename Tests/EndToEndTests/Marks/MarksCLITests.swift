import Foundation
import Testing

/// `timedeck marks …` driven as a user would, through the real binary.
@Suite("marks CLI (binary)", .serialized)
struct MarksCLITests {
    @Test("add with a note and a position, then list as text and JSON")
    func addAndList() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let before = Int64(Date().timeIntervalSince1970 * 1000)
        let add = try p.run(["marks", "add", "--note", "Sun LL", "--position", "27 28.02 S 153 22.84 E"])
        let after = Int64(Date().timeIntervalSince1970 * 1000)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.hasPrefix("recorded #1  "))
        #expect(add.stdout.contains("27° 28'.02 S  153° 22'.84 E (fixed)"))
        #expect(add.stdout.contains("\"Sun LL\""))
        let marks = try p.listJSON()
        #expect(marks.count == 1)
        let m = try #require(marks.first)
        #expect(m["id"] as? Int == 1)
        #expect(m["note"] as? String == "Sun LL")
        #expect(m["latitude"] as? Double == -27.467)
        #expect(m["longitude"] as? Double == 153.380667)
        #expect(m["positionSource"] as? String == "fixed")
        let millis = try #require((m["unixMillis"] as? NSNumber)?.int64Value)
        #expect(millis >= before - 1 && millis <= after + 1)
        let utc = try #require(m["utc"] as? String)
        #expect(utc.count == 24 && utc.hasSuffix("Z") && utc.contains("."))
        let text = try p.run(["marks", "list"])
        #expect(text.stdout.hasPrefix("#1  "))
    }

    @Test("list --limit keeps the newest; marks taken quickly stay distinct")
    func limit() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        for i in 1...4 { try p.run(["marks", "add", "--note", "n\(i)", "--no-position"]) }
        let out = try p.run(["marks", "list", "--json", "--limit", "2"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["note"] as? String } == ["n4", "n3"])
        let all = try p.listJSON()
        let instants = all.compactMap { ($0["unixNanoseconds"] as? NSNumber)?.int64Value }
        #expect(Set(instants).count == 4)
        #expect(try p.run(["marks", "list", "--limit", "-1"]).status != 0)
    }

    @Test("Escape sequences in notes are stored, but printed inert")
    func inertNotes() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let add = try p.run(["marks", "add", "--note", "x\u{1B}[2J\u{1B}]0;owned\u{07}y"])
        #expect(add.status == 0)
        #expect(!add.stdout.contains("\u{1B}"))
        #expect(add.stdout.contains("x␛[2J␛]0;owned␇y"))
        let list = try p.run(["marks", "list"])
        #expect(!list.stdout.contains("\u{1B}") && list.stdout.contains("␛[2J"))
        let json = try p.run(["marks", "list", "--json"])
        #expect(!json.stdout.contains("\u{1B}") && json.stdout.contains("\\u001b[2J"))
        #expect(try p.listJSON().first?["note"] as? String == "x\u{1B}[2J\u{1B}]0;owned\u{07}y")
    }

    @Test("Bad input: long note, bad position, conflicting options exit 2 and store nothing")
    func badInput() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let long = try p.run(["marks", "add", "--note", String(repeating: "a", count: 201)])
        #expect(long.status == 2)
        #expect(long.stderr.contains("201 characters") && long.stderr.contains("200"))
        let pos = try p.run(["marks", "add", "--position", "95 0 N 0 0 E"])
        #expect(pos.status == 2 && pos.stderr.contains("cannot read position"))
        let both = try p.run(["marks", "add", "--position", "0, 0", "--no-position"])
        #expect(both.status == 2)
        let corr = try p.run(["marks", "add", "--correction", "soon"])
        #expect(corr.status == 2 && corr.stderr.contains("correction"))
        #expect(try p.listJSON().isEmpty)
    }

    @Test("note and delete by number, as the dashboard's n and d do; bad input exits 2 and changes nothing")
    func noteAndDelete() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        for note in ["first", "second"] { #expect(try p.run(["marks", "add", "--note", note, "--no-position"]).status == 0) }
        let noted = try p.run(["marks", "note", "#1", "Sun LL, IE -1.2'"])
        #expect(noted.status == 0, "\(noted.stderr)")
        #expect(noted.stdout.hasPrefix("noted #1  ") && noted.stdout.contains("\"Sun LL, IE -1.2'\""), "\(noted.stdout)")
        #expect(try p.listJSON().first { $0["id"] as? Int == 1 }?["note"] as? String == "Sun LL, IE -1.2'")
        #expect(try p.run(["marks", "note", "1", ""]).status == 0)
        #expect(try p.listJSON().first { $0["id"] as? Int == 1 }?["note"] as? String == "")

        let before = try p.run(["marks", "list", "--json"]).stdout
        for (args, says) in [(["marks", "note", "99", "x"], "no mark with id 99"),
                             (["marks", "note", "one", "x"], "not a mark number"),
                             (["marks", "note", "2", String(repeating: "a", count: 201)], "201 characters"),
                             (["marks", "delete", "0"], "not a mark number"),
                             (["marks", "delete", "99"], "no mark with id 99")] {
            let r = try p.run(args)
            #expect(r.status == 2 && r.stderr.contains(says), "\(args): \(r.status) \(r.stderr)")
        }
        #expect(try p.run(["marks", "list", "--json"]).stdout == before, "bad input changed the marks")

        let deleted = try p.run(["marks", "delete", "2", "--json"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        let gone = try JSONSerialization.jsonObject(with: Data(deleted.stdout.utf8)) as? [[String: Any]]
        #expect(gone?.first?["note"] as? String == "second", "\(deleted.stdout)")
        #expect(try p.listJSON().map { $0["id"] as? Int } == [1])
        #expect(try p.run(["marks", "delete", "2"]).status == 2)
    }

    @Test("Correction from the command line: raw instant kept, corrected one shifted")
    func correction() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        #expect(try p.run(["marks", "add", "--correction", "-2.5"]).status == 0)
        let m = try #require(try p.listJSON().first)
        #expect(m["correctionSeconds"] as? Double == -2.5)
        let utc = try #require(m["utc"] as? String)
        let corrected = try #require(m["correctedUtc"] as? String)
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let diff = try #require(f.date(from: utc)).timeIntervalSince(try #require(f.date(from: corrected)))
        #expect(abs(diff - 2.5) < 0.0015)
    }

    @Test("Config: the fixed position and watch error of [marks] apply to later marks")
    func settings() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try "[marks]\nposition = \"-33.8688, 151.2093\"\ngpsd = \"off\"\nwatch_error_seconds = -1.5\n"
            .write(toFile: p.configPath, atomically: true, encoding: .utf8)
        let add = try p.run(["marks", "add"])
        #expect(add.stdout.contains("33° 52'.13 S  151° 12'.56 E (fixed)"), "\(add.stdout)")
        #expect(add.stdout.contains("corr \u{2212}1.500 s"))
        let m = try #require(try p.listJSON().first)
        #expect(m["latitude"] as? Double == -33.8688 && m["positionSource"] as? String == "fixed")
    }

    @Test("Config: one bad [marks] key sets aside only itself; the position and gpsd off still apply, and stderr names the problem")
    func oneBadMarksKey() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try "[marks]\nposition = \"-33.8688, 151.2093\"\nwatch_error_seconds = 90\ngpsd = \"off\"\nbel = false\n"
            .write(toFile: p.configPath, atomically: true, encoding: .utf8)
        let add = try p.run(["marks", "add"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("33° 52'.13 S  151° 12'.56 E (fixed)"), "\(add.stdout)")
        #expect(add.stderr.contains("line 3: marks.watch_error_seconds: must be between -60 and 60"), "\(add.stderr)")
        #expect(add.stderr.contains("line 5: marks.bel: unknown key"), "\(add.stderr)")
        let m = try #require(try p.listJSON().first)
        #expect(m["latitude"] as? Double == -33.8688 && m["positionSource"] as? String == "fixed")
        #expect((m["correctionSeconds"] as? Double ?? 0) == 0)
    }

    @Test("Export CSV and JSON to files: temp-then-rename, no overwrite without --force")
    func export() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try p.run(["marks", "add", "--note", "a, \"quoted\" note", "--position", "-27.467, 153.380667"])
        let csvPath = p.home.appendingPathComponent("out.csv").path
        let first = try p.run(["marks", "export", "--format", "csv", "--output", csvPath])
        #expect(first.status == 0, "\(first.stderr)")
        let csv = try String(contentsOfFile: csvPath, encoding: .utf8)
        let lines = csv.components(separatedBy: "\r\n")
        #expect(lines[0].hasPrefix("id,utc,mark_time,corrected_utc,latitude,longitude,fix_age_s,note,"))
        #expect(lines[1].contains(",-27.467000,153.380667,,\"a, \"\"quoted\"\" note\",fixed,"))
        // No overwrite without --force; the file is unchanged.
        try p.run(["marks", "add"])
        let again = try p.run(["marks", "export", "--format", "csv", "--output", csvPath])
        #expect(again.status == 2 && again.stderr.contains("--force"))
        #expect(try String(contentsOfFile: csvPath, encoding: .utf8) == csv)
        let forced = try p.run(["marks", "export", "--format", "json", "--output", csvPath, "--force"])
        #expect(forced.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: csvPath))) as? [Any]
        #expect(json?.count == 2)
        // No temporary files left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: p.home.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    /// Issue 28: `--output -` wrote a file named `-`; it is standard output.
    @Test func exportToDashIsStandardOutput() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try p.run(["marks", "add", "--note", "dash"])
        let cwd = FileManager.default.currentDirectoryPath + "/-"
        let existed = FileManager.default.fileExists(atPath: cwd)
        let out = try p.run(["marks", "export", "--format", "csv", "--output", "-"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.hasPrefix("id,utc,") && out.stdout.contains("dash"), "\(out.stdout.prefix(200))")
        #expect(existed || !FileManager.default.fileExists(atPath: cwd), "a file named - was written")
        #expect(!FileManager.default.fileExists(atPath: p.home.appendingPathComponent("-").path))
    }

    @Test("Export to an invalid path fails clearly and writes nothing", arguments: [
        "/nonexistent-folder/x.csv", "/", "/proc/version",
    ])
    func exportBadPath(target: String) throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try p.run(["marks", "add"])
        let out = try p.run(["marks", "export", "--format", "csv", "--output", target])
        #expect(out.status != 0)
        #expect(out.stderr.contains("nothing was written"), "\(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent-folder"))
    }

    @Test("clear needs --yes and names the count")
    func clear() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        for _ in 0..<3 { try p.run(["marks", "add"]) }
        let refused = try p.run(["marks", "clear"])
        #expect(refused.status == 2 && refused.stderr.contains("all 3 marks"))
        #expect(try p.listJSON().count == 3)
        let done = try p.run(["marks", "clear", "--yes"])
        #expect(done.status == 0 && done.stdout.contains("cleared 3 marks"))
        #expect(try p.listJSON().isEmpty)
    }

    @Test("A foreign database file: clear error naming it, exit 1, file untouched")
    func foreignFile() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let junk = Data("this is my shopping list\n".utf8)
        try junk.write(to: URL(fileURLWithPath: p.databasePath))
        let out = try p.run(["marks", "add"])
        #expect(out.status == 1)
        #expect(out.stderr.contains(p.databasePath) && out.stderr.contains("not a timedeck database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: p.databasePath)) == junk)
    }

    @Test("gpsd unreachable: the mark is still recorded at once, with no fix")
    func gpsdAbsent() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        let out = try p.run(["marks", "add", "--gpsd", "127.0.0.1:1", "--gps-wait", "0.5"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("no GPS fix (gpsd)"))
        #expect(out.stdout.contains("unavailable"))
        let m = try #require(try p.listJSON().first)
        #expect(m["positionSource"] as? String == "gpsd")
        #expect(m["latitude"] is NSNull)
    }
}
