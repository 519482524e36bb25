import Foundation
import Testing
import TestSupport
@testable import TimeKit

/// `SightText.altitudeDegrees` reads altitudes by hand since issue 31 (the
/// regular expressions it used were compiled again at every call). The
/// expressions are kept here as the oracle: every generated input gets the
/// same value or the same refusal from both.
@Suite struct AltitudeScanTests {
    /// The reader as it was (regular expressions), for comparison.
    static func oracle(_ text: String) throws -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        func fail(_ reason: InputReason) -> InputError {
            InputError(field: .altitude, input: trimmed, reason: reason, accepted: .altitude)
        }
        if trimmed.hasPrefix("-") { throw fail(.altitudeOutside) }
        let value: Double
        if let whole = trimmed.wholeMatch(of: /(\d{1,3}(?:\.\d+)?)\s*°?/), let d = Double(whole.1) {
            value = d
        } else if let dm = trimmed.wholeMatch(of: /(\d{1,3})(?:\s*°\s*|-|\s+)(\d{1,3}(?:\.\d+)?)\s*[′']?/),
                  let d = Double(dm.1), let m = Double(dm.2) {
            guard m < 60 else { throw fail(.minutesOver60(String(dm.2))) }
            value = d + m / 60
        } else {
            throw fail(.notAnAltitude)
        }
        guard value.isFinite, value > 0, value < 90 else { throw fail(.altitudeOutside) }
        return value
    }

    static func outcome(_ read: (String) throws -> Double, _ text: String) -> String {
        do { return "value \(try read(text).bitPattern)" } catch { return "refused \(error)" }
    }

    static let written = ["43 23.8", "43-23.8", "43°23.8'", "43° 23.8′", "43.3967", "43", "43°", "43 °", "43.5 °", "5 7",
                          "89 59.9", "90", "0", "0 0.1", "43 60", "43 59.99", "43 -5", "43. 5", "43.", ".5", "43.5-20",
                          "1234", "43 1234", "43 23.8 '", "43 23.8′′", "43\t23", "43°\n", "43\n", "٤٣", "４３ ２０",
                          "43 23.8x", "x43", "43  -  20", "43--20", "43 ° ° 20", "-43", "043 05.0", "43 5.", "43e1",
                          "0x1p3", "nan", "inf", "43\u{00A0}23", "43°\u{301}23", "43\r\n23", "", " ", "°", "'"]

    @Test func everyWrittenFormReadsAsBefore() throws {
        for text in Self.written {
            #expect(Self.outcome(Self.oracle, text) == Self.outcome({ try SightText.altitudeDegrees($0) }, text), "\(text.debugDescription)")
        }
        #expect(try SightText.altitudeDegrees("43 23.8") == 43 + 23.8 / 60)
    }

    /// 25,000 strings of up to 9 characters from the characters an altitude
    /// is written with, and some it is not.
    @Test func generatedInputsReadAsBefore() {
        let alphabet: [Character] = ["1", "4", "9", "0", "5", " ", " ", "°", "-", ".", ".", "′", "'", "\t", "\u{00A0}",
                                     "x", "٣", "\n", "e"]
        var random = SplitMix64(seed: 3131)
        var differ: [String] = []
        var readAsNumber = 0
        for _ in 0..<25_000 {
            let length = 1 + random.next(9)
            let text = String((0..<length).map { _ in alphabet[random.next(alphabet.count)] })
            let old = Self.outcome(Self.oracle, text), new = Self.outcome({ try SightText.altitudeDegrees($0) }, text)
            if old != new { differ.append(text.debugDescription + ": " + old + " / " + new) }
            if old.hasPrefix("value") { readAsNumber += 1 }
        }
        #expect(differ.prefix(10) == [], "\(differ.count) differ")
        #expect(readAsNumber > 400, "the generator reaches the accepted forms")
    }
}
