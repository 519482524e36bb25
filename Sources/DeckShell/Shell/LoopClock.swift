import Foundation

/// The run loop's clock: the real-time clock in the program, a clock a
/// test sets and advances in `RunLoopTests` (so passes and their timeouts
/// are checked without waiting for real seconds).
struct LoopClock {
    /// The instant now.
    var now: () -> Date

    /// `WallClock.now`: `CLOCK_REALTIME` at full resolution.
    static var wall: LoopClock { LoopClock(now: WallClock.now) }
}
