import Foundation

/// Clock hands sweeping from one time to another the way geared hands
/// would: the minute hand turns once per hour moved (a jump of 9 hours
/// spins it 9 times), fast at first and slowing to a stop (ease-out cubic).
public struct HandSweep: Equatable, Sendable {
    /// Shown time before the jump, in minutes (may exceed a day).
    public var fromMinutes: Double
    /// Shown time after the jump.
    public var toMinutes: Double
    public var startedAt: Date
    public var durationSeconds: Double

    /// Long enough to see, well under a second.
    public static let standardDurationSeconds = 0.45

    public init(fromMinutes: Double, toMinutes: Double, startedAt: Date,
                durationSeconds: Double = standardDurationSeconds) {
        self.fromMinutes = fromMinutes
        self.toMinutes = toMinutes
        self.startedAt = startedAt
        self.durationSeconds = durationSeconds
    }

    /// The minutes the hands show at `now`.
    public func minutes(at now: Date) -> Double {
        let t = progress(at: now)
        let eased = 1 - pow(1 - t, 3)
        return fromMinutes + (toMinutes - fromMinutes) * eased
    }

    /// 0 at the start, 1 when done.
    public func progress(at now: Date) -> Double {
        guard durationSeconds > 0 else { return 1 }
        return min(1, max(0, now.timeIntervalSince(startedAt) / durationSeconds))
    }

    public func isFinished(at now: Date) -> Bool { progress(at: now) >= 1 }
}
