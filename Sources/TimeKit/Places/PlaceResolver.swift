import Foundation

/// The one place resolver: what a typed place means, for `timedeck call`,
/// `timedeck places search` and the call editor's picker.
///
/// Ranked: an exact name (city, tz zone, Mars site) > an alias or old name
/// (a city's alternate name, a tz link, a Mars site's alias) > an
/// abbreviation or offset (`PST`, `UTC+5:30`) > a name's beginning > a
/// guess (typos). Within a tier: zones, then cities by population, then
/// fixed offsets, then Mars sites (so `Phoenix` is the city). Every result
/// appears once. Pure: the database, the zone catalog and the site list are
/// loaded by the caller.
public struct PlaceResolver: Sendable {
    public var places: PlaceDatabase?
    public var zones: ZoneCatalog
    public var mars: MarsSiteLibrary?
    /// Countries, states, islands and bases (`PlaceRegions.bundled`); nil
    /// leaves them out.
    public var regions: PlaceRegions?

    public init(places: PlaceDatabase?, zones: ZoneCatalog, mars: MarsSiteLibrary?, regions: PlaceRegions? = nil) {
        self.places = places
        self.zones = zones
        self.mars = mars
        self.regions = regions
    }

    public enum Tier: Int, Comparable, Sendable {
        case exact, alias, abbreviation, prefix, fuzzy
        public static func < (a: Tier, b: Tier) -> Bool { a.rawValue < b.rawValue }
    }

    /// One possible meaning of the query.
    public struct Candidate: Equatable, Sendable {
        public var place: Place
        public var tier: Tier
        public var how: How

        public enum How: Equatable, Sendable {
            /// A city, zone or Mars site by its own name.
            case name
            /// A city by an alternate name (`Bombay`, `Київ`).
            case alternateName
            /// A tz link (`US/Pacific`); the place holds the zone it names.
            case zoneLink(name: String)
            /// A zone from the system tz database that this build's rules do
            /// not know (the place cannot be used).
            case unknownZone(name: String)
            case abbreviation(ZoneAbbreviation)
            case offset(FixedOffset.Prefix)
            /// A Mars site by one of its aliases (`Jezero`, `Gale`).
            case marsAlias(String)
            /// The place part of a tz zone or link (`Midway` of
            /// Pacific/Midway, `Calcutta` of Asia/Calcutta).
            case zonePlace(entry: String)
            /// A country, state, island or base (`PlaceRegions`).
            case region(PlaceRegions.Region)
            case prefix
            case guessed(editDistance: Int)
        }

        /// False for a zone Foundation's rules do not know.
        public var isUsable: Bool {
            if case .unknownZone = how { return false }
            return true
        }
    }

    /// What the resolver decided.
    public enum Outcome: Equatable, Sendable {
        /// Use this candidate; `notes` say what was assumed (never empty
        /// for a guess or an alias).
        case resolved(Candidate, notes: [PlaceNote])
        /// An abbreviation with several meanings: choose one.
        case ambiguous([Candidate])
        /// A real zone name that this build's time-zone rules do not know.
        case unknownZone(name: String)
        /// Nothing close; the closest names, if any.
        case notFound(suggestions: [String])
    }

    public struct Resolution: Equatable, Sendable {
        public var query: String
        /// Every candidate, best first, each place once (at most `limit`).
        public var candidates: [Candidate]
        public var outcome: Outcome
        /// Notes about the list as a whole (an ambiguous abbreviation).
        public var notes: [PlaceNote]
    }

    // MARK: - Resolving

