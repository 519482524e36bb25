import Foundation

/// Zone places, countries, states, islands and bases, and how they are
/// weighed against cities of the same name (issue 28: `Midway` was a town in
/// Florida, `UK` Ukhta, `Calcutta` a town in South Africa).
///
/// The rule: a name whose meanings all keep one clock resolves (`Paris` the
/// city and the zone Europe/Paris; `Bermuda` the zone and the territory).
/// Meanings on different clocks are asked about, except that a country
/// with ten times the people of a city of its name is meant by it
/// (`Jamaica`), and a city is taken by an other name of its own when it is
/// a hundred times larger than the town spelled so (`Calcutta` → Kolkata).
extension PlaceResolver {
    /// Instants at which two zones are compared: mid-January and mid-July
    /// 2026, so summer time on either side of the equator shows.
    static let comparedInstants = [Date(timeIntervalSince1970: 1_768_435_200), Date(timeIntervalSince1970: 1_784_073_600)]

    /// The clock a place keeps, as its offsets at `comparedInstants`.
    static func clock(_ place: Place) -> [Int]? {
        guard !place.isMars, let zone = place.timeZone else { return nil }
        let rules = zone.rules
        return comparedInstants.map { rules.offsetSeconds(at: $0) }
    }

    /// The zones, countries, states, islands and bases `text` names. A
    /// known abbreviation typed in capitals (`WEST`) is not read as a
    /// name (Australia/West); a country code still is.
    func regionCandidates(_ text: String, isAbbreviation: Bool = false) -> [Candidate] {
        var out: [Candidate] = []
        if let regions {
            var found = isAbbreviation ? [] : regions.named(text)
            if PlaceResolver.looksLikeAbbreviation(text) { found += regions.coded(text) }
            var seen = Set<PlaceRegions.Region>()
            for region in found where seen.insert(region).inserted {
                let usable = region.zones.compactMap { name in zones.entry(named: name).flatMap(zones.foundationIdentifier(for:)) }
                guard !usable.isEmpty else { continue }
                let clocks = Set(usable.compactMap { Self.clock(.zone($0)) })
                let shown = region.mostInFirst || clocks.count <= 1 ? [usable[0]] : Array(usable.prefix(16))
                out += shown.map { Candidate(place: .zone($0), tier: .exact, how: .region(region)) }
            }
        }
        // The place part of a zone, after a region of the same clock (a
        // country says more than its zone: `Bermuda`).
        if !text.contains("/"), !isAbbreviation {
            for entry in zones.zonePlaces(named: text) {
                guard let id = zones.foundationIdentifier(for: entry) else { continue }
                out.append(Candidate(place: .zone(id), tier: .exact, how: .zonePlace(entry: entry.name)))
            }
        }
        return out
    }

    /// An exact small town that shares its name with a far larger city's
    /// other name (`Calcutta`, ZA and Kolkata; `Canton`, US and Guangzhou):
    /// the larger city moves first. Returns the pair, or nil.
    func promoteLargerNamesake(_ list: inout [Candidate]) -> (used: Candidate, smaller: Candidate)? {
        guard let i = list.firstIndex(where: { $0.tier == .exact && $0.place.geonameID > 0 && $0.how == .name }) else { return nil }
        let small = list[i]
        guard let j = list.firstIndex(where: {
            $0.how == .alternateName && $0.place.population >= max(1_000_000, small.place.population * 100)
        }) else { return nil }
        var big = list.remove(at: j)
        big.tier = .exact
        list.insert(big, at: i)
        return (big, small)
    }

    /// `notes` for `top`, led by `tookLarger` when `top` is the promoted
    /// larger namesake (in place of the notes it says better).
    static func saying(_ promoted: (used: Candidate, smaller: Candidate)?, _ text: String, _ top: Candidate,
                       _ notes: [PlaceNote]) -> [PlaceNote] {
        guard let promoted, top.place == promoted.used.place else { return notes }
        return [.tookLarger(text, used: promoted.used.place, smaller: promoted.smaller.place)]
            + notes.filter { !saidByTookLarger($0) }
    }

    /// Notes that `tookLarger` says better (the other name, the larger
    /// city, the others of the name).
    static func saidByTookLarger(_ note: PlaceNote) -> Bool {
        switch note {
        case .muchLargerNearby, .otherName, .mostPopulousOf: true
        default: false
        }
    }

    /// One meaning of the name: a city, a zone place, or a region (with all
    /// its zones).
    struct Meaning {
        var candidates: [Candidate]
        var region: PlaceRegions.Region?
        var clock: [Int]?
        var isCity: Bool { candidates[0].place.geonameID > 0 }
        var population: Int { region?.population ?? candidates[0].place.population }
        var isCountry: Bool { region?.kind == .country }
        /// Several clocks and no main one.
        var isSeveral: Bool { candidates.count > 1 }

        var text: PlaceMeaning {
            let first = candidates[0]
            if let region { return .region(region, zones: candidates.map(\.place.zoneIdentifier)) }
            if case .zonePlace = first.how { return .zone(first.place.zoneIdentifier) }
            return .place(label: first.place.label, zone: first.place.zoneIdentifier)
        }
        /// What to type for it.
        var typed: String {
            let p = candidates[0].place
            return p.isZoneOnly ? p.zoneIdentifier : "\"\(p.name), \(p.countryCode)\""
        }
    }

