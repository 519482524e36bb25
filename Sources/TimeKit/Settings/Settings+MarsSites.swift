import Foundation

/// The user's own Mars sites in the config file: one flat table per site,
/// named `mars-site-<id>` (the config language has no nested tables):
///
/// ```toml
/// [mars-site-ares3]
/// name = "Ares 3"            # optional; the id otherwise
/// longitude = -31.3          # degrees east (-180 to 360), required
/// latitude = 31.2            # degrees north, optional (0)
/// landing = "2035-11-07T12:00:00Z"   # optional: makes it a mission
/// first_sol = 1              # optional: the landing sol's number (0)
/// aliases = ["acidalia"]     # optional
/// ```
///
/// Each becomes a `MarsSite` usable wherever library sites are (`--site`,
/// the Mars panel's cycle, calls). A table with a problem is set aside
/// alone, with a `ConfigProblem` naming its line.
public enum MarsSiteConfig {
    public static let tablePrefix = "mars-site-"
    public static let keys = ["name", "longitude", "latitude", "landing", "first_sol", "aliases"]

    /// The site id for a table name, if it is a site table.
    public static func id(fromTable table: String) -> String? {
        guard table.hasPrefix(tablePrefix), table.count > tablePrefix.count else { return nil }
        return String(table.dropFirst(tablePrefix.count))
    }

    /// Sites from the site tables' entries (in file order), and each problem.
    static func sites(from entries: [ConfigDocument.Entry]) -> (sites: [MarsSite], problems: [ConfigProblem]) {
        var order: [String] = []
        var byID: [String: [ConfigDocument.Entry]] = [:]
        for entry in entries {
            guard let id = id(fromTable: entry.table) else { continue }
            if byID[id] == nil { order.append(id) }
            byID[id, default: []].append(entry)
        }
        var sites: [MarsSite] = []
        var problems: [ConfigProblem] = []
        for id in order {
            let tableEntries = byID[id] ?? []
            do throws(ConfigProblem) {
                sites.append(try site(id: id, entries: tableEntries))
            } catch {
                problems.append(error)
            }
        }
        return (sites, problems)
    }

    static func site(id: String, entries: [ConfigDocument.Entry]) throws(ConfigProblem) -> MarsSite {
        let table = tablePrefix + id
        let advice = "correct it; until then the site \(id) is not available"
        func problem(_ entry: ConfigDocument.Entry?, _ message: String) -> ConfigProblem {
            ConfigProblem(line: entry?.line ?? entries.first?.line, key: entry.map { "\(table).\($0.key)" } ?? "[\(table)]",
                          message: message, advice: advice)
        }
        func value(_ key: String) -> ConfigDocument.Entry? { entries.first { $0.key == key } }
        for entry in entries where !keys.contains(entry.key) {
            throw problem(entry, "unknown key '\(entry.key)' in [\(table)]; known keys there: \(keys.joined(separator: ", "))")
        }
        func number(_ entry: ConfigDocument.Entry) throws(ConfigProblem) -> Double {
            switch entry.value {
            case .integer(let i): return Double(i)
            case .float(let d) where d.isFinite: return d
            default: throw problem(entry, "expected a number, got \(entry.value.typeName)")
            }
        }
        func string(_ entry: ConfigDocument.Entry) throws(ConfigProblem) -> String {
            guard case .string(let s) = entry.value else { throw problem(entry, "expected a string in quotes, got \(entry.value.typeName)") }
            return s.trimmingCharacters(in: .whitespaces)
        }
        guard let longitudeEntry = value("longitude") else {
            throw problem(nil, "a Mars site needs a longitude (degrees east, e.g. longitude = -31.3)")
        }
        let longitude = try number(longitudeEntry)
        guard (-180...360).contains(longitude) else {
            throw problem(longitudeEntry, "must be between -180 and 360 degrees east, got \(longitude)")
        }
        var latitude = 0.0
        if let entry = value("latitude") {
            latitude = try number(entry)
            guard (-90...90).contains(latitude) else { throw problem(entry, "must be between -90 and 90 degrees north, got \(latitude)") }
        }
        var name = id
        if let entry = value("name") {
            name = try string(entry)
            guard !name.isEmpty else { throw problem(entry, "the name is empty") }
        }
        var landing: String?
        if let entry = value("landing") {
            let text = try string(entry)
            do { _ = try InstantParser.parse(text) } catch { throw problem(entry, "\(error)") }
            landing = text
        }
        var firstSol: Int?
        if let entry = value("first_sol") {
            guard case .integer(let n) = entry.value, n == 0 || n == 1 else {
                throw problem(entry, "first_sol is the number of the landing sol: 0 or 1")
            }
            guard landing != nil else { throw problem(entry, "first_sol needs a landing instant (landing = \"…Z\")") }
            firstSol = n
        }
        var aliases: [String] = []
        if let entry = value("aliases") {
            guard case .array(let items) = entry.value else { throw problem(entry, "expected an array of names, e.g. [\"acidalia\"]") }
            for item in items {
                guard case .string(let s) = item else { throw problem(entry, "expected an array of names in quotes") }
                aliases.append(s)
            }
        }
        return MarsSite(id: id, name: name, aliases: aliases, latitude: latitude,
                        longitudeEast: longitude > -180 && longitude <= 180 ? longitude : MarsLongitude.normalized(longitude),
                        landingUTC: landing,
                        firstSol: landing == nil ? nil : (firstSol ?? 0))
    }
}

extension MarsSiteLibrary {
    /// The library with the user's sites after its own. A user site whose
    /// id, name or alias is already taken is left out, and named in
    /// `clashes` with the site that has the name (a library name keeps its
    /// meaning everywhere).
    public func adding(_ custom: [MarsSite]) -> (library: MarsSiteLibrary, clashes: [(site: String, taken: String)]) {
        var merged = self
        var clashes: [(site: String, taken: String)] = []
        for site in custom {
            let keys = ([site.id, site.name] + site.aliases).map(Self.fold)
            let taken = merged.sites.first { other in
                ([other.id, other.name] + other.aliases).contains { keys.contains(Self.fold($0)) }
            }
            if let taken {
                clashes.append((site.name, taken.name))
            } else {
                merged.sites.append(site)
            }
        }
        return (merged, clashes)
    }
}
