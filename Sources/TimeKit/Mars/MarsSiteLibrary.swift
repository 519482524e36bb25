import Foundation
import Synchronization

/// The bundled list of Mars sites (`Resources/mars-sites.json`), with lookup
/// by name or alias and "did you mean" suggestions.
public struct MarsSiteLibrary: Equatable, Sendable {
    public var sites: [MarsSite]

    public init(sites: [MarsSite]) { self.sites = sites }

    /// What went wrong reading the site list.
    public struct LoadError: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    private struct File: Codable { var sites: [MarsSite] }

    /// Parses the JSON text of a site list (pure).
    public static func parse(_ data: Data) throws -> MarsSiteLibrary {
        do {
            let file = try JSONDecoder().decode(File.self, from: data)
            return MarsSiteLibrary(sites: file.sites)
        } catch {
            throw LoadError(description: "timedeck: the Mars site list is not valid JSON (\(error)). "
                + "Reinstall timedeck or point TIMEDECK_RESOURCES at the repository's Resources/ folder.")
        }
    }

    /// Loads the bundled list. The text last parsed is remembered with its
    /// file's bytes: the dashboard asks twice before its first frame (the
    /// Mars panel and the call planner), and `JSONDecoder` took 1–2 M
    /// instructions a time. The file is read each time, so a changed or
    /// missing file is never answered from the memo.
    public static func bundled() throws -> MarsSiteLibrary {
        let url = try ResourceLocator.url(for: "mars-sites.json")
        let data = try Data(contentsOf: url)
        if let hit = lastParsed.withLock({ $0?.data == data ? $0?.library : nil }) { return hit }
        let library = try parse(data)
        lastParsed.withLock { $0 = (data, library) }
        return library
    }

    private static let lastParsed = Mutex<(data: Data, library: MarsSiteLibrary)?>(nil)

    /// The site whose id, name or alias matches `query`, ignoring case, spaces,
    /// hyphens and underscores (`Viking-1`, `viking 1`, `VIKING1`).
    public func site(named query: String) -> MarsSite? {
        let key = Self.fold(query)
        guard !key.isEmpty else { return nil }
        return sites.first { site in
            ([site.id, site.name] + site.aliases).contains { Self.fold($0) == key }
        }
    }

    /// The site with this `id`, exactly.
    public func site(id: String) -> MarsSite? { sites.first { $0.id == id } }

    /// Up to `limit` site names closest to `query` by edit distance over
    /// names and aliases, best first; prefix matches count as closest.
    public func suggestions(for query: String, limit: Int = 3) -> [String] {
        let key = Self.fold(query)
        let scored = sites.map { site -> (Int, String) in
            let keys = [site.id, site.name] + site.aliases
            let best = keys.map { candidate -> Int in
                let c = Self.fold(candidate)
                if !key.isEmpty && (c.hasPrefix(key) || key.hasPrefix(c)) { return 0 }
                return Self.editDistance(key, c)
            }.min() ?? Int.max
            return (best, site.name)
        }
        return scored.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.prefix(limit).map(\.1)
    }

    /// Lower-cased letters and digits only.
    static func fold(_ s: String) -> String {
        String(s.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    /// Levenshtein distance (small strings only).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