    public func resolve(_ query: String, limit: Int = 10) -> Resolution {
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, limit > 0 else {
            return Resolution(query: query, candidates: [], outcome: .notFound(suggestions: []), notes: [])
        }
        // `mars` alone is every site (the guide's promise), not the first
        // one it happens to begin: a list to choose from, whatever the limit.
        if SearchFolding.fold(text) == "mars", let mars, !mars.sites.isEmpty {
            let all = mars.sites.map { Candidate(place: .mars($0), tier: .prefix, how: .prefix) }
            return Resolution(query: text, candidates: all, outcome: .ambiguous(all),
                              notes: [.everyMarsSite(mars.sites.map { Place.mars($0) })])
        }
        var found: [Candidate] = []
        found += zoneCandidates(text)
        let abbreviation = ZoneAbbreviation.lookUp(text)
        let offset = FixedOffset.parse(text)
        let marsSites = marsCandidates(text)
        let marsOnly = SearchFolding.fold(text).hasPrefix("mars ") || SearchFolding.fold(text) == "mars"
        if !marsOnly {
            found += cityCandidates(text, limit: limit, abbreviation: abbreviation != nil,
                                    allowGuesses: abbreviation == nil && offset == nil && !Self.looksLikeAbbreviation(text))
        }
        switch abbreviation {
        case let .one(a)?: found.append(Candidate(place: a.place, tier: .abbreviation, how: .abbreviation(a)))
        case let .several(list)?:
            found += list.map { Candidate(place: $0.place, tier: .abbreviation, how: .abbreviation($0)) }
        case nil: break
        }
        if let offset {
            let place = offset.offset.seconds == 0 ? Place.zone("UTC") : Place.fixed(offset.offset)
            found.append(Candidate(place: place, tier: .abbreviation, how: .offset(offset.prefix)))
        }
        found += marsSites
        if !marsOnly { found += regionCandidates(text, isAbbreviation: abbreviation != nil && Self.looksLikeAbbreviation(text)) }
        // A known abbreviation typed in capitals (`CAT`) means the
        // abbreviation, not a city that shares its letters only once case
        // and accents are folded away (Çat, Turkey): such a city ranks
        // after it. A city spelled exactly as typed keeps its rank.
        if abbreviation != nil, Self.looksLikeAbbreviation(text) {
            for i in found.indices where found[i].place.geonameID > 0 && found[i].place.name != text && found[i].tier < .abbreviation {
                found[i].tier = .prefix
            }
        }
        // Stable sort by tier keeps the source order within a tier.
        let ordered = found.enumerated().sorted { ($0.element.tier, $0.offset) < ($1.element.tier, $1.offset) }.map(\.element)
        var seen = Set<String>()
        // A country-named link whose zone is an exact city's (`Singapore`)
        // gives way to the city, which says more.
        for c in ordered where c.tier == .exact && c.place.geonameID > 0 {
            seen.insert("\u{1F}\u{1F}\(c.place.zoneIdentifier) link")
        }
        let ordered2 = ordered.filter {
            guard case .zoneLink = $0.how, $0.tier == .exact else { return true }
            return !seen.contains("\u{1F}\u{1F}\($0.place.zoneIdentifier) link")
        }
        seen = []
        var deduped = ordered2.filter { seen.insert(Self.identity($0.place)).inserted }
        let promoted = promoteLargerNamesake(&deduped)
        if let weighed = weigh(text, deduped, promoted: promoted) {
            return weighed.limited(to: max(limit, weighed.outcomeCount))
        }
        let candidates = Array(deduped.prefix(limit))
        var resolution = decide(text, candidates, abbreviation: abbreviation)
        if case .resolved(let top, let notes) = resolution.outcome {
            resolution.outcome = .resolved(top, notes: Self.saying(promoted, text, top, notes))
        }
        return resolution
    }

    /// Two candidates are the same row when this is equal: the same name,
    /// country and zone look the same and keep the same time, so only the
    /// first (most populous) is listed (`Київ` found two districts both
    /// shown as "Kyivskyi, UA, Europe/Kyiv").
    static func identity(_ p: Place) -> String {
        "\(p.name)\u{1F}\(p.countryCode)\u{1F}\(p.zoneIdentifier)"
    }

