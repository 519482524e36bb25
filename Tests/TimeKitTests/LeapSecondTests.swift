import Foundation
import Testing
@testable import TimeKit

@Suite struct LeapSecondTests {
    /// A list in the NTP format, trimmed: three entries and an expiry line.
    static let sample = """
        #\t$\t 3676924800
        #@\t3991593600
        #
        2272060800\t10\t# 1 Jan 1972
        3644697600\t36\t# 1 Jul 2015
        3692217600\t37\t# 1 Jan 2017
        #h\t49db2447 571e5e1b 2f002a53 9c8da8e4 39b8e49e
        """

    @Test func parsesEntriesAndExpiry() throws {
        let table = try LeapSecondTable.parse(Self.sample)
        #expect(table.entries.count == 3)
        #expect(table.entries[2] == .init(startUnixSeconds: 1_483_228_800, taiMinusUTCSeconds: 37))
        // #@ 3991593600 is 2026-06-28T00:00:00Z.
        #expect(table.expiresUnixSeconds == 1_782_604_800)
    }

    @Test func builtInTableHasTheWholeHistory() {
        let table = LeapSecondTable.builtIn
        #expect(table.entries.count == 28)
        #expect(table.entries.first?.taiMinusUTCSeconds == 10)
        #expect(table.latestTAIMinusUTC == 37)
        // 2000-01-06: 32 s (Mars24 worked example A uses TT − UTC 64.184 s).
        #expect(table.ttMinusUTC(atUnixSeconds: 947_116_800) == 64.184)
        // The second a leap takes effect: 2017-01-01T00:00:00Z.
        #expect(table.taiMinusUTC(atUnixSeconds: 1_483_228_799) == 36)
        #expect(table.taiMinusUTC(atUnixSeconds: 1_483_228_800) == 37)
        #expect(table.ttMinusUTC(atUnixSeconds: 1_800_000_000) == 69.184)
        // Before 1972: the first entry.
        #expect(table.taiMinusUTC(atUnixSeconds: -1e9) == 10)
    }

    @Test func systemListOnThisMachineMatchesTheBuiltInTable() throws {
        // Debian's tzdata ships the list; skip the comparison where it is absent.
        guard let text = try? String(contentsOfFile: LeapSecondList.systemPath, encoding: .utf8) else { return }
        let table = try LeapSecondTable.parse(text)
        #expect(table.entries == LeapSecondTable.builtIn.entries)
    }

    @Test(arguments: [
        ("2272060800 ten", 1), ("12 10", 1), ("#@ soon", 1), ("", 1), ("# only comments", 1),
        ("2272060800 10\n2272060800 11", 2), ("2272060800 10 extra", 1),
    ])
    func rejectsMalformedLists(text: String, line: Int) {
        #expect(throws: LeapSecondTable.ParseError.self) { try LeapSecondTable.parse(text) }
        do {
            _ = try LeapSecondTable.parse(text)
        } catch let error as LeapSecondTable.ParseError {
            #expect(error.line == line)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func expiredListStillUsedWithANotice() {
        // now = 2026-11-22, after the 2026-06-28 expiry.
        let list = LeapSecondList.resolve(path: "/x", text: Self.sample, nowUnixSeconds: 1_795_305_600)
        #expect(list.status == .expired(expiresUnixSeconds: 1_782_604_800))
        #expect(list.notice == "leap-second list expired 2026-06-28; using 37 s")
        #expect(list.usingBuiltIn == false)
    }

    @Test func currentListHasNoNotice() {
        let list = LeapSecondList.resolve(path: "/x", text: Self.sample, nowUnixSeconds: 1_700_000_000)
        #expect(list.status == .ok)
        #expect(list.notice == nil)
    }

    @Test func missingAndUnreadableFallBackToBuiltIn() {
        let missing = LeapSecondList.resolve(path: "/nope", text: nil, missing: true, nowUnixSeconds: 0)
        #expect(missing.table == .builtIn && missing.status == .missing)
        #expect(missing.notice == "leap-second list not found at /nope; using 37 s (built-in table)")
        let garbage = LeapSecondList.resolve(path: "/bad", text: "hello world", nowUnixSeconds: 0)
        #expect(garbage.table == .builtIn)
        #expect(garbage.notice?.hasPrefix("leap-second list /bad unreadable (line 1:") == true)
    }

    @Test func aFutureLeapSecondInTheFileIsUsed() throws {
        // A hypothetical leap second on 2027-01-01 (NTP 4007750400), list valid to 2028 (NTP 4039286400).
        let text = Self.sample + "\n4007750400\t38\t# 1 Jan 2027\n#@\t4039286400\n"
        let list = LeapSecondList.resolve(path: "/x", text: text, nowUnixSeconds: 1_795_305_600)
        #expect(list.status == .ok)
        #expect(list.table.ttMinusUTC(atUnixSeconds: 1_798_761_599) == 69.184)
        #expect(list.table.ttMinusUTC(atUnixSeconds: 1_798_761_600) == 70.184)
    }

    @Test func anOutdatedFileDoesNotRollBackTheBuiltInTable() {
        let old = "2272060800 10\n3550089600 35\n#@ 3600000000\n"
        let list = LeapSecondList.resolve(path: "/old", text: old, nowUnixSeconds: 1_795_305_600)
        #expect(list.usingBuiltIn)
        #expect(list.table.latestTAIMinusUTC == 37)
        #expect(list.notice?.hasSuffix("using 37 s (built-in table)") == true)
    }

    @Test func loadReadsTheEnvironmentOverride() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("leap-\(UUID()).list")
        try (Self.sample + "\n4007750400 38\n#@ 4039286400\n").write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let list = LeapSecondList.load(environment: ["TIMEDECK_LEAP_SECONDS": url.path], nowUnixSeconds: 1_795_305_600)
        #expect(list.path == url.path)
        #expect(list.table.latestTAIMinusUTC == 38)
        let missing = LeapSecondList.load(environment: ["TIMEDECK_LEAP_SECONDS": url.path + ".none"], nowUnixSeconds: 0)
        #expect(missing.status == .missing)
    }
}
