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
}
