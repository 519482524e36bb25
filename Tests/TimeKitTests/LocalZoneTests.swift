import Foundation
import Testing
@testable import TimeKit

/// `TZ` as the C library (and `date`) reads it (issues 21 and 28): every
/// case is compared with `TZ=… date` on this machine.
@Suite struct LocalZoneTests {
    let system = TimeZone(identifier: "America/New_York")!
    static let nov2026: Int64 = 1_795_858_622
    static let jul2026: Int64 = 1_782_864_000

    @Test(arguments: [
        (":Europe/Paris", "Europe/Paris"),
        ("Europe/Paris", "Europe/Paris"),
        ("/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo"),
        (":/usr/share/zoneinfo/Asia/Kathmandu", "Asia/Kathmandu"),
        ("posix/Asia/Tokyo", "Asia/Tokyo"),
        (":posix/Asia/Tokyo", "Asia/Tokyo"),
        ("/usr/share/zoneinfo/posix/Australia/Sydney", "Australia/Sydney"),
        ("right/Asia/Tokyo", "right/Asia/Tokyo"),
        ("/usr/share/zoneinfo/right/Europe/Paris", "right/Europe/Paris"),
        ("UTC", "UTC"),
        ("", "UTC"),
        ("JST-9", "JST-9"),
        ("<-03>3", "<-03>3"),
        ("GMT+3", "GMT+3"),
        ("UTC+3", "UTC+3"),
        ("UTC-5:30", "UTC-5:30"),
        ("<+0330>-3:30", "<+0330>-3:30"),
        ("NZST-12NZDT,M9.5.0,M4.1.0/3", "NZST-12NZDT,M9.5.0,M4.1.0/3"),
        ("EST5EDT,M3.2.0,M11.1.0", "EST5EDT,M3.2.0,M11.1.0"),
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", "AEST-10AEDT,M10.1.0,M4.1.0/3"),
        ("EST5EDT", "EST5EDT"),
    ])
    func readsTheZoneAsDateDoes(_ tz: String, _ name: String) throws {
        let local = LocalZone.resolve(tzVariable: tz, system: system)
        #expect(local.name == name)
        let instants = [Self.jul2026, Self.nov2026]
        // `right/` zones: offsets as the plain zone (see ZoneDatabase.file(atPath:)).
        let date = try SystemZoneOracle.date(tz: tz.replacingOccurrences(of: "right/", with: ""), instants: instants)
        for (t, expected) in zip(instants, date) {
            let p = local.zone.period(at: Date(timeIntervalSince1970: TimeInterval(t)))
            #expect(p.utcOffsetSeconds == expected.offsetSeconds, "TZ=\(tz) @\(t): ours \(p.utcOffsetSeconds), date \(expected)")
        }
        #expect(local.problem == nil || tz.contains("right/"))
    }

    @Test func unsetIsTheSystemsLocaltimeFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Kolkata")
        let local = LocalZone.resolve(tzVariable: nil, system: system, localtime: link)
        #expect(local.name == "Asia/Kolkata")
        #expect(local.zone.offsetSeconds(at: Date(timeIntervalSince1970: TimeInterval(Self.nov2026))) == 19_800)
        // No readable file there: the system zone Foundation reports.
        let none = LocalZone.resolve(tzVariable: nil, system: system, localtime: folder.appendingPathComponent("none").path)
        #expect(none.name == "America/New_York")
    }

    /// Foundation's zone costs a sixth of `timedeck now`'s own work, so it is
    /// built only when the link names no zone or its file cannot be read.
    @Test func theSystemZoneIsAskedOnlyWhenTheFileCannotName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Kolkata")
        var asked = 0
        func counted() -> TimeZone { asked += 1; return system }
        #expect(LocalZone.resolve(tzVariable: nil, system: counted(), localtime: link).name == "Asia/Kolkata")
        #expect(LocalZone.resolve(tzVariable: "Europe/Paris", system: counted()).name == "Europe/Paris")
        #expect(asked == 0)
        // A plain file (not a link) does not name its zone: Foundation's name is used, once.
        let copy = folder.appendingPathComponent("copied").path
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Kolkata", toPath: copy)
        let plain = LocalZone.resolve(tzVariable: nil, system: counted(), localtime: copy)
        #expect(plain.name == "America/New_York" && asked == 1)
        #expect(plain.zone.offsetSeconds(at: Date(timeIntervalSince1970: TimeInterval(Self.nov2026))) == 19_800)
    }

    @Test func aTZNamingNothingIsUTCAndSaid() {
        for tz in ["Nowhere/Bogus", "/etc/hostname", "/nonexistent/zoneinfo/Asia/Tokyo", "GMT+25", "../../etc/passwd"] {
            let local = LocalZone.resolve(tzVariable: tz, system: system)
            #expect(local.name == "UTC" && local.zone.offsetSeconds(at: Date()) == 0, "\(tz)")
            #expect(local.problem == .unknownZone(tz: tz), "\(tz)")
        }
        #expect(LocalZoneProblem.unknownZone(tz: "x").description.contains("Europe/Paris"))
    }

    /// A DST rule is now followed: no warning, and the offset changes.
    @Test func aDSTRuleIsFollowed() {
        let local = LocalZone.resolve(tzVariable: "CET-1CEST,M3.5.0,M10.5.0/3", system: system)
        #expect(local.problem == nil)
        #expect(local.zone.offsetSeconds(at: Date(timeIntervalSince1970: TimeInterval(Self.jul2026))) == 7200)
        #expect(local.zone.offsetSeconds(at: Date(timeIntervalSince1970: TimeInterval(Self.nov2026))) == 3600)
        #expect(local.zone.nextTransition(after: Date(timeIntervalSince1970: TimeInterval(Self.nov2026)))?.instant
                == Date(timeIntervalSince1970: 1_806_195_600))   // 2027-03-28T01:00Z
    }

    /// A `right/` zone's offsets are used, and the difference from `date`
    /// (which shows such a clock 27 s behind) is said.
    @Test func aRightZoneIsSaid() {
        let local = LocalZone.resolve(tzVariable: "right/Europe/Paris", system: system)
        #expect(local.problem == .countsLeapSeconds(tz: "right/Europe/Paris", seconds: 27))
        #expect(local.problem?.description.contains("27 s") == true)
    }

    /// Text from `TZ` reaches no terminal with its controls live.
    @Test func aHostileTZIsMadeInert() {
        let local = LocalZone.resolve(tzVariable: "Evil\u{1B}]0;pwned\u{07}", system: system)
        #expect(!(local.problem?.description.contains("\u{1B}") ?? true))
        #expect(local.name == "UTC")
    }

    /// `TZDIR` names the folder zone names are read from; empty of files,
    /// names fall back to Foundation's rules and still work.
    @Test func tzdirIsFollowed() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("tzdir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let local = LocalZone.current(environment: ["TZ": "Europe/Paris", "TZDIR": empty.path])
        #expect(local.name == "Europe/Paris" && local.problem == nil)
        guard case .foundation = local.zone.source else { Issue.record("\(local.zone.source)"); return }
        #expect(local.zone.offsetSeconds(at: Date(timeIntervalSince1970: TimeInterval(Self.jul2026))) == 7200)
        // And a POSIX string needs no files at all.
        let posix = LocalZone.current(environment: ["TZ": "GMT+3", "TZDIR": empty.path])
        #expect(posix.zone.offsetSeconds(at: Date()) == -10_800)
    }
}
