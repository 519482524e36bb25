import Foundation

extension PlaceDatabase {
    /// Places matching `query`, best first.
    ///
    /// Order: an IANA zone name (`America/New_York`, `UTC`) answers alone;
    /// otherwise exact matches (any name), then prefixes of names or ASCII
    /// names, then prefixes of alternate names (so `san fr` is San Francisco
    /// before "San Francisco de Quito"), each group by population,
    /// then fuzzy matches (typos, missing letters) by edit distance and
    /// population. Matching is case-, diacritic- and width-insensitive
    /// (`SearchFolding`) over names, ASCII names and alternate names.
    ///
    /// A trailing country qualifier narrows the search: `London, CA` (code or
    /// country name after a comma, also a US state or other admin1 code) or
    /// `london ca` (a two-letter code as the last word, tried only when the
    /// whole text begins no name, so `san fr` still finds San Francisco).
    public func search(_ query: String, limit: Int = 10) -> [PlaceMatch] {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard limit > 0, !trimmed.isEmpty else { return [] }
        if let zone = ZoneNames.identifier(matching: trimmed) {
            return [PlaceMatch(place: .zone(zone), kind: .zone, cityIndex: nil)]
        }
        return searchCities(trimmed, limit: limit)
    }

    /// `search` without the zone-name step: cities only (`PlaceResolver`
    /// does zones itself, from the system tz database).
    public func searchCities(_ query: String, limit: Int = 10) -> [PlaceMatch] {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard limit > 0, !trimmed.isEmpty else { return [] }
        return data.withUnsafeBytes { raw in
            if let comma = trimmed.lastIndex(of: ",") {
                let name = SearchFolding.fold(String(trimmed[..<comma]))
                let qualifier = SearchFolding.fold(String(trimmed[trimmed.index(after: comma)...]))
                if !name.isEmpty, let filter = Qualifier(qualifier, in: self, raw, allowNames: true) {
                    let found = search(raw, folded: name, filter: filter, limit: limit, fuzzy: true)
                    if !found.isEmpty { return found }
                }
                return search(raw, folded: name.isEmpty ? SearchFolding.fold(trimmed) : name,
                              filter: nil, limit: limit, fuzzy: true)
            }
            let folded = SearchFolding.fold(trimmed)
            let plain = search(raw, folded: folded, filter: nil, limit: limit, fuzzy: false)
            if !plain.isEmpty { return plain + fuzzyTail(raw, folded, nil, limit, plain) }
            if let space = folded.lastIndex(of: " ") {
                let name = String(folded[..<space])
                let last = String(folded[folded.index(after: space)...])
                if last.count == 2, let filter = Qualifier(last, in: self, raw, allowNames: false) {
                    let found = search(raw, folded: name, filter: filter, limit: limit, fuzzy: true)
                    if !found.isEmpty { return found }
                }
            }
            return fuzzyTail(raw, folded, nil, limit, [])
        }
    }

    /// The best match for `query`, or `nil` when nothing is close.
    public func bestMatch(_ query: String) -> PlaceMatch? {
        search(query, limit: 1).first
    }

    /// Looser guesses for a query that matched nothing (up to two more
    /// typos than search allows), for "did you mean" messages.
    public func suggestions(for query: String, limit: Int = 5) -> [Place] {
        let folded = Array(SearchFolding.fold(query).utf8)
        guard folded.count >= 2 else { return [] }
        let k = min(FuzzyIndex.maxEdits(forLength: folded.count) + 2, folded.count - 1)
        return data.withUnsafeBytes { raw in
            fuzzyIndex(raw).matches(folded, maxEdits: k) { _ in true }
                .prefix(limit).map { place(at: $0.city, raw) }
        }
    }

    // MARK: - Prefix search over the sorted key table

