import Foundation
import Synchronization

/// Typo-tolerant matching over the cities' folded names and ASCII names.
///
/// Each entry keeps its folded ASCII bytes and a 32-bit "letters present"
/// signature. A query letter missing from a name costs at least one edit, so
/// names missing more than `maxEdits` of the query's letters are skipped
/// before the edit distance (optimal string alignment: insertions,
/// deletions, substitutions, adjacent transpositions) is computed. The
/// distance is taken against the whole name and against its beginning, so a
/// half-typed, mistyped name still finds its city.
struct FuzzyIndex: Sendable {
    struct Hit: Equatable {
        var city: Int
        var distance: Int
    }

    var bytes: [UInt8] = []
    var starts: [Int32] = [0]
    var cities: [Int32] = []
    var signatures: [UInt32] = []
    /// Entry numbers grouped by their first byte, and by their second byte:
    /// a typo almost never changes both of a name's first two letters, so
    /// only names starting with the query's first or second letter, or whose
    /// second letter is the query's first, are compared.
    var byFirst: [[Int32]] = Array(repeating: [], count: 128)
    var bySecond: [[Int32]] = Array(repeating: [], count: 128)

    /// Typos allowed for a query of `length` bytes.
    static func maxEdits(forLength length: Int) -> Int {
        length <= 2 ? 0 : length <= 4 ? 1 : length <= 8 ? 2 : 3
    }

    static func signature<C: Collection>(_ text: C) -> UInt32 where C.Element == UInt8 {
        var s: UInt32 = 0
        for b in text {
            switch b {
            case 0x61...0x7A: s |= 1 << UInt32(b - 0x61)
            case 0x30...0x39: s |= 1 << 26
            default: s |= 1 << 27
            }
        }
        return s
    }

    mutating func append<C: Collection>(_ name: C, city: Int) where C.Element == UInt8 {
        bytes.append(contentsOf: name)
        starts.append(Int32(bytes.count))
        cities.append(Int32(city))
        signatures.append(Self.signature(name))
        let entry = Int32(cities.count - 1)
        var it = name.makeIterator()
        if let b0 = it.next() { byFirst[Int(b0 & 0x7F)].append(entry) }
        if let b1 = it.next() { bySecond[Int(b1 & 0x7F)].append(entry) }
    }

    /// Matches within the allowed edits, best first: fewer edits, then the
    /// larger city (lower index), each city once.
    func matches(_ query: [UInt8], maxEdits: Int? = nil, admits: (Int) -> Bool) -> [Hit] {
        let k = maxEdits ?? Self.maxEdits(forLength: query.count)
        guard k > 0, query.count <= 48, query.allSatisfy({ $0 < 0x80 }) else { return [] }
        let qsig = Self.signature(query)
        var best: [Int: Int] = [:]
        var lists = [byFirst[Int(query[0])], bySecond[Int(query[0])]]
        if query.count > 1, query[1] != query[0] { lists.append(byFirst[Int(query[1])]) }
        bytes.withUnsafeBufferPointer { all in
            for list in lists {
            for e32 in list {
                let e = Int(e32)
                if (qsig & ~signatures[e]).nonzeroBitCount > k { continue }
                let lo = Int(starts[e]), hi = Int(starts[e + 1])
                if hi - lo < query.count - k { continue }
                let name = UnsafeBufferPointer(rebasing: all[lo..<min(hi, lo + query.count + k)])
                // The same letter test on the part of the name that can match.
                if (qsig & ~Self.signature(name)).nonzeroBitCount > k { continue }
                guard let d = Self.distance(query, name, fullLength: hi - lo, maxEdits: k) else { continue }
                let city = Int(cities[e])
                if let old = best[city], old <= d { continue }
                if admits(city) { best[city] = d }
            }
            }
        }
        return best.map { Hit(city: $0.key, distance: $0.value) }
            .sorted { ($0.distance, $0.city) < ($1.distance, $1.city) }
    }

    /// The smaller of the edit distance from `query` to the whole name and to
    /// any beginning of it, or `nil` if above `maxEdits`. `name` holds at
    /// most `query.count + maxEdits` bytes of a name `fullLength` long.
    static func distance(_ query: [UInt8], _ name: UnsafeBufferPointer<UInt8>,
                         fullLength: Int, maxEdits k: Int) -> Int? {
        let m = query.count, n = name.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (n + 1)) { buf in
            var prev2 = buf.baseAddress!
            var prev = prev2 + (n + 1)
            var cur = prev + (n + 1)
            for j in 0...n { prev[j] = j }
            for i in 1...m {
                cur[0] = i
                var rowMin = i
                let qi = query[i - 1]
                for j in stride(from: 1, through: n, by: 1) {
                    let cost = qi == name[j - 1] ? 0 : 1
                    var v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                    if i > 1, j > 1, qi == name[j - 2], query[i - 2] == name[j - 1] {
                        v = min(v, prev2[j - 2] + 1)
                    }
                    cur[j] = v
                    rowMin = min(rowMin, v)
                }
                if rowMin > k { return nil }
                (prev2, prev, cur) = (prev, cur, prev2)
            }
            // `prev` now holds the last row.
            var d = Int.max
            for j in max(0, m - k)...n { d = min(d, prev[j]) }
            if fullLength == n { d = min(d, prev[n]) }
            return d <= k ? d : nil
        }
    }
}

/// A value built once, on first use, from any thread (the fuzzy index, the
/// folded country names).
final class LazyBox<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)

    var isBuilt: Bool { value.withLock { $0 != nil } }

    func get(_ build: () -> Value) -> Value {
        value.withLock { value in
            if let value { return value }
            let built = build()
            value = built
            return built
        }
    }
}

extension PlaceDatabase {
    /// The fuzzy index over every city's folded name and ASCII name (the
    /// key entries that are not alternate names and are plain ASCII).
    func fuzzyIndex(_ raw: UnsafeRawBufferPointer) -> FuzzyIndex {
        fuzzy.get {
            var index = FuzzyIndex()
            index.bytes.reserveCapacity(keyCount * 6)
            for i in 0..<keyCount {
                let k = key(raw, i)
                guard !k.alternate else { continue }
                let b = bytes(raw, ref: k.ref)
                guard b.allSatisfy({ $0 < 0x80 }) else { continue }
                index.append(b, city: k.city)
            }
            return index
        }
    }
}
