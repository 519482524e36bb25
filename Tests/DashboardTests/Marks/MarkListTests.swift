import TestSupport
import Testing
import TimeKit
@testable import Dashboard

/// `MarkList` (binary-search insert into oldest-first storage) against the
/// insert it replaced: a set of every id and a sort of the whole list.
@Suite("Mark list: ordered inserts without re-sorting")
struct MarkListTests {
    /// The former `MarksPanelState.insert`, kept as the reference.
    static func reference(_ marks: [SightingMark], inserting new: [SightingMark]) -> ([SightingMark], added: Int) {
        let known = Set(marks.compactMap(\.id))
        var fresh = new.filter { $0.id.map { !known.contains($0) } ?? true }
        var list = marks
        fresh.removeAll { mark in
            guard mark.id != nil, let key = mark.uniqueKey,
                  let i = list.firstIndex(where: { $0.id == nil && $0.uniqueKey == key }) else { return false }
            list[i] = mark
            return true
        }
        return ((list + fresh).sorted(by: MarksPanelState.newestFirst), fresh.count)
    }

    @Test("Random held, stored, duplicate and out-of-order marks: same list and count as the reference",
          arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func matchesReference(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var state = MarksPanelState()
        var expected: [SightingMark] = []
        var nextID: Int64 = 1
        var held: [SightingMark] = []
        for step in 0..<400 {
            var batch: [SightingMark] = []
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4:  // a new mark, held first (no id), usually the newest
                let ns = Int64(step) * 1_000 + (Bool.random(using: &rng) ? 0 : Int64.random(in: -5_000...0, using: &rng))
                let mark = SightingMark(unixNanoseconds: ns, uniqueKey: "k\(step)")
                held.append(mark)
                batch = [mark]
            case 4..<7 where !held.isEmpty:  // a held mark stored: same key, an id
                var mark = held.remove(at: Int.random(in: 0..<held.count, using: &rng))
                mark.id = nextID
                nextID += 1
                batch = [mark]
            case 7 where !expected.isEmpty:  // a stored mark arriving again
                if let again = expected.filter({ $0.id != nil }).randomElement(using: &rng) { batch = [again] }
            default:  // a mark from another process, at an old instant
                let ns = Int64.random(in: 0...Int64(step + 1) * 1_000, using: &rng)
                batch = [SightingMark(id: nextID, unixNanoseconds: ns)]
                nextID += 1
            }
            let before = state.totalCount
            state.insert(batch)
            let (list, added) = Self.reference(expected, inserting: batch)
            expected = list
            #expect(Array(state.marks) == expected)
            #expect(state.totalCount - before == added)
        }
        #expect(state.marks.count > 100)
    }

    @Test("Index 0 is the newest; set and remove address the same order")
    func newestFirstIndexing() {
        var list: MarkList = [SightingMark(id: 1, unixNanoseconds: 10), SightingMark(id: 3, unixNanoseconds: 30),
                              SightingMark(id: 2, unixNanoseconds: 20)]
        #expect(list.map(\.id) == [3, 2, 1])
        list[0].note = "newest"
        #expect(list.first?.note == "newest")
        #expect(list.remove(at: 1).id == 2)
        #expect(list.map(\.id) == [3, 1])
        let added = list.insert(SightingMark(id: 4, unixNanoseconds: 30))
        #expect(added)
        #expect(list.map(\.id) == [4, 3, 1])
        let again = list.insert(SightingMark(id: 3, unixNanoseconds: 30))
        #expect(!again)
    }
}
