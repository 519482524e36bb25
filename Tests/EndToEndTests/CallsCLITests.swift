import Foundation
import Testing
import TimeKit

/// `timedeck calls …` and "here" on the command line (issue 14).
@Suite struct CallsCLITests {
    struct Record: Decodable, Equatable {
        struct Place: Decodable, Equatable {
            var name: String
            var country: String
            var zone: String
            var local: String
        }
        var id: Int64?
        var name: String
        var start: String
        var durationMinutes: Int?
        var remindMinutes: Int?
        var remind: String
        var places: [Place]
        var minutesUntil: Int?
        var line: String?
    }

    func run(_ args: [String], _ env: [String: String]) throws -> TimedeckBinary.Result {
        try TimedeckBinary.run(args, environment: env)
    }

    func scratch(_ folder: TemporaryFolder) -> [String: String] {
        ["TIMEDECK_HOME": folder.path("data"), "XDG_CONFIG_HOME": folder.path("config"), "TZ": "UTC"]
    }

    @Test func addListNextAndRemoveKeepTheirJSONContract() throws {
        let folder = TemporaryFolder()
        let env = scratch(folder)
        let added = try run(["calls", "add", "Standup", "--at", "2030-03-15 14:00", "--duration", "45m", "--remind", "10m",
                             "London, GB", "Tokyo"], env)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try run(["calls", "add", "Retro", "--at", "2030-03-16T09:00:00Z", "Paris, FR"], env).status == 0)

