/// One press of the mark key: the exact instant of a sight, as the real-time
/// clock read it the moment the key arrived, plus what a navigator needs to
/// work the sight later.
///
/// A plain value: `id` is nil until the store has inserted it. The GRDB
/// conformance lives in TimeStore (`SightingMark+Record.swift`).
public struct SightingMark: Equatable, Sendable {
    public var id: Int64?
    /// The raw instant, `CLOCK_REALTIME` in nanoseconds since the Unix epoch
    /// (1970-01-01T00:00:00Z, leap seconds not counted), never corrected.
    public var unixNanoseconds: Int64
    /// Watch error / reaction offset: the corrected instant is
    /// `unixNanoseconds + correctionNanoseconds`. A watch 2 s fast, or a
    /// 0.3 s reaction delay, is a negative correction.
    public var correctionNanoseconds: Int64
    /// Plain text, stored as typed (see `InertText` for display).
    public var note: String
    public var position: MarkPosition
    /// The clock's state when the mark was taken.
    public var clock: ClockStatus
    /// The mark's idempotency key, unique in the store: a retried write (the
    /// journal imported twice, a busy database tried again) finds the row
    /// already there instead of storing the sight twice. Nil for marks
    /// stored before keys existed.
    public var uniqueKey: String?

    public init(id: Int64? = nil, unixNanoseconds: Int64, correctionNanoseconds: Int64 = 0, note: String = "",
                position: MarkPosition = .none, clock: ClockStatus = .unknown, uniqueKey: String? = nil) {
        self.id = id
        self.uniqueKey = uniqueKey
        self.unixNanoseconds = unixNanoseconds
        self.correctionNanoseconds = correctionNanoseconds
        self.note = note
        self.position = position
        self.clock = clock
    }

    /// The corrected instant, nanoseconds since the Unix epoch.
    public var correctedUnixNanoseconds: Int64 { unixNanoseconds &+ correctionNanoseconds }

    /// The raw instant rounded to the nearest millisecond (half up).
    public var unixMilliseconds: Int64 { Self.milliseconds(unixNanoseconds) }

    /// The corrected instant rounded to the nearest millisecond.
    public var correctedUnixMilliseconds: Int64 { Self.milliseconds(correctedUnixNanoseconds) }

    /// `12d 13h 01m 46.654s`, the raw instant.
    public var markTimeText: String { MarkTime.mark(unixMilliseconds: unixMilliseconds) }

    /// `2026-11-12T13:01:46.654Z`, the raw instant.
    public var isoText: String { ISOInstant.milliseconds(unixMilliseconds: unixMilliseconds) }

    /// `2026-11-12T13:01:46.354Z`, the corrected instant.
    public var correctedISOText: String { ISOInstant.milliseconds(unixMilliseconds: correctedUnixMilliseconds) }

    /// `+0.350 s`/`−2.000 s`, or nil when there is no correction.
    public var correctionText: String? {
        guard correctionNanoseconds != 0 else { return nil }
        return Self.signedSeconds(nanoseconds: correctionNanoseconds)
    }

    /// `+0.350 s`, `−2.000 s` (U+2212 minus), to the millisecond.
    public static func signedSeconds(nanoseconds: Int64) -> String {
        let ms = milliseconds(nanoseconds.magnitude > UInt64(Int64.max) ? 0 : abs(nanoseconds))
        let sign = nanoseconds < 0 ? "\u{2212}" : "+"
        let frac = ms % 1000
        let fracText = frac < 10 ? "00\(frac)" : frac < 100 ? "0\(frac)" : "\(frac)"
        return "\(sign)\(ms / 1000).\(fracText) s"
    }

    /// Nanoseconds to milliseconds, rounded half up (floor of ns + 0.5 ms).
    public static func milliseconds(_ nanoseconds: Int64) -> Int64 {
        let shifted = nanoseconds.addingReportingOverflow(500_000)
        let n = shifted.overflow ? nanoseconds : shifted.partialValue
        let q = n / 1_000_000
        return (n % 1_000_000 < 0) ? q - 1 : q
    }
}
