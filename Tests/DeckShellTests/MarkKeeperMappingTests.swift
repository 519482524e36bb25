import Dashboard
import Testing
import TimeKit
import TimeStore
@testable import DeckShell

/// The shell's mapping between the dashboard's marks vocabulary and the
/// store policy's: every case, with distinct values in every field, so a
/// swapped or dropped field fails.
@Suite struct MarkKeeperMappingTests {
    static let a = SightingMark(id: 3, unixNanoseconds: 11, note: "Venus", uniqueKey: "k-a")
    static let b = SightingMark(unixNanoseconds: 22, note: "", uniqueKey: "k-b")

    static let effects: [(MarksEffect, MarkKeeper.Request)] = [
        (.record(b), .record(b)),
        (.updateNote(id: 3, note: "n"), .updateNote(id: 3, note: "n")),
        (.updateHeldNote(key: "k", note: "n", expected: "e"), .updateHeldNote(key: "k", note: "n", expected: "e")),
        (.delete(id: 4), .delete(id: 4)),
        (.deleteHeld(key: "k"), .deleteHeld(key: "k")),
        (.restore([a, b]), .restore([a, b])),
        (.clear(upToUnixNanoseconds: 99), .clear(upToUnixNanoseconds: 99)),
        (.reload, .reload),
    ]

    @Test func everyEffectBecomesItsRequest() {
        for (effect, request) in Self.effects {
            #expect(MarkKeeper.Request(effect) == request, "\(effect)")
        }
    }

    static let outcomes: [(MarkKeeper.Outcome, MarksEvent)] = [
        (.held(b), .held(b)),
        (.recorded(a), .recorded(a)),
        (.recordFailed(b, .failed("disk full")), .recordFailed(b, reason: .failed("disk full"))),
        (.storeWaiting(.busy), .storeWaiting(reason: .busy)),
        (.journalQuarantined(count: 2, path: "/q"), .journalQuarantined(count: 2, path: "/q")),
        (.storeFileChanged(deleted: true, path: "/p"), .storeFileChanged(deleted: true, path: "/p")),
        (.storeFileChanged(deleted: false, path: "/p"), .storeFileChanged(deleted: false, path: "/p")),
        (.noteSaved(a, previous: "old"), .noteSaved(a, previous: "old")),
        (.noteJournaled(key: "k", note: "n"), .noteJournaled(key: "k", note: "n")),
        (.deleted(a), .deleted(a)),
        (.heldDeleted(key: "k"), .heldDeleted(key: "k")),
        (.restored([a]), .restored([a])),
        (.cleared([a, b]), .cleared([a, b])),
        (.reloaded([a], totalCount: 7), .reloaded([a], totalCount: 7)),
        (.storeFailed(.markGone(id: 5)), .storeFailed(.markGone(id: 5))),
        (.storeFailed(.busy), .storeFailed(.busy)),
    ]

    @Test func everyOutcomeBecomesItsEvent() {
        for (outcome, event) in Self.outcomes {
            #expect(MarksEvent(outcome) == event, "\(outcome)")
        }
    }
}
