import Dashboard
import Foundation
import Synchronization

/// Events produced off the main thread (the gpsd reader, timers of other
/// workers) wait here; posting also wakes the run loop's `poll`.
final class EventInbox: Sendable {
    private let pending = Mutex<[Event]>([])
    private let wake: WakePipe
    /// The byte written to the wake pipe for "events are waiting".
    static let wakeByte: UInt8 = 0xE0

    init(wake: WakePipe) { self.wake = wake }

    func post(_ event: Event) {
        pending.withLock { $0.append(event) }
        wake.post(Self.wakeByte)
    }

    /// Every event posted since the last call, oldest first.
    func drain() -> [Event] {
        pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }
}
