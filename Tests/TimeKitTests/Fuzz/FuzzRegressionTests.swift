import Foundation
import Testing
@testable import TimeKit

/// Inputs found by `scripts/fuzz.sh` (libFuzzer) that broke a parser, kept
/// as regression tests (issue 8). The fuzz corpus keeps them too
/// (Fuzz/corpus/<target>/regression-*).
@Suite struct FuzzRegressionTests {
    /// Found by the call-time target: `\d` in Swift Regex matches any
    /// Unicode digit, and a digit with a combining mark is one Character, so
    /// the pattern matched and `Int(…)!` trapped. Non-ASCII digits are now
    /// refused with the usual message instead.
    @Test(arguments: ["14:0\u{33B}3", "١٤:٣٠", "１４:３０", "2026-03-08 1４:00", "2026-0\u{301}3-08T14:00Z",
                      "2026-03-08T14:00+0١:00"])
    func callTimesWithNonASCIIDigitsAreRefusedNotTrapped(text: String) {
        #expect(throws: CallTimeInput.ParseError.self) { try CallTimeInput.parse(text) }
    }

    @Test func ordinaryCallTimesStillParse() throws {
        #expect(try CallTimeInput.parse("14:30") == .wall(hour: 14, minute: 30, second: 0, date: nil))
        #expect(try CallTimeInput.parse("2026-03-08T08:15-0545") == .instant(Date(timeIntervalSince1970: 1_772_978_400)))
    }

    /// Found by the config target: "\r\n" is one Character in Swift, so a
    /// file saved with Windows line endings was one long line (and a lone
    /// "\r" line did not survive a write-back).
    @Test func configWithWindowsLineEndingsIsRead() {
        let (settings, problems) = Settings.parse("[display]\r\ntheme = \"mono\"\r\nclock = \"12h\"\r\n")
        #expect(problems == [])
        #expect(settings.theme == .mono)
        #expect(settings.clock == .twelveHour)
    }

    @Test(arguments: ["\r", "\r\n", "a = 1\r\n\r\n", "[x]\r\n# c\r\n", "a = \"\\r\"\r\n"])
    func configRoundTripKeepsTheEntries(text: String) throws {
        let document = try ConfigDocument(parsing: text)
        #expect(try ConfigDocument(parsing: document.text).entries == document.entries)
    }
}

/// Found by the gpsd target: a TPV time in year 4010 overflowed Int64
/// nanoseconds and trapped the reader (which runs on the gpsd thread).
/// Fixed on main at the same time by the marks owner (years 1678–2261).
@Suite struct GPSDFuzzRegressionTests {
    @Test func farFutureTimesAreDroppedNotTrapped() {
        #expect(GPSDTime.unixNanoseconds(iso: "4010-09-08T10:34:48.266Z") == nil)
        #expect(GPSDTime.unixNanoseconds(iso: "2261-12-31T23:59:59.999999999Z") == 9_214_646_399_999_999_999)
        #expect(GPSDTime.unixNanoseconds(iso: "9999-12-31T23:59:59.999999999Z") == nil)
        #expect(GPSDTime.unixNanoseconds(iso: "2005-06-08T10:34:48.283Z") == 1_118_226_888_283_000_000)
        let line = #"{"class":"TPV","time":"4010-09-08T10:34:48.266Z","lat":46.5,"lon":7.5,"mode":3}"#
        guard case .tpv(let fix)? = GPSDReader.parse(line: line) else { Issue.record("not a TPV"); return }
        #expect(fix.timeUnixNanoseconds == nil)
        #expect(fix.mode == 3)
    }
}
