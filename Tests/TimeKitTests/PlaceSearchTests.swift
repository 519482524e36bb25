import Foundation
import Testing
@testable import TimeKit

@Suite struct PlaceSearchTests {
    let db: PlaceDatabase

    init() throws {
        db = try PlaceDatabase.bundled()
    }

    func top(_ query: String) -> Place? { db.search(query, limit: 5).first?.place }

    @Test(arguments: [
        ("Sydney", "Sydney", "AU", "Australia/Sydney"),
        ("London", "London", "GB", "Europe/London"),
        ("sao paulo", "São Paulo", "BR", "America/Sao_Paulo"),
        ("São Paulo", "São Paulo", "BR", "America/Sao_Paulo"),
        ("東京", "Tokyo", "JP", "Asia/Tokyo"),
        ("tokyo", "Tokyo", "JP", "Asia/Tokyo"),
        ("ＴＯＫＹＯ", "Tokyo", "JP", "Asia/Tokyo"),
        ("munchen", "Munich", "DE", "Europe/Berlin"),
        ("München", "Munich", "DE", "Europe/Berlin"),
        ("London, CA", "London", "CA", "America/Toronto"),
        ("london ca", "London", "CA", "America/Toronto"),
        ("London, Canada", "London", "CA", "America/Toronto"),
        ("Portland, OR", "Portland", "US", "America/Los_Angeles"),
        ("Portland, ME", "Portland", "US", "America/New_York"),
        ("Sydney, CA", "Sydney", "CA", "America/Glace_Bay"),
        ("st johns", "St. John's", "CA", "America/St_Johns"),
        ("kathmandu", "Kathmandu", "NP", "Asia/Kathmandu"),
        ("lodz", "Łódź", "PL", "Europe/Warsaw"),
        ("Москва", "Moscow", "RU", "Europe/Moscow"),
        ("nyc", "New York City", "US", "America/New_York"),
        ("LA", "Los Angeles", "US", "America/Los_Angeles"),
        ("bombay", "Mumbai", "IN", "Asia/Kolkata"),
        ("saint petersburg", "Saint Petersburg", "RU", "Europe/Moscow"),
    ])
    func topMatch(query: String, name: String, country: String, zone: String) {
        let p = top(query)
        #expect(p?.name == name, "\(query)")
        #expect(p?.countryCode == country, "\(query)")
        #expect(p?.zoneIdentifier == zone, "\(query)")
    }

    @Test(arguments: [
        ("Sydnee", "Sydney", "AU"),
        ("Syndey", "Sydney", "AU"),
        ("Lndon", "London", "GB"),
        ("tokio", "Tokyo", "JP"),
        ("kathmandoo", "Kathmandu", "NP"),
        ("Sao Paolo", "São Paulo", "BR"),
        ("Buenos Aries", "Buenos Aires", "AR"),
    ])
    func typosFindTheCity(query: String, name: String, country: String) {
        let p = top(query)
        #expect(p?.name == name, "\(query) → \(p?.label ?? "nothing")")
        #expect(p?.countryCode == country, "\(query)")
    }

    @Test func exactBeforePrefixThenPopulation() {
        let r = db.search("Sydney", limit: 5)
        #expect(r.map(\.place.label).prefix(2) == ["Sydney, AU", "Sydney, CA"])
        #expect(r.first?.kind == .exact)
        let lon = db.search("lond", limit: 3)
        #expect(lon.first?.place.label == "London, GB")
        #expect(lon.first?.kind == .prefix)
        // Prefix matches are ordered by population.
        let pops = db.search("san", limit: 10).filter { $0.kind == .prefix }.map(\.place.population)
        #expect(pops == pops.sorted(by: >))
    }

    @Test func prefixMatchesComeBeforeFuzzyOnes() {
        let r = db.search("Sydne", limit: 10)
        let firstFuzzy = r.firstIndex { if case .fuzzy = $0.kind { true } else { false } } ?? r.count
        #expect(r[..<firstFuzzy].allSatisfy { $0.kind == .prefix || $0.kind == .exact })
        #expect(r.first?.place.label == "Sydney, AU")
    }

    @Test func zoneNamesAndUTC() {
        #expect(db.search("America/New_York").first == PlaceMatch(place: .zone("America/New_York"), kind: .zone, cityIndex: nil))
        #expect(db.search("america/new_york").first?.place.zoneIdentifier == "America/New_York")
        #expect(db.search("UTC").first?.place.zoneIdentifier == "UTC")
        #expect(db.search("utc").first?.place.name == "UTC")
        #expect(Place.zone("America/New_York").name == "New York")
    }

    @Test func qualifierDoesNotHideAPlainPrefix() {
        // "fr" is France's code, but "san fr" begins "San Francisco".
        #expect(top("san fr")?.name == "San Francisco")
    }

    @Test func nonsenseFindsNothing() {
        #expect(db.search("qqxxzzq").isEmpty)
        #expect(db.search("   ").isEmpty)
    }
}
