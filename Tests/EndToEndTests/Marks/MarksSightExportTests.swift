import Foundation
import Testing
import TimeKit

/// Issue 28: everything the user entered leaves in every export — a mark's
/// sight (body, Hs) and its Ho and intercept are in `marks list --json`,
/// `marks export` (CSV and JSON) and the snapshot, and `marks import` puts
/// them back without loss. Through the real binary.
@Suite("Sights in every export, and back")
struct MarksSightExportTests {
    static let almanac: Almanac? = try? Almanac.loadBundled(leapSeconds: .builtIn)

    /// A CSV export as rows of named fields (RFC 4180 with CRLF; the test's
    /// marks hold no line break inside a field).
    static func csvTable(_ text: String) -> [[String: String]] {
        var lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let header = splitCSV(lines.removeFirst())
        return lines.map { line in
            Dictionary(uniqueKeysWithValues: zip(header, splitCSV(line)).map { ($0, $1) })
        }
    }

    static func splitCSV(_ line: String) -> [String] {
        var fields: [String] = [], field = "", quoted = false, previousQuote = false
        for c in line {
            if quoted {
                if c == "\"" { quoted = false; previousQuote = true } else { field.append(c) }
            } else if c == "\"" {
                if previousQuote { field.append("\"") }
                quoted = true
                previousQuote = false
            } else if c == "," {
                fields.append(field); field = ""; previousQuote = false
            } else {
                field.append(c); previousQuote = false
            }
        }
        return fields + [field]
    }

