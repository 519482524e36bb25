/// A growable byte buffer for fast text output (ASCII/UTF-8), with number
/// and time formatting that never goes through `String` or Foundation.
///
/// The `mars` table mode writes its rows into one of these and flushes it in
/// 64 KiB chunks; per-row `String` building was the bottleneck.
public struct AsciiBuffer: Sendable {
    public var bytes: [UInt8] = []

    public init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    public var count: Int { bytes.count }
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Appends the UTF-8 bytes of `s`.
    public mutating func append(_ s: String) { bytes.append(contentsOf: s.utf8) }

    /// Appends one byte.
    public mutating func append(byte: UInt8) { bytes.append(byte) }

    /// Appends a non-negative or negative integer in decimal.
    public mutating func append(int value: Int64) {
        if value < 0 {
            bytes.append(45)
            if value == Int64.min {
                append("9223372036854775808")
                return
            }
        }
        var v = value < 0 ? -value : value
        let start = bytes.count
        repeat {
            bytes.append(UInt8(48 + v % 10))
            v /= 10
        } while v > 0
        var lo = start, hi = bytes.count - 1
        while lo < hi {
            bytes.swapAt(lo, hi)
            lo += 1
            hi -= 1
        }
    }

    /// Appends `n` (0…99) as two digits.
    public mutating func append(twoDigits n: Int) {
        bytes.append(UInt8(48 + n / 10 % 10))
        bytes.append(UInt8(48 + n % 10))
    }

    /// Appends `value` rounded half away from zero to `places` (0…9)
    /// decimals, as `FixedText.decimal` does.
    public mutating func append(fixed value: Double, places: Int) {
        guard value.isFinite else {
            append(value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf"))
            return
        }
        let p = min(max(places, 0), 9)
        let scale = FixedText.powersOfTen[p]
        let scaled = (abs(value) * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.2e18 else {
            append(String(value))
            return
        }
        let n = Int64(scaled)
        if value < 0 && n != 0 { bytes.append(45) }
        let whole = n / scale
        append(int: whole)
        guard p > 0 else { return }
        bytes.append(46)
        var frac = n - whole * scale
        var divisor = scale / 10
        while divisor > 0 {
            bytes.append(UInt8(48 + frac / divisor))
            frac %= divisor
            divisor /= 10
        }
    }

    /// Appends hours as a 24-hour `HH:MM:SS`, truncated to the second.
    public mutating func append(clockHours hours: Double) {
        guard hours.isFinite else {
            append("--:--:--")
            return
        }
        var seconds = Int((Mars24.normalizedHours(hours) * 3600).rounded(.down))
        if seconds >= 86_400 { seconds = 86_399 }
        append(twoDigits: seconds / 3600)
        bytes.append(58)
        append(twoDigits: seconds / 60 % 60)
        bytes.append(58)
        append(twoDigits: seconds % 60)
    }

    /// Appends `2021-02-18T20:55:00.000Z` for whole milliseconds since the epoch.
    public mutating func append(isoMilliseconds ms: Int64) {
        let f = UTCFields(unixMilliseconds: ms)
        let y = f.year
        if y < 0 { bytes.append(45) }
        let ay = abs(y)
        append(twoDigits: ay / 100 % 100)
        append(twoDigits: ay % 100)
        bytes.append(45)
        append(twoDigits: f.month)
        bytes.append(45)
        append(twoDigits: f.day)
        bytes.append(84)
        append(twoDigits: f.hour)
        bytes.append(58)
        append(twoDigits: f.minute)
        bytes.append(58)
        append(twoDigits: f.second)
        bytes.append(46)
        bytes.append(UInt8(48 + f.millisecond / 100))
        append(twoDigits: f.millisecond % 100)
        bytes.append(90)
    }

    /// Appends spaces until the current line (since the last newline at
    /// `lineStart`) is `width` bytes long.
    public mutating func pad(lineStart: Int, to width: Int) {
        let used = bytes.count - lineStart
        if used < width { bytes.append(contentsOf: repeatElement(32, count: width - used)) }
    }
}
