import Foundation

/// The brighter Hipparcos stars that are not navigational stars
/// (`almanac-bright-stars.tsv`: Hp ≤ 3.5, their companions within 0.1° left
/// out). Read only when needed: by `identify`, by a command or a sights
/// panel sight naming one of them; nothing else pays for the file (issue 31
/// is about the cost of starting).
public enum BrightStars {
    public static let resourceName = "almanac-bright-stars.tsv"

    /// Reads and parses the bundled file.
    public static func loadBundled() throws -> [NavigationalStar] {
        let url = try ResourceLocator.url(for: resourceName)
        // Bounded before reading: the generator writes ~16 KB.
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= 256 * 1024 else {
            throw NavigationalStar.ParseError(line: 0, file: resourceName)
        }
        return try parse(String(contentsOf: url, encoding: .utf8))
    }

    /// Parses the file's text: the columns of `almanac-stars.tsv` and the
    /// IAU constellation; names must be short and inert (they reach the terminal).
    public static func parse(_ text: String) throws -> [NavigationalStar] {
        try NavigationalStar.parseCatalogue(text, file: resourceName)
    }
}