    func search(_ raw: UnsafeRawBufferPointer, folded: String, filter: Qualifier?,
                limit: Int, fuzzy: Bool) -> [PlaceMatch] {
        guard !folded.isEmpty else { return [] }
        let query = Array(folded.utf8)
        // Every key starting with the query sorts between the query and the
        // query followed by 0xFF (a byte UTF-8 never uses).
        let lo = query.withUnsafeBufferPointer { lowerBound(raw, $0) }
        let hi = (query + [0xFF]).withUnsafeBufferPointer { lowerBound(raw, $0) }
        var out: [PlaceMatch] = []
        // Rank: 0 exact, 1 prefix of a name or ASCII name, 2 prefix of an
        // alternate name; then population (= city index).
        var ranked: [(tier: UInt8, city: Int)] = []
        // Cities matched exactly by a name or ASCII name, not only by an
        // alternate name (the resolver ranks the latter as an alias).
        var primaryExact = Set<Int>()
        if hi - lo <= 4096 {
            for i in lo..<hi {
                let k = key(raw, i)
                guard filter?.admits(self, raw, city: k.city) ?? true else { continue }
                let exact = Int(k.ref & 0xFF) == query.count
                if exact && !k.alternate { primaryExact.insert(k.city) }
                ranked.append((exact ? 0 : (k.alternate ? 2 : 1), k.city))
            }
            ranked.sort { ($0.tier, $0.city) < ($1.tier, $1.city) }
            var seen = Set<Int>()
            ranked = ranked.filter { seen.insert($0.city).inserted }
        } else {
            // A short prefix matches thousands of names: keep the best tier
            // per city in a flat table, then walk cities in population order.
            var tier = [UInt8](repeating: 3, count: count)
            for i in lo..<hi {
                let k = key(raw, i)
                guard filter?.admits(self, raw, city: k.city) ?? true else { continue }
                let exact = Int(k.ref & 0xFF) == query.count
                if exact && !k.alternate { primaryExact.insert(k.city) }
                tier[k.city] = min(tier[k.city], exact ? 0 : (k.alternate ? 2 : 1))
            }
            outer: for wanted: UInt8 in [0, 1, 2] {
                for city in 0..<count where tier[city] == wanted {
                    ranked.append((wanted, city))
                    if ranked.count == limit { break outer }
                }
            }
        }
        for (t, city) in ranked.prefix(limit) {
            var match = PlaceMatch(place: place(at: city, raw), kind: t == 0 ? .exact : .prefix, cityIndex: city)
            match.viaAlternateName = t == 0 && !primaryExact.contains(city)
            out.append(match)
        }
        if out.count == limit { return out }
        if fuzzy { out += fuzzyTail(raw, folded, filter, limit, out) }
        return out
    }

    /// Fuzzy matches to fill `limit` after `already`.
    func fuzzyTail(_ raw: UnsafeRawBufferPointer, _ folded: String, _ filter: Qualifier?,
                   _ limit: Int, _ already: [PlaceMatch]) -> [PlaceMatch] {
        guard already.count < limit else { return [] }
        let have = Set(already.compactMap(\.cityIndex))
        let hits = fuzzyIndex(raw).matches(Array(folded.utf8)) { filter?.admits(self, raw, city: $0) ?? true }
        var out: [PlaceMatch] = []
        for hit in hits where !have.contains(hit.city) {
            out.append(PlaceMatch(place: place(at: hit.city, raw), kind: .fuzzy(editDistance: hit.distance), cityIndex: hit.city))
            if already.count + out.count == limit { break }
        }
        return out
    }

    /// First key entry whose bytes are not less than `query`.
    func lowerBound(_ raw: UnsafeRawBufferPointer, _ query: UnsafeBufferPointer<UInt8>) -> Int {
        var lo = 0, hi = keyCount
        while lo < hi {
            let mid = (lo + hi) / 2
            let k = bytes(raw, ref: key(raw, mid).ref)
            let n = min(k.count, query.count)
            var c = n == 0 ? 0 : memcmp(k.baseAddress!, query.baseAddress!, n)
            if c == 0 { c = k.count < query.count ? -1 : (k.count > query.count ? 1 : 0) }
            if c < 0 { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// A country or admin1 qualifier (`CA`, `Canada`, `OR`), resolved against the
/// database's country table.
struct Qualifier {
    var countries: Set<Int>
    var admin1: [UInt8]

    /// `nil` when `folded` names no country and cannot be an admin1 code.
    init?(_ folded: String, in db: PlaceDatabase, _ raw: UnsafeRawBufferPointer, allowNames: Bool) {
        guard !folded.isEmpty else { return nil }
        let aliases = ["uk": "gb", "usa": "us", "england": "gb", "britain": "gb"]
        let wanted = aliases[folded] ?? folded
        var found = Set<Int>()
        for (i, country) in db.countryKeys(raw).enumerated() {
            if country.code == wanted { found.insert(i); continue }
            guard allowNames else { continue }
            let name = country.name
            if name == wanted || (wanted.count >= 4 && name.hasPrefix(wanted)) { found.insert(i) }
        }
        let admin = wanted.count <= 3 && wanted.contains(where: \.isLetter)
        guard !found.isEmpty || admin else { return nil }
        countries = found
        admin1 = admin ? Array(wanted.uppercased().utf8) : []
    }

    func admits(_ db: PlaceDatabase, _ raw: UnsafeRawBufferPointer, city: Int) -> Bool {
        if countries.contains(db.countryIndex(raw, city: city)) { return true }
        guard !admin1.isEmpty else { return false }
        let a = db.bytes(raw, ref: db.admin1Ref(raw, city: city))
        return a.count == admin1.count && zip(a, admin1).allSatisfy { $0 == $1 }
    }
}
