import Dashboard
import Foundation

/// Events produced off the main thread (the gpsd reader, timers of other
/// workers) wait here; posting also wakes the run loop's `poll`.
final class EventInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [Event] = []
    private let wake: WakePipe
    /// The byte written to the wake pipe for "events are waiting".
    static let wakeByte: UInt8 = 0xE0

    init(wake: WakePipe) { self.wake = wake }

    func post(_ event: Event) {
        lock.lock()
        pending.append(event)
        lock.unlock()
        wake.post(Self.wakeByte)
    }

    /// Every event posted since the last call, oldest first.
    func drain() -> [Event] {
        lock.lock()
        defer { lock.unlock() }
        let events = pending
        pending.removeAll()
        return events
    }
}
