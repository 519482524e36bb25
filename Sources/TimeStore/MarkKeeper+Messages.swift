import Foundation
import TimeKit

extension MarkKeeper {
    /// What the marks panel asks of the store (the shell maps the
    /// dashboard's `MarksEffect` onto it, case for case).
    public enum Request: Equatable, Sendable {
        /// Make a new mark durable: journal first, then SQLite.
        case record(SightingMark)
        case updateNote(id: Int64, note: String)
        /// A note for a mark still held in the journal (no id yet).
        case updateHeldNote(key: String, note: String, expected: String)
        case delete(id: Int64)
        /// Delete a mark still held in the journal (no id yet).
        case deleteHeld(key: String)
        /// Undo of a delete or a clear; marks without an id go back into
        /// the journal.
        case restore([SightingMark])
        /// Delete every mark made at or before this instant.
        case clear(upToUnixNanoseconds: Int64)
        /// Read the newest marks again.
        case reload
    }

    /// What the keeper reports, in the order it happens (the shell maps each
    /// onto the dashboard's `MarksEvent`).
    public enum Outcome: Equatable, Sendable {
        /// Durable in the journal (fsynced), not yet in SQLite.
        case held(SightingMark)
        /// In SQLite, with its id.
        case recorded(SightingMark)
        /// Written nowhere: NOT saved.
        case recordFailed(SightingMark, Failure)
        /// Marks wait in the journal; retried once a second.
        case storeWaiting(Failure)
        /// Unreadable journal lines were moved to the quarantine at `path`.
        case journalQuarantined(count: Int, path: String)
        /// The database file was deleted or replaced under the keeper.
        case storeFileChanged(deleted: Bool, path: String)
        case noteSaved(SightingMark, previous: String)
        case noteJournaled(key: String, note: String)
        case deleted(SightingMark)
        case heldDeleted(key: String)
        case restored([SightingMark])
        case cleared([SightingMark])
        case reloaded([SightingMark], totalCount: Int)
        /// A store operation other than recording failed.
        case storeFailed(Failure)
    }

    /// Why the store refused, as a value (the dashboard's `StoreProblem`
    /// renders it in the user's language).
    public enum Failure: Hashable, Sendable {
        /// Another process holds the database (SQLite busy or locked).
        case busy
        /// The mark was deleted elsewhere before this change reached it.
        case markGone(id: Int64)
        /// This user may not write the store (`StoreError.readOnly`).
        case readOnly
        /// SQLite's or the operating system's own words.
        case failed(String)

        public init(_ error: any Error) {
            if case .readOnly? = error as? StoreError { self = .readOnly; return }
            self = AppDatabase.isBusy(error) ? .busy : .failed(AppDatabase.shortReason(error))
        }
    }
}
