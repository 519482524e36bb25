extension MarkPosition {
    /// The position to record from gpsd's latest TPV, judged against the
    /// mark instant. `receivedUnixNanoseconds` is *our* clock when the TPV
    /// line was read; the fix age is measured from it.
    ///
    /// - No TPV at all (gpsd unreachable or silent): source gpsd, no position.
    /// - A TPV without a 2D/3D fix: no position, its mode kept.
    /// - A fix older than `staleAfterMilliseconds`: kept, with its age, and
    ///   `status` says `.stale`.
    public static func fromGPSD(fix: GPSDFix?, receivedUnixNanoseconds: Int64?, markUnixNanoseconds: Int64) -> MarkPosition {
        guard let fix else { return MarkPosition(source: .gpsd) }
        let age = receivedUnixNanoseconds.map { SightingMark.milliseconds(markUnixNanoseconds &- $0) }
        return MarkPosition(source: .gpsd,
                            coordinate: fix.mode >= 2 ? fix.position : nil,
                            fixUnixNanoseconds: fix.timeUnixNanoseconds,
                            fixMode: fix.mode,
                            fixAgeMilliseconds: age)
    }
}
