/// A small deterministic generator (SplitMix64) for this target's replay and
/// fuzz tests, so failures replay exactly.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    /// Starts one step past `seed` (the frame-diff replays' seeding).
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    /// Starts at `state` (the key-decoder fuzz tests' seeding).
    init(state: UInt64) { self.state = state }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
}
