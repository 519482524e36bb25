import Foundation
import Testing
@testable import TimeKit

/// Every Zone and Link of the system tz database, resolved as a user would
/// type it, against the system's own zoneinfo (Python's `zoneinfo`, which
/// reads the TZif files under /usr/share/zoneinfo) at instants from 1975 to
/// 2037, including DST edges.
@Suite struct ZoneDatabaseWalkTests {
    /// 1975-01-15, 1985-07-01, 1993-07-01, 2000-01-01, 2010-07-01,
    /// 2020-01-15, 2024-07-15, 2025-10-26T00:30Z (EU clocks go back at
    /// 01:00Z), 2026-03-08T07:30Z (US clocks went forward at 07:00Z),
    /// 2026-04-04T15:30Z (half an hour before Sydney's clocks go back), 2030-01-15, 2037-06-30.
    static let instants: [Int64] = [159_000_000, 489_024_000, 741_484_800, 946_684_800, 1_277_942_400,
                                    1_579_046_400, 1_721_001_600, 1_761_438_600, 1_772_955_000,
                                    1_775_316_600, 1_894_665_600, 2_129_932_800]

    /// Where Foundation's rules (ICU) and the system's differ, and why: tz
    /// 2024b made WET and EET links to Europe/Lisbon and Europe/Athens
    /// (ICU follows), while this system's tzdata.zi keeps them as zones
    /// with EU rules; they agree from 1997 on. See docs/DECISIONS.md.
    static let knownDifferences: [String: Int64] = ["WET": 852_076_800, "EET": 852_076_800]

    @Test func everyZoneAndLinkResolvesToTheSystemsOffsets() throws {
        let catalog = ZoneCatalog.system
        guard case .tzdataZi = catalog.source else {
            Issue.record("no /usr/share/zoneinfo/tzdata.zi on this machine: \(catalog.sourceDescription)")
            return
        }
        #expect(catalog.entries.count > 500)
        let resolver = PlaceResolver(places: try PlaceDatabase.bundled(), zones: catalog, mars: try MarsSiteLibrary.bundled())
        let system = try Self.systemOffsets(names: catalog.entries.map(\.name))
        var unexpected: [String] = []
        var unknown: [String] = []
        for entry in catalog.entries {
            let resolution = resolver.resolve(entry.name)
            guard case let .resolved(candidate, _) = resolution.outcome else {
                if case .unknownZone = resolution.outcome, TimeZone(identifier: entry.name) == nil,
                   TimeZone(identifier: entry.canonical) == nil {
                    unknown.append(entry.name)   // handled honestly: an error naming the zone
                } else {
                    unexpected.append("\(entry.name): \(resolution.outcome)")
                }
                continue
            }
            let place = candidate.place
            if entry.isLink, !["Etc/UTC", "Etc/GMT"].contains(entry.canonical), !place.isFixedOffset,
               place.geonameID == 0 {
                #expect(place.zoneIdentifier == entry.canonical, "\(entry.name) should show \(entry.canonical)")
            }
            guard let zone = place.timeZone, let expected = system[entry.name] else {
                unexpected.append("\(entry.name): no zone or no system offsets")
                continue
            }
            for (i, t) in Self.instants.enumerated() {
                let ours = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t)))
                if ours != expected[i], !(Self.knownDifferences[entry.name].map { t < $0 } ?? false) {
                    unexpected.append("\(entry.name) at \(t): \(ours) s, system \(expected[i]) s")
                }
            }
        }
        #expect(unexpected.isEmpty, "\(unexpected.prefix(20))")
        // Every zone this system has is known to this build today.
        #expect(unknown.isEmpty, "zones unknown to Foundation's rules: \(unknown)")
    }

    @Test func aZoneFoundationDoesNotKnowIsAnErrorNamingIt() {
        let catalog = ZoneCatalog(entries: [.init(name: "Mars/Olympus_Base", canonical: "Mars/Olympus_Base"),
                                            .init(name: "Old/Name", canonical: "Mars/Olympus_Base")],
                                  source: .foundation, version: nil)
        let resolver = PlaceResolver(places: nil, zones: catalog, mars: nil)
        #expect(resolver.resolve("old/name").outcome == .unknownZone(name: "Old/Name"))
        #expect(resolver.resolve("Mars/Olympus Base").candidates.allSatisfy { !$0.isUsable })
    }

    @Test func tzdataZiLinesAreRead() {
        let text = "# version 2099z\nR X 1 2 - - 0 -\nZ Europe/Kyiv 2 E EE%sT\nL Europe/Kyiv Europe/Kiev\nL Europe/Kiev Old/Kiev\n"
        let parsed = ZoneCatalog.parseTzdataZi(text)
        #expect(parsed.version == "2099z")
        let catalog = ZoneCatalog(entries: parsed.entries, source: .foundation, version: parsed.version)
        #expect(catalog.entry(named: "europe/kiev")?.canonical == "Europe/Kyiv")
        #expect(catalog.entry(named: "OLD/KIEV")?.canonical == "Europe/Kyiv")
        #expect(catalog.entry(named: "Europe/Kyiv")?.isLink == false)
    }

    /// Offsets from Python's zoneinfo, one line per name.
    static func systemOffsets(names: [String]) throws -> [String: [Int]] {
        let script = """
            import sys, datetime, zoneinfo
            ts = [int(x) for x in sys.argv[1:]]
            for name in sys.stdin.read().split():
                z = zoneinfo.ZoneInfo(name)
                print(name, *[int(datetime.datetime.fromtimestamp(t, z).utcoffset().total_seconds()) for t in ts])
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + instants.map(String.init)
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(names.joined(separator: "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 with zoneinfo is needed to read the system's zoneinfo")
        var out: [String: [Int]] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            out[String(parts[0])] = parts.dropFirst().compactMap { Int($0) }
        }
        return out
    }
}