        let list = try run(["calls", "list", "--json"], env)
        #expect(list.status == 0)
        let records = try JSONDecoder().decode([Record].self, from: Data(list.stdout.utf8))
        #expect(records.map(\.name) == ["Standup", "Retro"])  // soonest first
        let standup = records[0]
        #expect(standup.start == "2030-03-15T14:00:00Z")  // London's local time, GMT in March
        #expect(standup.durationMinutes == 45)
        #expect(standup.remindMinutes == 10 && standup.remind == "10m")
        #expect(standup.places == [Record.Place(name: "London", country: "GB", zone: "Europe/London", local: "2030-03-15T14:00:00"),
                                   Record.Place(name: "Tokyo", country: "JP", zone: "Asia/Tokyo", local: "2030-03-15T23:00:00")])
        // Without --remind a call follows calls.remind (10 min by default).
        #expect(records[1].remind == "default" && records[1].remindMinutes == 10 && records[1].durationMinutes == nil)

        let next = try run(["calls", "next"], env)
        // Hours are left out when whole days away (between 13:00 and 14:00 UTC).
        #expect(next.stdout.wholeMatch(of: /Standup in \d+ d( \d+ h)? · 14:00 London · 23:00 Tokyo\n/) != nil, "\(next.stdout)")
        let nextJSON = try JSONDecoder().decode(Record.self, from: Data(try run(["calls", "next", "--json"], env).stdout.utf8))
        #expect(nextJSON.name == "Standup" && (nextJSON.minutesUntil ?? 0) > 0)
        #expect(nextJSON.line == String(next.stdout.dropLast()))

        let removed = try run(["calls", "remove", "standup"], env)
        #expect(removed.status == 0, "\(removed.stderr)")
        let after = try JSONDecoder().decode([Record].self, from: Data(try run(["calls", "list", "--json"], env).stdout.utf8))
        #expect(after.map(\.name) == ["Retro"])
    }

    /// `calls set` changes a saved call in place: its places stay, `+2h`
    /// shifts from the call's own start, a local time is read in its first
    /// place; bad input exits 2 and changes nothing.
    @Test func setChangesStartLengthReminderAndName() throws {
        let env = scratch(TemporaryFolder())
        #expect(try run(["calls", "add", "Standup", "--at", "2030-03-15 14:00", "--remind", "10m", "London, GB", "Tokyo"], env).status == 0)
        #expect(try run(["calls", "add", "Retro", "--at", "2030-03-16T09:00:00Z", "Paris, FR"], env).status == 0)
        func standup() throws -> Record {
            let all = try JSONDecoder().decode([Record].self, from: Data(try run(["calls", "list", "--json"], env).stdout.utf8))
            return try #require(all.first { $0.name == "Standup" || $0.name == "Daily" })
        }
        let id = try standup().id

        let moved = try run(["calls", "set", "standup", "--at", "+2h", "--duration", "30m", "--remind", "off"], env)
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout.hasPrefix("Changed \"Standup\": 2030-03-15T16:00:00Z, 30 min, remind off · 16:00 London"), "\(moved.stdout)")
        var s = try standup()
        #expect(s.start == "2030-03-15T16:00:00Z" && s.durationMinutes == 30 && s.remind == "off" && s.id == id)
        #expect(s.places.map(\.name) == ["London", "Tokyo"])

        // A local time is London's (the first place), in summer time in June.
        #expect(try run(["calls", "set", "Standup", "--at", "2030-06-01 09:00", "--duration", "none", "--remind", "default",
                         "--name", "Daily"], env).status == 0)
        s = try standup()
        #expect(s.name == "Daily" && s.start == "2030-06-01T08:00:00Z" && s.durationMinutes == nil && s.remind == "default")

        let before = try run(["calls", "list", "--json"], env).stdout
        for (args, says) in [(["calls", "set", "Daily"], "say what to change"),
                             (["calls", "set", "Nobody", "--at", "+1h"], "no saved call"),
                             (["calls", "set", "Daily", "--at", "someday"], "cannot read the time"),
                             (["calls", "set", "Daily", "--remind", "soon"], "cannot read the reminder"),
                             (["calls", "set", "Daily", "--duration", "25h"], "--duration"),
                             (["calls", "set", "Daily", "--name", "retro"], "already exists")] {
            let r = try run(args, env)
            #expect(r.status == 2 && r.stderr.contains(says), "\(args): \(r.status) \(r.stderr)")
        }
        #expect(try run(["calls", "list", "--json"], env).stdout == before, "bad input changed a call")
    }

    /// `calls set --add/--remove` change the places; the start instant stays.
    @Test func setAddsAndRemovesPlaces() throws {
        let env = scratch(TemporaryFolder())
        #expect(try run(["calls", "add", "Standup", "--at", "2030-03-15T14:00:00Z", "London, GB", "Tokyo"], env).status == 0)
        func places() throws -> [String] {
            let all = try JSONDecoder().decode([Record].self, from: Data(try run(["calls", "list", "--json"], env).stdout.utf8))
            return all.first?.places.map(\.name) ?? []
        }
        let r = try run(["calls", "set", "Standup", "--add", "Paris, FR", "--add", "Jezero", "--remove", "tokyo"], env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try places() == ["London", "Paris", "Perseverance"])
        #expect(r.stdout.contains("14:00 London · 15:00 Paris"), "\(r.stdout)")
        // The first place may go: the next becomes the source, the instant stays.
        #expect(try run(["calls", "set", "Standup", "--remove", "London"], env).status == 0)
        let all = try JSONDecoder().decode([Record].self, from: Data(try run(["calls", "list", "--json"], env).stdout.utf8))
        #expect(all.first?.places.map(\.name) == ["Paris", "Perseverance"] && all.first?.start == "2030-03-15T14:00:00Z")

        let before = try run(["calls", "list", "--json"], env).stdout
        for (args, says) in [(["calls", "set", "Standup", "--remove", "Oslo"], "has no place named"),
                             (["calls", "set", "Standup", "--add", "Paris, FR"], "already in"),
                             (["calls", "set", "Standup", "--remove", "Paris"], "Mars site cannot be the first"),
                             (["calls", "set", "Standup", "--add", "Qqqxzzz"], "no place matches")] {
            let bad = try run(args, env)
            #expect(bad.status == 2 && bad.stderr.contains(says), "\(args): \(bad.status) \(bad.stderr)")
        }
        #expect(try run(["calls", "list", "--json"], env).stdout == before, "bad input changed the call")
    }

    /// A start in the past is saved as asked, with a note that says so.
    @Test func aStartThatHasPassedIsSavedWithANote() throws {
        let env = scratch(TemporaryFolder())
        let old = try run(["calls", "add", "Retro", "--at", "2020-01-01 10:00", "Paris, FR"], env)
        #expect(old.status == 0 && old.stderr.contains("2020-01-01T09:00:00Z has already passed") && old.stderr.contains("will not remind"),
                "\(old.stderr)")
        let ahead = try run(["calls", "add", "Next", "--at", "2099-01-01 10:00", "Paris, FR"], env)
        #expect(ahead.status == 0 && !ahead.stderr.contains("already passed"), "\(ahead.stderr)")
    }

    @Test func nothingAheadPrintsNothingAndNull() throws {
        let env = scratch(TemporaryFolder())
        #expect(try run(["calls", "next"], env).stdout == "")
        #expect(try run(["calls", "next", "--json"], env).stdout == "null\n")
        #expect(try run(["calls", "list", "--json"], env).stdout == "[]\n")
    }

    @Test(arguments: [
        (["calls", "add", "X", "--at", "someday", "Paris"], "cannot read the time"),
        (["calls", "add", "X", "--at", "14:00", "--duration", "45s", "Paris"], "--duration"),
        (["calls", "add", "X", "--at", "14:00", "--duration", "25h", "Paris"], "--duration"),
        (["calls", "add", "X", "--at", "14:00", "--remind", "soon", "Paris"], "cannot read the reminder"),
        (["calls", "add", "X", "--at", "14:00", "Qqqxzzz"], "no place matches"),
        (["calls", "add", "X", "--at", "14:00"], "at least one place"),
        (["calls", "add", "X", "--at", "14:00", "here"], "marks.position"),
        (["calls", "add", "X"], "--at"),
        (["calls", "remove", "Nobody"], "no saved call"),
    ])
    func badInputExitsTwoAndWritesNothing(_ args: [String], _ says: String) throws {
        let folder = TemporaryFolder()
        let env = scratch(folder)
        let r = try run(args, env)
        #expect(r.status == 2, "\(args): \(r.status) \(r.stderr)")
        #expect(r.stderr.contains(says), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        // Not even the database file was created.
        #expect(!FileManager.default.fileExists(atPath: folder.path("data") + "/timedeck.sqlite"))
    }

    @Test func aDuplicateNameIsRefusedAndTheFirstCallStaysAsItWas() throws {
        let env = scratch(TemporaryFolder())
        #expect(try run(["calls", "add", "Standup", "--at", "2030-03-15 14:00", "London, GB"], env).status == 0)
        let before = try run(["calls", "list", "--json"], env).stdout
        let again = try run(["calls", "add", "standup", "--at", "2030-03-16 14:00", "Tokyo"], env)
        #expect(again.status == 2)
        #expect(again.stderr.contains("already exists"))
        #expect(try run(["calls", "list", "--json"], env).stdout == before)
    }

    /// Issue 28: the hint for a name with a space is quoted so that it can
    /// be pasted (`timedeck calls remove dst SYNC` removed "dst").
    @Test func theRemoveHintQuotesANameWithASpace() throws {
        let env = scratch(TemporaryFolder())
        #expect(try run(["calls", "add", "dst SYNC", "--at", "2030-03-15 14:00", "London, GB"], env).status == 0)
        let again = try run(["calls", "add", "dst SYNC", "--at", "2030-03-16 14:00", "London, GB"], env)
        #expect(again.status == 2 && again.stderr.contains("`timedeck calls remove 'dst SYNC'`"), "\(again.stderr)")
    }

    /// "here" is the city nearest `marks.position` (the most populous within
    /// 20 km), with a note saying so. gpsd is off here, so that no gpsd on
    /// the machine (or another test's listener) decides; gpsd's fix is
    /// tested with gpsfake (`GPSDIntegrationTests`).
    @Test(arguments: [("-27.467, 153.028", "Brisbane"), ("48.8566, 2.3522", "Paris"), ("35.6812, 139.7671", "Tokyo"),
                      ("27 28.02 S 153 22.84 E", "Capalaba"), ("40.7580, -73.9855", "New York City")])
    func hereIsTheCityNearTheConfiguredPosition(_ position: String, _ name: String) throws {
        let folder = TemporaryFolder()
        let config = folder.path("config.toml")
        try "[marks]\nposition = \"\(position)\"\ngpsd = \"off\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        var env = scratch(folder)
        env["TIMEDECK_CONFIG"] = config
        let r = try run(["call", "here", "UTC", "--json"], env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"name\":\"\(name)\""), "\(r.stdout)")
        #expect(r.stderr.contains("\"here\": using \(name), "), "\(r.stderr)")
        #expect(r.stderr.contains("nearest marks.position"), "\(r.stderr)")
        let added = try run(["calls", "add", "Here", "--at", "2030-01-01T10:00:00Z", "here"], env)
        #expect(added.status == 0 && added.stdout.contains(name), "\(added.stdout)\(added.stderr)")
    }
}
