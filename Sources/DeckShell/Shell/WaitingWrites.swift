import Foundation
import Synchronization
import TimeStore

/// Whether writes may wait in the store's pending-writes file
/// (`PendingWrites`: calls, Mars choices and settings that met a busy
/// database), so the run loop's pass asks for a replay only then (issue 31):
/// armed at start when the file holds writes (a crash left them) and when a
/// save answers "waiting", disarmed on the store queue by the replay that
/// emptied the file. Every write and every replay runs on the store queue,
/// so no write can slip in between a replay and its disarming.
final class WaitingWrites: Sendable {
    private let armed: Mutex<Bool>

    /// Armed when `<database>.pending-writes` holds anything now (one `stat`).
    init(beside store: StoreHandle) {
        armed = Mutex(Self.fileHoldsWrites(beside: store))
    }

    var mayWait: Bool { armed.withLock { $0 } }

    /// A save just answered "waiting" (on the store queue).
    func arm() { armed.withLock { $0 = true } }

    /// After a replay (on the store queue): disarmed once the file is empty.
    func settle(beside store: StoreHandle) {
        let holds = Self.fileHoldsWrites(beside: store)
        armed.withLock { $0 = holds }
    }

    /// Whether `<database>.pending-writes` is a non-empty file.
    static func fileHoldsWrites(beside store: StoreHandle) -> Bool {
        var info = stat()
        return stat(store.url.path + PendingWrites.suffix, &info) == 0 && info.st_size > 0
    }
}
