import Foundation
import TimeKit

/// What the marks panel asks the shell to do (performed by the executable's
/// effect runner against the store). Each answers with a `MarksEvent`.
public enum MarksEffect: Equatable, Sendable {
    /// Make a new mark durable (journal first, then SQLite); answered by
    /// `.held` (in the journal), then `.recorded` (in SQLite), or
    /// `.recordFailed` when it could be written nowhere.
    case record(SightingMark)
    case updateNote(id: Int64, note: String)
    /// A note for a mark still held in the journal (no id yet): journaled
    /// beside it, applied when the mark reaches SQLite if its note is still
    /// `expected`; answered by `.noteJournaled`.
    case updateHeldNote(key: String, note: String, expected: String)
    case delete(id: Int64)
    /// Delete a mark still held in the journal (no id yet): journaled after
    /// it; answered by `.heldDeleted`.
    case deleteHeld(key: String)
    /// Put back marks removed by a delete or a clear (undo); a mark without
    /// an id (deleted while held) goes back into the journal.
    case restore([SightingMark])
    /// Delete every mark made at or before this instant (when `C` asked):
    /// a mark recorded while the question was open was not asked about.
    case clear(upToUnixNanoseconds: Int64)
    /// Read the newest marks again (another process wrote); answered by `.reloaded`.
    case reload
}

/// What comes back to the marks panel: results of its effects, and the
/// clock and gpsd state the shell observes.
public enum MarksEvent: Equatable, Sendable {
    /// The mark is durable in the journal beside the database (fsynced) but
    /// not yet in SQLite: safe, shown as held until `.recorded`.
    case held(SightingMark)
    /// The mark is in the store (committed, fsynced), with its id.
    case recorded(SightingMark)
    /// Held marks could not be moved into SQLite yet (the database is busy
    /// or locked by another process); the shell retries every second.
    case storeWaiting(reason: StoreProblem)
    /// Journal lines that could not be imported were moved to the
    /// quarantine file at `path` (said once, when they are moved).
    case journalQuarantined(count: Int, path: String)
    /// The database file was deleted or replaced under the open dashboard:
    /// marks now go to the journal and then to the file at `path`.
    case storeFileChanged(deleted: Bool, path: String)
    /// The store refused the mark: it is NOT saved.
    case recordFailed(SightingMark, reason: StoreProblem)
    /// The note of a mark changed; `previous` is the note before.
    case noteSaved(SightingMark, previous: String)
    /// A note is durable in the journal, waiting for the database with the
    /// held mark it belongs to, or because the database was busy.
    case noteJournaled(key: String, note: String)
    case deleted(SightingMark)
    /// A held mark's deletion is durable in the journal.
    case heldDeleted(key: String)
    case restored([SightingMark])
    case cleared([SightingMark])
    /// Another process changed the store: the newest marks and the count.
    case reloaded([SightingMark], totalCount: Int)
    /// A store operation other than recording failed.
    case storeFailed(StoreProblem)
    /// The kernel clock state (nil when adjtimex cannot be read).
    case clock(ClockStatus.Kernel?)
    /// The gpsd client's latest state.
    case gps(GPSDSnapshot)
    /// The team log link: reachable or not, and changes this station has
    /// queued for it.
    case teamLink(online: Bool, toSend: Int)
    /// Changes the team log refused for good, parked with their reasons
    /// (`timedeck team status` lists them); distinct from being offline.
    case teamRefused(count: Int)
    /// Marks of this station on the server that this folder never had:
    /// another folder uses the same `team.station` (0: none seen).
    case teamStationShared(otherMarks: Int, example: String?)
    /// Other stations' newest marks from the team log, newest first.
    case teamMarks([TeamMark])
}
