import Foundation
import Testing
@testable import TimeKit

/// Issue 28: a place is resolved or asked about, never guessed. Islands,
/// territories, bases, countries, historical names and the place part of
/// every tz zone either resolve to the clock they keep, or are asked about
/// with it among the choices; none resolves to another clock with exit 0.
///
/// The truth here is independent of the resolver's data: the system's
/// `zone.tab` (which zones each country keeps) and the zone names
/// themselves; clocks are compared as offsets in January and July.
@Suite struct PlaceRegionWalkTests {
    let resolver: PlaceResolver

    init() throws {
        resolver = PlaceResolver(places: try PlaceDatabase.bundled(), zones: .system,
                                 mars: try MarsSiteLibrary.bundled(), regions: .bundled)
    }

    static func clock(_ zone: String) -> [Int]? { PlaceResolver.clock(.zone(zone)) }

    /// True when `outcome` keeps one of `clocks` (resolved), or offers it
    /// among its choices (ambiguous).
    static func keeps(_ outcome: PlaceResolver.Outcome, oneOf clocks: Set<[Int]>) -> Bool {
        switch outcome {
        case let .resolved(c, _): return c.tier < .prefix && PlaceResolver.clock(c.place).map(clocks.contains) == true
        case let .ambiguous(list): return list.contains { PlaceResolver.clock($0.place).map(clocks.contains) == true }
        case .unknownZone, .notFound: return false
        }
    }