    /// The resolution when zone places or regions are among the exact
    /// meanings; nil leaves the decision to `decide`.
    func weigh(_ text: String, _ list: [Candidate], promoted: (used: Candidate, smaller: Candidate)?) -> Resolution? {
        let exact = list.filter { $0.tier == .exact && !$0.place.isMars }
        guard exact.contains(where: { if case .zonePlace = $0.how { return true }; if case .region = $0.how { return true }; return false })
        else { return nil }
        var meanings: [Meaning] = []
        var byRegion: [PlaceRegions.Region: Int] = [:]
        var firstCity: Meaning?
        for c in exact {
            if case let .region(r) = c.how {
                if let k = byRegion[r] { meanings[k].candidates.append(c); continue }
                byRegion[r] = meanings.count
                meanings.append(Meaning(candidates: [c], region: r, clock: Self.clock(c.place)))
            } else if c.place.geonameID > 0 {
                if firstCity == nil { firstCity = Meaning(candidates: [c], region: nil, clock: Self.clock(c.place)) }
            } else {
                meanings.append(Meaning(candidates: [c], region: nil, clock: Self.clock(c.place)))
            }
        }
        // A region whose zones keep different clocks has no one clock.
        for k in meanings.indices where meanings[k].isSeveral { meanings[k].clock = nil }
        var lead: Meaning
        var others: [Meaning]
        if let city = firstCity {
            lead = city
            others = meanings
        } else {
            // Countries and whole-name zones first, then by people.
            let order = meanings.enumerated().sorted {
                ($0.element.isCountry ? 0 : 1, -$0.element.population, $0.offset)
                    < ($1.element.isCountry ? 0 : 1, -$1.element.population, $1.offset)
            }.map(\.element)
            lead = order[0]
            others = Array(order.dropFirst())
        }
        // A country ten times the people of the city named like it is meant.
        if lead.isCity, let country = others.first(where: { $0.isCountry && $0.clock != lead.clock && $0.population >= 10 * max(1, lead.population) }) {
            others.removeAll { $0.region == country.region }
            others.append(lead)
            lead = country
        }
        var alsoNotes: [PlaceNote] = []
        var conflicts: [Meaning] = []
        for m in others where lead.clock == nil || m.clock != lead.clock {
            if lead.population > 0, m.population > 0, lead.population >= 10 * m.population, lead.clock != nil, (lead.isCountry || !m.isCountry) {
                alsoNotes.append(.alsoNamed(text, what: m.text, typed: m.typed))
            } else {
                conflicts.append(m)
            }
        }
        if lead.clock == nil, conflicts.isEmpty, let region = lead.region {
            let zones = lead.candidates.map(\.place.zoneIdentifier)
            let rest = list.filter { c in !lead.candidates.contains { $0.place == c.place } }
            return Resolution(query: text, candidates: lead.candidates + rest, outcome: .ambiguous(lead.candidates),
                              notes: [.severalZones(text, region, zones: zones)])
        }
        if !conflicts.isEmpty {
            // Other cities of the name on other clocks are choices too.
            let clocks = Set(([lead] + conflicts).compactMap(\.clock))
            let cities = exact.filter { $0.place.geonameID > 0 && $0.place != lead.candidates[0].place }
                .map { Meaning(candidates: [$0], region: nil, clock: Self.clock($0.place)) }
                .filter { $0.clock.map { !clocks.contains($0) } ?? false }
            let all = [lead] + conflicts + Array(cities.prefix(3))
            let choices = all.flatMap(\.candidates)
            let rest = list.filter { c in !choices.contains { $0.place == c.place } }
            return Resolution(query: text, candidates: choices + rest, outcome: .ambiguous(choices),
                              notes: [.severalMeanings(text, all.map(\.text), typed: all.map(\.typed))])
        }
        let top = lead.candidates[0]
        var notes: [PlaceNote]
        if lead.isCity {
            notes = Self.saying(promoted, text, top, self.notes(text, top, list))
        } else if let region = lead.region {
            let exceptions = region.mostInFirst ? Array(region.zones.dropFirst()) : []
            notes = [.region(text, region, used: top.place.zoneIdentifier, exceptions: exceptions)]
        } else if case let .zonePlace(entry) = top.how {
            notes = [.zonePlace(text, entry: entry, zone: top.place.zoneIdentifier)]
        } else {
            notes = self.notes(text, top, list)
        }
        let rest = list.filter { $0.place != top.place }
        return Resolution(query: text, candidates: [top] + rest, outcome: .resolved(top, notes: notes + alsoNotes), notes: [])
    }
}

extension PlaceResolver.Resolution {
    /// How many candidates the outcome needs listed.
    var outcomeCount: Int {
        if case let .ambiguous(list) = outcome { return list.count }
        return 1
    }

    func limited(to n: Int) -> Self {
        var copy = self
        copy.candidates = Array(candidates.prefix(n))
        return copy
    }
}
