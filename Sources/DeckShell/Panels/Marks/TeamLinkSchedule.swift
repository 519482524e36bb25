import Foundation

/// When the team link's worker wakes without a job (issue 31): connected
/// with nothing failing, never on its own — the listener's socket (another
/// station's NOTIFY, a server going away) and pokes (a local write, the
/// look after another process changed the store) wake it. A timer is armed
/// only while a reconnect is due (0.5 s doubling to 8 s) or while the
/// outbox could not be read or emptied because the local store was busy
/// (tried again a second later). Pure: the instant is a parameter.
struct TeamLinkSchedule: Equatable, Sendable {
    static let firstRetry: TimeInterval = 0.5
    static let longestRetry: TimeInterval = 8
    static let busyStoreRetry: TimeInterval = 1

    private(set) var online = false
    private(set) var retryDelay = TeamLinkSchedule.firstRetry
    /// Offline: the next connection attempt. Online: the next try of a send
    /// or count that met a busy store (nil: nothing waits).
    private(set) var nextAttempt: Date? = .distantPast

    /// Whether an offline link should try to connect now.
    func connectDue(at now: Date) -> Bool {
        !online && (nextAttempt ?? .distantPast) <= now
    }

    mutating func connected() {
        online = true
        retryDelay = Self.firstRetry
        nextAttempt = nil
    }

    /// The connection failed or was lost: the next attempt after the
    /// backoff, which doubles up to `longestRetry`.
    mutating func disconnected(at now: Date) {
        online = false
        nextAttempt = now.addingTimeInterval(retryDelay)
        retryDelay = min(retryDelay * 2, Self.longestRetry)
    }

    /// After a pass over the outbox: a busy local store arms the retry;
    /// a pass that finished disarms it.
    mutating func outboxPass(storeBusy: Bool, at now: Date) {
        guard online else { return }
        nextAttempt = storeBusy ? now.addingTimeInterval(Self.busyStoreRetry) : nil
    }

    /// Seconds until the worker must wake without a job; nil: only its
    /// socket or a job wakes it.
    func secondsToWake(at now: Date) -> Double? {
        nextAttempt.map { max(0, $0.timeIntervalSince(now)) }
    }
}
