import Foundation
import Testing
@testable import TimeKit

/// The TZif reader on real files, a version 1 file, and broken ones.
@Suite struct TZifTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/" + name)))
    }

    @Test func readsAVersion2PlusFileWithItsFooter() throws {
        let zone = try #require(TZif.parse(try Self.bytes("America/New_York")))
        #expect(zone.version >= 2)
        #expect(zone.footer?.text == "EST5EDT,M3.2.0,M11.1.0")
        #expect(!zone.countsLeapSeconds)
        // 2026-03-08T07:00Z: clocks go forward.
        #expect(zone.period(at: 1_772_953_199).abbreviation == "EST")
        #expect(zone.period(at: 1_772_953_200) == ZonePeriod(utcOffsetSeconds: -14_400, isDaylightSaving: true, abbreviation: "EDT"))
        #expect(zone.nextChange(after: 1_772_900_000) == 1_772_953_200)
    }

    /// The 32-bit block alone, marked version 1 (as a pre-2005 zic wrote).
    @Test func readsAVersion1File() throws {
        var file = try Self.bytes("Europe/Paris")
        file[4] = 0
        let zone = try #require(TZif.parse(file))
        #expect(zone.version == 1 && zone.footer == nil)
        // 1990-07-01: CEST.
        #expect(zone.period(at: 646_790_400).utcOffsetSeconds == 7200)
    }

    @Test func countsLeapSecondsInARightFile() throws {
        let zone = try #require(TZif.parse(try Self.bytes("right/UTC")))
        #expect(zone.countsLeapSeconds)
        #expect(zone.period(at: 1_795_858_622).utcOffsetSeconds == 0)
    }

    /// Every truncation of a real file, and bytes flipped at random: no
    /// crash, and a truncated file is never half-read.
    @Test func malformedFilesAreAbsentNotCrashes() throws {
        let good = try Self.bytes("Australia/Lord_Howe")
        #expect(TZif.parse(good) != nil)
        for length in 0..<good.count where TZif.parse(Array(good.prefix(length))) != nil {
            Issue.record("a file cut to \(length) of \(good.count) bytes was read")
        }
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            var bad = good
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                bad[Int.random(in: 0..<bad.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            if let zone = TZif.parse(bad) {   // still well-formed: it must answer
                _ = zone.period(at: 0)
                _ = zone.nextChange(after: 1_795_858_622)
            }
        }
        #expect(TZif.parse(Array("TZif2".utf8) + [UInt8](repeating: 0xFF, count: 60)) == nil)
        #expect(TZif.parse(Array("not a zone file at all, just some text".utf8)) == nil)
    }

    @Test func aFileTooLargeIsNotRead() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        var big = Data(try Self.bytes("UTC"))
        big.append(Data(count: TZif.maximumFileBytes))
        try big.write(to: url)
        #expect(TZif.read(path: url.path) == nil)
        #expect(TZif.read(path: "/usr/share/zoneinfo/UTC") != nil)
        #expect(TZif.read(path: "/nonexistent/zone") == nil)
        #expect(TZif.read(path: "/usr/share/zoneinfo") == nil)   // a folder
    }

    @Test func anAbbreviationIsInert() {
        #expect(TZif.inertAbbreviation("E\u{1B}[2JST") == "E2JST")
        #expect(TZif.inertAbbreviation("+0330") == "+0330")
    }
}
