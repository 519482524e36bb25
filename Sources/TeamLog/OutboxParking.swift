import Foundation
import TimeStore

/// What the team outbox does with a change the server refuses for good.
///
/// A batch is sent as one transaction (however `TeamLogClient.send` builds
/// it). If the server refuses it for a permanent reason — row security or
/// a privilege (SQLSTATE class 42), a constraint (23), bad data (22) — the
/// batch is sent again one change at a time, so the refused ones are found:
/// each is parked in the local store with the server's reason, and every
/// other change is delivered. Network trouble and a newer server schema are
/// not about a change: they are thrown, and the queue waits as before.
public enum OutboxParking {
    /// SQLSTATE classes that a retry of the same change cannot cure.
    static let permanentClasses: Set<String> = ["22", "23", "42", "44"]

    public static func isPermanentRefusal(_ error: any Error) -> Bool {
        guard case let .refused(sqlState, _)? = error as? TeamLogError else { return false }
        return permanentClasses.contains(String(sqlState.prefix(2)))
    }

    /// Sends `batch`; returns the changes the server now has (to remove from
    /// the outbox). Refused ones are parked under `configuration`.
    static func send(_ batch: [OutboxEntry], to client: TeamLogClient, parkingIn store: AppDatabase,
                     under configuration: String, busyTimeout: TimeInterval?) throws -> [OutboxEntry] {
        do {
            try client.send(batch)
            return batch
        } catch where isPermanentRefusal(error) {
            var delivered: [OutboxEntry] = []
            for entry in batch {
                do {
                    try client.send([entry])
                    delivered.append(entry)
                } catch where isPermanentRefusal(error) {
                    try store.parkOutbox(seq: entry.seq, reason: "\(error)", under: configuration, busyTimeout: busyTimeout)
                }
            }
            return delivered
        }
    }
}
