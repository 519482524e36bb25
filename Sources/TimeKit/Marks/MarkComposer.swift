import Foundation

/// Builds the mark for an instant from what is known at that instant. Pure:
/// the caller samples the clock, reads the kernel clock state and copies the
/// gpsd snapshot; the dashboard's update and `timedeck marks add` share it.
public enum MarkComposer {
    /// Where the position comes from: a current gpsd fix when gpsd is set;
    /// else the fixed position if there is one (the config's "fixed position
    /// when gpsd has no fix"); else gpsd's state as it is (a stale fix or no
    /// fix, recorded as such); else none.
    public static func compose(unixNanoseconds: Int64, note: String, settings: MarkSettings,
                               gps: GPSDSnapshot?, kernel: ClockStatus.Kernel?) -> SightingMark {
        var position = MarkPosition.none
        if settings.gpsdAddress != nil {
            position = .fromGPSD(fix: gps?.fix, receivedUnixNanoseconds: gps?.fixReceivedUnixNanoseconds,
                                 markUnixNanoseconds: unixNanoseconds)
        }
        if position.status != .current, let fixed = settings.fixedPosition {
            position = .fixed(fixed)
        }
        let clock = ClockStatus(kernel: kernel, gpsOffset: gps?.currentOffset(at: unixNanoseconds))
        return SightingMark(unixNanoseconds: unixNanoseconds, correctionNanoseconds: settings.correctionNanoseconds,
                            note: note, position: position, clock: clock)
    }
}

extension SightingMark {
    /// A `Date` (as the shell stamps keys) to nanoseconds since the Unix
    /// epoch. Whole seconds and the fraction are converted apart, so the
    /// result keeps all of the Double's precision (~0.2 µs today) instead of
    /// losing it in one 1.8e18-sized product.
    public static func unixNanoseconds(_ date: Date) -> Int64 {
        let t = date.timeIntervalSince1970
        let seconds = t.rounded(.down)
        let fraction = ((t - seconds) * 1_000_000_000).rounded()
        return Int64(seconds) * 1_000_000_000 + Int64(fraction)
    }
}
