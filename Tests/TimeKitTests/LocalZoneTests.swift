import Foundation
import Testing
@testable import TimeKit

/// `TZ` as the C library reads it (issue 21).
@Suite struct LocalZoneTests {
    let system = TimeZone(identifier: "America/New_York")!

    @Test(arguments: [
        (":Europe/Paris", "Europe/Paris", 3600),
        ("Europe/Paris", "Europe/Paris", 3600),
        ("/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo", 32_400),
        (":/usr/share/zoneinfo/Asia/Kathmandu", "Asia/Kathmandu", 20_700),
        ("UTC", "UTC", 0),
        ("JST-9", "JST-9", 32_400),
        ("<-03>3", "<-03>3", -10_800),
    ])
    func readsTheZone(_ tz: String, _ name: String, _ offset: Int) {
        let local = LocalZone.resolve(tzVariable: tz, system: system)
        #expect(local.name == name)
        #expect(local.zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_795_000_000)) == offset)  // 2026-11
        #expect(local.problem == nil)
    }

    @Test func unsetOrEmptyIsTheSystemZone() {
        #expect(LocalZone.resolve(tzVariable: nil, system: system).name == "America/New_York")
        #expect(LocalZone.resolve(tzVariable: "", system: system).name == "America/New_York")
    }

    @Test func aTZNamingNothingIsUTCAndSaid() {
        let local = LocalZone.resolve(tzVariable: "Nowhere/Bogus", system: system)
        #expect(local.name == "UTC" && local.zone.secondsFromGMT() == 0)
        #expect(local.problem == .unknownZone(tz: "Nowhere/Bogus"))
        #expect(local.problem?.description.contains("Europe/Paris") == true)
    }

    @Test func aDSTRuleIsSaidAndTheStandardOffsetUsed() {
        let local = LocalZone.resolve(tzVariable: "CET-1CEST,M3.5.0,M10.5.0/3", system: system)
        #expect(local.zone.secondsFromGMT() == 3600)
        #expect(local.problem == .ruleNotFollowed(tz: "CET-1CEST,M3.5.0,M10.5.0/3", offsetSeconds: 3600))
        #expect(local.problem?.description.contains("daylight-saving") == true)
    }
}