    /// Two to five ASCII letters, all capitals as typed (`XST`): not worth a
    /// guess, since three letters shared with a city name mean nothing.
    static func looksLikeAbbreviation(_ text: String) -> Bool {
        (2...5).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isUppercase }
    }

    func decide(_ text: String, _ candidates: [Candidate], abbreviation: ZoneAbbreviation.Lookup?) -> Resolution {
        guard let top = candidates.first else {
            return Resolution(query: text, candidates: [], outcome: .notFound(suggestions: suggestions(text)), notes: [])
        }
        if case let .several(list)? = abbreviation, top.tier == .abbreviation {
            let choices = candidates.filter {
                if case let .abbreviation(a) = $0.how { return list.contains(a) }
                return false
            }
            return Resolution(query: text, candidates: candidates, outcome: .ambiguous(choices),
                              notes: [.ambiguousAbbreviation(text, list)])
        }
        if case let .unknownZone(name) = top.how {
            return Resolution(query: text, candidates: candidates, outcome: .unknownZone(name: name), notes: [])
        }
        return Resolution(query: text, candidates: candidates,
                          outcome: .resolved(top, notes: notes(text, top, candidates)), notes: [])
    }

    /// What the user should be told about choosing `top`.
    func notes(_ text: String, _ top: Candidate, _ all: [Candidate]) -> [PlaceNote] {
        var notes: [PlaceNote] = []
        switch top.how {
        case .name:
            if top.place.zoneIdentifier.hasPrefix("Etc/GMT"), let zone = top.place.timeZone, zone.secondsFromGMT() != 0 {
                notes.append(.posixSign(zone: top.place.zoneIdentifier, offset: FixedOffset(seconds: zone.secondsFromGMT())))
            }
            if top.place.isZoneOnly, let a = ZoneAbbreviation.table[top.place.zoneIdentifier]?.first,
               let zone = top.place.timeZone, Self.hasSummerTime(zone) {
                notes.append(.zoneNotAbbreviation(zone: top.place.zoneIdentifier, fixed: a))
            }
        case .alternateName: notes.append(.otherName(text, top.place))
        case let .zoneLink(name): notes.append(.zoneLink(name: name, canonical: top.place.zoneIdentifier))
        case let .abbreviation(a): notes.append(.abbreviation(a))
        case .offset(.gmt): if let o = FixedOffset.fromIdentifier(top.place.zoneIdentifier) { notes.append(.gmtSign(text, o)) }
        case .offset, .unknownZone: break
        case .marsAlias: notes.append(.marsAlias(text, top.place))
        case let .zonePlace(entry): notes.append(.zonePlace(text, entry: entry, zone: top.place.zoneIdentifier))
        case let .region(r): notes.append(.region(text, r, used: top.place.zoneIdentifier, exceptions: []))
        case .prefix: notes.append(.completed(text, top.place))
        case .guessed: notes.append(.guessed(text, top.place))
        }
        if !top.place.isMars, let site = all.first(where: { $0.place.isMars && $0.tier <= .alias }) {
            notes.append(.alsoMars(text, site.place))
        }
        if !top.place.isZoneOnly, !top.place.isMars, top.tier <= .alias {
            let others = all.dropFirst().filter { $0.tier == top.tier && !$0.place.isZoneOnly && !$0.place.isMars }
            if !others.isEmpty { notes.append(.mostPopulousOf(text, used: top.place, others: Array(others.prefix(3).map(\.place)))) }
        }
        if top.tier == .exact, !top.place.isZoneOnly, !top.place.isMars {
            // A far larger city that is also called this (GeoNames lists
            // "Sidney" for Sydney, AU), or one letter away.
            let threshold = max(1_000_000, top.place.population * 100)
            if let alias = all.first(where: { $0.how == .alternateName && $0.place.population >= threshold }) {
                notes.append(.muchLargerNearby(text, used: top.place, larger: alias.place, sameName: true))
            } else if let larger = muchLargerOneLetterAway(text, than: top.place) {
                notes.append(.muchLargerNearby(text, used: top.place, larger: larger, sameName: false))
            }
        }
        return notes
    }

    /// A city one letter away from `text` (`Sidney` → Sydney) with at least
    /// a hundred times the population of the exact match, and a million
    /// people: likely what was meant, so it is said, as a repeated name is.
    func muchLargerOneLetterAway(_ text: String, than used: Place) -> Place? {
        // Only a city that small can have a hundred times larger namesake
        // (the largest bundled city has under 40 million); the others skip
        // the second search (the picker resolves on every key).
        guard let places, used.population < 400_000, SearchFolding.fold(text).count >= 4 else { return nil }
        let key = SearchFolding.fold(text)
        return places.searchCities(text, limit: 12).first { m in
            guard case .fuzzy(editDistance: 1) = m.kind else { return false }
            return SearchFolding.fold(m.place.name) != key && m.place.population >= max(1_000_000, used.population * 100)
        }?.place
    }

    /// Two offsets at `comparedInstants` (mid-January, mid-July).
    static func hasSummerTime(_ zone: TimeZone) -> Bool {
        let rules = zone.rules
        return Set(comparedInstants.map { rules.offsetSeconds(at: $0) }).count > 1
    }

    // MARK: - Sources

    func zoneCandidates(_ text: String) -> [Candidate] {
        let upper = text.uppercased()
        if upper == "Z" || upper == "UT" { return [Candidate(place: .zone("UTC"), tier: .exact, how: .name)] }
        guard let entry = zones.entry(named: text) else { return zonePrefixes(text) }
        guard let id = zones.foundationIdentifier(for: entry) else {
            return [Candidate(place: .zone(entry.name), tier: .exact, how: .unknownZone(name: entry.name))]
        }
        // UTC and its many spellings (UTC, GMT, Zulu, Etc/Universal, …) are UTC.
        if ["Etc/UTC", "Etc/GMT", "UTC", "GMT"].contains(entry.canonical) {
            return [Candidate(place: .zone("UTC"), tier: .exact, how: .name)]
        }
        if entry.isLink {
            // A link without a slash names a country (`Jamaica`, `Japan`,
            // `Egypt`): as exact as a zone name, so the country's zone beats
            // a city of that name elsewhere (Jamaica, Queens).
            let tier: Tier = entry.name.contains("/") ? .alias : .exact
            return [Candidate(place: .zone(id), tier: tier, how: .zoneLink(name: entry.name))]
        }
        return [Candidate(place: .zone(id), tier: .exact, how: .name)]
    }

    /// Zone names beginning with `text`, when it has a `/` (`America/New`).
    func zonePrefixes(_ text: String) -> [Candidate] {
        guard text.contains("/") else { return [] }
        let key = ZoneCatalog.key(text)
        var out: [Candidate] = []
        for e in zones.entries where !e.isLink && ZoneCatalog.key(e.name).hasPrefix(key) {
            guard let id = zones.foundationIdentifier(for: e) else { continue }
            out.append(Candidate(place: .zone(id), tier: .prefix, how: .prefix))
            if out.count == 8 { break }
        }
        return out
    }

    /// Cities for `text`. When `text` is a known abbreviation, a city's
    /// alternate name equal to it (GeoNames keeps airport codes such as
    /// `IST` for Istanbul) ranks only as a prefix: a person writing `IST`
    /// means a time, not an airport.
    func cityCandidates(_ text: String, limit: Int, abbreviation: Bool, allowGuesses: Bool) -> [Candidate] {
        guard let places else { return [] }
        var out: [Candidate] = []
        for m in places.searchCities(text, limit: max(limit, 8)) {
            switch m.kind {
            case .exact where m.viaAlternateName && abbreviation:
                out.append(Candidate(place: m.place, tier: .prefix, how: .prefix))
            case .exact: out.append(Candidate(place: m.place, tier: m.viaAlternateName ? .alias : .exact,
                                              how: m.viaAlternateName ? .alternateName : .name))
            case .prefix: out.append(Candidate(place: m.place, tier: .prefix, how: .prefix))
            case let .fuzzy(d):
                if allowGuesses { out.append(Candidate(place: m.place, tier: .fuzzy, how: .guessed(editDistance: d))) }
            case .zone: break
            }
        }
        return out
    }

    func marsCandidates(_ text: String) -> [Candidate] {
        guard let mars else { return [] }
        let whole = SearchFolding.fold(text)
        var key = whole
        var asked = false
        if key == "mars" { return mars.sites.map { Candidate(place: .mars($0), tier: .prefix, how: .prefix) } }
        if key.hasPrefix("mars ") { key = String(key.dropFirst(5)); asked = true }
        var out: [Candidate] = []
        for site in mars.sites {
            let names = [site.id, site.name].map(SearchFolding.fold)
            let aliases = site.aliases.map(SearchFolding.fold)
            // "mars 2020" is an alias as typed, not "2020" asked on Mars.
            if names.contains(key) || names.contains(whole) {
                out.append(Candidate(place: .mars(site), tier: .exact, how: .name))
            } else if let i = aliases.firstIndex(of: key) ?? aliases.firstIndex(of: whole) {
                out.append(Candidate(place: .mars(site), tier: .alias, how: .marsAlias(site.aliases[i])))
            } else if (asked || key.count >= 3), (names + aliases).contains(where: { $0.hasPrefix(key) }) {
                out.append(Candidate(place: .mars(site), tier: .prefix, how: .prefix))
            }
        }
        return out
    }

    /// The closest names for a query that matched nothing.
    func suggestions(_ text: String) -> [String] {
        var out: [String] = []
        let key = SearchFolding.fold(text)
        if text.contains("/"), !key.hasPrefix("mars") { out += zones.suggestions(for: text) }
        if let mars, key.hasPrefix("mars") {
            out += mars.suggestions(for: String(key.dropFirst(4))).compactMap { name in
                mars.site(named: name).map { "Mars/\($0.id)" }
            }
        }
        if let places { out += places.suggestions(for: text).map(\.label) }
        return Array(out.prefix(5))
    }
}
