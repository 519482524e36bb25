import Foundation
import Testing
@testable import TimeKit

/// Every zone of the system tz database, read by `ZoneRules`, against what
/// Python's zoneinfo (and, for a sample, `date`) says on this machine:
/// offset, abbreviation and DST flag, from 1900 to 2200 — before the first
/// transition, history, both sides of each of the zone's next four changes,
/// and far beyond the last transition, where the footer's rule applies.
@Suite struct ZoneRulesSystemTests {
    /// 1900-01-01, 1975-01-15, 1993-07-01, 2010-07-01, 2024-07-15, 2026-11-28,
    /// 2040-01-15, 2100-07-15, 2200-01-15.
    static let instants: [Int64] = [-2_208_988_800, 159_000_000, 741_484_800, 1_277_942_400, 1_721_001_600,
                                    1_795_858_622, 2_210_198_400, 4_119_292_800, 7_258_204_800]
    static let database = ZoneDatabase(folder: "/usr/share/zoneinfo")

    /// Every `Z` and `L` name of tzdata.zi.
    static func zoneNames() throws -> [String] {
        let text = try String(contentsOfFile: database.folder + "/tzdata.zi", encoding: .utf8)
        return ZoneCatalog.parseTzdataZi(text).entries.map(\.name).sorted()
    }

    /// The instants to check in `rules`: the fixed list, and a second either
    /// side of each of its next four changes after 2026-01-01.
    static func questions(_ rules: ZoneRules) -> [Int64] {
        var list = instants
        var t = Date(timeIntervalSince1970: 1_767_225_600)
        for _ in 0..<4 {
            guard let next = rules.nextTransition(after: t, horizonSeconds: 10 * 366 * 86_400) else { break }
            let s = UTCFields.unixSeconds(next.instant)
            list += [s - 1, s]
            t = next.instant
        }
        return list
    }

