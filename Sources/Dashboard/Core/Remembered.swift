import Synchronization

/// The last answer worked out, by everything it was worked out from: the
/// one memo shape the render path uses where an idle frame would otherwise
/// redo the same work each second (the weather ring, the call stack, the
/// Mars picture, a setting's parsed position).
///
/// One entry: the dashboard draws each of these once per frame, so the key
/// of the frame before is the only one worth keeping. The key must hold
/// every input of `compute`; a key that misses one would draw a stale
/// answer, so each user keeps a test that changes each input and sees the
/// answer change.
///
/// `Key` is not constrained to `Equatable` on the class itself, only where
/// `value(for:)` is declared: a generic requirement on the class is checked
/// by the runtime each time its metadata is first made (a conformance
/// lookup that scans every conformance in the binary, about 0.4 M
/// instructions per memo before the first frame; callgrind, 12-06). The
/// requirement on the method is met by the caller, at compile time.
public final class Remembered<Key: Sendable, Value: Sendable>: Sendable {
    fileprivate let last = Mutex<(key: Key, value: Value)?>(nil)
    fileprivate let worked = Mutex(0)

    public init() {}

    /// How many times `compute` ran (tests count the work an idle frame does).
    public var computed: Int { worked.withLock { $0 } }
}

extension Remembered where Key: Equatable {
    /// The value for `key`: the remembered one when `key` equals the last
    /// key asked, else `compute(key)`, remembered.
    public func value(for key: Key, _ compute: (Key) -> Value) -> Value {
        // A hit keeps the key just asked: an equal key built from new
        // storage (an array rebuilt with the same elements) would otherwise
        // be compared element by element on every later frame, where the
        // newest one meets the caller's storage and compares by identity.
        if let value = last.withLock({ entry -> Value? in
            guard entry?.key == key else { return nil }
            entry?.key = key
            return entry?.value
        }) { return value }
        let value = compute(key)
        last.withLock { $0 = (key, value) }
        worked.withLock { $0 += 1 }
        return value
    }
}
