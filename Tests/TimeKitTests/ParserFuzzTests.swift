import TestSupport
import Foundation
import Testing
@testable import TimeKit

/// A quick in-suite fuzz: random strings over the characters these parsers
/// care about must give a value or an `InputError`, never a trap. (The real
/// fuzzing comes later; this keeps the obvious cases from regressing.)
@Suite struct ParserFuzzTests {
    static let alphabet = Array("0123456789-:+.,TtZzEeWwPpHhMmSsDdOoLl °٣\u{0}ñ")

    static func strings(seed: UInt64, count: Int, templates: [String]) -> [String] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            // Half mutate a valid template, half are random.
            if Bool.random(using: &rng), var chars = templates.randomElement(using: &rng).map(Array.init) {
                for _ in 0..<Int.random(in: 1...3, using: &rng) where !chars.isEmpty {
                    let i = Int.random(in: 0..<chars.count, using: &rng)
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0: chars[i] = alphabet.randomElement(using: &rng) ?? "0"
                    case 1: chars.remove(at: i)
                    default: chars.insert(alphabet.randomElement(using: &rng) ?? "0", at: i)
                    }
                }
                return String(chars)
            }
            let length = Int.random(in: 0...32, using: &rng)
            return String((0..<length).map { _ in alphabet.randomElement(using: &rng) ?? "0" })
        }
    }

    @Test func instantParserNeverTraps() {
        for s in Self.strings(seed: 1, count: 20_000, templates: ["2021-02-18T20:55:00.123Z", "2000-01-06",
                                                                   "2021-02-18T21:55+01:00"]) {
            if let parsed = try? InstantParser.parse(s) {
                // Anything accepted lies in 1700-01-01 − 18 h … 2201-01-01 + 18 h.
                #expect(parsed.unixNanoseconds >= -8_520_336_000_000_000_000 - 64_800_000_000_000)
                #expect(parsed.unixNanoseconds < 7_289_654_400_000_000_000 + 64_800_000_000_000)
            }
        }
    }

    @Test func longitudeParserNeverTrapsAndStaysInRange() {
        for s in Self.strings(seed: 2, count: 20_000, templates: ["137.4E", "-133.8", "133.8 °W"]) {
            if let lon = try? LongitudeParser.parse(s) {
                #expect(lon > -180 && lon <= 180, "\(s) → \(lon)")
            }
        }
    }

    @Test func durationParserNeverTrapsAndStaysInRange() {
        for s in Self.strings(seed: 3, count: 20_000, templates: ["1h30m", "PT1M", "2.5sol", "500ms"]) {
            if let ns = try? DurationParser.parse(s) {
                #expect(ns >= 1_000_000 && ns <= 3_155_760_000_000_000_000, "\(s) → \(ns)")
            }
        }
    }

    @Test func longitudeSteppingWrapsAtPlusMinus180() {
        #expect(MarsLongitude.stepped(179.9, by: 0.1) == 180)
        #expect(MarsLongitude.stepped(180, by: 0.1) == -179.9)
        #expect(MarsLongitude.stepped(-179.9, by: -0.1) == 180)
        #expect(MarsLongitude.stepped(175, by: 10) == -175)
        #expect(MarsLongitude.stepped(-175, by: -10) == 175)
        #expect(MarsLongitude.stepped(-0.05, by: 0.05) == 0)
        var lon = 0.0
        for _ in 0..<3600 { lon = MarsLongitude.stepped(lon, by: 0.1) }
        #expect(lon == 0)  // 360° of fine steps come back exactly
    }
}
