import Foundation
import Synchronization
import Testing
@testable import TimeKit

/// The picker's zone names and regions are read on first use, once, and
/// a search that comes before the background read waits for the same
/// read: never a partial list (issue 31, first frame).
@Suite struct PlaceCatalogsTests {
    final class Counter: Sendable {
        let zones = Atomic<Int>(0)
        let regions = Atomic<Int>(0)
    }

    func catalogs(_ counter: Counter, delay: Double = 0) -> PlaceCatalogs {
        PlaceCatalogs(zones: {
            counter.zones.add(1, ordering: .relaxed)
            Thread.sleep(forTimeInterval: delay)
            return ZoneCatalog(entries: [.init(name: "Asia/Kolkata", canonical: "Asia/Kolkata"),
                                         .init(name: "Asia/Calcutta", canonical: "Asia/Kolkata")],
                               source: .foundation, version: nil)
        }, regions: {
            counter.regions.add(1, ordering: .relaxed)
            return PlaceRegions(regions: [])
        })
    }

    @Test func nothingIsReadUntilAsked() {
        let counter = Counter()
        let c = catalogs(counter)
        #expect(!c.isLoaded && counter.zones.load(ordering: .relaxed) == 0 && counter.regions.load(ordering: .relaxed) == 0)
        #expect(c.zones.entry(named: "asia/calcutta")?.canonical == "Asia/Kolkata")
        _ = c.zones
        _ = c.regions
        #expect(c.isLoaded)
        #expect(counter.zones.load(ordering: .relaxed) == 1 && counter.regions.load(ordering: .relaxed) == 1)
    }

    /// The background read and eight searches at once: one read, and every
    /// one of them sees the whole catalog.
    @Test func concurrentFirstUsesShareOneRead() async {
        let counter = Counter()
        let c = catalogs(counter, delay: 0.2)
        c.warmInBackground()
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { c.zones.entries.count } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 2, count: 8))
        #expect(counter.zones.load(ordering: .relaxed) == 1)
    }

    /// The system catalogs: the same names as reading them directly.
    @Test func theSystemCatalogsAreTheSystemsNames() {
        #expect(PlaceCatalogs.system.zones === ZoneCatalog.system)
        #expect(PlaceCatalogs.system.regions === PlaceRegions.bundled)
        #expect(PlaceCatalogs.system.zones.entry(named: "America/New_York") != nil)
    }
}
