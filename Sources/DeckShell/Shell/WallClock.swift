import Foundation
import TimeKit

/// The real-time clock, read at full resolution. Only the shell reads it;
/// everything else receives the instant as a value.
public enum WallClock {
    public static func now() -> Date {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Date(timeIntervalSince1970: Double(ts.tv_sec) + Double(ts.tv_nsec) / 1_000_000_000)
    }

    /// Milliseconds (rounded up, at least 1) until the next whole UTC second.
    static func millisecondsToNextSecond(after date: Date) -> Int32 {
        SecondBoundary.millisecondsToNextSecond(after: date)
    }
}
