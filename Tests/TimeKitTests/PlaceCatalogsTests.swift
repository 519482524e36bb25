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
        Thread { c.warm() }.start()
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

/// The byte-wise tzdata.zi reader gives what the first (Character-wise)
/// one gave, on the system's own file and on odd lines.
@Suite struct TzdataZiReaderTests {
    /// The reader as it was before it read bytes (kept as the reference).
    static func reference(_ text: String) -> (zones: [String], links: [String: String], version: String?) {
        var zones: [String] = []
        var links: [String: String] = [:]
        var version: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Z ") {
                let parts = line.split(separator: " ")
                if parts.count > 1 { zones.append(String(parts[1])) }
            } else if line.hasPrefix("L ") {
                let parts = line.split(separator: " ")
                if parts.count > 2 { links[String(parts[2])] = String(parts[1]) }
            } else if line.hasPrefix("# version ") {
                version = String(line.dropFirst("# version ".count)).trimmingCharacters(in: .whitespaces)
            }
        }
        return (zones, links, version)
    }

    static func check(_ text: String) {
        let ours = ZoneCatalog.parseTzdataZi(text)
        let ref = reference(text)
        #expect(ours.version == ref.version)
        let zoneEntries = ours.entries.filter { !$0.isLink || ref.zones.contains($0.name) }
        #expect(Set(zoneEntries.map(\.name)) == Set(ref.zones))
        #expect(Set(ours.entries.map(\.name)) == Set(ref.zones).union(ref.links.keys))
    }

    @Test func theSystemFileReadsAsBefore() throws {
        let text = try String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8)
        Self.check(text)
        let parsed = ZoneCatalog.parseTzdataZi(text)
        #expect(parsed.entries.count > 500 && parsed.version != nil)
        #expect(parsed.entries.first { $0.name == "Asia/Calcutta" }?.canonical == "Asia/Kolkata")
    }

    @Test func oddLinesReadAsBefore() {
        for text in ["", "\n\n", "Z", "Z ", "Z  Europe/Paris  0:9:21 - LMT", "L Europe/Paris", "L  Europe/Paris   Europe/Monaco",
                     "# version 2099z \nZ A/B 0 - X\nR x 1 2 - - - -\nL A/B C/D\nL C/D E/F",
                     "#version 1\n# versio 2\n# version   3  ", "Zx A\nLx A B\nZ\tA", "Z A/é 0\nL A/é A/ü"] {
            Self.check(text)
        }
    }
}
