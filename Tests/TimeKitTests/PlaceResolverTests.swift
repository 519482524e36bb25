import Foundation
import Testing
@testable import TimeKit

/// What a typed place means: zones and links, abbreviations (the ambiguous
/// ones pick nothing), offsets in each form, Mars sites, typos (with a
/// note) and nonsense (suggestions).
@Suite struct PlaceResolverTests {
    let resolver: PlaceResolver

    init() throws {
        resolver = PlaceResolver(places: try PlaceDatabase.bundled(), zones: .system, mars: try MarsSiteLibrary.bundled())
    }

    /// A short summary of the outcome: `zone Asia/Kolkata`, `fixed UTC+05:30 IST`,
    /// `city Sydney AU`, `mars perseverance`, `ambiguous 3`, `none`.
    func summary(_ query: String) -> String {
        switch resolver.resolve(query).outcome {
        case let .resolved(c, _):
            let p = c.place
            if p.isMars { return "mars " + p.zoneIdentifier.dropFirst(5) }
            if p.isFixedOffset { return "fixed \(p.zoneIdentifier) \(p.name)" }
            if p.isZoneOnly { return "zone \(p.zoneIdentifier)" }
            return "city \(p.name) \(p.countryCode)"
        case let .ambiguous(list): return "ambiguous \(list.count)"
        case let .unknownZone(name): return "unknown \(name)"
        case .notFound: return "none"
        }
    }

    func notes(_ query: String) -> [PlaceNote] {
        if case let .resolved(_, notes) = resolver.resolve(query).outcome { return notes }
        return []
    }

    @Test(arguments: [
        // Zones and links from the system tz database.
        ("Asia/Kolkata", "zone Asia/Kolkata"),
        ("asia/kolkata", "zone Asia/Kolkata"),
        ("Asia/Calcutta", "zone Asia/Kolkata"),
        ("Asia/Saigon", "zone Asia/Ho_Chi_Minh"),
        ("US/Pacific", "zone America/Los_Angeles"),
        ("America/Buenos_Aires", "zone America/Argentina/Buenos_Aires"),
        ("america/new york", "zone America/New_York"),
        ("UTC", "zone UTC"), ("Z", "zone UTC"), ("Etc/GMT+9", "zone Etc/GMT+9"),
        ("Jamaica", "zone America/Jamaica"),
        // Abbreviations: fixed offsets labelled with the abbreviation.
        ("PST", "fixed UTC-08:00 PST"), ("pdt", "fixed UTC-07:00 PDT"), ("JST", "fixed UTC+09:00 JST"),
        ("KST", "fixed UTC+09:00 KST"), ("AEST", "fixed UTC+10:00 AEST"), ("AEDT", "fixed UTC+11:00 AEDT"),
        ("ACST", "fixed UTC+09:30 ACST"), ("NZDT", "fixed UTC+13:00 NZDT"), ("AKST", "fixed UTC-09:00 AKST"),
        ("CEST", "fixed UTC+02:00 CEST"), ("MSK", "fixed UTC+03:00 MSK"), ("PKT", "fixed UTC+05:00 PKT"),
        ("ICT", "fixed UTC+07:00 ICT"), ("HKT", "fixed UTC+08:00 HKT"), ("SGT", "fixed UTC+08:00 SGT"),
        ("AWST", "fixed UTC+08:00 AWST"), ("EDT", "fixed UTC-04:00 EDT"),
        // Abbreviations that are also tz zone names are those zones.
        ("EST", "zone EST"), ("HST", "zone HST"), ("MST", "zone MST"), ("CET", "zone CET"), ("EET", "zone EET"),
        ("GMT", "zone UTC"),
        // Ambiguous: no pick unless qualified.
        ("IST", "ambiguous 3"), ("CST", "ambiguous 3"), ("BST", "ambiguous 2"), ("ist", "ambiguous 3"),
        ("IST India", "fixed UTC+05:30 IST"), ("IST (Israel)", "fixed UTC+02:00 IST"),
        ("IST, Ireland", "fixed UTC+01:00 IST"), ("CST China", "fixed UTC+08:00 CST"),
        ("CST US", "fixed UTC-06:00 CST"), ("BST UK", "fixed UTC+01:00 BST"), ("BST Bangladesh", "fixed UTC+06:00 BST"),
        // Offsets in each form.
        ("UTC+5:30", "fixed UTC+05:30 UTC+05:30"), ("UTC-3", "fixed UTC-03:00 UTC-03:00"),
        ("GMT+9", "fixed UTC+09:00 UTC+09:00"), ("+05:45", "fixed UTC+05:45 UTC+05:45"),
        ("UTC−8", "fixed UTC-08:00 UTC-08:00"), ("utc +0530", "fixed UTC+05:30 UTC+05:30"),
        ("UTC+14", "fixed UTC+14:00 UTC+14:00"), ("UTC+0", "zone UTC"),
        // Mars sites by name, id or alias; Phoenix is the city.
        ("Jezero", "mars perseverance"), ("Curiosity", "mars curiosity"), ("Gale", "mars curiosity"),
        ("Olympus Mons", "mars olympus-mons"), ("Mars/perseverance", "mars perseverance"),
        ("mars phoenix", "mars phoenix"), ("Phoenix", "city Phoenix US"),
        // Cities, other names, typos.
        ("Sydnee", "city Sydney AU"), ("Київ", "city Kyiv UA"), ("Bombay", "city Mumbai IN"),
        ("London", "city London GB"),
        // Nonsense, and abbreviation-shaped text that is no abbreviation.
        ("qqxxzzq", "none"), ("XST", "none"), ("UTC+15", "none"),
    ])
    func resolves(_ query: String, _ expected: String) {
        #expect(summary(query) == expected, "\(query)")
    }

