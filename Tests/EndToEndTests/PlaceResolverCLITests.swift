import Foundation
import Testing

/// `timedeck call` and `timedeck places search` with every kind of place
/// (issue 12): tz zones and links, abbreviations, offsets, Mars sites,
/// typos (with a note on stderr) and nonsense (exit 2 with suggestions).
@Suite struct PlaceResolverCLITests {
    let cli = PlacesCLITests()

    /// `call --json` at a fixed instant: the second place's zone and offset.
    func second(_ query: String) throws -> (zone: String, offset: Int, name: String, stderr: String, status: Int32) {
        let r = try cli.timedeck("call", "--at", "2026-07-01T12:00:00Z", "--json", "Tokyo", query)
        guard r.status == 0 else { return ("", 0, "", r.stderr, r.status) }
        let top = try #require(try cli.json(r.stdout) as? [String: Any])
        let places = try #require(top["places"] as? [[String: Any]])
        return (places[1]["zone"] as? String ?? "", places[1]["utcOffsetSeconds"] as? Int ?? -1,
                places[1]["name"] as? String ?? "", r.stderr, r.status)
    }

    @Test(arguments: [
        ("Asia/Kolkata", "Asia/Kolkata", 19_800, ""),
        ("Asia/Saigon", "Asia/Ho_Chi_Minh", 25_200, "old name"),
        ("US/Pacific", "America/Los_Angeles", -25_200, "old name"),
        ("America/Buenos_Aires", "America/Argentina/Buenos_Aires", -10_800, "old name"),
        ("PST", "UTC-08:00", -28_800, "Pacific Standard Time"),
        ("JST", "UTC+09:00", 32_400, "Japan Standard Time"),
        ("IST India", "UTC+05:30", 19_800, "India Standard Time"),
        ("UTC+5:30", "UTC+05:30", 19_800, ""),
        ("UTC-3", "UTC-03:00", -10_800, ""),
        ("GMT+9", "UTC+09:00", 32_400, "9 hours ahead of UTC"),
        ("+05:45", "UTC+05:45", 20_700, ""),
        ("UTC−8", "UTC-08:00", -28_800, ""),
        ("Jezero", "Mars/perseverance", 0, "Mars site Perseverance"),
        ("Mars/perseverance", "Mars/perseverance", 0, ""),
        ("Phoenix", "America/Phoenix", -25_200, "Mars/phoenix"),
        ("Sydney", "Australia/Sydney", 36_000, "using the most populous, Sydney, AU (Australia/Sydney)"),
        ("Київ", "Europe/Kyiv", 10_800, "another name for Kyiv"),
    ])
    func resolvesWithANoteWhenItAssumes(_ query: String, _ zone: String, _ offset: Int, _ note: String) throws {
        let r = try second(query)
        #expect(r.status == 0, "\(query): \(r.stderr)")
        #expect(r.zone == zone, "\(query)")
        if !zone.hasPrefix("Mars/") { #expect(r.offset == offset, "\(query)") }
        if note.isEmpty {
            #expect(!r.stderr.contains("\"\(query)\""), "\(query): \(r.stderr)")
        } else {
            #expect(r.stderr.contains(note), "\(query): \(r.stderr)")
        }
    }

    @Test(arguments: [("IST", ["India Standard Time", "Irish Standard Time", "Israel Standard Time", "\"IST India\""]),
                      ("CST", ["Central Standard Time (North America)", "China Standard Time", "Cuba Standard Time"]),
                      ("BST", ["British Summer Time", "Bangladesh Standard Time"])])
    func anAmbiguousAbbreviationExitsTwoNamingItsMeanings(_ query: String, _ named: [String]) throws {
        let r = try cli.timedeck("call", "Tokyo", query)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        for n in named { #expect(r.stderr.contains(n), "\(query): \(r.stderr)") }
    }

    /// Issue 28: a name that only begins a place's name or is spelled like
    /// it is asked about (exit 2, "did you mean"), never used: each of these
    /// gave a confident wrong place with exit 0.
    @Test(arguments: [("Sydnee", "Sydney, AU"), ("DC", ""), ("ZZ", ""), ("Bermudda", ""), ("Lond", "London"),
                      ("Azorez", ""), ("Galapagoss", ""), ("Europe/Par", "Europe/Paris")])
    func aMatchOnlyByBeginningOrSpellingIsNeverUsed(_ query: String, _ suggested: String) throws {
        let r = try cli.timedeck("call", "Tokyo", query)
        #expect(r.status == 2 && r.stdout.isEmpty, "\(query): \(r.status) \(r.stdout.prefix(200))")
        #expect(r.stderr.contains("no place is named \"\(query)\"") || r.stderr.contains("no place matches \"\(query)\""),
                "\(query): \(r.stderr)")
        if !suggested.isEmpty { #expect(r.stderr.contains(suggested), "\(query): \(r.stderr)") }
    }

    @Test func nonsenseExitsTwoWithSuggestions() throws {
        let r = try cli.timedeck("call", "Tokyo", "Europe/Pariss")
        #expect(r.status == 2)
        #expect(r.stderr.contains("no place matches \"Europe/Pariss\"") && r.stderr.contains("Europe/Paris"))
        let s = try cli.timedeck("places", "search", "XST")
        #expect(s.status == 2 && s.stderr.contains("no place matches \"XST\""))
    }

    @Test func aMarsSiteCannotBeTheSource() throws {
        let r = try cli.timedeck("call", "Jezero", "Tokyo")
        #expect(r.status == 2 && r.stderr.contains("cannot be the first place"))
    }

    @Test func placesSearchListsEveryMeaningOnceAndLinksShowTheirZone() throws {
        let r = try cli.timedeck("places", "search", "IST", "--json")
        #expect(r.status == 0)
        let list = try #require(try cli.json(r.stdout) as? [[String: Any]])
        #expect(list.prefix(3).map { $0["zone"] as? String } == ["UTC+05:30", "UTC+01:00", "UTC+02:00"])
        #expect(list.prefix(3).allSatisfy { $0["match"] as? String == "abbreviation" })
        let kyiv = try cli.timedeck("places", "search", "Київ")
        let rows = kyiv.stdout.split(separator: "\n")
        #expect(Set(rows).count == rows.count, "\(rows)")
        let link = try cli.timedeck("places", "search", "asia/calcutta", "--json")
        let first = try #require((try cli.json(link.stdout) as? [[String: Any]])?.first)
        #expect(first["zone"] as? String == "Asia/Kolkata" && first["match"] as? String == "link")
    }

    /// Issue 28: islands, territories, countries, bases, zone places and
    /// historical names resolve to the clock meant (each gave another
    /// place, or nothing, before): `call --json` at a fixed instant.
    @Test(arguments: [
        ("Bermuda", "Atlantic/Bermuda"), ("Azores", "Atlantic/Azores"), ("Mauritius", "Indian/Mauritius"),
        ("Reunion", "Indian/Reunion"), ("Galapagos", "Pacific/Galapagos"), ("Easter Island", "Pacific/Easter"),
        ("Guam", "Pacific/Guam"), ("McMurdo", "Antarctica/McMurdo"), ("Godthåb", "America/Nuuk"),
        ("Diego Garcia", "Indian/Chagos"), ("Lord Howe Island", "Australia/Lord_Howe"), ("Kiritimati", "Pacific/Kiritimati"),
        ("Pitcairn", "Pacific/Pitcairn"), ("UK", "Europe/London"), ("India", "Asia/Kolkata"), ("Calcutta", "Asia/Kolkata"),
        ("Canton", "Asia/Shanghai"), ("Batavia", "Asia/Jakarta"), ("UT", "UTC"),
    ])
    func islandsCountriesAndOldNamesResolve(_ query: String, _ zone: String) throws {
        let r = try second(query)
        #expect(r.status == 0, "\(query): \(r.stderr)")
        #expect(r.zone == zone, "\(query) → \(r.zone)")
        if query != "UT" { #expect(r.stderr.contains("note: \"\(query)\""), "\(query): no note: \(r.stderr)") }
    }

    /// A name with meanings on different clocks is asked about (exit 2),
    /// each meaning named with what to type.
    @Test(arguments: [("Midway", ["Pacific/Midway", "\"Midway, US\""]), ("Davis", ["Antarctica/Davis", "\"Davis, US\""]),
                      ("Georgia", ["Asia/Tbilisi", "America/New_York"]), ("US", ["America/New_York", "Pacific/Honolulu"]),
                      ("Australia", ["Australia/Perth", "Australia/Sydney"])])
    func severalClocksAreAskedAbout(_ query: String, _ named: [String]) throws {
        let r = try cli.timedeck("call", "Tokyo", query)
        #expect(r.status == 2 && r.stdout.isEmpty, "\(query): \(r.status)")
        for n in named { #expect(r.stderr.contains(n), "\(query): \(r.stderr)") }
    }

    /// Issue 28: an offset west of UTC is a place, not an unknown option;
    /// a real unknown option is still refused (exit 2).
    @Test func aNegativeOffsetIsAPlace() throws {
        let r = try cli.timedeck("call", "--at", "2026-07-01T12:00:00Z", "London, GB", "-03:00")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("UTC-03:00                 Wed 09:00"), "\(r.stdout)")
        let typo = try cli.timedeck("call", "London, GB", "--jsn")
        #expect(typo.status == 2 && typo.stderr.contains("unknown option --jsn"), "\(typo.stderr)")
    }

    /// Issue 28: the CLI warns of a clock change within 14 days, as the
    /// dashboard does: in the table, in `--json` and in the invitation;
    /// `--ics` without `--duration` says it made the event 30 minutes.
    @Test func aClockChangeWithinFourteenDaysIsSaid() throws {
        let r = try cli.timedeck("call", "--at", "2026-03-01T12:00:00Z", "London, GB", "America/New_York")
        #expect(r.stdout.contains("⚠ America/New_York clocks change Sun 2026-03-08 UTC-05:00→UTC-04:00 (+60 min)"), "\(r.stdout)")
        #expect(!r.stdout.contains("⚠ London"))
        let quiet = try cli.timedeck("call", "--at", "2026-06-01T12:00:00Z", "London, GB", "America/New_York")
        #expect(quiet.status == 0 && !quiet.stdout.contains("⚠"))
        let j = try cli.timedeck("call", "--json", "--at", "2026-03-01T12:00:00Z", "London, GB", "America/New_York")
        let top = try #require(try cli.json(j.stdout) as? [String: Any])
        let places = try #require(top["places"] as? [[String: Any]])
        #expect(places[0]["clockChange"] is NSNull)
        let change = try #require(places[1]["clockChange"] as? [String: Any])
        #expect(change["utc"] as? String == "2026-03-08T07:00:00Z" && change["offsetAfterSeconds"] as? Int == -14_400)
        let dir = TemporaryFolder()
        let ics = try cli.timedeck("call", "--at", "2026-03-01T12:00:00Z", "London, GB", "America/New_York", "--ics", dir.path("c.ics"))
        #expect(ics.status == 0 && ics.stderr.contains("lasts 30 minutes (no --duration given)"), "\(ics.stderr)")
        let text = try String(contentsOfFile: dir.path("c.ics"), encoding: .utf8).replacingOccurrences(of: "\r\n ", with: "")
        #expect(text.contains("clocks change Sun 2026-03-08"), "\(text)")
    }

    /// "local" is the machine's zone as TZ names it (it was Ocala, FL).
    @Test func localIsTheMachinesZone() throws {
        let r = try cli.timedeck("call", "--at", "2026-07-01T12:00:00Z", "--json", "UTC", "local",
                                 environment: ["TZ": "Asia/Tokyo"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"Asia\\/Tokyo\"") || r.stdout.contains("\"Asia/Tokyo\""), "\(r.stdout)")
        let posix = try cli.timedeck("call", "UTC", "local", environment: ["TZ": "JST-9"])
        #expect(posix.status == 2 && posix.stderr.contains("name your city"), "\(posix.stderr)")
    }
}
