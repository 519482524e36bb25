import ArgumentParser
import Dashboard
import DeckShell
import Foundation
import TimeKit

struct PlacesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places",
        abstract: "Look up places (GeoNames cities and IANA zones) for calls.",
        subcommands: [PlacesSearchCommand.self]
    )
}

struct PlacesSearchCommand: JSONCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "List places matching QUERY with country, zone, local time and UTC offset.",
        discussion: """
            QUERY matches city names in any letter case, with or without accents, \
            in native scripts (東京) and with typos; add a country after a comma \
            ("London, CA") or an IANA zone name (America/New_York, UTC).
            """
    )

    @Argument(help: "The place to look for, e.g. \"sao paulo\" or \"London, CA\".")
    var query: String

    @Option(help: "How many matches to list (1–100).")
    var limit: String = "10"

    @OptionGroup var output: OutputOptions<PlacesSearchCommand>
    static let jsonHelp = "Print a JSON array instead of a table."
    var json: Bool { output.json }

    func run() throws {
        do { try execute() } catch let failure as CLIFailure { throw failure.exit() }
    }

    func execute() throws {
        guard let n = Int(limit), (1...100).contains(n) else {
            throw CLIFailure.usage("--limit must be a whole number from 1 to 100, not \"\(limit)\".")
        }
        let resolver = try CLIFailure.resolver()
        let now = Date()
        let resolution = resolver.resolve(query, limit: n)
        switch resolution.outcome {
        case let .notFound(suggestions):
            throw CLIFailure.unknownPlace(query, suggestions: suggestions)
        case let .unknownZone(name):
            throw CLIFailure.unknownZone(name)
        case let .resolved(_, notes):
            for note in notes { CallCommand.warn(note) }
        case .ambiguous:
            for note in resolution.notes { CallCommand.warn(note) }
        }
        let matches = resolution.candidates.filter(\.isUsable)
        if json {
            Console.json(try PlacesJSON.encode(matches.map { PlaceSearchJSON($0, now: now, marsSites: resolver.mars) }))
            return
        }
        Console.out(PlacesTable.search(matches, now: now))
    }
}

/// One `places search --json` entry.
struct PlaceSearchJSON: Encodable {
    var name: String
    var asciiName: String
    var country: String
    var countryName: String
    var admin1: String
    var zone: String
    var latitude: Double
    var longitude: Double
    var population: Int
    var geonameId: Int
    var match: String
    /// On Mars: `Sol 1795 01:14 LMST` (the mission sol at a mission's site).
    var local: String
    /// null for a Mars site, which has no UTC offset.
    var utcOffsetSeconds: Int?

    enum CodingKeys: String, CodingKey {
        case name, asciiName, country, countryName, admin1, zone, latitude, longitude, population, geonameId, match, local
        case utcOffsetSeconds
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(asciiName, forKey: .asciiName)
        try c.encode(country, forKey: .country)
        try c.encode(countryName, forKey: .countryName)
        try c.encode(admin1, forKey: .admin1)
        try c.encode(zone, forKey: .zone)
        try c.encode(latitude, forKey: .latitude)
        try c.encode(longitude, forKey: .longitude)
        try c.encode(population, forKey: .population)
        try c.encode(geonameId, forKey: .geonameId)
        try c.encode(match, forKey: .match)
        try c.encode(local, forKey: .local)
        try c.encode(utcOffsetSeconds, forKey: .utcOffsetSeconds)
    }

    init(_ m: PlaceResolver.Candidate, now: Date, marsSites: MarsSiteLibrary? = nil) {
        let p = m.place
        let r = p.timeZone.map { ZoneClock.reading(now, in: $0) }
        name = p.name
        asciiName = p.asciiName
        country = p.countryCode
        countryName = p.countryName
        admin1 = p.admin1Code
        zone = p.zoneIdentifier
        latitude = p.latitudeDegrees
        longitude = p.longitudeDegrees
        population = p.population
        geonameId = p.geonameID
        switch m.how {
        case .name: match = p.isZoneOnly ? "zone" : (p.isMars ? "mars" : "exact")
        case .alternateName: match = "alias"
        case .zoneLink: match = "link"
        case .unknownZone: match = "unknown zone"
        case .abbreviation: match = "abbreviation"
        case .offset: match = "offset"
        case .marsAlias: match = "mars alias"
        case .zonePlace: match = "zone place"
        case .region(let r): match = r.kind.rawValue
        case .prefix: match = "prefix"
        case .guessed: match = "fuzzy"
        }
        if p.isMars {
            let site = p.marsSiteID.flatMap { marsSites?.site(id: $0) }
            let mars = MarsReading(at: now, longitudeEast: p.longitudeDegrees, site: site)
            local = "Sol \(mars.shownSol) \(mars.clockText) LMST"
            utcOffsetSeconds = nil
        } else {
            local = r?.wall.isoText ?? ""
            utcOffsetSeconds = r?.utcOffsetSeconds ?? 0
        }
    }
}

enum PlacesJSON {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// Failures of the places and call subcommands: a message on stderr and
/// exit status 2 (bad input), or 1 when the bundled data is missing.
enum CLIFailure: Error {
    case usage(String)
    case unknownPlace(String, suggestions: [String])
    /// Nothing is named `query`: it only begins a name or is spelled close
    /// to one. Asked about, never used (issue 28: `Bermuda` became
    /// Beruwala, Sri Lanka, with exit 0).
    case onlyClose(String, suggestions: [String])
    /// A zone of the system tz database that this build's rules lack.
    case unknownZone(String)

    /// The resolver over the bundled cities, the system tz database's zone
    /// names, and the Mars sites: the library's and the config file's own
    /// `[mars-site-<id>]` tables, as the dashboard's search has them (a
    /// missing site list only removes Mars sites; a clash of names is
    /// reported by `config check`).
    static func resolver(settings: Settings = CommandConfig.settings) throws -> PlaceResolver {
        PlaceResolver(places: try loadPlaces(), zones: .system,
                      mars: (try? MarsSiteLibrary.bundled())?.adding(settings.marsSites).library, regions: .bundled)
    }

    static func loadPlaces() throws -> PlaceDatabase {
        do {
            return try PlaceDatabase.bundled()
        } catch {
            Console.error("\(error)\n")
            throw ExitCode(1)
        }
    }

    var message: String {
        switch self {
        case let .usage(text):
            return "timedeck: \(text)"
        case let .unknownPlace(query, suggestions):
            return "timedeck: " + CommandConfig.language.text(.placeRefused(.unknown(query: query, suggestions: suggestions)))
        case let .onlyClose(query, suggestions):
            return "timedeck: " + CommandConfig.language.text(.placeRefused(.onlyClose(query: query, suggestions: suggestions)))
        case let .unknownZone(name):
            return "timedeck: " + CommandConfig.language.text(.placeRefused(
                .unknownZone(name: name, source: ZoneCatalog.system.sourceDescription, rules: TimeZone.timeZoneDataVersion)))
        }
    }
}

extension CLIFailure {
    /// Prints the message and returns the exit code to throw.
    func exit() -> ExitCode {
        Console.error((message + "\n"))
        return ExitCode(2)
    }
}
