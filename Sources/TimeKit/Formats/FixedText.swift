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
        if value < 0 && n != 0 { out += "-" }
        let whole = n / scale
        out += String(whole)
        if p > 0 {
            out += "."
            let frac = n - whole * scale
            let digits = String(frac)
            for _ in 0..<(p - digits.count) { out += "0" }
            out += digits
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
        appendTwo(Int(seconds / 3600), to: &out)
        out += ":"
        appendTwo(Int(seconds / 60 % 60), to: &out)
        out += ":"
        appendTwo(Int(seconds % 60), to: &out)
    }

    static func appendTwo(_ n: Int, to out: inout String) {
        if n < 10 { out += "0" }
        out += String(n)
    }

    static let powersOfTen: [Int64] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000,
                                        100_000_000, 1_000_000_000]
}
