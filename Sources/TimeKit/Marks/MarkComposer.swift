/// Builds the mark for an instant from what is known at that instant. Pure:
/// the caller samples the clock, reads the kernel clock state and copies the
/// gpsd snapshot; the dashboard's update and `timedeck marks add` share it.
public enum MarkComposer {
    /// Where the position comes from: gpsd when an address is set (even with
    /// no fix: that is recorded as such), else the fixed position, else none.
    public static func compose(unixNanoseconds: Int64, note: String, settings: MarkSettings,
                               gps: GPSDSnapshot?, kernel: ClockStatus.Kernel?) -> SightingMark {
        let position: MarkPosition
        if settings.gpsdAddress != nil {
            position = .fromGPSD(fix: gps?.fix, receivedUnixNanoseconds: gps?.fixReceivedUnixNanoseconds,
                                 markUnixNanoseconds: unixNanoseconds)
        } else if let fixed = settings.fixedPosition {
            position = .fixed(fixed)
        } else {
            position = .none
        }
        let clock = ClockStatus(kernel: kernel, gpsOffset: gps?.currentOffset(at: unixNanoseconds))
        return SightingMark(unixNanoseconds: unixNanoseconds, correctionNanoseconds: settings.correctionNanoseconds,
                            note: note, position: position, clock: clock)
    }
}