    @Test("A mark's sight, Ho, intercept and Zn are in marks list --json and both exports; a mark without a position has them null")
    func sightsAreInEveryExport() throws {
        let almanac = try #require(Self.almanac)
        let p = try MarksProcess()
        defer { p.remove() }
        let position = try GeoPosition(latitudeDegrees: -12.5, longitudeDegrees: 140.25)
        let add = try p.run(["marks", "add", "--position", "12 30.0 S, 140 15.0 E", "--json"])
        try #require(add.status == 0, "\(add.stderr)")
        let added = try #require((try JSONSerialization.jsonObject(with: Data(add.stdout.utf8)) as? [[String: Any]])?.first)
        let id = try #require(added["id"] as? Int)
        let at = try InstantParser.parse(try #require(added["correctedUtc"] as? String)).unixSeconds
        // A star well up from the mark's position at its instant (the panel refuses one below the horizon).
        let star = try #require(try almanac.stars.map(\.name).filter { $0.allSatisfy(\.isLetter) }.first { name in
            let e = try almanac.entry(for: .star(name), atUnixSeconds: at)
            let h = SightReduction.altitudeAndAzimuth(ghaDegrees: e.ghaDegrees, decDegrees: e.decDegrees, from: position).altitudeDegrees
            return h > 20 && h < 70
        })
        let attach = try p.run(["marks", "sight", "\(id)", "\(star), 30 00.0"])
        try #require(attach.status == 0, "\(attach.stderr)")
        let bare = try p.run(["marks", "add", "--no-position", "--json"])
        let bareId = try #require(((try JSONSerialization.jsonObject(with: Data(bare.stdout.utf8)) as? [[String: Any]])?.first)?["id"] as? Int)
        try #require(try p.run(["marks", "sight", "\(bareId)", "Sun LL, 45 00.0"]).status == 0)
        // What the sights panel works out for the same sight from the same position (no settings: standard corrections).
        let expected = try #require(try FixSolver(almanac: almanac).reduce(
            [Sight(body: .star(star), sextantAltitudeDegrees: 30, unixSeconds: at)], deadReckoning: position, fixUnixSeconds: at).first)

        let list = try p.run(["marks", "list", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        let exportJSON = try p.run(["marks", "export", "--format", "json"])
        #expect(exportJSON.status == 0, "\(exportJSON.stderr)")
        for (name, text) in [("list", list.stdout), ("export", exportJSON.stdout)] {
            let objects = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
            let withPosition = try #require(objects.first { $0["id"] as? Int == id }?["sight"] as? [String: Any], "\(name): \(text)")
            #expect(withPosition["body"] as? String == star, "\(name)")
            #expect(withPosition["hsDegrees"] as? Double == 30, "\(name)")
            #expect(abs((withPosition["hoDegrees"] as? Double ?? .nan) - expected.observedAltitudeDegrees) <= 1e-6, "\(name): \(withPosition)")
            #expect(abs((withPosition["interceptNauticalMiles"] as? Double ?? .nan) - expected.interceptNauticalMiles) <= 1e-3,
                    "\(name): \(withPosition)")
            #expect(abs((withPosition["azimuthDegrees"] as? Double ?? .nan) - expected.azimuthDegrees) <= 0.01, "\(name): \(withPosition)")
            let withoutPosition = try #require(objects.first { $0["id"] as? Int == bareId }?["sight"] as? [String: Any], "\(name)")
            #expect(withoutPosition["body"] as? String == "Sun LL" && withoutPosition["hsDegrees"] as? Double == 45, "\(name)")
            #expect(withoutPosition["hoDegrees"] is NSNull && withoutPosition["interceptNauticalMiles"] is NSNull, "\(name)")
        }

        let text = try p.run(["marks", "list"])
        #expect(text.stdout.contains("sight \(star) Hs 30° 00.0′") && text.stdout.contains("sight Sun LL Hs 45° 00.0′"), "\(text.stdout)")

        let csv = try p.run(["marks", "export", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let header = Self.splitCSV(String(csv.stdout.prefix { $0 != "\r" && $0 != "\n" }))
        // The old columns first, unchanged, so an old reader still works.
        #expect(Array(header.prefix(13)) == ["id", "utc", "mark_time", "corrected_utc", "latitude", "longitude", "fix_age_s", "note",
                                             "position_source", "position_status", "correction_s", "unix_nanoseconds", "clock_status"])
        let rows = Self.csvTable(csv.stdout)
        let row = try #require(rows.first { $0["id"] == "\(id)" }, "\(csv.stdout)")
        #expect(row["sight_body"] == star && row["sight_hs_deg"] == "30", "\(row)")
        #expect(row["sight_ho_deg"] == String(format: "%.6f", expected.observedAltitudeDegrees), "\(row)")
        #expect(row["sight_intercept_nm"] == String(format: "%.3f", expected.interceptNauticalMiles), "\(row)")
        #expect(row["sight_zn_deg"] == String(format: "%.2f", expected.azimuthDegrees), "\(row)")
        let bareRow = try #require(rows.first { $0["id"] == "\(bareId)" })
        #expect(bareRow["sight_body"] == "Sun LL" && bareRow["sight_hs_deg"] == "45" && bareRow["sight_ho_deg"] == "", "\(bareRow)")
    }

    /// Marks with and without sights: odd bodies (a comma and quotes, non-ASCII,
    /// a control character, spaces at the ends, a name the almanac lacks) and
    /// extreme Hs (the smallest Double above 0°, the largest below 90°, values
    /// with no short decimal), gpsd fixes and clock states.
    static func craftedExport() throws -> String {
        let bodies: [(String, Double)?] = [
            ("Sun LL", 30), nil, ("Alpha, \"Cen\"", 5e-324), ("Kaus Australis", 89.99999999999999), nil,
            ("日本の星", 0.30000000000000004), ("Sirius\u{1B}[31m", 45.123456789012345), (" Moon UL ", 1e-9), ("vega", 60.5),
        ]
        var marks: [[String: Any]] = []
        for (i, sight) in bodies.enumerated() {
            let ns: Int64 = 1_710_999_847_123_456_789 + Int64(i) * 61_250_000_017
            var mark: [String: Any] = [
                "unixNanoseconds": NSNumber(value: ns), "correctionSeconds": i % 2 == 0 ? -0.3 : 0,
                "note": i == 4 ? "note, with \"quotes\"" : "", "uniqueKey": "crafted-\(i)",
                "positionSource": i % 3 == 0 ? "none" : (i % 3 == 1 ? "fixed" : "gpsd"),
                "clock": i % 2 == 0
                    ? ["synchronized": true, "estimatedErrorMicroseconds": 2000, "maximumErrorMicroseconds": 40000,
                       "gpsOffsetSeconds": -0.000312, "gpsOffsetMethod": "pps"]
                    : ["synchronized": false, "estimatedErrorMicroseconds": 16_000_000, "maximumErrorMicroseconds": 16_000_000],
            ]
            if i % 3 != 0 {
                mark["latitude"] = -27.5 + Double(i)
                mark["longitude"] = 153.25 - Double(i)
            }
            if i % 3 == 2 {
                mark["fixMode"] = 3
                mark["fixAgeSeconds"] = 0.4
                mark["fixUnixNanoseconds"] = NSNumber(value: ns - 400_123_456)
            }
            if let (body, hs) = sight { mark["sight"] = ["body": body, "hsDegrees": hs] }
            marks.append(mark)
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: marks), as: UTF8.self)
    }

    @Test("Export → import into an empty store → export again gives the same bytes, through JSON and through CSV")
    func roundTrip() throws {
        let dir = TemporaryFolder()
        let crafted = dir.path("crafted.json")
        try Self.craftedExport().write(toFile: crafted, atomically: true, encoding: .utf8)
        let a = try MarksProcess(), b = try MarksProcess(), c = try MarksProcess()
        defer { a.remove(); b.remove(); c.remove() }
        let first = try a.run(["marks", "import", crafted])
        try #require(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("imported 9 marks and 7 sights"), "\(first.stdout)")
        let json = dir.path("a.json"), csv = dir.path("a.csv")
        try #require(try a.run(["marks", "export", "--format", "json", "--output", json]).status == 0)
        try #require(try a.run(["marks", "export", "--format", "csv", "--output", csv]).status == 0)
        let jsonText = try String(contentsOfFile: json, encoding: .utf8), csvText = try String(contentsOfFile: csv, encoding: .utf8)
        // Every crafted sight is in the export as it was entered.
        // JSONDecoder, which reads every Double exactly (JSONSerialization on Linux does not).
        struct Exported: Decodable { struct Sight: Decodable { var body: String; var hsDegrees: Double }; var sight: Sight? }
        let sights = try JSONDecoder().decode([Exported].self, from: Data(jsonText.utf8)).map(\.sight)
        #expect(sights.map { $0?.body } == ["Sun LL", nil, "Alpha, \"Cen\"", "Kaus Australis", nil, "日本の星",
                                                          "Sirius\u{1B}[31m", " Moon UL ", "vega"])
        #expect(sights.map { $0?.hsDegrees } == [30, nil, 5e-324, 89.99999999999999, nil, 0.30000000000000004,
                                                               45.123456789012345, 1e-9, 60.5])

        #expect(try b.run(["marks", "import", json]).status == 0)
        #expect(try c.run(["marks", "import", "--format", "csv", csv]).status == 0)
        for (name, store) in [("from JSON", b), ("from CSV", c)] {
            let againJSON = try store.run(["marks", "export", "--format", "json"])
            let againCSV = try store.run(["marks", "export", "--format", "csv"])
            #expect(againJSON.stdout == jsonText, "\(name)")
            #expect(againCSV.stdout == csvText, "\(name)")
            // And field by field for the sight columns, to name a difference if there is one.
            let before = Self.csvTable(csvText), after = Self.csvTable(againCSV.stdout)
            for column in ["sight_body", "sight_hs_deg", "sight_ho_deg", "sight_intercept_nm", "sight_zn_deg"] {
                #expect(before.map { $0[column] } == after.map { $0[column] }, "\(name) \(column)")
            }
        }
        // A second import of the same file stores nothing twice.
        let again = try b.run(["marks", "import", json])
        #expect(again.status == 0 && again.stdout.contains("imported 0 marks and 0 sights") && again.stdout.contains("9 marks were already here"),
                "\(again.stdout)")
        #expect(try b.run(["marks", "export", "--format", "json"]).stdout == jsonText)
    }

    @Test("An import with one bad line names it, exits 2 and stores nothing")
    func badLineStoresNothing() throws {
        let dir = TemporaryFolder()
        let file = dir.path("bad.csv")
        try ("id,unix_nanoseconds,note,sight_body,sight_hs_deg\r\n1,1710999847123456789,fine,Sun LL,30\r\n"
             + "2,1710999908373456806,\"two\r\nlines\",Vega,95\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        let p = try MarksProcess()
        defer { p.remove() }
        let r = try p.run(["marks", "import", file])
        #expect(r.status == 2, "\(r.status) \(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("line 3") && r.stderr.contains("95") && r.stderr.contains("nothing was stored"), "\(r.stderr)")
        #expect(try p.run(["marks", "list", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                    .filter { !$0.isWhitespace } == "[]")
        let notAFile = try p.run(["marks", "import", "/dev/null"])
        #expect(notAFile.status == 2 && notAFile.stderr.contains("not a regular file"), "\(notAFile.stderr)")
    }

    @Test("snapshot --stdout: the almanac is read (no \"Almanac not loaded\"), the sight is in the data, notes are inert")
    func snapshotReadsTheAlmanacAndPrintsNotesInert() throws {
        let p = try MarksProcess()
        defer { p.remove() }
        try #require(try p.run(["marks", "add", "--no-position", "--note", "esc\u{1B}[2J bel\u{07} c1\u{9B}31m"]).status == 0)
        try #require(try p.run(["marks", "sight", "1", "Vega, 45 00.0"]).status == 0)
        let r = try p.run(["snapshot", "--stdout", "--columns", "120", "--rows", "40"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("Almanac not loaded"), "\(r.stdout)")
        #expect(r.stdout.contains("sight Vega Hs 45 0.0"), "\(r.stdout)")
        #expect(r.stdout.contains("esc␛[2J bel␇ c1U+009B31m"), "\(r.stdout)")
        #expect(!r.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || (0x80...0x9F).contains($0.value) })
    }
}
