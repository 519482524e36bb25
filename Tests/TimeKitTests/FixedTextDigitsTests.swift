import Foundation
import Testing
@testable import TimeKit

/// The clock, decimal and padding texts are written digit by digit into
/// one small buffer (the dashboard formats them every second). Each must
/// say exactly what the string-building formulas they replaced said; those
/// formulas are kept here as the reference.
@Suite struct FixedTextDigitsTests {
    static func referenceDecimal(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let p = min(max(places, 0), 9)
        let scale = FixedText.powersOfTen[p]
        let scaled = (abs(value) * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.2e18 else { return String(value) }
        let n = Int64(scaled)
        var out = value < 0 && n != 0 ? "-" : ""
        let whole = n / scale
        out += String(whole)
        if p > 0 {
            out += "."
            let digits = String(n - whole * scale)
            out += String(repeating: "0", count: p - digits.count) + digits
        }
        return out
    }

    static func referenceClock(hours: Double) -> String {
        guard hours.isFinite else { return "--:--:--" }
        var seconds = Int64((Mars24.normalizedHours(hours) * 3600).rounded(.down))
        if seconds >= 86_400 { seconds = 86_399 }
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    }

    @Test func decimalsAsTheReference() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 0.5, -0.5, 0.05, -0.04999, 1, -1, 9.999999, 99.995, 359.99999, -179.995,
                                1e15, -1e15, 9.1e18, 9.3e18, 1e-12, -1e-12, .nan, .infinity, -.infinity,
                                .leastNonzeroMagnitude, .greatestFiniteMagnitude, 123_456_789.987654321]
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -12...19, using: &generator)
            values.append((Bool.random(using: &generator) ? 1 : -1) * pow(10, magnitude) * Double.random(in: 0...1, using: &generator))
        }
        for value in values {
            for places in -1...10 {
                #expect(FixedText.decimal(value, places: places) == Self.referenceDecimal(value, places: places),
                        "\(value) to \(places)")
            }
        }
        var out = "Ls "
        FixedText.append(31.4049, places: 1, to: &out)
        #expect(out == "Ls 31.4")
    }

    @Test func clocksAsTheReference() {
        var hours: [Double] = [0, 23.99425, 24, -0.0001, -24, 48.5, .nan, .infinity, -.infinity, 1e300, -1e300,
                               23.9999999999, 12.5]
        for second in stride(from: 0, to: 86_400 * 2, by: 7) { hours.append(Double(second) / 3600 - 24) }
        for h in hours {
            #expect(FixedText.clock(hours: h) == Self.referenceClock(hours: h), "\(h)")
        }
    }

    @Test func markTimeClockAndPaddingAsTheReference() {
        // Every second of two days, both ends of the calendar we show, and
        // instants before 1970.
        var instants: [Int64] = [0, -1, -86_401, 253_402_300_799, -62_135_596_800, 1_795_305_599]
        instants += Array(stride(from: Int64(1_795_305_600), to: 1_795_305_600 + 2 * 86_400, by: 1))
        for seconds in instants {
            let date = Date(timeIntervalSince1970: Double(seconds) + 0.999)
            let f = UTCFields(unixMilliseconds: UTCFields.unixSeconds(date) * 1000)
            let reference = "\(f.day < 10 ? "0" : "")\(f.day)d \(f.hour < 10 ? "0" : "")\(f.hour)h "
                + "\(f.minute < 10 ? "0" : "")\(f.minute)m \(f.second < 10 ? "0" : "")\(f.second)s"
            #expect(MarkTime.clock(date) == reference, "\(seconds)")
            if MarkTime.clock(date) != reference { return }
        }
        for n in -150...150 {
            #expect(MarkTime.pad(n) == (n < 10 ? "0\(n)" : "\(n)"), "\(n)")
        }
    }
}
