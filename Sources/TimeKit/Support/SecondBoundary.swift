import Foundation

/// When the next whole UTC second begins: how long the dashboard's run loop
/// sleeps (`poll` timeout) so that it wakes 0–1 ms after each second and the
/// clock never skips or repeats a second.
public enum SecondBoundary {
    /// Milliseconds (rounded up, at least 1) from `date` until the next whole
    /// UTC second. Rounding up means a wake-up is never early: it always lands
    /// in the new second, never a fraction before it.
    public static func millisecondsToNextSecond(after date: Date) -> Int32 {
        let t = date.timeIntervalSince1970
        let remaining = (t.rounded(.down) + 1) - t
        return Int32(max(1, (remaining * 1000).rounded(.up)))
    }
}
