import Foundation

/// Countries, territories, states, islands and bases, each with the tz zones
/// it spans (`Resources/regions.tsv`, made by scripts/generate-regions.py
/// from tz's zone.tab and GeoNames).
///
/// A region names a clock only when all of it keeps one (`India`,
/// `Bermuda`), or when most of it does (`China`: Asia/Shanghai, except
/// Asia/Urumqi); otherwise it is a list of zones to choose from (`United
/// States`). The resolver decides; this type only finds rows.
public final class PlaceRegions: Sendable, Equatable {
    public static func == (a: PlaceRegions, b: PlaceRegions) -> Bool { a === b }

    public struct Region: Equatable, Hashable, Sendable {
        public enum Kind: String, Sendable, CaseIterable {
            case country, state, island, base, region
        }
        public var kind: Kind
        /// Display name first, then the other names.
        public var names: [String]
        /// Codes meaning it when typed in capitals (`GB`, `UK`).
        public var codes: [String]
        /// ISO 3166 code ("" when it spans several).
        public var country: String
        /// GeoNames population; 0 when not known.
        public var population: Int
        /// True when the first zone is the clock of most of the region.
        public var mostInFirst: Bool
        /// The zones, main first.
        public var zones: [String]

        public var name: String { names.first ?? "" }

        public init(kind: Kind, names: [String], codes: [String], country: String, population: Int,
                    mostInFirst: Bool, zones: [String]) {
            self.kind = kind
            self.names = names
            self.codes = codes
            self.country = country
            self.population = population
            self.mostInFirst = mostInFirst
            self.zones = zones
        }

        /// `India (country code IN)`, `the state Texas, US`, `the island
        /// Diego Garcia (IO)`, `the Antarctic base Davis`.
        public var described: String {
            let place = country.isEmpty ? "" : ", \(country)"
            switch kind {
            case .country: return "\(name) (country code \(codes.first ?? country))"
            case .state: return "the state \(name)\(place)"
            case .island: return "the island \(name)\(place)"
            case .base: return "the Antarctic base \(name)"
            case .region: return "the region \(name)\(place)"
            }
        }
    }

    public let regions: [Region]
    private let byName: [String: [Int]]
    private let byCode: [String: [Int]]

    public init(regions: [Region]) {
        self.regions = regions
        var names: [String: [Int]] = [:], codes: [String: [Int]] = [:]
        for (i, r) in regions.enumerated() {
            for key in Set(r.names.map(SearchFolding.fold)) where !key.isEmpty { names[key, default: []].append(i) }
            for code in Set(r.codes) { codes[code, default: []].append(i) }
        }
        byName = names
        byCode = codes
    }

    /// Regions whose name folds to `text`'s fold.
    public func named(_ text: String) -> [Region] {
        (byName[SearchFolding.fold(text)] ?? []).map { regions[$0] }
    }

    /// Regions whose code is `text` exactly as typed (capitals: `UK`, `DE`).
    public func coded(_ text: String) -> [Region] {
        (byCode[text] ?? []).map { regions[$0] }
    }

    // MARK: - Reading

    /// Reads the TSV form. Lines are bounded (a row over 4 KiB, a zone list
    /// over 64 zones or a file over 1 MiB is refused) and a malformed row is
    /// skipped, never trusted.
    public static func parse(_ text: String) -> PlaceRegions {
        var out: [Region] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard !line.hasPrefix("#"), line.utf8.count <= 4096 else { continue }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 7, let kind = Region.Kind(rawValue: f[0]), let population = Int(f[4]), population >= 0 else { continue }
            let names = f[1].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let zones = f[6].split(separator: " ").map(String.init)
            guard !names.isEmpty, !zones.isEmpty, zones.count <= 64 else { continue }
            out.append(Region(kind: kind, names: names, codes: f[2].split(separator: "|").map(String.init),
                              country: f[3], population: population, mostInFirst: f[5] == "1", zones: zones))
        }
        return PlaceRegions(regions: out)
    }

    /// The bundled table, read once on first use; empty when the file is
    /// missing (regions are then simply not known).
    public static var bundled: PlaceRegions { bundledTable }
    private static let bundledTable: PlaceRegions = {
        guard let url = try? ResourceLocator.url(for: "regions.tsv"),
              let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size <= 1 << 20,
              let text = try? String(contentsOf: url, encoding: .utf8) else { return PlaceRegions(regions: []) }
        return parse(text)
    }()
}
