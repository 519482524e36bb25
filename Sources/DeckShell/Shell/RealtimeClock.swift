import CKernelClock
import Foundation
import TimeKit

/// The executable's clocks: the only place marks sample time.
public enum RealtimeClock {
    /// `CLOCK_REALTIME` in nanoseconds since the Unix epoch, at full
    /// resolution (a `Date` would round to ~0.2 µs through its Double).
    public static func nowUnixNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// The kernel's NTP state from adjtimex(2); nil if it cannot be read.
    public static func kernelStatus() -> ClockStatus.Kernel? {
        var raw = td_kernel_clock()
        guard td_read_kernel_clock(&raw) == 0 else { return nil }
        let unsynchronized = raw.clockState == td_time_error() || (raw.statusBits & td_sta_unsync()) != 0
        return ClockStatus.Kernel(synchronized: !unsynchronized,
                                  estimatedErrorMicroseconds: raw.estErrorMicros,
                                  maximumErrorMicroseconds: raw.maxErrorMicros)
    }
}
