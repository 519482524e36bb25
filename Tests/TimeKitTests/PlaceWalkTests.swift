import Foundation
import Testing
@testable import TimeKit

/// Every city of the bundled GeoNames list, typed as a person would write
/// it (`Name, CC`), finds a city of that name in that country (the most
/// populous namesake) — never a zone, an abbreviation, a Mars site or
/// another name, and never nothing. `, CA` may also mean the US state
/// (`Lakewood, CA` is Lakewood, California), as `Portland, OR` does.
///
/// A resolve costs ~3.6 ms in a debug build, so the whole list (34,006
/// cities, ~2 min) is walked with `TIMEDECK_WALK_ALL_CITIES=1`; by default
/// every 8th city (~15 s), the same ones each run. The whole walk passed on
/// 2026-11-25 (34,006 of 34,006 with the state rule).
@Suite struct PlaceWalkTests {
    static let stride = ProcessInfo.processInfo.environment["TIMEDECK_WALK_ALL_CITIES"] == "1" ? 1 : 8

    /// Resolves one query per walked city (`query` nil skips the city);
    /// `found` says whether the outcome is right. Returns how many were
    /// walked and the queries that were not found.
    func walk(_ query: (PlaceDatabase, Place) -> String?,
              found: (PlaceDatabase, Place, PlaceResolver.Outcome) -> Bool) throws -> (walked: Int, misses: [String]) {
        let db = try PlaceDatabase.bundled()
        let resolver = PlaceResolver(places: db, zones: .system, mars: try MarsSiteLibrary.bundled())
        var misses: [String] = []
        var walked = 0
        for i in Swift.stride(from: 0, to: db.count, by: Self.stride) {
            let city = db.place(at: i)
            guard let text = query(db, city) else { continue }
            walked += 1
            if !found(db, city, resolver.resolve(text, limit: 3).outcome) { misses.append("\(text) (\(city.label))") }
        }
        return (walked, misses)
    }

    @Test func bundledCitiesAreFoundByNameAndCountry() throws {
        let count = try PlaceDatabase.bundled().count
        let (walked, misses) = try walk({ _, city in "\(city.name), \(city.countryCode)" }) { _, city, outcome in
            guard case let .resolved(c, _) = outcome else { return false }
            return SearchFolding.fold(c.place.name) == SearchFolding.fold(city.name)
                && (c.place.countryCode == city.countryCode || (c.place.countryCode == "US" && c.place.admin1Code == city.countryCode))
        }
        #expect(walked >= count / Self.stride)
        #expect(misses.isEmpty, "\(misses.count) of \(walked) not found, e.g. \(misses.prefix(20))")
    }

    /// Every Japanese name the dashboard shows (ロンドン, 東京) finds a place
    /// of that Japanese name when typed: what the screen says can be typed
    /// back. Every 8th city by default (~7 s in debug), all of them with
    /// `TIMEDECK_WALK_ALL_CITIES=1` (~1 min; passed on 2026-11-25).
    @Test func japaneseNamesShownCanBeTypedBack() throws {
        let (walked, misses) = try walk({ db, city in db.japaneseName(of: city) }) { db, city, outcome in
            // A namesake (the most populous, with a note naming the others)
            // is what typing the name means; any of its names may match.
            guard let name = db.japaneseName(of: city), case let .resolved(c, _) = outcome,
                  let index = db.index(ofGeonameID: c.place.geonameID) else { return false }
            let key = SearchFolding.fold(name)
            return ([c.place.name] + db.alternateNames(at: index)).contains { SearchFolding.fold($0) == key }
        }
        #expect(walked > 50, "only \(walked) Japanese names walked")
        #expect(misses.isEmpty, "\(misses.count) of \(walked) not found, e.g. \(misses.prefix(20))")
    }
}
