import Foundation
import TimeKit

/// The hand-over point between the gpsd thread and everyone else: the
/// thread replaces the snapshot under a lock, readers take a copy. Reading
/// never waits on the network, so marking never waits on gpsd.
final class LatestFixBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: GPSDSnapshot

    init(address: GPSDAddress) {
        value = GPSDSnapshot(address: address)
    }

    /// A copy of the latest state.
    var snapshot: GPSDSnapshot {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    /// Applies `change` to the state atomically.
    func update(_ change: (inout GPSDSnapshot) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&value)
    }
}