    @Test func everyZoneAgreesWithZoneinfo() throws {
        let names = try Self.zoneNames()
        #expect(names.count > 500)
        var rules: [String: ZoneRules] = [:]
        var notFiles: [String] = []
        for name in names {
            guard let r = Self.database.rules(named: name), case .file = r.source else { notFiles.append(name); continue }
            rules[name] = r
        }
        #expect(notFiles.isEmpty, "read from no file: \(notFiles.prefix(10))")
        let asked = names.compactMap { n in rules[n].map { (zone: n, instants: Self.questions($0)) } }
        let system = try SystemZoneOracle.zoneinfo(asked)
        var wrong: [String] = []
        for (zone, instants) in asked {
            guard let answers = system[zone], answers.count == instants.count, let r = rules[zone] else {
                wrong.append("\(zone): no answer from zoneinfo"); continue
            }
            for (t, expected) in zip(instants, answers) {
                let p = r.period(at: Date(timeIntervalSince1970: TimeInterval(t)))
                let ours = SystemZoneOracle.Answer(offsetSeconds: p.utcOffsetSeconds, abbreviation: p.abbreviation,
                                                   isDaylightSaving: p.isDaylightSaving)
                if ours != expected { wrong.append("\(zone) @\(t): ours \(ours), zoneinfo \(expected)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) disagreements: \(wrong.prefix(15))")
    }

    /// `date` itself, for zones with half-hour DST, negative DST, a 24:00
    /// rule time, no DST, a footer with `-1` rule times, and LMT history.
    @Test(arguments: ["Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Europe/Dublin", "America/Santiago",
                      "America/Nuuk", "Asia/Kathmandu", "Pacific/Chatham", "Africa/Casablanca", "Asia/Tehran",
                      "Pacific/Kiritimati", "America/St_Johns", "Antarctica/Troll", "Etc/GMT+3", "EST5EDT"])
    func sampleZonesAgreeWithDate(_ zone: String) throws {
        let r = try #require(Self.database.rules(named: zone))
        let instants = Self.questions(r)
        let date = try SystemZoneOracle.date(tz: zone, instants: instants)
        for (t, expected) in zip(instants, date) {
            let p = r.period(at: Date(timeIntervalSince1970: TimeInterval(t)))
            #expect(p.utcOffsetSeconds == expected.offsetSeconds && p.abbreviation == expected.abbreviation,
                    "\(zone) @\(t): ours \(p.utcOffsetSeconds) \(p.abbreviation), date \(expected)")
        }
    }

    /// `right/` files count leap seconds in their transition times; taken
    /// back to the system clock's scale, their offsets are the plain zone's.
    @Test(arguments: ["right/UTC", "right/Asia/Tokyo", "right/Europe/Paris", "right/America/New_York"])
    func rightZonesHaveThePlainZonesOffsets(_ name: String) throws {
        let right = try #require(Self.database.rules(named: name))
        let plain = try #require(Self.database.rules(named: String(name.dropFirst("right/".count))))
        guard case let .file(tzif, _) = right.source else { Issue.record("not a file"); return }
        #expect(tzif.countsLeapSeconds)
        for t in Self.questions(plain) {
            let d = Date(timeIntervalSince1970: TimeInterval(t))
            #expect(right.offsetSeconds(at: d) == plain.offsetSeconds(at: d), "\(name) @\(t)")
        }
    }

    /// Debian's `right/` files stop at the leap list's expiry (2026-06-28)
    /// with no footer: `date` and zoneinfo then keep CEST for ever. We take
    /// the offsets from the plain zone and say the difference.
    @Test func aTruncatedRightFileDoesNotFreezeSummerTime() throws {
        let right = try #require(Self.database.rules(named: "right/Europe/Paris"))
        let november: Int64 = 1_795_858_622
        #expect(right.offsetSeconds(at: Date(timeIntervalSince1970: TimeInterval(november))) == 3600)
        #expect(right.abbreviation(at: Date(timeIntervalSince1970: TimeInterval(november))) == "CET")
        let date = try SystemZoneOracle.date(tz: "Europe/Paris", instants: [november])
        #expect(date[0].offsetSeconds == 3600)
    }

    @Test func posixTreeIsThePlainZone() throws {
        let posix = try #require(Self.database.rules(named: "posix/Australia/Sydney"))
        let plain = try #require(Self.database.rules(named: "Australia/Sydney"))
        for t in Self.questions(plain) {
            let d = Date(timeIntervalSince1970: TimeInterval(t))
            #expect(posix.period(at: d) == plain.period(at: d))
        }
    }

    /// With no tz files (`TZDIR` an empty folder), names still resolve, to
    /// Foundation's bundled rules, and `--version` says so.
    @Test func anEmptyFolderFallsBackToFoundation() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("tzdir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let db = ZoneDatabase(environment: ["TZDIR": empty.path])
        #expect(db.folder == empty.path)
        let paris = try #require(db.rules(named: "Europe/Paris"))
        guard case .foundation = paris.source else { Issue.record("\(paris.source)"); return }
        #expect(paris.offsetSeconds(at: Date(timeIntervalSince1970: 1_795_858_622)) == 3600)
        #expect(paris.nextTransition(after: Date(timeIntervalSince1970: 1_795_858_622))?.instant
                == Date(timeIntervalSince1970: 1_806_195_600))   // 2027-03-28T01:00Z
        #expect(db.rules(named: "Nowhere/Bogus") == nil)
        #expect(!db.hasFiles)
        #expect(db.versionLine.contains("bundled ICU tz \(TimeZone.timeZoneDataVersion)"))
        #expect(Self.database.versionLine.contains("system tz database 20"))
    }

    @Test func namesCannotLeaveTheFolder() {
        for bad in ["../etc/passwd", "Europe/../../etc/passwd", "/etc/localtime", "", "Europe//Paris", "Asia/Tokyo\u{1B}[2J", "./UTC"] {
            #expect(!ZoneDatabase.isZoneName(bad), "\(bad)")
            #expect(Self.database.file(named: bad) == nil)
        }
        #expect(ZoneDatabase.isZoneName("America/Argentina/Buenos_Aires") && ZoneDatabase.isZoneName("Etc/GMT+3"))
    }
}
