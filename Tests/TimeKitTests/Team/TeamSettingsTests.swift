import Foundation
import Testing
import TimeKit

@Suite("Team settings, station names, redaction and team exports")
struct TeamSettingsTests {
    @Test("team.url and team.station are read from the config; an empty url means no team")
    func parsed() {
        let (settings, problems) = Settings.parse("[team]\nurl = \"postgresql://north@db/occ\"\nstation = \"north-1\"\n")
        #expect(problems.isEmpty)
        #expect(settings.teamURL == "postgresql://north@db/occ" && settings.teamStation == "north-1")
        #expect(Settings.parse("[team]\nurl = \"\"\n").settings.teamURL == nil)
    }

    @Test("A bad team.url is refused without echoing it (it may hold a password)")
    func badURLNotEchoed() {
        let (settings, problems) = Settings.parse("[team]\nurl = \"mysql://u:hunter2@h/d\"\n")
        #expect(settings.teamURL == nil)
        #expect(problems.count == 1)
        #expect(!problems[0].description.contains("hunter2"))
    }

    @Test("Station names: letters, digits, . _ -, at most 63; the host name is cleaned")
    func stationNames() {
        #expect(TeamStationName.isValid("north_1.a-b"))
        #expect(!TeamStationName.isValid("north 1") && !TeamStationName.isValid("") && !TeamStationName.isValid("é"))
        #expect(!TeamStationName.isValid(String(repeating: "a", count: 64)))
        #expect(TeamStationName.resolved(configured: nil, hostName: "obs-2.local") == "obs-2.local")
        #expect(TeamStationName.resolved(configured: nil, hostName: "ü\u{1B}[31m") == "31m")
        #expect(TeamStationName.resolved(configured: nil, hostName: "") == "station")
        #expect(TeamStationName.resolved(configured: "south", hostName: "x") == "south")
    }

    @Test("The password is replaced by *** in the user info and in a password= parameter",
          arguments: [
              ("postgresql://north:s3cr@t@db.example.org:5432/occ?sslmode=require",
               "postgresql://north:***@db.example.org:5432/occ?sslmode=require"),
              ("postgresql://north@db/occ?password=s3cr&sslmode=verify-full",
               "postgresql://north@db/occ?password=***&sslmode=verify-full"),
              ("postgresql:///occ", "postgresql:///occ"),
              ("postgres://u:p@h/d", "postgres://u:***@h/d"),
          ])
    func redacted(url: String, expected: String) {
        #expect(TeamURL.redacted(url) == expected)
    }

    @Test("Team JSON has the marks JSON keys plus station; team CSV a station column first")
    func teamExports() throws {
        let mark = SightingMark(id: 4, unixNanoseconds: 1_795_000_000_123_000_000, note: "a,b", uniqueKey: "k")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(MarkExport.teamJSON([TeamMark(station: "north", mark: mark)]).utf8)) as? [[String: Any]])
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(MarkExport.json([mark]).utf8)) as? [[String: Any]])
        #expect(json[0]["station"] as? String == "north")
        #expect(Set(json[0].keys) == Set(plain[0].keys).union(["station"]))
        #expect(plain[0]["station"] == nil)
        let csv = MarkExport.teamCSV([TeamMark(station: "north", mark: mark)])
        let lines = csv.components(separatedBy: "\r\n")
        #expect(lines[0] == "station," + MarkExport.csvHeader.joined(separator: ","))
        #expect(lines[1].hasPrefix("north,4,") && lines[1].contains("\"a,b\""))
        #expect(lines.count == 3 && lines[2].isEmpty)
    }
}
