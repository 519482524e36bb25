import Dashboard
import TimeStore

// The store's marks policy (`MarkKeeper`, TimeStore) speaks its own types;
// these map them onto the dashboard's, case for case (no `default`, so a
// new case on either side is a compile error here).

extension MarkKeeper.Request {
    init(_ effect: MarksEffect) {
        switch effect {
        case .record(let mark): self = .record(mark)
        case let .updateNote(id, note): self = .updateNote(id: id, note: note)
        case let .updateHeldNote(key, note, expected): self = .updateHeldNote(key: key, note: note, expected: expected)
        case .delete(let id): self = .delete(id: id)
        case .deleteHeld(let key): self = .deleteHeld(key: key)
        case .restore(let marks): self = .restore(marks)
        case .clear(let limit): self = .clear(upToUnixNanoseconds: limit)
        case .reload: self = .reload
        }
    }
}

extension MarksEvent {
    init(_ outcome: MarkKeeper.Outcome) {
        switch outcome {
        case .held(let mark): self = .held(mark)
        case .recorded(let mark): self = .recorded(mark)
        case let .recordFailed(mark, failure): self = .recordFailed(mark, reason: StoreProblem(failure))
        case .storeWaiting(let failure): self = .storeWaiting(reason: StoreProblem(failure))
        case let .journalQuarantined(count, path): self = .journalQuarantined(count: count, path: path)
        case let .storeFileChanged(deleted, path): self = .storeFileChanged(deleted: deleted, path: path)
        case let .noteSaved(mark, previous): self = .noteSaved(mark, previous: previous)
        case let .noteJournaled(key, note): self = .noteJournaled(key: key, note: note)
        case .deleted(let mark): self = .deleted(mark)
        case .heldDeleted(let key): self = .heldDeleted(key: key)
        case .restored(let marks): self = .restored(marks)
        case .cleared(let marks): self = .cleared(marks)
        case let .reloaded(marks, total): self = .reloaded(marks, totalCount: total)
        case .storeFailed(let failure): self = .storeFailed(StoreProblem(failure))
        }
    }
}

extension StoreProblem {
    init(_ failure: MarkKeeper.Failure) {
        switch failure {
        case .busy: self = .busy
        case .markGone(let id): self = .markGone(id: id)
        case .readOnly: self = .readOnly
        case .failed(let words): self = .failed(words)
        }
    }
}