    @Test func guessesAndOtherNamesAreNeverSilent() throws {
        let sydnee = notes("Sydnee")
        #expect(sydnee.contains { if case .guessed = $0 { return true }; return false })
        #expect(sydnee.first?.description.hasPrefix("\"Sydnee\": no name matches exactly; using Sydney, AU") == true)
        #expect(notes("Bombay").contains { if case .otherName = $0 { return true }; return false })
        #expect(notes("US/Pacific") == [.zoneLink(name: "US/Pacific", canonical: "America/Los_Angeles")])
        #expect(notes("Jezero").first?.description.contains("Mars/perseverance") == true)
        #expect(notes("PST").first?.description.contains("Pacific Standard Time") == true)
        #expect(notes("GMT+9").first?.description.contains("9 hours ahead of UTC") == true)
        #expect(notes("Etc/GMT+9").first?.description.contains("UTC-09:00") == true)
        #expect(notes("lond").first?.description.contains("beginning of London") == true)
    }

    /// Every site of the bundled library, by id (`Mars/<id>`, `mars <name>`)
    /// always, and by its name and each alias: the site itself, or — where
    /// the word is also a city's name — that city with a note naming the
    /// site and how to ask for it. Never a third place, never silent.
    @Test func everyMarsSiteOfTheLibraryIsReachable() throws {
        let library = try MarsSiteLibrary.bundled()
        #expect(library.sites.count >= 12)
        for site in library.sites {
            #expect(summary("Mars/\(site.id)") == "mars \(site.id)", "Mars/\(site.id)")
            #expect(summary("mars \(site.name)") == "mars \(site.id)", "mars \(site.name)")
            for word in [site.name] + site.aliases {
                let outcome = summary(word)
                if outcome == "mars \(site.id)" { continue }
                #expect(outcome.hasPrefix("city "), "\(word) → \(outcome)")
                #expect(notes(word).contains { $0.description.contains("Mars/\(site.id)") }, "\(word): no note naming Mars/\(site.id)")
            }
        }
    }

