/// The one small deterministic generator (SplitMix64, Steele et al. 2014)
/// of the test targets' fuzz, replay and property tests, so every failure
/// replays exactly.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64
    /// Starts at `seed` (the first output mixes `seed` plus one step).
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A number in `0..<bound` (0 when `bound` is not positive).
    public mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
}
