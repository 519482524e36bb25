import TimeKit

/// The marks in memory, newest first (by instant, then id), as the panel
/// reads them: index 0 is the newest.
///
/// Stored oldest first, so the usual insert — a mark newer than all the
/// others — is an append, and finding any mark's place is a binary search:
/// recording a mark costs the same with ten marks loaded or ten thousand
/// (it used to build a set of every id and sort the whole list).
public struct MarkList: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
    /// Oldest first: the reverse of the order the collection presents.
    private var storage: [SightingMark]

    public init() { storage = [] }

    public init(arrayLiteral elements: SightingMark...) {
        self.init(sorting: elements)
    }

    /// The marks in any order.
    public init(sorting marks: some Sequence<SightingMark>) {
        storage = marks.sorted { MarksPanelState.newestFirst($1, $0) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }

    public subscript(position: Int) -> SightingMark {
        get { storage[storage.count - 1 - position] }
        set { storage[storage.count - 1 - position] = newValue }
    }

    /// Removes and returns the mark at `position` (newest-first index).
    @discardableResult
    public mutating func remove(at position: Int) -> SightingMark {
        storage.remove(at: storage.count - 1 - position)
    }

    /// Removes every mark that matches.
    public mutating func removeAll(where shouldRemove: (SightingMark) throws -> Bool) rethrows {
        try storage.removeAll(where: shouldRemove)
    }

    /// Inserts `mark` in order, unless a mark with its id is already there.
    /// A stored mark (with an id) replaces the unstored copy with the same
    /// `uniqueKey` (same instant: the one the journal held). Returns whether
    /// the list holds one more mark than before.
    @discardableResult
    public mutating func insert(_ mark: SightingMark) -> Bool {
        // Marks of the same instant sit together: look there only.
        var low = boundary(mark.unixNanoseconds, after: false)
        let high = boundary(mark.unixNanoseconds, after: true)
        var replaced = false
        var i = low
        while i < high {
            let other = storage[i]
            if let id = mark.id, other.id == id { return false }
            if mark.id != nil, other.id == nil, let key = mark.uniqueKey, other.uniqueKey == key {
                storage.remove(at: i)
                replaced = true
                break
            }
            i += 1
        }
        // Among marks of one instant, a lower id is older (id nil counts as 0).
        let upper = boundary(mark.unixNanoseconds, after: true)
        while low < upper, (storage[low].id ?? 0) <= (mark.id ?? 0) { low += 1 }
        storage.insert(mark, at: low)
        return !replaced
    }

    /// The first storage index whose instant is ≥ `ns` (or > `ns` when
    /// `after`): a binary search over the oldest-first storage.
    private func boundary(_ ns: Int64, after: Bool) -> Int {
        var low = 0
        var high = storage.count
        while low < high {
            let mid = (low + high) / 2
            let value = storage[mid].unixNanoseconds
            if value < ns || (after && value == ns) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