    /// Every abbreviation of the table: one meaning gives its fixed offset
    /// (or, where tz has a zone of that very name — CET, EST, MST… — that
    /// zone, with a note); several give every meaning as a choice and none
    /// is picked, and each meaning's qualifiers pick exactly it.
    @Test func everyAbbreviationOfTheTableResolves() {
        #expect(ZoneAbbreviation.table.count >= 40)
        for (abbreviation, meanings) in ZoneAbbreviation.table {
            let outcome = resolver.resolve(abbreviation).outcome
            if meanings.count == 1 {
                guard case let .resolved(c, notes) = outcome else {
                    Issue.record("\(abbreviation) → \(outcome)")
                    continue
                }
                if c.place.isFixedOffset {
                    #expect(c.place.zoneIdentifier == meanings[0].offset.identifier, "\(abbreviation) → \(c.place.zoneIdentifier)")
                    #expect(c.place.name == abbreviation)
                } else {
                    // A tz zone of that name (CET, EST, GMT as UTC): the
                    // abbreviation's offset now, and a note where the zone
                    // changes to summer time.
                    #expect(!c.place.isMars && c.place.geonameID == 0, "\(abbreviation) → a city: \(c.place.label)")
                    let zone = TimeZone(identifier: c.place.zoneIdentifier)
                    let january = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
                    let offsets = [january, january.addingTimeInterval(182 * 86_400)].compactMap { zone?.secondsFromGMT(for: $0) }
                    #expect(offsets.contains(meanings[0].offset.seconds), "\(abbreviation) → \(c.place.zoneIdentifier) \(offsets)")
                    if Set(offsets).count > 1 { #expect(!notes.isEmpty, "\(abbreviation): a zone with summer time, taken without a note") }
                }
            } else {
                guard case let .ambiguous(list) = outcome else {
                    Issue.record("\(abbreviation) is ambiguous, yet → \(outcome)")
                    continue
                }
                #expect(Set(list.map(\.place.zoneIdentifier)) == Set(meanings.map(\.offset.identifier)), "\(abbreviation)")
                for meaning in meanings {
                    for qualifier in meaning.qualifiers {
                        let picked = resolver.resolve("\(abbreviation) \(qualifier)").outcome
                        guard case let .resolved(c, _) = picked else { Issue.record("\(abbreviation) \(qualifier) → \(picked)"); continue }
                        #expect(c.place.zoneIdentifier == meaning.offset.identifier, "\(abbreviation) \(qualifier)")
                    }
                }
            }
        }
    }

    /// Çat (Turkey) folds to "cat"; `CAT` in capitals is Central Africa Time.
    @Test func anAbbreviationInCapitalsOutranksACityThatOnlyFoldsToIt() {
        #expect(summary("CAT") == "fixed UTC+02:00 CAT")
        #expect(summary("Çat") == "city Çat TR")
        #expect(summary("IST India") == "fixed UTC+05:30 IST")
    }

    @Test func phoenixIsTheCityWithANoteNamingTheMarsSite() {
        let n = notes("Phoenix")
        #expect(n.contains { $0.description.contains("Mars/phoenix") })
    }

    @Test func anAmbiguousAbbreviationNamesEveryMeaning() {
        let r = resolver.resolve("IST")
        guard case let .ambiguous(list) = r.outcome else { Issue.record("\(r.outcome)"); return }
        #expect(list.map(\.place.zoneIdentifier) == ["UTC+05:30", "UTC+01:00", "UTC+02:00"])
        #expect(list.map(\.place.label) == ["IST (India)", "IST (Ireland)", "IST (Israel)"])
        let text = r.notes.map(\.description).joined()
        #expect(text.contains("\"IST India\"") && text.contains("\"IST Israel\"") && text.contains("\"IST Ireland\""))
    }

    /// Three letters shared with a city never make an abbreviation a city
    /// on another continent (PST was Patna, JST Stockholm, EST Managua).
    @Test(arguments: ["PST", "JST", "CET", "EST", "IST", "CST", "BST", "XST", "QST"])
    func abbreviationsNeverBecomeGuessedCities(_ q: String) {
        #expect(!resolver.resolve(q).candidates.contains { if case .guessed = $0.how { return true }; return false })
    }

    @Test func resultsCarryNoDuplicateRows() {
        for q in ["Київ", "Kyiv", "san", "Springfield", "mars", "IST", "London"] {
            let rows = resolver.resolve(q, limit: 20).candidates.map { "\($0.place.label) \($0.place.zoneIdentifier)" }
            #expect(Set(rows).count == rows.count, "\(q): \(rows)")
        }
    }

    @Test func nonsenseSuggestsCloseNames() {
        guard case let .notFound(zones) = resolver.resolve("Europe/Pariss").outcome else {
            Issue.record("expected no match"); return
        }
        #expect(zones.contains("Europe/Paris"))
        guard case let .notFound(cities) = resolver.resolve("Stokholmxqzv").outcome else {
            Issue.record("expected no match"); return
        }
        #expect(cities.contains("Stockholm, SE"))
    }

    @Test func fixedOffsetsRoundTripThroughTheirIdentifier() {
        for s in [-12 * 3600, -3 * 3600 - 1800, 0, 5 * 3600 + 2700, 14 * 3600] {
            let o = FixedOffset(seconds: s)!
            let place = Place.fixed(o, name: "X")
            #expect(place.timeZone?.secondsFromGMT() == s)
        }
        #expect(FixedOffset(seconds: 15 * 3600) == nil)
    }
}
