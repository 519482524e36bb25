/// A run of one ASCII character, built in place.
///
/// `String(repeating: " ", count: n)` goes through the generic
/// string-repeating path: 2.2 µs for 60–100 spaces here, against 63 ns
/// written into the string's own storage. The call planner pads every row
/// of its stack with it when its minute changes (0.28 M instructions of
/// the 0.7 M an idle dashboard's minute boundary cost), and the Mars rows'
/// labels every second.
public enum RepeatedText {
    /// `count` copies of the ASCII `byte` (`""` when `count` is not positive).
    public static func ascii(_ byte: UInt8, count: Int) -> String {
        precondition(byte < 0x80, "RepeatedText.ascii takes an ASCII byte")
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: count) { buffer in
            buffer.initialize(repeating: byte)
            return count
        }
    }

    /// `count` spaces (`""` when `count` is not positive).
    public static func spaces(_ count: Int) -> String { ascii(UInt8(ascii: " "), count: count) }
}