    /// What a person types, and the zone they mean (held out from the
    /// generator's own lists where possible).
    @Test(arguments: [
        ("Bermuda", "Atlantic/Bermuda"), ("Azores", "Atlantic/Azores"), ("Mauritius", "Indian/Mauritius"),
        ("Reunion", "Indian/Reunion"), ("Réunion", "Indian/Reunion"), ("Galapagos", "Pacific/Galapagos"),
        ("Galápagos Islands", "Pacific/Galapagos"), ("Easter Island", "Pacific/Easter"), ("Easter", "Pacific/Easter"),
        ("Christmas Island", "Indian/Christmas"), ("Guam", "Pacific/Guam"), ("McMurdo", "Antarctica/McMurdo"),
        ("South Pole", "Antarctica/McMurdo"), ("Godthåb", "America/Nuuk"), ("Diego Garcia", "Indian/Chagos"),
        ("Lord Howe Island", "Australia/Lord_Howe"), ("Lord Howe", "Australia/Lord_Howe"), ("Kiritimati", "Pacific/Kiritimati"),
        ("Line Islands", "Pacific/Kiritimati"), ("Pitcairn", "Pacific/Pitcairn"), ("Tahiti", "Pacific/Tahiti"),
        ("Hawaii", "Pacific/Honolulu"), ("Canary Islands", "Atlantic/Canary"), ("Tenerife", "Atlantic/Canary"),
        ("Madeira", "Atlantic/Madeira"), ("Falkland Islands", "Atlantic/Stanley"), ("Svalbard", "Arctic/Longyearbyen"),
        ("Chatham Islands", "Pacific/Chatham"), ("Marquesas Islands", "Pacific/Marquesas"), ("Norfolk Island", "Pacific/Norfolk"),
        ("Faroe Islands", "Atlantic/Faroe"), ("Kerguelen", "Indian/Kerguelen"), ("Zanzibar", "Africa/Dar_es_Salaam"),
        ("UK", "Europe/London"), ("United Kingdom", "Europe/London"), ("Britain", "Europe/London"), ("India", "Asia/Kolkata"),
        ("Japan", "Asia/Tokyo"), ("Iceland", "Atlantic/Reykjavik"), ("Germany", "Europe/Berlin"), ("China", "Asia/Shanghai"),
        ("Greenland", "America/Nuuk"), ("Holland", "Europe/Amsterdam"), ("Burma", "Asia/Yangon"),
        ("Calcutta", "Asia/Kolkata"), ("Canton", "Asia/Shanghai"), ("Batavia", "Asia/Jakarta"), ("Bombay", "Asia/Kolkata"),
        ("Saigon", "Asia/Ho_Chi_Minh"), ("Rangoon", "Asia/Yangon"), ("Peking", "Asia/Shanghai"),
        ("Texas", "America/Chicago"), ("Tasmania", "Australia/Hobart"), ("Queensland", "Australia/Brisbane"),
        ("Quebec", "America/Toronto"), ("UT", "UTC"), ("Z", "UTC"), ("UTC", "UTC"), ("GMT", "UTC"),
    ])
    func namedPlacesResolveToTheirClock(query: String, zone: String) throws {
        let clock = try #require(Self.clock(zone))
        let outcome = resolver.resolve(query).outcome
        guard case let .resolved(c, notes) = outcome else {
            Issue.record("\(query): \(outcome)")
            return
        }
        #expect(PlaceResolver.clock(c.place) == clock, "\(query) → \(c.place.label)")
        #expect(c.tier < .prefix)
        // What was picked is said, unless the name is the place's own.
        if SearchFolding.fold(c.place.name) != SearchFolding.fold(query), query.count > 3 { #expect(!notes.isEmpty, "\(query): no note") }
    }

    /// Names with meanings on different clocks are asked about, with each
    /// meaning among the choices.
    @Test(arguments: [
        ("Midway", ["Pacific/Midway", "America/Chicago"]), ("Davis", ["Antarctica/Davis", "America/Los_Angeles"]),
        ("Palmer", ["Antarctica/Palmer"]), ("Cocos", ["Indian/Cocos"]),
        ("Georgia", ["Asia/Tbilisi", "America/New_York"]), ("US", ["America/New_York", "America/Los_Angeles", "Pacific/Honolulu"]),
        ("United States", ["America/Chicago"]), ("Australia", ["Australia/Perth", "Australia/Sydney"]),
        ("Russia", ["Europe/Moscow", "Asia/Vladivostok"]), ("Ontario", ["America/Toronto", "America/Los_Angeles"]), ("Antarctica", ["Antarctica/Troll"]),
    ])
    func severalClocksAreAskedAbout(query: String, zones: [String]) throws {
        let outcome = resolver.resolve(query).outcome
        guard case let .ambiguous(list) = outcome else {
            Issue.record("\(query) was not asked about: \(outcome)")
            return
        }
        for zone in zones {
            let clock = try #require(Self.clock(zone))
            #expect(list.contains { PlaceResolver.clock($0.place) == clock }, "\(query): \(zone) is not among the choices")
        }
    }

    /// Every zone's place part (`Midway` of Pacific/Midway, `Knox IN` of
    /// America/Knox_IN), as a person types it.
    @Test func everyZonePlacePartKeepsItsClock() throws {
        var wrong: [String] = []
        var walked = 0
        for entry in ZoneCatalog.system.entries {
            let parts = entry.name.split(separator: "/")
            guard parts.count >= 2, parts[0] != "Etc", let last = parts.last,
                  let clock = Self.clock(entry.canonical) ?? Self.clock(entry.name) else { continue }
            let typed = last.replacingOccurrences(of: "_", with: " ")
            walked += 1
            if !Self.keeps(resolver.resolve(typed).outcome, oneOf: [clock]) { wrong.append("\(typed) (\(entry.name))") }
        }
        #expect(walked > 400, "only \(walked) zones walked")
        #expect(wrong.isEmpty, "\(wrong.count) of \(walked) zone places resolve to another clock or nothing: \(wrong.prefix(30))")
    }

    /// Every GeoNames country name (the bundled list), against the zones
    /// the system's zone.tab gives that country.
    @Test func everyCountryKeepsOneOfItsClocks() throws {
        let text = try String(contentsOfFile: "/usr/share/zoneinfo/zone.tab", encoding: .utf8)
        var zonesOf: [String: [String]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: "\t").map(String.init)
            if f.count >= 3 { zonesOf[f[0], default: []].append(f[2]) }
        }
        let db = try PlaceDatabase.bundled()
        var wrong: [String] = []
        var walked = 0
        for (code, name) in db.countries where !name.isEmpty && name != code {
            guard let zones = zonesOf[code] else { continue }
            let clocks = Set(zones.compactMap(Self.clock))
            walked += 1
            for typed in [name, code] {
                let outcome = resolver.resolve(typed).outcome
                if !Self.keeps(outcome, oneOf: clocks) { wrong.append("\(typed) (\(code)): \(Self.short(outcome))") }
            }
        }
        #expect(walked > 230, "only \(walked) countries walked")
        #expect(wrong.isEmpty, "\(wrong.count) of \(walked * 2) country names or codes wrong: \(wrong.prefix(30))")
    }

    /// Near misses of real names resolve to nothing usable: never a place
    /// used by spelling (the CLI refuses a prefix or fuzzy match, exit 2).
    @Test(arguments: ["Bermudda", "Azorez", "Mauritus", "Galapagoss", "Sydnee", "Pariss", "Tokyoo",
                      "Kolkatta", "Hawai", "Tahitii", "Greenlnd", "Germny", "Jappan", "Austrlia", "Kiritimat",
                      "McMurdoo", "Pitcarin", "Reykjavk", "Honolul", "Bermu", "Gala", "Lord Howe Islnd", "DC", "ZZ", "QQ"])
    func nearMissesAreNeverUsed(query: String) {
        let outcome = resolver.resolve(query).outcome
        if case let .resolved(c, _) = outcome {
            #expect(c.tier >= .prefix, "\(query) resolved to \(c.place.label) as \(c.tier)")
        }
    }

    static func short(_ o: PlaceResolver.Outcome) -> String {
        switch o {
        case let .resolved(c, _): "\(c.place.label) [\(c.tier)]"
        case let .ambiguous(l): "ambiguous \(l.map(\.place.label).prefix(4))"
        case let .unknownZone(n): "unknown \(n)"
        case .notFound: "not found"
        }
    }
}
