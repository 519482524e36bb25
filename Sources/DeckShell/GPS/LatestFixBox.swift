import Foundation
import Synchronization
import TimeKit

/// The hand-over point between the gpsd thread and everyone else: the
/// thread replaces the snapshot under a lock, readers take a copy. Reading
/// never waits on the network, so marking never waits on gpsd.
final class LatestFixBox: Sendable {
    private let value: Mutex<GPSDSnapshot>

    init(address: GPSDAddress) {
        value = Mutex(GPSDSnapshot(address: address))
    }

    /// A copy of the latest state.
    var snapshot: GPSDSnapshot { value.withLock { $0 } }

    /// Applies `change` to the state atomically.
    func update(_ change: (inout GPSDSnapshot) -> Void) {
        value.withLock { change(&$0) }
    }
}
