import Foundation
import Testing
import TestSupport
@testable import TimeKit

/// A quick in-suite fuzz of the forecast parser: a valid response with a
/// few bytes changed, removed, inserted or cut must give a forecast or a
/// `WeatherProblem`, never a trap; and a forecast it accepts passes its
/// own rules (arrays in step, values in range).
@Suite struct ForecastFuzzTests {
    static let bytes = Array("{}[],:\"\\-0123456789.eEtrufalsn \u{1B}\u{FF}".utf8)

    @Test func mutatedResponsesNeverTrap() {
        var rng = SplitMix64(seed: 2424)
        var sample = OpenMeteoSample(start: OpenMeteoParserTests.t1400, hourly: [0, 0.4, nil, 3, 0, 1],
                                     quarterHourly: [0, 0.2, nil, 1, 0])
        var accepted = 0, refused = 0
        for round in 0..<3000 {
            sample.timeFormat = round % 2 == 0 ? .iso8601 : .unixtime
            var data = Array(sample.data)
            for _ in 0..<Int.random(in: 1...4, using: &rng) where !data.isEmpty {
                let i = Int.random(in: 0..<data.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: data[i] = Self.bytes.randomElement(using: &rng) ?? 0
                case 1: data.remove(at: i)
                case 2: data.insert(Self.bytes.randomElement(using: &rng) ?? 0, at: i)
                default: data.removeLast(Int.random(in: 0...min(40, data.count), using: &rng))
                }
            }
            do {
                let s = try OpenMeteoParser.parse(Data(data), asked: OpenMeteoParserTests.berlin, fetched: OpenMeteoParserTests.t1400)
                accepted += 1
                #expect(s.hours.allSatisfy { ($0.precipitationMillimetres ?? 0) >= 0 })
                #expect(zip(s.hours, s.hours.dropFirst()).allSatisfy { $1.time.timeIntervalSince($0.time) == 3600 })
            } catch {
                refused += 1
            }
        }
        // Both outcomes happen: the mutations reach past the syntax.
        #expect(accepted > 50 && refused > 1000, "accepted \(accepted), refused \(refused)")
    }

    /// Numbers no forecast has, put in place of every number of a valid
    /// response in turn (both time formats): each is a forecast or a
    /// `WeatherProblem`, never a trap. `utc_offset_seconds` of 1e300 or
    /// 9.3e18 trapped at `Int(seconds)` (issue 29).
    static let extremes = ["1e300", "-1e300", "9.3e18", "-9.3e18", "9223372036854775808", "-9223372036854775809",
                           "18446744073709551616", "-0", "-0.0", "0e99999", "1e99999", "-1e99999", "1e-99999",
                           "NaN", "\"NaN\"", "Infinity", "-Infinity", "1.5", "4294967296", "64801", "-64801"]

    @Test func numericExtremesNeverTrap() {
        var tried = 0, refused = 0
        for format in [OpenMeteoSample.TimeFormat.iso8601, .unixtime] {
            var sample = OpenMeteoSample(start: OpenMeteoParserTests.t1400, hourly: [0, 0.4, nil, 3],
                                         quarterHourly: [0, 0.2, nil])
            sample.timeFormat = format
            let text = Array(sample.json.utf8)
            for range in Self.numberRanges(text) {
                for extreme in Self.extremes {
                    let data = Data(text[..<range.lowerBound] + Array(extreme.utf8) + text[range.upperBound...])
                    tried += 1
                    do {
                        let s = try OpenMeteoParser.parse(data, asked: OpenMeteoParserTests.berlin, fetched: OpenMeteoParserTests.t1400)
                        #expect(s.hours.allSatisfy { ($0.temperatureCelsius ?? 0).isFinite && ($0.precipitationMillimetres ?? 0).isFinite })
                    } catch {
                        refused += 1
                    }
                }
            }
        }
        #expect(tried > 500 && refused > 200, "tried \(tried), refused \(refused)")
    }

    @Test(arguments: ["1e300", "-1e300", "9.3e18", "-9.3e18", "64801", "-64801", "0.5"])
    func anImpossibleUTCOffsetIsABadValue(offset: String) {
        let sample = OpenMeteoSample(start: OpenMeteoParserTests.t1400, hourly: [0, 0], quarterHourly: [])
        let text = sample.json.replacingOccurrences(of: "\"utc_offset_seconds\":0", with: "\"utc_offset_seconds\":\(offset)")
        #expect(text != sample.json)
        #expect {
            try OpenMeteoParser.parse(Data(text.utf8), asked: nil, fetched: OpenMeteoParserTests.t1400)
        } throws: { error in
            guard case .badValue(let what) = error as? WeatherProblem else { return false }
            return what.hasPrefix("utc_offset_seconds")
        }
    }

    /// Where each JSON number of `text` is (outside strings).
    static func numberRanges(_ text: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = [], i = 0, inString = false
        while i < text.count {
            let c = text[i]
            if inString {
                if c == UInt8(ascii: "\\") { i += 2; continue }
                if c == UInt8(ascii: "\"") { inString = false }
                i += 1
            } else if c == UInt8(ascii: "\"") {
                inString = true
                i += 1
            } else if c == UInt8(ascii: "-") || (c >= 0x30 && c <= 0x39) {
                let start = i
                while i < text.count, "+-.eE0123456789".utf8.contains(text[i]) { i += 1 }
                ranges.append(start..<i)
            } else {
                i += 1
            }
        }
        return ranges
    }
}
