import ArgumentParser
import Foundation
import TimeKit

struct PlacesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places",
        abstract: "Look up places (GeoNames cities and IANA zones) for calls.",
        subcommands: [PlacesSearchCommand.self]
    )
}

struct PlacesSearchCommand: ParsableCommand {
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

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    func run() throws {
        do { try execute() } catch let failure as CLIFailure { throw failure.exit() }
    }

    func execute() throws {
        guard let n = Int(limit), (1...100).contains(n) else {
            throw CLIFailure.usage("--limit must be a whole number from 1 to 100, not \"\(limit)\".")
        }
        let db = try CLIFailure.loadPlaces()
        let now = Date()
        let matches = db.search(query, limit: n)
        if matches.isEmpty {
            throw CLIFailure.unknownPlace(query, suggestions: db.suggestions(for: query))
        }
        if json {
            print(try PlacesJSON.encode(matches.map { PlaceSearchJSON($0, now: now) }))
            return
        }
        print(PlacesTable.search(matches, now: now))
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
    var local: String
    var utcOffsetSeconds: Int

    init(_ m: PlaceMatch, now: Date) {
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
        switch m.kind {
        case .exact: match = "exact"
        case .prefix: match = "prefix"
        case .fuzzy: match = "fuzzy"
        case .zone: match = "zone"
        }
        local = r?.wall.isoText ?? ""
        utcOffsetSeconds = r?.utcOffsetSeconds ?? 0
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
    case unknownPlace(String, suggestions: [Place])

    static func loadPlaces() throws -> PlaceDatabase {
        do {
            return try PlaceDatabase.bundled()
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(1)
        }
    }

    var message: String {
        switch self {
        case let .usage(text):
            return "timedeck: \(text)"
        case let .unknownPlace(query, suggestions):
            var text = "timedeck: no place matches \"\(query)\"."
            if suggestions.isEmpty {
                text += " Try a larger city nearby, a zone name such as Europe/Paris, or `timedeck places search`."
            } else {
                text += " Closest names: " + suggestions.map(\.label).joined(separator: "; ") + "."
            }
            return text
        }
    }
}

extension CLIFailure {
    /// Prints the message and returns the exit code to throw.
    func exit() -> ExitCode {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return ExitCode(2)
    }
}
