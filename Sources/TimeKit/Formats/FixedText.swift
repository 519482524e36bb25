/// Fast fixed-point text for numbers, without Foundation formatters.
///
/// The `mars` table mode writes half a million rows a second; a
/// `NumberFormatter` or `String(format:)` per cell costs microseconds each,
/// integer arithmetic a few dozen nanoseconds.
public enum FixedText {
    /// `value` rounded half away from zero to `places` decimals (0…9):
    /// `decimal(-5.187742, places: 5)` is `-5.18774`. Non-finite values come
    /// out as `nan`, `inf` or `-inf`; magnitudes past 9.2e18 / 10^places fall
    /// back to Swift's own description.
    public static func decimal(_ value: Double, places: Int) -> String {
        var out = ""
        append(value, places: places, to: &out)
        return out
    }

    /// Appends `decimal(value, places:)` to `out` (no intermediate String).
    public static func append(_ value: Double, places: Int, to out: inout String) {
        guard value.isFinite else {
            out += value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf")
            return
        }
        let p = min(max(places, 0), 9)
        let scale = powersOfTen[p]
        let scaled = (abs(value) * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.2e18 else {
            out += String(value)
            return
        }
        let n = Int64(scaled)
        // The digits straight into one small buffer (sign, up to 19 whole
        // digits, the point and 9 places): the text `String(whole)`, ".",
        // `String(frac)` and its leading zeros gave, without their strings.
        out += String(unsafeUninitializedCapacity: 32) { buffer in
            var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 32 bytes of scratch
            return withUnsafeMutableBytes(of: &digits) { scratch in
                var end = 32
                var rest = UInt64(n)
                for _ in 0..<p {
                    end -= 1
                    scratch[end] = 0x30 + UInt8(rest % 10)
                    rest /= 10
                }
                if p > 0 { end -= 1; scratch[end] = UInt8(ascii: ".") }
                repeat {
                    end -= 1
                    scratch[end] = 0x30 + UInt8(rest % 10)
                    rest /= 10
                } while rest > 0
                if value < 0 && n != 0 { end -= 1; scratch[end] = UInt8(ascii: "-") }
                let count = 32 - end
                for i in 0..<count { buffer[i] = scratch[end + i] }
                return count
            }
        }
    }

    /// Hours (any real number) as `HH:MM:SS` on a 24-hour clock, truncated to
    /// the second the way a clock shows it: 23.99425 h is `23:59:39`.
    public static func clock(hours: Double) -> String {
        var out = ""
        appendClock(hours: hours, to: &out)
        return out
    }

    /// Appends `clock(hours:)` to `out`.
    public static func appendClock(hours: Double, to out: inout String) {
        guard hours.isFinite else {
            out += "--:--:--"
            return
        }
        // Reduce first so the conversion to an integer can never overflow.
        var seconds = Int64((Mars24.normalizedHours(hours) * 3600).rounded(.down))
        if seconds >= 86_400 { seconds = 86_399 }
        let h = Int(seconds / 3600), m = Int(seconds / 60 % 60), sec = Int(seconds % 60)
        out += String(unsafeUninitializedCapacity: 8) { b in
            b[0] = 0x30 + UInt8(h / 10); b[1] = 0x30 + UInt8(h % 10); b[2] = UInt8(ascii: ":")
            b[3] = 0x30 + UInt8(m / 10); b[4] = 0x30 + UInt8(m % 10); b[5] = UInt8(ascii: ":")
            b[6] = 0x30 + UInt8(sec / 10); b[7] = 0x30 + UInt8(sec % 10)
            return 8
        }
    }

    static let powersOfTen: [Int64] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000,
                                        100_000_000, 1_000_000_000]
}
