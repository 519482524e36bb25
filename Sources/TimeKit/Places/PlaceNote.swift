import Foundation

/// Something the resolver assumed, told to the user: on stderr by the CLI,
/// in the interface language through the commands' catalog
/// (`CommandMessage.placeNote`); `description` is the English.
public enum PlaceNote: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A typo was forgiven: `"Sydnee": using Sydney, AU`.
    case guessed(String, Place)
    /// The query only begins a name: `"Asia/Kolkat"`, `"lond"`.
    case completed(String, Place)
    /// A city by another of its names (`Bombay` → Mumbai).
    case otherName(String, Place)
    /// An old tz name (a link) for a zone.
    case zoneLink(name: String, canonical: String)
    /// An abbreviation taken as its fixed offset.
    case abbreviation(ZoneAbbreviation)
    /// `GMT+9` read as nine hours ahead (not POSIX's `Etc/GMT+9`).
    case gmtSign(String, FixedOffset)
    /// `Etc/GMT+9` is UTC−9: POSIX counts west as positive.
    case posixSign(zone: String, offset: FixedOffset?)
    /// A tz zone named like an abbreviation (`CET`) follows summer time.
    case zoneNotAbbreviation(zone: String, fixed: ZoneAbbreviation)
    /// A Mars site by an alias (`Jezero` → Perseverance).
    case marsAlias(String, Place)
    /// The name is also a Mars site's (`Phoenix`): the city was used.
    case alsoMars(String, Place)
    /// Several cities have this name: the most populous was used.
    case mostPopulousOf(String, used: Place, others: [Place])
    /// An abbreviation with several meanings: none was picked.
    case ambiguousAbbreviation(String, [ZoneAbbreviation])
    /// `mars` alone: every Mars site, none picked.
    case everyMarsSite([Place])
    /// An exact but small city, when a far larger one is one letter away
    /// (`Sidney` → Sidney, US; Sydney, AU is likely meant).
    case muchLargerNearby(String, used: Place, larger: Place, sameName: Bool)
    /// The place part of a tz zone (`Midway` → Pacific/Midway).
    case zonePlace(String, entry: String, zone: String)
    /// A country, state, island or base; `exceptions` are its zones that
    /// keep another clock than `used`, the clock of most of it.
    case region(String, PlaceRegions.Region, used: String, exceptions: [String])
    /// A far larger city's other name was taken over a small town spelled
    /// so (`Calcutta` → Kolkata, IN; Calcutta, ZA).
    case tookLarger(String, used: Place, smaller: Place)
    /// Another, far smaller meaning of the name that was not used.
    case alsoNamed(String, what: PlaceMeaning, typed: String)
    /// Meanings on different clocks: none was picked.
    case severalMeanings(String, [PlaceMeaning], typed: [String])
    /// A region spanning several clocks: none was picked.
    case severalZones(String, PlaceRegions.Region, zones: [String])

    public var description: String {
        switch self {
        case let .guessed(q, p):
            return "\"\(q)\": no name matches exactly; using \(p.label) (\(Self.zone(p)))."
        case let .completed(q, p):
            return "\"\(q)\" is the beginning of \(p.isZoneOnly ? p.zoneIdentifier : p.label); using it."
        case let .otherName(q, p):
            return "\"\(q)\" is another name for \(p.label) (\(p.zoneIdentifier))."
        case let .zoneLink(name, canonical):
            return "\"\(name)\" is an old name (a tz link) for the zone \(canonical); using \(canonical)."
        case let .abbreviation(a):
            return "\"\(a.abbreviation)\" is \(a.name), a fixed \(a.offset.identifier) all year "
                + "(no daylight-saving changes); name a city or zone to follow its clock changes."
        case let .gmtSign(q, o):
            return "\"\(q)\" is read as \(o.identifier), \(Self.hours(o)) UTC; "
                + "the POSIX zone Etc/\(q.uppercased().replacingOccurrences(of: " ", with: "")) has the opposite sign."
        case let .posixSign(zone, offset):
            return "\(zone) is \(offset?.identifier ?? "an offset") (POSIX zone names count west of Greenwich as +); "
                + "for the other sign type UTC\(zone.dropFirst("Etc/GMT".count))."
        case let .zoneNotAbbreviation(zone, a):
            return "\"\(zone)\" is the tz zone \(zone), which changes to summer time; "
                + "for a fixed \(a.offset.identifier) all year, type \(a.offset.identifier)."
        case let .marsAlias(alias, p):
            return "\"\(alias)\" is the Mars site \(p.name) (\(p.zoneIdentifier)); its clock is local mean solar time."
        case let .alsoMars(q, site):
            return "\"\(q)\" is also a site on Mars; using the Earth place. For the Mars site, ask for \(site.zoneIdentifier)."
        case let .mostPopulousOf(q, used, others):
            let first = others[0]
            return "\"\(q)\" is ambiguous; using the most populous, \(used.label) (\(used.zoneIdentifier)). Others: "
                + others.map(\.label).joined(separator: "; ")
                + ". Add a country to choose, e.g. \"\(first.name), \(first.countryCode)\"."
        case let .ambiguousAbbreviation(q, list):
            let upper = q.uppercased()
            return "\"\(q)\" means " + list.map { "\($0.name) (\($0.offset.identifier))" }.joined(separator: ", or ")
                + "; say which: " + list.map { "\"\(upper) \($0.region)\"" }.joined(separator: ", ")
                + ", or give the offset."
        case let .everyMarsSite(sites):
            return "\"mars\" alone means any of \(sites.count) Mars sites; name one: "
                + sites.map { "\($0.zoneIdentifier) (\($0.name))" }.joined(separator: ", ") + "."
        case let .muchLargerNearby(q, used, larger, sameName):
            return "\"\(q)\" is \(used.label) (population \(Self.people(used.population))); "
                + "\(larger.label) (\(Self.people(larger.population))) is " + (sameName ? "also called that" : "one letter away")
                + ": type \"\(larger.name)\" for it."
        case let .zonePlace(q, entry, zone):
            return "\"\(q)\" is the place of the tz zone \(entry)" + (entry == zone ? "" : " (now \(zone))") + "; using it."
        case let .region(q, r, used, exceptions):
            if exceptions.isEmpty { return "\"\(q)\" is \(r.described); using its zone \(used)." }
            return "\"\(q)\" is \(r.described); most of it keeps the clock of \(used), used here; "
                + "not \(exceptions.joined(separator: ", ")): name a city there for those."
        case let .tookLarger(q, used, smaller):
            return "\"\(q)\" is taken as \(used.label) (\(used.zoneIdentifier)), population \(Self.people(used.population)), "
                + "which is also called that; \(smaller.label) (\(Self.people(smaller.population))) is spelled so: "
                + "type \"\(smaller.name), \(smaller.countryCode)\" for it."
        case let .alsoNamed(q, what, typed):
            return "\"\(q)\" is also \(what.english); give \(typed) for it."
        case let .severalMeanings(q, meanings, typed):
            return "\"\(q)\" could be " + meanings.map(\.english).joined(separator: "; or ") + ". Say which: "
                + typed.joined(separator: " or ") + "."
        case let .severalZones(q, r, zones):
            return "\"\(q)\" is \(r.described), which keeps several clocks: " + zones.joined(separator: ", ")
                + ". Name a city there or one of these zones."
        }
    }

    /// `20,000`.
    public static func people(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return out
    }

    static func zone(_ p: Place) -> String { p.isMars ? p.zoneIdentifier : p.zoneIdentifier }

    static func hours(_ o: FixedOffset) -> String {
        let a = abs(o.seconds)
        let h = a / 3600, m = a % 3600 / 60
        let amount = m == 0 ? "\(h) hour\(h == 1 ? "" : "s")" : "\(h) h \(m) min"
        return amount + (o.seconds < 0 ? " behind" : " ahead of")
    }
}

/// One meaning of a name the resolver weighed against another: a region
/// with its zones, the place part of a tz zone, or a city.
public enum PlaceMeaning: Equatable, Hashable, Sendable {
    /// `Georgia (country code GE) (Asia/Tbilisi)`.
    case region(PlaceRegions.Region, zones: [String])
    /// `the tz zone Pacific/Midway`.
    case zone(String)
    /// `Midway, US (America/Chicago)`.
    case place(label: String, zone: String)

    public var english: String {
        switch self {
        case let .region(region, zones): "\(region.described) (\(zones.joined(separator: ", ")))"
        case .zone(let zone): "the tz zone \(zone)"
        case let .place(label, zone): "\(label) (\(zone))"
        }
    }
}
