import CPrintf
import Foundation

/// `String(format: "%.Nf", value)`, character for character, by the C
/// library's `vsnprintf` directly. Foundation's `String(format:)` goes through
/// an NSString and its locale machinery: 30–70 k instructions a number, which
/// `almanac --json` paid 1,300 times at every run (issue 31); Swift's
/// `withVaList` then cost 2,600 a number, so the call is a C function with
/// fixed arguments (`td_printf_fixed`, Sources/CPrintf).
public enum PrintfText {
    /// `value` with `places` decimals (0…40), rounded as printf rounds.
    public static func fixed(_ value: Double, places: Int) -> String {
        let precision = Int32(min(max(places, 0), 40))
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { buffer -> String in
            let written = td_printf_fixed(buffer.baseAddress, 400, value, precision)
            guard written >= 0, written < 400 else { return String(format: "%.\(precision)f", value) }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(written)),
                          as: UTF8.self)
        }
    }
}
