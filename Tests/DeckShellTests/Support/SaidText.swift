import Foundation

/// What plain mode wrote, as it arrives; a test waits for text in it.
final class SaidText: @unchecked Sendable {  // `text` behind `lock`
    private let lock = NSCondition()
    private var said = ""

    var text: String { lock.withLock { said } }

    func append(_ text: String) {
        lock.withLock {
            said += text
            lock.broadcast()
        }
    }

    /// Waits (at most `seconds`) until what was said after `offset`
    /// characters contains `expected`.
    func waitFor(_ expected: String, after offset: Int = 0, _ seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while !String(said.dropFirst(offset)).contains(expected) {
            if !lock.wait(until: deadline) { return String(said.dropFirst(offset)).contains(expected) }
        }
        return true
    }
}
