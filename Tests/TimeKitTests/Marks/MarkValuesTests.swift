import Foundation
import Testing
@testable import TimeKit

@Suite("Mark values: notes, clock status, instants, settings")
struct MarkValuesTests {
    @Test("Controls are shown inert", arguments: [
        ("plain note", "plain note"),
        ("\u{1B}[2J\u{1B}]0;pwned\u{07}", "␛[2J␛]0;pwned␇"),
        ("tab\there\nline\r", "tab␉here␊line␍"),
        ("del\u{7F}", "del␡"),
        ("c1\u{9B}31m", "c1U+009B31m"),
        ("bidi\u{202E}txt", "bidiU+202Etxt"),
        ("Sun LL 27° 28'.0", "Sun LL 27° 28'.0"),
        ("\u{0}", "␀"),
    ])
    func inert(raw: String, shown: String) {
        #expect(InertText.display(raw) == shown)
        #expect(!InertText.display(raw).unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("Notes up to 200 characters are accepted, longer refused")
    func noteLength() throws {
        #expect(try MarkNote.validated(String(repeating: "é", count: 200)).count == 200)
        #expect(throws: MarkNote.TooLong(characters: 201)) { try MarkNote.validated(String(repeating: "a", count: 201)) }
    }

    @Test("Clock status lines")
    func clockStatus() {
        let synced = ClockStatus.Kernel(synchronized: true, estimatedErrorMicroseconds: 2000, maximumErrorMicroseconds: 50_000)
        #expect(ClockStatus(kernel: synced, gpsOffset: .init(nanoseconds: -300_000, method: .pps)).summary
                == "clock synced ±2.0 ms (kernel), GPS \u{2212}0.3 ms (PPS)")
        #expect(ClockStatus(kernel: synced).summary == "clock synced ±2.0 ms (kernel)")
        let unsynced = ClockStatus.Kernel(synchronized: false, estimatedErrorMicroseconds: 16_000_000, maximumErrorMicroseconds: 16_000_000)
        #expect(ClockStatus(kernel: unsynced).summary == "clock NOT synchronized (kernel)")
        #expect(ClockStatus.unknown.summary == "clock status unknown (adjtimex unavailable)")
        #expect(ClockStatus(kernel: unsynced, gpsOffset: .init(nanoseconds: 120_400_000, method: .tpv)).summary
                == "clock NOT synchronized (kernel), GPS +120 ms (NMEA, coarse)")
        #expect(ClockStatus.duration(nanoseconds: 12_345_000_000, signed: true) == "+12.3 s")
        #expect(ClockStatus.duration(nanoseconds: -43_500_835_778_632, signed: true) == "\u{2212}43500 s")
    }

    @Test("Instants round to the millisecond, half up, carrying into the next day")
    func instants() {
        // 2026-11-21T23:59:59.9995Z rounds to 2026-11-22T00:00:00.000Z
        let m = SightingMark(unixNanoseconds: 1_795_305_599_999_500_000)
        #expect(m.isoText == "2026-11-22T00:00:00.000Z")
        #expect(m.markTimeText == "22d 00h 00m 00.000s")
        let n = SightingMark(unixNanoseconds: 1_795_305_599_999_499_999)
        #expect(n.isoText == "2026-11-21T23:59:59.999Z")
        #expect(SightingMark.milliseconds(-1) == 0 && SightingMark.milliseconds(-500_001) == -1)
    }

    @Test("Correction: stored apart, applied to the corrected instant only")
    func correction() {
        let m = SightingMark(unixNanoseconds: 1_795_305_599_000_000_000, correctionNanoseconds: -300_000_000)
        #expect(m.isoText == "2026-11-21T23:59:59.000Z")
        #expect(m.correctedISOText == "2026-11-21T23:59:58.700Z")
        #expect(m.correctionText == "\u{2212}0.300 s")
        #expect(SightingMark(unixNanoseconds: 0).correctionText == nil)
    }

    @Test("Correction text parsing", arguments: [
        ("-0.3", Int64(-300_000_000)), ("+2", Int64(2_000_000_000)), ("1.5s", Int64(1_500_000_000)),
        ("\u{2212}0.25", Int64(-250_000_000)), ("0", Int64(0)),
    ])
    func correctionParsing(text: String, ns: Int64) throws {
        #expect(try MarkSettings.correctionNanoseconds(parsing: text) == ns)
    }

    @Test("Bad corrections are refused", arguments: ["", "abc", "3601", "nan", "inf", "1e3x", "0x10"])
    func badCorrections(text: String) {
        #expect(throws: MarkSettings.InvalidCorrection.self) { try MarkSettings.correctionNanoseconds(parsing: text) }
    }

    @Test("Mark settings come from the config's [marks] table")
    func settingsFromConfig() throws {
        var config = Settings()
        config.fixedPosition = "27 28.02 S 153 22.84 E"
        config.gpsdAddress = "[::1]:2948"
        config.watchErrorSeconds = -0.25
        config.bell = false
        let s = MarkSettings(config)
        #expect(s.fixedPosition?.navigatorText == "27° 28'.02 S  153° 22'.84 E")
        #expect(s.gpsdAddress == GPSDAddress(host: "::1", port: 2948))
        #expect(s.correctionNanoseconds == -250_000_000)
        #expect(!s.bellEnabled && s.flashEnabled)
        config.reducedMotion = true
        config.fixedPosition = "somewhere nice"
        config.gpsdAddress = nil
        let t = MarkSettings(config)
        #expect(!t.flashEnabled && t.fixedPosition == nil && t.gpsdAddress == nil)
    }

    @Test("gpsd addresses", arguments: [
        ("127.0.0.1:2947", "127.0.0.1", UInt16(2947)), ("gps.local", "gps.local", UInt16(2947)),
        ("[::1]:3000", "::1", UInt16(3000)), (":4000", "127.0.0.1", UInt16(4000)), ("[fe80::1]", "fe80::1", UInt16(2947)),
    ])
    func addresses(text: String, host: String, port: UInt16) throws {
        #expect(try GPSDAddress(parsing: text) == GPSDAddress(host: host, port: port))
    }

    @Test("Bad gpsd addresses", arguments: ["host:0", "host:70000", "::1", "host:port", "[::1", "a b:1", "\u{1B}:1"])
    func badAddresses(text: String) {
        #expect(throws: GPSDAddress.ParseError.self) { try GPSDAddress(parsing: text) }
    }
}
